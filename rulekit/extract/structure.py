"""Reading order, roles and paragraphs from a tagged PDF's structure tree.

Each marked-content id on a page leads, through the parent tree, to a
structure element and up its /P chain to the root.  Elements the root does
not reach (their parent does not list them) are left out, like content
marked as an Artifact: a page's untagged content is furniture.

The tree is read with pdfminer, object by object as needed: only the
structure, never a page's content, so it costs little.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from pdfminer.data_structures import NumberTree
from pdfminer.pdftypes import PDFObjRef, resolve1
from pdfminer.psparser import PSException, PSLiteral

from rulekit.extract.lines import Line, make_line, rows
from rulekit.extract.page import Word
from rulekit.model import LineRole

__all__ = ["Structure", "tagged_lines"]

# Of a page's text, at least this share must be tagged for the tree to be trusted.
TAGGED_SHARE = 0.5

_STRUCT_ROLES: dict[str, LineRole] = {
    **{tag: "heading" for tag in ("H", "H1", "H2", "H3", "H4", "H5", "H6", "Title")},
    **{tag: "list-item" for tag in ("L", "LI", "Lbl", "LBody")},
    "Figure": "figure",
    "Caption": "caption",
    **{tag: "body" for tag in ("P", "BlockQuote", "Note", "TD", "TH")},
}
_STRUCT_BLOCKS = {"P", "H", "H1", "H2", "H3", "H4", "H5", "H6", "Title", "LI", "Figure"}
_STRUCT_BLOCKS |= {"Caption", "TD", "TH", "BlockQuote", "Note"}

PageMap = dict[int, tuple[tuple[int, ...], LineRole | None, int]]
"""Marked-content id -> (document-wide sort key, role, paragraph element id)."""


class _Element(NamedTuple):
    path: tuple[int, ...]  # child positions from the root: a document-wide sort key
    role: LineRole | None
    block: int  # the paragraph it belongs to: its nearest block element's object id
    in_item: bool  # inside a list item, where a P is part of the item


class Structure:
    """The structure tree of a tagged PDF, read lazily."""

    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root
        self.role_map = resolve1(root.get("RoleMap")) or {}
        self.parents = dict(NumberTree(root["ParentTree"]).values)
        self.elements: dict[int, _Element | None] = {}
        self.kids: dict[int, dict[object, int]] = {}

    @classmethod
    def of(cls, document: Any) -> Structure | None:
        """The structure of a tagged PDF (a pdfminer document); None when it has none."""
        try:
            root = resolve1(document.catalog.get("StructTreeRoot"))
            if not isinstance(root, dict) or "ParentTree" not in root:
                return None
            return cls(root)
        except (PSException, ValueError, KeyError, TypeError):
            return None

    def page_map(self, attrs: dict[str, Any]) -> PageMap:
        """Marked-content ids of a page (its pdfminer attributes) to their elements."""
        key = attrs.get("StructParents")
        try:
            array = resolve1(self.parents.get(key)) if key is not None else None
            if not isinstance(array, list):
                return {}
            result: PageMap = {}
            for mcid, ref in enumerate(array):
                element = self._element(ref, 0) if isinstance(ref, PDFObjRef) else None
                if element is not None:
                    position = self._position(ref, mcid) or 0
                    result[mcid] = ((*element.path, position), element.role, element.block)
            return result
        except (PSException, ValueError, KeyError, TypeError, RecursionError):
            return {}

    def _element(self, ref: PDFObjRef, depth: int) -> _Element | None:
        if ref.objid in self.elements:
            return self.elements[ref.objid]
        if depth > 64:
            raise ValueError("structure tree too deep or cyclic")
        obj = resolve1(ref)
        tag = _name(obj.get("S"))
        tag = _name(self.role_map.get(tag)) or tag
        parent = obj.get("P")
        position = self._position(parent if isinstance(parent, PDFObjRef) else None, ref)
        if (
            isinstance(parent, PDFObjRef)
            and _name(resolve1(parent).get("Type")) != "StructTreeRoot"
        ):
            above = self._element(parent, depth + 1)
        else:
            above = _Element((), None, ref.objid, False)
        element = None
        if above is not None and position is not None:
            own = _STRUCT_ROLES.get(tag)
            keeps = own is None or (above.in_item and own == "body")
            starts_block = tag in _STRUCT_BLOCKS and not above.in_item
            element = _Element(
                path=(*above.path, position),
                role=above.role if keeps else own,
                block=ref.objid if starts_block or not above.path else above.block,
                in_item=above.in_item or tag == "LI",
            )
        self.elements[ref.objid] = element
        return element

    def _position(self, parent: PDFObjRef | None, child: object) -> int | None:
        """Index of a child (element reference or marked-content id) among its parent's kids."""
        owner_id = parent.objid if parent is not None else 0
        if owner_id not in self.kids:
            owner = resolve1(parent) if parent is not None else self.root
            kids = resolve1(owner.get("K"))
            positions: dict[object, int] = {}
            for index, kid in enumerate(kids if isinstance(kids, list) else [owner.get("K")]):
                if isinstance(kid, PDFObjRef):
                    positions.setdefault(kid.objid, index)
                value = resolve1(kid)
                if isinstance(value, dict) and "MCID" in value:
                    value = value["MCID"]
                if isinstance(value, int):
                    positions.setdefault(value, index)
            self.kids[owner_id] = positions
        return self.kids[owner_id].get(child.objid if isinstance(child, PDFObjRef) else child)


def _name(value: Any) -> str:
    value = resolve1(value)
    if isinstance(value, PSLiteral):
        name = value.name
        return name.decode("latin-1") if isinstance(name, bytes) else str(name)
    return ""


def tagged_lines(words: list[Word], mapping: PageMap) -> list[Line] | None:
    """Lines in structure order; None when too little of the page is tagged to trust it.

    Untagged words come last, as artefacts: by PDF/UA, content outside the
    structure is furniture.
    """
    tagged = [w for w in words if w.mcid in mapping]
    if sum(len(w.text) for w in tagged) < TAGGED_SHARE * sum(len(w.text) for w in words):
        return None
    groups: dict[int, list[Word]] = {}
    for word in tagged:
        groups.setdefault(word.mcid or 0, []).append(word)
    lines: list[Line] = []
    for mcid in sorted(groups, key=lambda m: mapping[m][0]):
        _, role, block = mapping[mcid]
        for row in rows(groups[mcid]):
            last = lines[-1] if lines else None
            if (
                last is not None
                and last.block == block
                and abs(row[0].bottom - last.bottom) <= 0.25 * row[0].size
                and row[0].x0 >= last.x1 - 1
            ):
                merged = make_line(last.words + row)
                merged.role, merged.block = last.role, block
                lines[-1] = merged
                continue
            line = make_line(row)
            line.role, line.block = role, block
            lines.append(line)
    for row in rows([w for w in words if w.mcid not in mapping]):
        line = make_line(row)
        line.role, line.artefact = "artefact", "untagged"
        lines.append(line)
    return lines

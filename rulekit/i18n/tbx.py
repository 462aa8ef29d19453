"""TBX v3 (ISO 30042:2019), TBX-Basic dialect: the termbase in the format CAT tools load.

One `conceptEntry` per term: the German `langSec` holds the term, its variants
(`termType` variant), part of speech, gender, status and definition; one
`langSec` per target language holds its translations with their statuses and
notes.  Games are `subjectField`s and the translator note is the concept's
`note`.  `read_tbx(write_tbx(terms)) == terms`: nothing is lost either way.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from lxml import etree
from pydantic import ValidationError

from rulekit.errors import InputError
from rulekit.model import Term, Translation

NAMESPACE = "urn:iso:std:iso:30042:ed-2"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
SOURCE_LANGUAGE = "de"
_STATUS_TO_TBX = {
    "preferred": "preferredTerm-admn-sts",
    "admitted": "admittedTerm-admn-sts",
    "deprecated": "deprecatedTerm-admn-sts",
}
_STATUS_FROM_TBX = {value: key for key, value in _STATUS_TO_TBX.items()}
_POS_TO_TBX = {"proper noun": "properNoun"}
_POS_FROM_TBX = {value: key for key, value in _POS_TO_TBX.items()}


def _q(tag: str) -> str:
    return f"{{{NAMESPACE}}}{tag}"


def write_tbx(terms: list[Term]) -> bytes:
    """The termbase as a TBX-Basic document (UTF-8, deterministic)."""
    ET.register_namespace("", NAMESPACE)
    root = ET.Element(_q("tbx"), {"type": "TBX-Basic", "style": "dca", XML_LANG: SOURCE_LANGUAGE})
    header = ET.SubElement(root, _q("tbxHeader"))
    source = ET.SubElement(ET.SubElement(header, _q("fileDesc")), _q("sourceDesc"))
    ET.SubElement(source, _q("p")).text = "rulekit termbase"
    body = ET.SubElement(ET.SubElement(root, _q("text")), _q("body"))
    for term in terms:
        concept = ET.SubElement(body, _q("conceptEntry"), {"id": term.id})
        for game in term.games:
            _child(concept, "descrip", game, type="subjectField")
        if term.note:
            _child(concept, "note", term.note)
        german = ET.SubElement(concept, _q("langSec"), {XML_LANG: SOURCE_LANGUAGE})
        if term.definition:
            _child(german, "descrip", term.definition, type="definition")
        main = _term_section(german, term.de, term.status)
        if term.pos:
            _child(main, "termNote", _POS_TO_TBX.get(term.pos, term.pos), type="partOfSpeech")
        if term.gender:
            _child(main, "termNote", term.gender, type="grammaticalGender")
        for variant in term.variants:
            section = _term_section(german, variant, None)
            _child(section, "termNote", "variant", type="termType")
        for lang, translations in term.translations.items():
            lang_sec = ET.SubElement(concept, _q("langSec"), {XML_LANG: lang})
            for translation in translations:
                section = _term_section(lang_sec, translation.term, translation.status)
                if translation.note:
                    _child(section, "note", translation.note)
    ET.indent(root)
    text = ET.tostring(root, encoding="unicode", xml_declaration=False)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n").encode("utf-8")


def read_tbx(path: Path) -> list[Term]:
    """Terms from a TBX-Basic file; a malformed file is an `InputError` with its line.

    lxml reads it (ElementTree keeps no line numbers), without entities or network
    access: a termbase comes from outside the project.
    """
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    try:
        root = etree.parse(str(path), parser).getroot()
    except etree.XMLSyntaxError as error:
        # libxml2 reports a file cut short on the line after its last one.
        line = min(error.lineno or 1, max(1, path.read_bytes().count(b"\n")))
        raise InputError(path, line, f"not well-formed XML: {error.msg}") from None
    except OSError as error:
        raise InputError(path, 0, f"cannot read: {error}") from None
    if root.tag != _q("tbx"):
        raise InputError(path, root.sourceline or 1, f"not a TBX v3 document ({root.tag})")
    terms = []
    for index, concept in enumerate(root.iter(_q("conceptEntry")), start=1):
        try:
            terms.append(_concept(concept))
        except _EntryError as error:
            line = error.line or concept.sourceline or 0
            raise InputError(path, line, f"conceptEntry {index}: {error}") from None
        except ValidationError as error:
            detail = error.errors()[0]
            where = ".".join(str(part) for part in detail["loc"])
            message = f"conceptEntry {index}: {where}: {detail['msg']}"
            raise InputError(path, concept.sourceline or 0, message) from None
    return terms


class _EntryError(ValueError):
    """What is wrong with one concept entry, and on which line."""

    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.line = line


def _concept(concept: Any) -> Term:
    games = [
        e.text or "" for e in concept.findall(_q("descrip")) if e.get("type") == "subjectField"
    ]
    note = _text(concept.find(_q("note")))
    data: dict[str, object] = {"id": concept.get("id"), "games": games, "note": note}
    translations: dict[str, list[Translation]] = {}
    for lang_sec in concept.findall(_q("langSec")):
        lang = lang_sec.get(XML_LANG, "")
        sections = lang_sec.findall(_q("termSec"))
        if lang == SOURCE_LANGUAGE:
            definition = lang_sec.find(_q("descrip"))
            data["definition"] = _text(definition)
            main = next((s for s in sections if _note(s, "termType") != "variant"), None)
            if main is None:
                raise _EntryError("no German term", lang_sec.sourceline)
            data["de"] = _text(main.find(_q("term")))
            data.update(_status(main))
            pos = _note(main, "partOfSpeech")
            data["pos"] = _POS_FROM_TBX.get(pos, pos)
            data["gender"] = _note(main, "grammaticalGender")
            data["variants"] = [
                _text(s.find(_q("term"))) for s in sections if _note(s, "termType") == "variant"
            ]
        else:
            translations[lang] = [
                Translation(
                    term=_text(s.find(_q("term"))), note=_text(s.find(_q("note"))), **_status(s)
                )
                for s in sections
            ]
    if "de" not in data:
        raise _EntryError("no German term", concept.sourceline)
    data["translations"] = translations
    return Term.model_validate(data)


def _status(section: Any) -> dict[str, Any]:
    """The term's status, if its section gives one (TBX-Basic makes it optional)."""
    value = _note(section, "administrativeStatus")
    if not value:
        return {}
    if value not in _STATUS_FROM_TBX:
        allowed = ", ".join(sorted(_STATUS_FROM_TBX))
        raise _EntryError(
            f"administrativeStatus {value!r} is not one of {allowed}", section.sourceline
        )
    return {"status": _STATUS_FROM_TBX[value]}


def _term_section(parent: ET.Element, text: str, status: str | None) -> ET.Element:
    section = ET.SubElement(parent, _q("termSec"))
    _child(section, "term", text)
    if status is not None:
        _child(section, "termNote", _STATUS_TO_TBX[status], type="administrativeStatus")
    return section


def _child(parent: ET.Element, tag: str, text: str, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, _q(tag), attributes)
    element.text = text
    return element


def _note(section: Any, kind: str) -> str:
    for element in section.findall(_q("termNote")):
        if element.get("type") == kind:
            return element.text or ""
    return ""


def _text(element: Any) -> str:
    return (element.text or "") if element is not None else ""

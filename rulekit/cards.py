"""Print output: rule sheets rendered from Jinja2 templates with WeasyPrint."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from babel.support import NullTranslations
from jinja2 import Environment
from weasyprint import HTML

from rulekit import __version__
from rulekit.model import Localization, Manual, RuleGraph, RuleNode, SourceInfo
from rulekit.templating import use_language


class Section:
    """A section node and the nodes that are part of it, in reading order."""

    def __init__(self, node: RuleNode, children: list[RuleNode]) -> None:
        self.node = node
        self.children = children


def sections(graph: RuleGraph) -> list[Section]:
    """The graph's sections with their member nodes, following `part-of` edges."""
    members: dict[str, list[RuleNode]] = {}
    by_id = {node.id: node for node in graph.nodes}
    for edge in graph.edges:
        if edge.type == "part-of":
            members.setdefault(edge.to, []).append(by_id[edge.from_])
    return [
        Section(node, members.get(node.id, [])) for node in graph.nodes if node.kind == "section"
    ]


def render_sheet_html(
    env: Environment, graph: RuleGraph, info: SourceInfo, texts: Localization
) -> str:
    """The HTML of the rules-summary sheet of one game in one language."""
    template = env.get_template("cards/sheet.html")
    return template.render(
        info=info,
        lang=texts.lang,
        version=__version__,
        sections=sections(graph),
        missing=set(texts.missing),
        text=lambda node: texts.texts.get(node.id, node.text),
    )


def render_cards(
    env: Environment,
    templates_dir: Path,
    manual: Manual,
    texts: dict[tuple[str, str], Localization],
    ui: dict[str, NullTranslations],
    step: Callable[[str], None] | None = None,
) -> dict[str, bytes]:
    """Every print file of one game in every language, as build-relative path -> PDF."""
    files: dict[str, bytes] = {}
    for lang in ui:
        if step:
            step(f"cards {manual.info.game} {lang}")
        use_language(env, ui[lang])
        html = render_sheet_html(env, manual.graph, manual.info, texts[(manual.info.game, lang)])
        files[f"cards/{lang}/{manual.info.game}-sheet.pdf"] = render_pdf(html, templates_dir)
    return files


def render_pdf(html: str, templates_dir: Path) -> bytes:
    """Typeset HTML to PDF; stylesheets and images resolve against `templates_dir/cards`."""
    document = HTML(string=html, base_url=str(templates_dir / "cards") + "/")
    pdf = document.write_pdf()
    assert pdf is not None
    return pdf

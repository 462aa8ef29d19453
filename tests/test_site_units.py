"""The site's parts that need no browser: glossary definitions through catalogs,
the project's settings, the sitemap, sections shown once, wrappable code names."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.config import load_config
from rulekit.errors import InputError
from rulekit.i18n.catalogs import (
    GLOSSARY_DOMAIN,
    definitions,
    empty_catalog,
    glossary_catalog,
    po_path,
    update_catalog,
)
from rulekit.i18n.glossary import load_glossary
from rulekit.i18n.pofile import catalog_bytes, read_catalog
from rulekit.model import Edge, Localization, Provenance, RuleGraph, RuleNode, Term
from rulekit.output.site import breakable
from rulekit.output.sitemap import sitemap_xml
from rulekit.output.sitetext import ShownSection, shown_sections
from tests.conftest import ROOT

TERM = Term(id="wuerfel", de="Würfel", definition="Ein Sechsseiter.")


def test_every_bundled_definition_is_translated_and_reviewed() -> None:
    terms = load_glossary(ROOT / "glossary" / "terms.yaml")
    for lang in ("en", "fr", "pl"):
        path = po_path(ROOT / "translations", lang, GLOSSARY_DOMAIN)
        shown = definitions(terms, read_catalog(path, lang), lang)
        assert shown.missing == [], lang
        assert len(shown.texts) == len([t for t in terms if t.definition])


def test_an_edited_definition_keeps_its_translation_as_fuzzy(tmp_path: Path) -> None:
    catalog = update_catalog(glossary_catalog([TERM]), empty_catalog(glossary_catalog([]), "fr"))
    catalog.get(TERM.definition, context=TERM.id).string = "Un dé à six faces."
    path = tmp_path / "glossary.po"
    path.write_bytes(catalog_bytes(catalog))
    edited = TERM.model_copy(update={"definition": "Ein sechsseitiger Würfel."})
    merged = update_catalog(glossary_catalog([edited]), read_catalog(path, "fr"))
    message = merged.get(edited.definition, context=TERM.id)
    assert message.string == "Un dé à six faces." and message.fuzzy
    assert message.previous_id == [TERM.definition]
    # Fuzzy is not reviewed: the page shows the German definition, marked.
    assert definitions([edited], merged, "fr").missing == ["wuerfel"]
    removed = update_catalog(glossary_catalog([]), merged)
    assert next(iter(removed.obsolete.values())).string == "Un dé à six faces."


def test_settings_default_without_a_file_and_name_the_line_of_a_bad_url(tmp_path: Path) -> None:
    assert load_config(tmp_path / "rulekit.yaml").site.base_url is None
    path = tmp_path / "rulekit.yaml"
    path.write_text("site:\n  base_url: https://example.org/rules\n", "utf-8")
    assert load_config(path).site.base_url == "https://example.org/rules/"
    path.write_text("# settings\nsite:\n  base_url: rules/\n", "utf-8")
    with pytest.raises(InputError) as error:
        load_config(path)
    assert error.value.line == 3 and "absolute" in error.value.message


def test_the_sitemap_has_absolute_addresses_and_alternates() -> None:
    xml = sitemap_xml("https://x.org/", {"de/a.html": {"de": "de/a.html", "fr": "fr/a.html"}})
    assert b"<loc>https://x.org/de/a.html</loc>" in xml
    assert b'hreflang="fr" href="https://x.org/fr/a.html"' in xml


def node(node_id: str, kind: str) -> RuleNode:
    return RuleNode(
        id=node_id,
        kind=kind,
        text=node_id.upper(),
        terms=[],
        fingerprint="0" * 16,
        source=Provenance(file="manual.txt", page=1, lines=(1, 1)),
    )


def test_a_sub_section_is_shown_once_inside_its_section() -> None:
    nodes = [node("g.a", "section"), node("g.a.r", "rule"), node("g.b", "section")]
    nodes.append(node("g.b.r", "rule"))
    edges = [
        Edge.model_validate({"from": "g.a.r", "to": "g.a", "type": "part-of"}),
        Edge.model_validate({"from": "g.b", "to": "g.a", "type": "part-of"}),
        Edge.model_validate({"from": "g.b.r", "to": "g.b", "type": "part-of"}),
    ]
    graph = RuleGraph(game="g", nodes=nodes, edges=edges, terms=[])
    texts = Localization(game="g", lang="de", texts={}, missing=[])
    [top] = shown_sections(
        graph, texts, Localization(game="glossary", lang="de", texts={}, missing=[])
    )
    assert top.level == 2 and [s.heading.node.id for s in top.subsections] == ["g.b"]
    inner = top.children[1]
    assert isinstance(inner, ShownSection) and inner.level == 3


def test_code_names_wrap_at_their_separators() -> None:
    assert str(breakable("tests/a_b.py::t<x>")) == (
        "tests/<wbr>a_<wbr>b.<wbr>py:<wbr>:<wbr>t&lt;x&gt;"
    )

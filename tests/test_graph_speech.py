"""A character's words in quotation marks are the story's; quoted names and values in a
rule, however typeset, leave the rule a rule."""

from __future__ import annotations

from pathlib import Path

from rulekit.extract import extract
from rulekit.graph.builder import GraphBuilder
from tests.conftest import invented_manual

INFO = invented_manual("insel")


def kinds(builder: GraphBuilder, tmp_path: Path, paragraph: str) -> dict[str, str]:
    manual = tmp_path / "manual.txt"
    manual.write_text(f"Überquerung\n\n{paragraph}\n", encoding="utf-8")
    graph = builder.build(INFO, extract(manual, None, []))
    return {node.text: node.kind for node in graph.nodes}


RULES = [
    'Der Spieler bezahlt mit Plättchen, und ein Plättchen „5" ist dabei 5 Punkte wert.',
    "Hat der Spieler nicht die exakte Summe, muss er mehr bezahlen.",
    "Hat der Spieler nicht genügend Punkte, kann er den Zug nicht ausführen.",
]


def test_a_quotation_closed_by_a_straight_quote_leaves_the_rules_after_it_rules(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    found = kinds(builder, tmp_path, " ".join(RULES))
    assert [found[rule] for rule in RULES] == ["rule", "rule", "rule"]


def test_a_quotation_never_closed_is_no_speech(builder: GraphBuilder, tmp_path: Path) -> None:
    rules = [RULES[0].replace('"', ""), *RULES[1:]]
    found = kinds(builder, tmp_path, " ".join(rules))
    assert [found[rule] for rule in rules] == ["rule", "rule", "rule"]


def test_a_characters_speech_over_several_sentences_is_flavour(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    speech = [
        "Der Wächter der Insel spricht zu euch: „Seid willkommen!",
        "Wer meine Schätze findet, soll sie behalten.",
        "Doch hütet euch vor dem Sturm!“",
    ]
    found = kinds(builder, tmp_path, " ".join(speech))
    assert found[speech[1]] == "flavour"

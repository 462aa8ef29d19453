"""A race game whose moves are paid for, copied out of a viewer: its footers set the
rulebook's name and page far apart, its component list runs on over two lines into
the next heading, and its special fields are paragraphs with run-in labels."""

from __future__ import annotations

import pytest

from rulekit.model import Extraction, RuleGraph
from tests.conftest import linked, node_kinds, read_copy

CARROTS = """\
Igel & Co.
Das Wettrennen mit Köpfchen
Für 2 – 6 Spieler ab 10 Jahren
Inhalt
1 Spielplan, 6 Läuferfiguren, 6 Salatkarten-Sets, Karottenkarten im Wert
von 1, 5, 10 und 50, 12 Hasenkarten, 1 Karottentabelle
Spielidee
Jeder Spieler versucht als Erster, mit seiner Figur das Ziel zu errei-
chen. Gewürfelt wird nicht! Stattdessen bezahlt man seine Züge mit Ka-
rotten. Je weiter man zieht, desto teurer wird es. Wer zu viele Karot-
ten verschwendet, bleibt schnell liegen.
Vorbereitung
Jeder Spieler wählt eine Figur und stellt sie auf das Startfeld. Außer-
dem erhält er 65 Karotten und 3 Salatköpfe. Die Hasenkarten werden ge-
mischt und verdeckt neben den Plan gelegt.
Igel & Co.                                                   Seite 1
So wird gespielt
Der jüngste Spieler beginnt, dann geht es im Uhrzeigersinn weiter. Wer
am Zug ist, zieht seine Figur auf ein beliebiges freies Feld vor ihm und
bezahlt dafür Karotten laut Tabelle:
1 Feld: 1 Karotte
2 Felder: 3 Karotten
3 Felder: 6 Karotten
4 Felder: 10 Karotten
Beispiel: Lotta steht auf Feld 8 und möchte auf Feld 11 ziehen. Das
sind drei Felder, also legt sie 6 Karotten in den Vorrat zurück.
Auf jedem Feld darf nur eine Figur stehen. Besetzte Felder dürfen
übersprungen werden.
Die Felder
Karottenfeld: Bleibt ein Spieler auf einem Karottenfeld stehen, statt
zu ziehen, erhält er 10 Karotten aus dem Vorrat.
Salatfeld: Auf ein Salatfeld darf nur ziehen, wer noch mindestens einen
Salatkopf besitzt. In der nächsten Runde muss er dort aussetzen und
einen Salatkopf abgeben.
Igelfeld: Auf das nächste freie Igelfeld hinter sich darf man jederzeit
zurückziehen. Als Ausnahme zur Grundregel kostet dieser Zug nichts; der
Spieler erhält sogar 10 Karotten pro Feld.
Igel & Co.                                                   Seite 2
Hasenfeld: Wer auf einem Hasenfeld landet, zieht eine Hasenkarte und
befolgt sie sofort. Ausnahme: Im ersten Zug wird keine Karte gezogen.
Beispiel: Jonas zieht auf das Hasenfeld 15. Er deckt die Karte „Nimm
10 Karotten“ auf und erhält 10 Karotten.
Das Ziel
Ins Ziel darf nur, wer keinen Salatkopf mehr besitzt und höchstens
10 Karotten übrig hat. Wer mehr Karotten hat, muss so lange weiter-
ziehen, bis er genug verbraucht hat. Abweichend von der Grundregel
darf der letzte Spieler mit beliebig vielen Karotten ins Ziel.
Spielende
Das Spiel endet, sobald alle Spieler bis auf einen im Ziel sind.
Gewonnen hat, wer zuerst angekommen ist.
© 2026 Musterspiele · Beispielweg 5 · 12345 Irgendwo · www.musterspiele.de
Igel & Co.                                                   Seite 3
"""


@pytest.fixture(scope="module")
def carrots(tmp_path_factory: pytest.TempPathFactory) -> tuple[Extraction, RuleGraph]:
    return read_copy(tmp_path_factory.mktemp("carrots"), CARROTS, "karotten")


def test_a_footer_of_name_and_page_set_far_apart_goes(
    carrots: tuple[Extraction, RuleGraph],
) -> None:
    extraction, graph = carrots
    assert not [node.text for node in graph.nodes if "Seite" in node.text]
    footers = CARROTS.count("Seite")
    assert [r.kind for r in extraction.repairs if "Seite" in r.before] == ["page-number"] * footers


def test_a_heading_under_a_run_on_component_list_heads_its_text(
    carrots: tuple[Extraction, RuleGraph],
) -> None:
    # The list's values ("im Wert von 1, 5, 10 und 50") tell no move: no example.
    _, graph = carrots
    kinds = node_kinds(graph)
    components = [text for text, kind in kinds.items() if kind == "component"]
    assert len(components) == 1 and components[0].endswith("1 Karottentabelle")
    assert kinds["Spielidee"] == "section"
    assert kinds["Je weiter man zieht, desto teurer wird es."] == "rule"


def test_what_is_done_instead_of_what_was_just_denied_excepts_nothing(
    carrots: tuple[Extraction, RuleGraph],
) -> None:
    _, graph = carrots
    assert linked(graph, "exception-of", "Stattdessen bezahlt man") == []


def test_an_example_of_one_labelled_field_shows_no_other_fields_rule(
    carrots: tuple[Extraction, RuleGraph],
) -> None:
    # Both say "erhält 10 Karotten"; the example is about the Hasenfeld.
    _, graph = carrots
    assert linked(graph, "illustrates", "Beispiel: Jonas") == [
        "Hasenfeld: Wer auf einem Hasenfeld landet, zieht eine Hasenkarte und befolgt sie sofort."
    ]


def test_what_a_rule_does_instead_of_an_action_excepts_the_rule_that_does_it(
    carrots: tuple[Extraction, RuleGraph],
) -> None:
    # Not the rule after it, nor the set-up's "erhält er 65 Karotten".
    _, graph = carrots
    excepted = linked(graph, "exception-of", "Karottenfeld:")
    assert len(excepted) == 1 and excepted[0].startswith("Wer am Zug ist, zieht seine Figur")


def test_a_worked_example_ends_at_what_binds_on_every_field(
    carrots: tuple[Extraction, RuleGraph],
) -> None:
    _, graph = carrots
    kinds = node_kinds(graph)
    assert kinds["Auf jedem Feld darf nur eine Figur stehen."] == "rule"
    assert next(t for t in kinds if t.startswith("Beispiel: Lotta")).endswith("zurück.")

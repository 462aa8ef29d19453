"""A card game's rulebook as a newcomer copies it out of a viewer: a numbered list of
levels, terms explained with "=", and a score table with dot leaders; a cover with a
subtitle and the publisher's blurb, a line that sends the reader on, and a table of
contents."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.model import Extraction, RuleGraph
from tests.conftest import linked, node_kinds, read_copy

HURDLES = """\
Acht Hürden
Das Kartenspiel für 2 bis 6 Spieler ab 8 Jahren
Inhalt
96 Zahlenkarten (je zweimal 1 bis 12 in vier Farben)
8 Joker
4 Aussetzen-Karten
1 Spielanleitung
Ziel des Spiels
Wer als Erster alle acht Hürden überwunden hat, gewinnt. Gelingt das
mehreren Spielern in derselben Runde, gewinnt von ihnen der mit den
wenigsten Minuspunkten.
Die acht Hürden
1. 2 Drillinge
2. 1 Drilling + 1 Viererfolge
3. 1 Vierling + 1 Viererfolge
4. 1 Siebenerfolge
5. 1 Achterfolge
6. 7 Karten einer Farbe
7. 2 Vierlinge
8. 1 Fünfling + 1 Drilling
Erklärungen:
Drilling = drei Karten mit derselben Zahl
Vierling = vier Karten mit derselben Zahl
Folge = Karten mit aufeinanderfolgenden Zahlen, die Farben sind beliebig
Spielablauf
Jeder Spieler erhält 10 Karten. Wer an der Reihe ist, zieht zuerst eine
Karte – entweder die oberste vom verdeckten Stapel oder die oberste vom
Ablagestapel. Danach darf er seine Hürde auslegen, wenn er alle nötigen
Karten hat. Zum Schluss legt er eine Karte auf den Ablagestapel.
Hinweis: Jeder Spieler arbeitet immer nur an seiner eigenen Hürde.
Anlegen
Wer seine Hürde ausgelegt hat, darf ab seinem nächsten Zug Karten an
ausgelegte Kombinationen anlegen, an eigene und an fremde. Er darf aber
keine Karten an eine Hürde anlegen, die noch nicht ausgelegt wurde.
Beispiel: Tina hat die Hürde 1 ausgelegt (zwei Drillinge mit 4 und 9).
Im nächsten Zug legt sie eine 9 und einen Joker an.
Aussetzen
Wer eine Aussetzen-Karte ablegt, bestimmt einen Mitspieler, der seinen
nächsten Zug aussetzen muss. Eine Aussetzen-Karte kann nie vom
Ablagestapel genommen werden.
Rundenende und Wertung
Die Runde endet, sobald ein Spieler seine letzte Karte abgelegt hat.
Die anderen Spieler zählen ihre Handkarten:
Karten 1 bis 9 ............ 5 Punkte
Karten 10 bis 12 .......... 10 Punkte
Aussetzen-Karte ........... 15 Punkte
Joker ..................... 25 Punkte
Wer seine Hürde in dieser Runde nicht geschafft hat, muss sie in der
nächsten Runde noch einmal versuchen.
Variante für Profis
Die Hürden müssen nicht in der Reihenfolge gespielt werden. Ansonsten
gelten alle Regeln wie oben beschrieben.
"""


@pytest.fixture(scope="module")
def hurdles(tmp_path_factory: pytest.TempPathFactory) -> tuple[Extraction, RuleGraph]:
    return read_copy(tmp_path_factory.mktemp("hurdles"), HURDLES, "huerden")


def test_the_last_item_of_a_numbered_list_is_no_heading(
    hurdles: tuple[Extraction, RuleGraph],
) -> None:
    # The label after it ("Erklärungen:") stands on its own line, and the item's number
    # counts on from the one before it.
    _, graph = hurdles
    found = node_kinds(graph)
    assert found["7. 2 Vierlinge"] == found["8. 1 Fünfling + 1 Drilling"] != "section"
    assert found["Erklärungen:"] == "section"


def test_a_term_set_equal_to_a_phrase_is_a_definition(
    hurdles: tuple[Extraction, RuleGraph],
) -> None:
    _, graph = hurdles
    found = node_kinds(graph)
    assert found["Drilling = drei Karten mit derselben Zahl"] == "definition"
    assert found["Vierling = vier Karten mit derselben Zahl"] == "definition"
    # A bare noun after the sign, and a clause after the phrase's comma.
    assert found["Folge = Karten mit aufeinanderfolgenden Zahlen, die Farben sind beliebig"] == (
        "definition"
    )


def test_each_row_with_dot_leaders_is_a_row(hurdles: tuple[Extraction, RuleGraph]) -> None:
    extraction, graph = hurdles
    texts = [block.text for block in extraction.blocks]
    rows = [text for text in texts if "....." in text]
    assert [row.split(" .")[0] for row in rows] == [
        "Karten 1 bis 9",
        "Karten 10 bis 12",
        "Aussetzen-Karte",
        "Joker",
    ]
    assert all(node.kind == "rule" and node.mechanical for node in graph.nodes if node.text in rows)


# The cover and first pages of another card game, as printed on a folded sheet.
FEVER = """\
Stapelfieber
Das rasante Kartenspiel für die ganze Familie
Seit über 20 Jahren begeistert Stapelfieber Millionen Spieler in aller Welt.
Jetzt in neuer Ausstattung!
Für 2 – 6 Spieler ab 7 Jahren
Inhalt: 108 Karten, 1 Spielregel
Spielidee
Jeder Spieler möchte als Erster alle seine Karten loswerden. Doch Vorsicht:
Die Mitspieler versuchen, das mit Sonderkarten zu verhindern.
Die Karten
Folgende Karten gibt es:
96 Zahlenkarten von 1 bis 12 in vier Farben
8 Joker
4 Aussetzkarten
Der Joker kann für jede beliebige Zahl und Farbe eingesetzt werden.
Die Aussetzkarte lässt einen Mitspieler einmal aussetzen.
Spielvorbereitung
Ein Spieler mischt die Karten und gibt jedem Spieler 10 Karten verdeckt.
Die restlichen Karten bilden den verdeckten Nachziehstapel. Die oberste
Karte wird aufgedeckt und als Ablagestapel daneben gelegt.
Spielablauf
Der Spieler links vom Geber beginnt. Wer am Zug ist, nimmt entweder die
oberste Karte vom Nachziehstapel oder die oberste Karte vom Ablagestapel.
Anschließend legt er eine Karte auf den Ablagestapel ab.
Beispiel: Paul hat drei Siebenen auf der Hand. Er zieht eine weitere Sieben vom
Ablagestapel und kann nun einen Vierling auslegen.
Eine Aussetzkarte darf nicht vom Ablagestapel genommen werden.
Abweichend von der Grundregel darf ein Spieler, der einen Joker zieht, sofort
eine zweite Karte ziehen.
Rundenende
Die Runde endet, sobald ein Spieler seine letzte Karte abgelegt hat. Alle anderen
Spieler erhalten Minuspunkte für ihre Handkarten:
Zahlenkarten 1–9: je 5 Punkte
Zahlenkarten 10–12: je 10 Punkte
Joker: je 25 Punkte
Tipp: Jokerkarten sollte man möglichst schnell ausspielen!
Weiter geht's auf der Rückseite →
Spielende
Nach der vereinbarten Anzahl von Runden gewinnt der Spieler mit den wenigsten
Minuspunkten.
"""


@pytest.fixture(scope="module")
def fever(tmp_path_factory: pytest.TempPathFactory) -> tuple[Extraction, RuleGraph]:
    return read_copy(tmp_path_factory.mktemp("fever"), FEVER, "stapelfieber")


def test_the_covers_subtitle_and_the_publishers_blurb_are_no_rules(
    fever: tuple[Extraction, RuleGraph],
) -> None:
    _, graph = fever
    found = node_kinds(graph)
    assert found["Stapelfieber"] == "other"
    assert found["Das rasante Kartenspiel für die ganze Familie"] == "other"
    blurb = "Seit über 20 Jahren begeistert Stapelfieber Millionen Spieler in aller Welt."
    assert found[blurb] == "other"
    assert found["Spielidee"] == found["Spielvorbereitung"] == "section"


def test_a_line_that_sends_the_reader_on_is_no_heading(
    fever: tuple[Extraction, RuleGraph],
) -> None:
    _, graph = fever
    assert node_kinds(graph)["Weiter geht's auf der Rückseite →"] == "other"


def test_a_call_to_attention_at_a_lines_end_stays_with_its_sentence(
    fever: tuple[Extraction, RuleGraph],
) -> None:
    _, graph = fever
    warned = "Doch Vorsicht: Die Mitspieler versuchen, das mit Sonderkarten zu verhindern."
    assert node_kinds(graph)[warned] == "rule"
    assert node_kinds(graph)["Folgende Karten gibt es:"] == "lead-in"


LEVELS = """\
Zehn Stufen
Spielregel
Ziel des Spiels
Wer als Erster alle zehn Stufen geschafft hat, gewinnt.
Spielverlauf
Jeder Spieler bekommt 10 Karten. Der Spieler links vom Geber beginnt. Er nimmt eine Karte
vom Nachziehstapel oder vom Ablagestapel. Hat er alle Karten für seine Stufe, darf er sie
offen vor sich auslegen. Zum Schluss legt er eine Karte ab.
Beispiel: Anna muss Stufe 2 schaffen. Sie hat drei Fünfen und die Karten 7, 8, 9 und 10.
Sie legt die Stufe aus.
"""


def test_a_separable_verb_is_the_verb_with_its_particle(tmp_path: Path) -> None:
    # "legt die Stufe aus" is "auslegen", which "legt eine Karte ab" ("ablegen") is not.
    _, graph = read_copy(tmp_path, LEVELS, "stufen")
    shown = linked(graph, "illustrates", "Beispiel: Anna")
    assert shown == ["Hat er alle Karten für seine Stufe, darf er sie offen vor sich auslegen."]


# A rulebook that opens with its table of contents, headings beside their pages.
CONTENTS = """\
Inselreise
Inhaltsverzeichnis
Spielmaterial ........................ 2
Spielvorbereitung .................... 2
Spielablauf .......................... 3
Sonderfelder ......................... 4
Spielende ............................ 5
Spielmaterial
1 Spielplan
4 Schiffe
1 Würfel
Spielvorbereitung
Jeder Spieler nimmt ein Schiff und stellt es in den Hafen.
Spielablauf
Wer am Zug ist, würfelt und fährt sein Schiff entsprechend viele Felder weit.
Sonderfelder
Auf einem Sturmfeld muss das Schiff zwei Felder zurück.
Spielende
Wer zuerst die Insel erreicht, gewinnt.
"""


def test_a_table_of_contents_is_no_rule_and_the_title_over_it_stays(tmp_path: Path) -> None:
    _, graph = read_copy(tmp_path, CONTENTS, "insel")
    found = node_kinds(graph)
    assert found["Inselreise"] == "other"
    entries = [text for text in found if "......" in text]
    assert len(entries) == 5
    assert all(found[text] == "other" for text in entries)
    assert found["Spielablauf"] == "section"


# A score list under the sentence that announces it, one line a row, and the heading of
# a card under its last row.
SCORES = """\
Zehn Runden
Wertung
Am Ende der Runde zählt jeder Spieler seine Handkarten:
1 bis 9: 5 Punkte
10 bis 12: 10 Punkte
Joker
Der Joker zählt 25 Punkte und darf jede Karte ersetzen.
"""


def test_a_heading_under_an_announced_list_heads_what_follows(tmp_path: Path) -> None:
    extraction, graph = read_copy(tmp_path, SCORES, "runden")
    roles = {block.text: block.kind for block in extraction.blocks}
    assert roles["10 bis 12: 10 Punkte"] == "paragraph"
    found = node_kinds(graph)
    assert found["10 bis 12: 10 Punkte"] == "rule"
    assert found["Joker"] == "section"
    assert linked(graph, "part-of", "Der Joker") == ["Joker"]


# The last section's one rule over the publisher's imprint and its web address.
LAST_RULE = """\
Zehn Runden
Spielablauf
Wer am Zug ist, zieht eine Karte und legt eine Karte ab.
Spielende
Das Spiel endet nach der Runde, in der ein Spieler seine achte Aufgabe erfüllt hat.
© 2025 Musterverlag GmbH · Beispielweg 3 · 12345 Beispielstadt · www.musterverlag.de
"""


def test_a_web_address_in_the_imprint_makes_no_program_of_the_last_section(
    tmp_path: Path,
) -> None:
    _, graph = read_copy(tmp_path, LAST_RULE, "letzte")
    found = node_kinds(graph)
    assert (
        found["Das Spiel endet nach der Runde, in der ein Spieler seine achte Aufgabe erfüllt hat."]
        == "rule"
    )
    assert all(kind == "other" for text, kind in found.items() if text.startswith("©"))


# Pieces listed under a lead-in that says what there is, and numbered tasks that count
# what they ask for.
PIECES_AND_TASKS = """\
Kartenjagd
Die Karten
Folgende Karten gibt es:
96 Zahlenkarten von 1 bis 12 in vier Farben
8 Joker
4 Aussetzkarten
Der Joker kann für jede beliebige Zahl eingesetzt werden.
Die Aufgaben
1. Zwei Drillinge
2. Ein Drilling und eine Viererfolge
3. Eine Siebenerfolge
Spielablauf
Wer am Zug ist, zieht eine Karte und legt eine Karte ab.
"""


def test_counted_pieces_under_a_lead_in_of_what_there_is_are_components(
    tmp_path: Path,
) -> None:
    _, graph = read_copy(tmp_path, PIECES_AND_TASKS, "jagd")
    found = node_kinds(graph)
    assert found["Folgende Karten gibt es:"] == "lead-in"
    pieces = ["96 Zahlenkarten von 1 bis 12 in vier Farben", "8 Joker", "4 Aussetzkarten"]
    assert [found[text] for text in pieces] == ["component"] * 3
    assert found["Der Joker kann für jede beliebige Zahl eingesetzt werden."] == "rule"


def test_a_numbered_task_that_counts_what_it_asks_for_is_mechanical(tmp_path: Path) -> None:
    _, graph = read_copy(tmp_path, PIECES_AND_TASKS, "jagd")
    tasks = [node for node in graph.nodes if node.text[:2] in ("1.", "2.", "3.")]
    assert [node.text for node in tasks] == [
        "1. Zwei Drillinge",
        "2. Ein Drilling und eine Viererfolge",
        "3. Eine Siebenerfolge",
    ]
    assert all(node.mechanical for node in tasks)


# Chrome's copy of a card game's rules: CRLF line ends, each paragraph one line, lone
# page numbers, a list of levels run into the label under it, a glossary of terms.
CHROME_LEVELS = "\r\n".join(
    [
        "Stufen-Rommé",
        "Das Kartenspiel mit den zehn Stufen",
        "Für 2 bis 6 Spieler ab 8 Jahren",
        "Spielmaterial",
        "108 Karten:",
        "96 Zahlenkarten (1 bis 12, je zweimal in vier Farben)",
        "8 Joker",
        "4 Aussetzen-Karten",
        "Ziel des Spiels",
        "Jeder Spieler versucht, als Erster alle zehn Stufen zu erfüllen. Erfüllen "
        "mehrere Spieler in derselben Runde ihre letzte Stufe, gewinnt der Spieler mit "
        "den wenigsten Minuspunkten.",
        "Die zehn Stufen",
        "Stufe 1: 2 Drillinge",
        "Stufe 2: 1 Drilling + 1 Viererfolge",
        "Stufe 3: 1 Vierling + 1 Viererfolge",
        "Stufe 4: 1 Siebenerfolge",
        "Stufe 5: 1 Achterfolge",
        "Stufe 6: 1 Neunerfolge",
        "Stufe 7: 2 Vierlinge",
        "Stufe 8: 7 Karten einer Farbe",
        "Stufe 9: 1 Fünfling + 1 Zwilling",
        "Stufe 10: 1 Fünfling + 1 Drilling",
        "Erklärung der Begriffe:",
        "Drilling, Vierling, Fünfling: drei, vier oder fünf Karten mit der gleichen "
        "Zahl. Die Farben spielen keine Rolle.",
        "Folge: Karten mit aufeinanderfolgenden Zahlen, z. B. 3-4-5-6. Die Farben "
        "spielen keine Rolle.",
        "Farbe: Karten derselben Farbe. Die Zahlen spielen keine Rolle.",
        "1",
        "Spielvorbereitung",
        "Die Karten werden gemischt. Der Geber verteilt an jeden Spieler 10 Karten. Die"
        " übrigen Karten werden als verdeckter Stapel in die Mitte gelegt. Die oberste "
        "Karte wird aufgedeckt und daneben gelegt; sie ist der Beginn des "
        "Ablagestapels.",
        "Spielablauf",
        "Der Spieler links vom Geber beginnt. Wer an der Reihe ist, zieht eine Karte, "
        "entweder vom verdeckten Stapel oder die oberste Karte des Ablagestapels. Hat "
        "er alle Karten für seine Stufe auf der Hand, darf er sie offen vor sich "
        "auslegen. Zum Schluss legt er eine Karte auf den Ablagestapel ab.",
        "Wichtig: Ein Spieler darf in jedem Zug höchstens eine Stufe auslegen.",
        "Anlegen",
        "Hat ein Spieler seine Stufe ausgelegt, darf er ab seinem nächsten Zug einzelne"
        " Karten an ausgelegte Stufen anlegen, an seine eigenen und an die der "
        "Mitspieler. Er darf jedoch keine Karten anlegen, bevor er seine eigene Stufe "
        "ausgelegt hat.",
        "Beispiel: Anna hat ihre Stufe 2 ausgelegt (7-7-7 und 3-4-5-6). Im nächsten Zug"
        " legt sie eine 7 an ihren Drilling und eine 2 an die Folge an.",
        "2",
        "Joker",
        "Ein Joker kann für jede Zahlenkarte eingesetzt werden. Eine Stufe darf "
        "beliebig viele Joker enthalten, aber nicht nur aus Jokern bestehen. Ein Joker,"
        " der ausgelegt ist, darf nicht mehr ausgetauscht werden.",
        "Aussetzen-Karte",
        "Wer eine Aussetzen-Karte ablegt, bestimmt einen Mitspieler, der seinen "
        "nächsten Zug aussetzen muss. Ausnahme: Liegt eine Aussetzen-Karte als erste "
        "Karte des Ablagestapels, setzt der erste Spieler aus.",
        "Ende einer Runde",
        "Eine Runde endet, sobald ein Spieler seine letzte Handkarte abgelegt hat. Alle"
        " anderen Spieler erhalten Minuspunkte für ihre Handkarten:",
        "Karten 1 bis 9: je 5 Punkte",
        "Karten 10 bis 12: je 10 Punkte",
        "Aussetzen-Karte: 15 Punkte",
        "Joker: 25 Punkte",
        "Wer seine Stufe nicht erfüllt hat, muss in der nächsten Runde dieselbe Stufe "
        "noch einmal versuchen. Die anderen Spieler versuchen die nächste Stufe.",
        "Spielende",
        "Das Spiel endet, wenn ein Spieler seine zehnte Stufe erfüllt hat. Abweichend "
        "von der Grundregel wird diese Runde noch zu Ende gespielt.",
        "3",
    ]
)


@pytest.fixture(scope="module")
def chrome_levels(tmp_path_factory: pytest.TempPathFactory) -> tuple[Extraction, RuleGraph]:
    return read_copy(tmp_path_factory.mktemp("levels"), CHROME_LEVELS + "\r\n", "stufen")


def test_the_last_line_of_a_list_ends_before_the_label_under_it(
    chrome_levels: tuple[Extraction, RuleGraph],
) -> None:
    _, graph = chrome_levels
    found = node_kinds(graph)
    assert "Stufe 10: 1 Fünfling + 1 Drilling" in found
    assert found["Erklärung der Begriffe:"] == "section"


def test_terms_defined_by_a_noun_phrase_are_definitions(
    chrome_levels: tuple[Extraction, RuleGraph],
) -> None:
    # Several terms at once, a phrase opened by a bare noun; each a testable condition.
    _, graph = chrome_levels
    defined = {n.text: n.mechanical for n in graph.nodes if n.kind == "definition"}
    assert defined == {
        "Drilling, Vierling, Fünfling: drei, vier oder fünf Karten mit der gleichen Zahl.": True,
        "Folge: Karten mit aufeinanderfolgenden Zahlen, z. B. 3-4-5-6.": True,
        "Farbe: Karten derselben Farbe.": True,
    }


def test_the_pieces_a_count_in_the_component_list_announces_are_components(
    chrome_levels: tuple[Extraction, RuleGraph],
) -> None:
    _, graph = chrome_levels
    found = node_kinds(graph)
    assert found["8 Joker"] == found["4 Aussetzen-Karten"] == "component"
    assert found["96 Zahlenkarten (1 bis 12, je zweimal in vier Farben)"] == "component"

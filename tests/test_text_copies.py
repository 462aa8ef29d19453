"""What a PDF viewer copies out of a publisher's page: glyph codes of fonts without a
map as control characters, body text set narrow beside a picture with its margin
summary, and a diagram's notation among the lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.errors import InputError
from rulekit.extract import extract
from rulekit.model import Extraction


def extract_string(tmp_path: Path, text: str) -> Extraction:
    path = tmp_path / "manual.txt"
    path.write_text(text, encoding="utf-8")
    return extract(path, None)


def body(extraction: Extraction) -> str:
    return " ".join(b.text for b in extraction.blocks if b.kind not in ("figure", "caption"))


# A TeX font copied as its codes: 0x1C the fi ligature, 0x12 and 0x10 the German quotes.
CODED = (
    "Spielregeln\n"
    "Jede Spielerin \x1cndet ihre Steine in der Schachtel und legt sie vor sich ab.\n"
    "Wer keinen Zug \x1cndet, sagt \x12weiter\x10 und setzt eine Runde aus.\n"
    "Die \x1cnale Wertung zählt die Steine auf dem Brett.\n"
    "Wer \x12fertig\x10 ruft, beendet das Spiel.\n"
)


def test_glyph_codes_copied_as_control_characters_are_decoded(tmp_path: Path) -> None:
    extraction = extract_string(tmp_path, CODED)
    text = body(extraction)
    assert "findet ihre Steine" in text
    assert "sagt „weiter“ und" in text
    assert "Die finale Wertung" in text
    assert not any(ord(c) < 32 or 0xE000 <= ord(c) <= 0xF8FF for c in text)
    assert {r.kind for r in extraction.repairs if r.applied} >= {"ligature-glyph"}


def test_a_file_of_control_characters_is_still_binary_data(tmp_path: Path) -> None:
    path = tmp_path / "junk.txt"
    path.write_bytes(bytes(range(1, 32)) * 8 + b"Regeln\n")
    with pytest.raises(InputError, match="binary data"):
        extract(path, None)


# Body text wrapped narrow around a picture, the margin's summary beside it, in the
# order a viewer copies them.
BESIDE_A_PICTURE = """\
Spielvorbereitung
Jeder von euch nimmt die Steine einer Farbe und stellt sie auf die Startfelder seiner Farbe. Die
übrigen Steine kommen zurück in die Schachtel.
Stellt nun den Turm
in die Mitte des Plans,
neben den großen Brunnen.
Im Laufe des Spiels wandern
alle Steine um den Turm
herum bis in ihr Zielfeld.
Immer eine
Karte legen
oder
einen Stein
ziehen
Mischt die Karten und legt sie als verdeckten Stapel neben den Plan. Der jüngste Spieler
beginnt, danach geht es reihum im Uhrzeigersinn weiter.
"""


def test_sentences_set_narrow_beside_a_picture_stay_body_text(tmp_path: Path) -> None:
    extraction = extract_string(tmp_path, BESIDE_A_PICTURE)
    text = body(extraction)
    assert "Stellt nun den Turm in die Mitte des Plans, neben den großen Brunnen." in text
    assert "Im Laufe des Spiels wandern alle Steine um den Turm herum bis in ihr Zielfeld." in (
        text
    )
    figures = [b.text for b in extraction.blocks if b.kind == "figure"]
    assert "Karte legen" in " ".join(figures)


BOARD_DIAGRAM = """\
Die Züge des Springers
Der Springer zieht zwei Felder gerade und eines zur Seite.
0Z0Z0Z0Z
Z0Z0Z0Z0
0Z0M0Z0Z
a b c d e f g h
Er darf dabei über andere Figuren springen.
"""


def test_a_diagrams_notation_in_a_copy_is_figure_text(tmp_path: Path) -> None:
    extraction = extract_string(tmp_path, BOARD_DIAGRAM)
    assert "0Z0Z0Z0Z" not in body(extraction)
    assert "a b c d" not in body(extraction)
    assert "Er darf dabei über andere Figuren springen." in body(extraction)


# Numbers set in a hanging column: the copy gives each alone on its line, a blank line
# between it and its text.
HANGING_NUMBERS = """\
Spielregeln

1.

Mischt die Karten und gebt jedem fünf auf die Hand.

2.

Jede Karte besteht aus zwei Teilen:
Einer Aufgabe, die sagt, was zu tun ist.
"""


def test_a_number_alone_on_its_line_opens_the_item_of_the_text_after_it(tmp_path: Path) -> None:
    items = [b.text for b in extract_string(tmp_path, HANGING_NUMBERS).blocks]
    assert "1. Mischt die Karten und gebt jedem fünf auf die Hand." in items
    assert "2. Jede Karte besteht aus zwei Teilen:" in items
    assert "1." not in items and "2." not in items


# A worked example whose first line runs the column's width, the rest set narrow
# beside its picture: the narrow lines are wraps, not lines set apart.
NARROW_EXAMPLE = """\
Der Spieler am Zug wirft beide Würfel. Jeder Spieler mit einer Siedlung an einem Feld
mit der gewürfelten Zahl nimmt sich für diese Siedlung eine Rohstoffkarte des Feldes.
Beispiel: Wird eine Acht gewürfelt, erhält der Spieler Rot
zwei Erz für seine beiden
Siedlungen. Der Spieler Blau
erhält ein Erz. Beim Wurf
einer Zehn erhält Spieler
Blau eine Wolle.
Danach darf der Spieler am Zug mit allen Mitspielern Rohstoffkarten tauschen.
"""


def test_a_narrow_example_beside_its_picture_keeps_its_sentences_whole(tmp_path: Path) -> None:
    blocks = [b.text for b in extract_string(tmp_path, NARROW_EXAMPLE).blocks]
    assert any("Beim Wurf einer Zehn erhält Spieler Blau eine Wolle." in b for b in blocks)


ADJECTIVE_AT_THE_END = """\
Längste Handelsstraße
Wer zuerst eine Straße aus fünf Teilen
baut, erhält die Sonderkarte. Gelingt
es einem anderen Spieler, eine längere
Straße als der aktuelle
Besitzer zu bauen, erhält dieser sofort
die Sonderkarte und die damit verbundenen
2 Siegpunkte.
Eine Karte ziehen
Der Spieler am Zug zieht eine Karte vom
verdeckten Stapel und nimmt sie auf.
"""


def test_an_adjective_after_its_article_at_a_lines_end_wants_its_noun(tmp_path: Path) -> None:
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, ADJECTIVE_AT_THE_END).blocks]
    assert any("als der aktuelle Besitzer zu bauen" in text for _, text in blocks)
    assert any("die damit verbundenen 2 Siegpunkte." in text for _, text in blocks)
    assert ("heading", "Eine Karte ziehen") in blocks


# A component list set beside pictures of the pieces: the copy breaks an item where a
# picture stood and carries each bracket on a line of its own.
COMPONENT_LIST = """\
Inhalt
60 Wegkarten (mit Werten von 1 – 5,
30 x Rückseite
,
30 x Rückseite
)
3 Brücken
20 Wasserkarten
8 Spielfiguren
(je 2 in den 4 Spielerfarben)
1 Zielfeld „Hafen“
90 Bewegungskarten (je 10 Karten von 9 Gegenständen)
Spielidee
Die Spieler führen ihre Figuren über den Weg zum Hafen und sammeln dabei Karten.
"""


def test_a_component_list_beside_its_pictures_is_one_item_a_line(tmp_path: Path) -> None:
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, COMPONENT_LIST).blocks]
    assert blocks[0] == ("heading", "Inhalt")
    body_lines = [text for kind, text in blocks if kind == "paragraph"]
    assert "3 Brücken" in body_lines and "20 Wasserkarten" in body_lines
    assert "8 Spielfiguren (je 2 in den 4 Spielerfarben)" in body_lines
    assert "1 Zielfeld „Hafen“" in body_lines
    assert "90 Bewegungskarten (je 10 Karten von 9 Gegenständen)" in body_lines
    assert ("heading", "Spielidee") in blocks


CREDITS = """\
Design: Anna Beispiel, Studio Muster
Illustration: Berta Bild
Redaktion: Carla Text
Turmbau
Jeder Spieler nimmt sich zu Beginn drei Steine seiner Farbe.
"""


def test_labelled_lines_one_under_another_are_no_headings(tmp_path: Path) -> None:
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, CREDITS).blocks]
    assert [kind for kind, _ in blocks[:3]] == ["paragraph"] * 3
    assert ("heading", "Turmbau") in blocks


# Typed out evenly: a line with room for the next word still goes on when it ends in a
# function word and the next line in lower case.
EVEN_WRAPS = """\
Zehn Stufen
Kartenspiel für 2 bis 6 Spieler
Inhalt: 96 Zahlenkarten, 8 Joker, 4 Aussetzen-Karten
Worum geht es?
Jeder Spieler versucht, als Erster alle zehn Stufen zu schaffen. Wer
das geschafft hat, gewinnt.
Die Kartenkombinationen
Paar: zwei Karten mit der gleichen Zahl (z. B. 7 und 7).
Dreier: drei Karten mit der gleichen Zahl.
Folge: mindestens vier Karten mit aufeinanderfolgenden Zahlen (z. B.
3, 4, 5, 6). Die Farbe spielt dabei keine Rolle.
Farbsatz: sieben Karten derselben Farbe.
Die Stufen
Stufe 1: 2 Paare
Stufe 2: 1 Dreier + 1 Folge aus 4
Stufe 3: 1 Farbsatz
Spielvorbereitung
Ein Spieler mischt die Karten und teilt jedem 10 Karten aus. Die
restlichen Karten kommen als verdeckter Stapel in die Mitte. Die
oberste Karte wird aufgedeckt und bildet den Ablagestapel.
So wird gespielt
Wer am Zug ist, nimmt entweder die oberste Karte vom Stapel oder
vom Ablagestapel. Danach legt er eine Karte offen auf den Ablage-
stapel.
Hat ein Spieler alle Karten für seine Stufe auf der Hand, darf er
sie vor sich auslegen. Er muss die Stufe dabei vollständig auslegen,
nicht nur einen Teil.
Beispiel: Jonas braucht für Stufe 1 zwei Paare. Er hat zwei Fünfer und
zwei Neuner auf der Hand und legt sie aus.
Der Joker
Ein Joker kann für jede beliebige Zahl oder Farbe eingesetzt werden.
Allerdings darf ein Joker nicht abgelegt werden, wenn der nächste
Spieler dadurch eine Stufe abschließen würde.
Die Aussetzen-Karte
Wer eine Aussetzen-Karte ablegt, bestimmt einen Mitspieler, der
einmal aussetzen muss (ein Spieler darf aber nicht zweimal
hintereinander aussetzen).
Tipp: Heben Sie sich die Aussetzen-Karten für das Spielende auf.
Ende einer Runde
Sobald ein Spieler seine letzte Karte abgelegt hat, endet die Runde.
Alle anderen zählen die Punkte ihrer Handkarten:
Karten 1 bis 9: je 5 Punkte
Karten 10 bis 12: je 10 Punkte
Joker: 25 Punkte
Die Punkte werden notiert. Bei Gleichstand gewinnt der Spieler mit
den wenigsten Punkten.
Viel Spaß wünscht Ihnen Ihr Spieleverlag!
"""


def test_a_line_ending_in_a_function_word_goes_on_over_the_break(tmp_path: Path) -> None:
    texts = [b.text for b in extract_string(tmp_path, EVEN_WRAPS).blocks]
    assert any("oberste Karte vom Stapel oder vom Ablagestapel." in text for text in texts)
    assert not any(text.startswith("vom Ablagestapel") for text in texts)


# The back page's imprint, a line each, as a viewer copies it under the last rules.
IMPRINT = """\
Spielende
Das Spiel endet, sobald ein Spieler alle Figuren im Ziel hat. Mehr Spiele findet ihr unter
www.spielefabrik-nord.de im Internet.
Haben Sie noch Fragen? Wir helfen Ihnen gerne:
Spielefabrik Nord GmbH, Hafenstraße 12, D-20095 Hamburg
www.spielefabrik-nord.de, E-Mail: service@spielefabrik-nord.de
© Spielefabrik Nord GmbH, D-20095 Hamburg, MMXX
Version 2.1
"""


def test_the_lines_of_an_imprint_are_lines_of_their_own(tmp_path: Path) -> None:
    texts = [b.text for b in extract_string(tmp_path, IMPRINT).blocks]
    assert texts[-4:] == [
        "Spielefabrik Nord GmbH, Hafenstraße 12, D-20095 Hamburg",
        "www.spielefabrik-nord.de, E-Mail: service@spielefabrik-nord.de",
        "© Spielefabrik Nord GmbH, D-20095 Hamburg, MMXX",
        "Version 2.1",
    ]
    assert any(text.endswith("unter www.spielefabrik-nord.de im Internet.") for text in texts)


@pytest.mark.parametrize("bullet", ["►\t", "■ ", "✔ ", "◆ "])
def test_a_heading_over_a_list_with_symbol_bullets_stays_a_heading(
    tmp_path: Path, bullet: str
) -> None:
    text = (
        "Sonderregeln\n"
        f"{bullet}Wer eine 6 würfelt, darf noch einmal würfeln.\n"
        f"{bullet}Wer dreimal eine 6 würfelt, muss eine Runde aussetzen.\n"
    )
    blocks = extract_string(tmp_path, text).blocks
    assert (blocks[0].kind, blocks[0].text) == ("heading", "Sonderregeln")
    assert len(blocks) == 3


# A copy with its line ends doubled ("\r\r\n" read as two breaks): a blank line under
# every printed line, also inside sentences.
DOUBLED = """\
Vorbereitung
Legt den Spielplan in die Tischmitte. Jeder Spieler wählt eine Farbe und
stellt seine beiden Kröten auf das Seerosenblatt am Start. Mischt die Flie-
genplättchen verdeckt und legt sie als Stapel neben den Plan.
So wird gespielt
Wer an der Reihe ist, würfelt und zieht eine seiner Kröten um so viele
Felder vorwärts, wie der Würfel anzeigt. Auf einem Feld dürfen beliebig
viele Kröten stehen.
"""


@pytest.mark.parametrize("line_end", ["\r\r\n", "\n\n"])
def test_doubled_line_ends_read_as_the_copy_reads(tmp_path: Path, line_end: str) -> None:
    single = extract_string(tmp_path, DOUBLED)
    path = tmp_path / "doubled.txt"
    path.write_bytes(DOUBLED.replace("\n", line_end).encode("utf-8"))
    doubled = extract(path, None)
    assert [(b.kind, b.text) for b in doubled.blocks] == [(b.kind, b.text) for b in single.blocks]
    assert [b.kind for b in single.blocks] == ["heading", "paragraph", "heading", "paragraph"]


def test_short_names_stacked_at_a_copys_start_are_its_titles(tmp_path: Path) -> None:
    text = (
        "Zehn Stufen\n"
        "Spielregel\n"
        "Ziel des Spiels\n"
        "Wer als Erster alle zehn Stufen geschafft hat, gewinnt. Schaffen es mehrere Spieler in\n"
        "derselben Runde, gewinnt der Spieler mit den wenigsten Minuspunkten.\n"
    )
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, text).blocks]
    assert blocks[:3] == [
        ("heading", "Zehn Stufen"),
        ("heading", "Spielregel"),
        ("heading", "Ziel des Spiels"),
    ]


# What Chrome's viewer copies (PDFium): CRLF line ends, and no gap between a list
# marker and its item's text where the page set a tab or an indent.
GLUED_MARKERS = (
    "Vorbereitung\r\n"
    "•Jeder Spieler erhält eine Karte Baukosten und alle Figuren einer Farbe.\r\n"
    "\uf0b7Die Rohstoffkarten werden in 5 Stapel sortiert.\r\n"
    "Der Spielzug\r\n"
    "Wer an der Reihe ist, hat folgende Möglichkeiten:\r\n"
    "1.Er muss die Rohstofferträge dieses Zuges auswürfeln.\r\n"
    "2.Er kann handeln.\r\n"
    "Handel\r\n"
    "a)Binnenhandel: Der Spieler kann mit allen Spielern tauschen.\r\n"
    "b)Seehandel: Der Spieler kann auch ohne Spielpartner tauschen.\r\n"
    "Die Version 1.0 gilt ab 2.5 Punkten.\r\n"
)


def test_a_marker_set_against_its_items_text_opens_a_list_item(tmp_path: Path) -> None:
    extraction = extract_string(tmp_path, GLUED_MARKERS)
    items = [b.text for b in extraction.blocks if b.kind == "list-item"]
    assert items == [
        "• Jeder Spieler erhält eine Karte Baukosten und alle Figuren einer Farbe.",
        "• Die Rohstoffkarten werden in 5 Stapel sortiert.",
        "1. Er muss die Rohstofferträge dieses Zuges auswürfeln.",
        "2. Er kann handeln.",
        "a) Binnenhandel: Der Spieler kann mit allen Spielern tauschen.",
        "b) Seehandel: Der Spieler kann auch ohne Spielpartner tauschen.",
    ]
    assert "Die Version 1.0 gilt ab 2.5 Punkten." in body(extraction)
    spaced = [r for r in extraction.repairs if r.kind == "spacing"]
    assert [(r.before[:4], r.after[:5]) for r in spaced] == [
        ("•Jed", "• Jed"),
        ("•Die", "• Die"),  # a symbol font's bullet, set as "•" first
        ("1.Er", "1. Er"),
        ("2.Er", "2. Er"),
        ("a)Bi", "a) Bi"),
        ("b)Se", "b) Se"),
    ]


# A worked example set in a narrow box beside its picture: a count opens a line inside
# the sentence ("… erhält Spieler Rot" / "2 x Erz für seine beiden").
COUNT_IN_A_NARROW_BOX = (
    "Rohstofferträge\r\n"
    "Jeder Spieler, der eine Siedlung an einem Feld mit der gewürfelten Zahl stehen hat,\r\n"
    "nimmt sich für die Siedlung 1 Rohstoffkarte dieses Feldes.\r\n"
    "Beispiel: Wird eine „8“ gewürfelt,\r\n"
    "erhält Spieler Rot\r\n"
    "2 x Erz für seine beiden\r\n"
    "Siedlungen. Spieler Weiß\r\n"
    "erhält 1 Erz.\r\n"
    "Spielmaterial\r\n"
    "2 Würfel in den Farben\r\n"
    "Rot und Gelb\r\n"
)


def test_a_count_inside_a_sentence_of_a_narrow_box_goes_on_with_it(tmp_path: Path) -> None:
    extraction = extract_string(tmp_path, COUNT_IN_A_NARROW_BOX)
    texts = [b.text for b in extraction.blocks]
    assert (
        "Beispiel: Wird eine „8“ gewürfelt, erhält Spieler Rot 2 x Erz für seine beiden "
        "Siedlungen. Spieler Weiß erhält 1 Erz."
    ) in texts
    assert "Spielmaterial" in texts


# A heading and its subheading stacked over the text, which names one of what the
# subheading names them all ("Kleefelder" over "… auf einem Kleefeld …").
STACKED_HEADINGS = (
    "So wird gespielt\n"
    "Wer an der Reihe ist, zieht seine Schnecke beliebig viele Felder vorwärts.\n"
    "Besetzte Felder werden beim Ziehen mitgezählt.\n"
    "Die Felder\n"
    "Kleefelder\n"
    "Wer seinen Zug auf einem Kleefeld beendet, erhält 10 Kleeblätter aus der Bank.\n"
    "Igelfelder\n"
    "Auf ein Igelfeld darf man nur rückwärts ziehen.\n"
)


def test_a_subheading_naming_all_of_what_its_text_names_one_of_is_a_heading(
    tmp_path: Path,
) -> None:
    headings = [
        b.text for b in extract_string(tmp_path, STACKED_HEADINGS).blocks if b.kind == "heading"
    ]
    assert headings == ["So wird gespielt", "Die Felder", "Kleefelder", "Igelfelder"]


# A copy in proportional type whose last word before a heading was broken over the
# line ("Far-" / "ben"): the word's rest is no name stacked over the heading.
BROKEN_WORD_OVER_A_HEADING = (
    "Der Beutel hilft beim Ziehen der Plättchen, ohne dass jemand hinein-\n"
    "schauen kann.\n"
    "Würfel\n"
    "Die Würfel zeigen auf ihren Seiten:\n"
    "Zahlen, Symbole und die vier Far-\n"
    "ben\n"
    "Wertungsblock\n"
    "Auf dem Wertungsblock notiert jeder seine Punkte jeder\n"
    "Runde.\n"
    "Spielplan\n"
    "Der Spielplan wird gut sichtbar in die Mitte des Tisches gelegt.\n"
)


def test_the_rest_of_a_broken_word_is_no_name_over_a_heading(tmp_path: Path) -> None:
    blocks = extract_string(tmp_path, BROKEN_WORD_OVER_A_HEADING).blocks
    assert [b.text for b in blocks if b.kind == "heading"] == [
        "Würfel",
        "Wertungsblock",
        "Spielplan",
    ]
    assert "Zahlen, Symbole und die vier Farben" in [b.text for b in blocks]


# A copy whose paragraphs are long lines, with a few breaks left inside sentences: after
# an open quote ("„Nimm" / "10 Karotten“") and after a bound ("höchstens" / "10 …").
BREAKS_IN_LONG_LINES = (
    "Hasenfeld: Wer auf einem Hasenfeld landet, zieht eine Hasenkarte und befolgt sie sofort, "
    "auch wenn sie ihm schadet.\n"
    "Beispiel: Jonas zieht auf das Hasenfeld 15. Er deckt die Karte „Nimm\n"
    "10 Karotten“ auf und erhält 10 Karotten aus dem Vorrat, den alle Spieler teilen.\n"
    "Das Ziel\n"
    "Ins Ziel darf nur, wer keinen Salatkopf mehr besitzt und höchstens\n"
    "10 Karotten übrig hat. Wer mehr Karotten hat, muss so lange weiterziehen, bis er genug "
    "Karotten verbraucht hat.\n"
)


def test_a_sentence_goes_on_after_an_open_quote_or_a_bound_at_a_break(tmp_path: Path) -> None:
    blocks = extract_string(tmp_path, BREAKS_IN_LONG_LINES).blocks
    assert [b.text for b in blocks if b.kind == "heading"] == ["Das Ziel"]
    texts = " | ".join(b.text for b in blocks)
    assert "„Nimm 10 Karotten“ auf" in texts
    assert "und höchstens 10 Karotten übrig hat." in texts


# A run-in list that fills its line, then a question heading: the question's first word
# would not have fitted on the line above it.
QUESTION_UNDER_A_FULL_LINE = (
    "Inhalt: 110 Zahlenkarten (1–11), 16 Sternkarten, 4 Übersichten\n"
    "Worum geht es?\n"
    "Alle versuchen, ihre Karten in aufsteigender Reihenfolge abzulegen.\n"
    "Wer zuerst keine Karten mehr hat, gewinnt die Runde und mischt neu.\n"
)


def test_a_short_question_under_a_full_line_is_a_heading(tmp_path: Path) -> None:
    blocks = extract_string(tmp_path, QUESTION_UNDER_A_FULL_LINE).blocks
    assert [b.text for b in blocks if b.kind == "heading"] == ["Worum geht es?"]


# Headings said as a clause end in a pronoun or a verb's particle, which would otherwise
# want the next line.
CLAUSE_HEADINGS = (
    "Das Ziel\n"
    "Wer zuerst alle Aufgaben erfüllt, gewinnt.\n"
    "So bereitet ihr das Spiel vor\n"
    "Mischt alle Karten und gebt jedem 10 Karten.\n"
    "So spielst du\n"
    "Ziehe eine Karte und lege eine Karte ab.\n"
)


def test_a_heading_said_as_a_clause_ends_at_its_pronoun_or_particle(tmp_path: Path) -> None:
    blocks = extract_string(tmp_path, CLAUSE_HEADINGS).blocks
    assert [b.text for b in blocks if b.kind == "heading"] == [
        "Das Ziel",
        "So bereitet ihr das Spiel vor",
        "So spielst du",
    ]


def test_a_line_counting_each_of_several_things_is_an_item_of_its_own(tmp_path: Path) -> None:
    text = (
        "Spielmaterial\n"
        "1 Spielbrett mit 24 Punkten\n"
        "je 9 helle und 9 dunkle Steine\n"
        "Spielziel\n"
        "Wer dem Gegner alle Steine bis auf zwei wegnimmt, gewinnt.\n"
    )
    blocks = extract_string(tmp_path, text).blocks
    assert [b.text for b in blocks if b.kind != "heading"][:2] == [
        "1 Spielbrett mit 24 Punkten",
        "je 9 helle und 9 dunkle Steine",
    ]


def test_rows_whose_cells_a_tab_parts_are_a_row_each(tmp_path: Path) -> None:
    text = (
        "Ende einer Runde\n"
        "Die Runde endet, sobald ein Spieler seine letzte Karte abgelegt hat. Jetzt\n"
        "wird gewertet:\n"
        "Zahlenkarten 1–9\t5 Minuspunkte\n"
        "Zahlenkarten 10–12\t10 Minuspunkte\n"
        "Passkarte\t15 Minuspunkte\n"
        "Königskarte\t25 Minuspunkte\n"
        "Wer seine Aufgabe erfüllt hat, spielt die nächste Aufgabe.\n"
    )
    blocks = extract_string(tmp_path, text).blocks
    assert [b.text for b in blocks][2:6] == [
        "Zahlenkarten 1–9\t5 Minuspunkte",
        "Zahlenkarten 10–12\t10 Minuspunkte",
        "Passkarte\t15 Minuspunkte",
        "Königskarte\t25 Minuspunkte",
    ]


def test_a_colon_inside_an_open_bracket_at_a_lines_end_announces_no_block(
    tmp_path: Path,
) -> None:
    text = (
        "Spielablauf\n"
        "Gespielt wird im Uhrzeigersinn. Wer an der Reihe ist, würfelt und fährt\n"
        "seinen Wagen so viele Felder vorwärts, wie der Würfel anzeigt (Beispiel:\n"
        "Bei einer 4 fährt der Wagen vier Felder weit). Überholen ist jederzeit er-\n"
        "laubt.\n"
    )
    blocks = extract_string(tmp_path, text).blocks
    assert [b.kind for b in blocks] == ["heading", "paragraph"]


def test_a_count_early_in_a_rule_before_its_colon_announces_no_block(tmp_path: Path) -> None:
    text = (
        "Der Zug ins Ziel\n"
        "Ins Ziel zieht man wie auf jedes andere Feld. Mehr als sechs Felder\n"
        "weit darf man ziehen, wenn man damit genau das Ziel erreicht, aber:\n"
        "Die Weite von sechs Feldern gilt nicht für den Zug in den Stall:\n"
        "Jedes Feld über das sechste hinaus kostet ebenfalls zwei Möhren.\n"
        "Es gelten dann die Regeln der Vorderseite mit diesen Änderungen:\n"
        "Wer zuerst ankommt, erhält zehn Möhren aus dem Vorrat dazu.\n"
    )
    texts = [b.text for b in extract_string(tmp_path, text).blocks]
    whole = (
        "Die Weite von sechs Feldern gilt nicht für den Zug in den Stall: Jedes Feld über "
        "das sechste hinaus kostet ebenfalls zwei Möhren."
    )
    assert any(whole in text for text in texts)
    assert texts[-1] == "Wer zuerst ankommt, erhält zehn Möhren aus dem Vorrat dazu."


def test_a_line_that_stops_where_no_phrase_can_goes_on_in_the_next(tmp_path: Path) -> None:
    copy = "\n".join(
        [
            "Waldhaus Verlag",
            "EICHELPFAD",
            "Das flinke Wettrennen der Eichhörnchen durch den Herbstwald",
            "Ein taktisches Laufspiel ohne Würfel für 2–6 Spieler ab 10",
            "Jahren",
            "Spieldauer: ca. 45 Minuten",
            "Autor: Matthias Ebersberger",
            "Worum geht es?",
            "Wenn sich im Wald die Blätter golden färben, ist es wieder so",
            "weit: Die Eichhörnchen laufen um die Wette. Wer zuerst im",
            "Ziel ist, gewinnt das Rennen und den größten Vorrat des Jahres.",
            "Gewürfelt wird nicht. Jeder Sprung kostet Eicheln, und je weiter",
            "ein Eichhörnchen springt, desto teurer wird es für seinen Besitzer.",
            "Spielmaterial",
            "1 Spielplan mit dem Eichelpfad (Startfeld, 60 Felder und Ziel)",
            "6 Eichhörnchen aus Holz in Rot, Orange, Gelb, Grün, Blau und",
            "Braun",
            "140 Eichelmarken (50 × „1“, 40 × „5“, 30 × „10“, 20 × „50“)",
            "18 Pilzkarten",
            "Ziel des Spiels",
            "Wer sein Eichhörnchen als Erster ins Ziel bringt, gewinnt das Rennen.",
        ]
    )
    texts = [block.text for block in extract_string(tmp_path, copy + "\n").blocks]
    assert "Ein taktisches Laufspiel ohne Würfel für 2–6 Spieler ab 10 Jahren" in texts
    assert "6 Eichhörnchen aus Holz in Rot, Orange, Gelb, Grün, Blau und Braun" in texts


def test_the_rows_of_a_table_of_several_columns_stay_rows(tmp_path: Path) -> None:
    rows = [
        "Weg 1 Punkt je Plättchen 1 Punkt je Plättchen",
        "Weg mit Gasthaus 2 Punkte je Plättchen 0 Punkte",
        "Dorf 2 Punkte je Plättchen 1 Punkt je Plättchen",
        "Wappen 2 Punkte 1 Punkt",
    ]
    text = (
        "Schlusswertung\n"
        "Ein unfertiges Dorf bringt nur 1 Punkt für jedes seiner Plättchen.\n"
        "Zur Übersicht:\n" + "\n".join(rows) + "\n"
        "Beispiel zur Schlusswertung: Gelb hat einen Wegebauer auf einem\n"
        "unfertigen Weg und erhält dafür 3 Punkte.\n"
    )
    texts = [b.text for b in extract_string(tmp_path, text).blocks]
    assert all(row in texts for row in rows)


def test_an_address_wrapped_after_its_postcode_keeps_its_town(tmp_path: Path) -> None:
    text = (
        "Spielende\n"
        "Wer zuerst alle Äpfel gepflückt hat, gewinnt.\n"
        "© 2023 Zaunkönig Kinderspiele GmbH, Lindenstraße 14, 96215\n"
        "Lichtenfels\n"
    )
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, text).blocks]
    assert blocks[-1] == (
        "paragraph",
        "© 2023 Zaunkönig Kinderspiele GmbH, Lindenstraße 14, 96215 Lichtenfels",
    )


# A copy set in proportional type: what looks like a label, a number or a dash at a
# line's start goes on with the sentence the full line above left open.
OPEN_LINES = """\
Die Schlussrunde
Sobald der erste Otter im Mühlteich ankommt, beginnt die
Schlussrunde: Ihr spielt die laufende Runde noch zu Ende. In
der Schlussrunde darf niemand mehr rasten. Danach endet das
Spiel.
Lena steht auf Feld 27 und schwimmt 4 Felder auf das Treibgutfeld
31. Sie zieht „Strömung“ und treibt 2 Felder weiter auf den Strudel
auf Feld 33. Für die 5 Felder bis zum Mühlteich zahlt sie 15 Kiesel
und hätte danach noch genau 12 Kiesel übrig, viel mehr als 10
– zu viele. Rasten darf sie in der Schlussrunde nicht mehr.
Projektgruppe Otterbach
Clemens Beeken, Hanna Holderied, Clara Holzhüter, Jonas Klug
27. Juli 2015
"""


def test_a_label_number_or_dash_under_an_open_full_line_goes_on_with_its_sentence(
    tmp_path: Path,
) -> None:
    texts = [b.text for b in extract_string(tmp_path, OPEN_LINES).blocks]
    assert any("beginnt die Schlussrunde: Ihr spielt" in text for text in texts)
    assert any("auf das Treibgutfeld 31. Sie zieht" in text for text in texts)
    assert any("viel mehr als 10 – zu viele." in text for text in texts)
    # A date under a line of names is a line of its own.
    assert "27. Juli 2015" in texts


@pytest.mark.parametrize(
    ("lines", "whole"),
    [
        # An imprint's postcode of four digits wants its town.
        (
            [
                "Spielende",
                "Das Spiel endet, sobald ein Spieler alle Kegel im Ziel hat.",
                "© 1974 by Gebr. Remmert Spielefabrik GmbH & Co. KG, 8510",
                "Fürth/Bay.",
            ],
            "© 1974 by Gebr. Remmert Spielefabrik GmbH & Co. KG, 8510 Fürth/Bay.",
        ),
        # A range of players wants them.
        (
            [
                "Weitere Spiele aus unserem Verlag:",
                "Kapitän Kuckuck – ein Würfelspiel für 2 bis 6",
                "Spieler",
                "Das Rübenfeld – ein Sammelspiel für die ganze Familie",
            ],
            "Kapitän Kuckuck – ein Würfelspiel für 2 bis 6 Spieler",
        ),
    ],
)
def test_a_count_at_a_lines_end_wants_the_next_line(
    tmp_path: Path, lines: list[str], whole: str
) -> None:
    texts = [b.text for b in extract_string(tmp_path, "\n".join(lines) + "\n").blocks]
    assert whole in texts


# The end of a leaflet in a narrow column: a postcode after a middle dot, a firm's name
# broken before its legal form, and a mail address a colon calls for, each on the next line.
IMPRINT_ENDS = """\
Das Spiel endet, sobald alle Boote
im Hafen liegen.
Haben Sie Fragen? Schreiben Sie uns:
service@kranichhafen-spiele.de
Spielanleitung zum Ausdrucken:
www.kranichhafen-spiele.de/hafen
© 1988 Kranichhafen Spiele
GmbH · Postfach 12 07 · 27568
Bremerhaven
"""


def test_an_imprints_postcode_legal_form_and_called_address_go_on(tmp_path: Path) -> None:
    texts = [b.text for b in extract_string(tmp_path, IMPRINT_ENDS).blocks]
    assert texts[1:] == [
        "Haben Sie Fragen? Schreiben Sie uns: service@kranichhafen-spiele.de",
        "Spielanleitung zum Ausdrucken: www.kranichhafen-spiele.de/hafen",
        "© 1988 Kranichhafen Spiele GmbH · Postfach 12 07 · 27568 Bremerhaven",
    ]


# A copy in proportional type: a reference's number, a label, a list after a colon and
# an address, each broken over a line where the sentence or the line goes on.
BROKEN_AT_ENDS = """\
Spielplan
Was es mit diesen Feldern auf sich hat, lesen Sie in Abschnitt
4.
2. Vorbereitung
Fremde Figuren dürfen deine Lichterfelder niemals betreten.
In die Lichterfelder ziehst du nur mit passender
Augenzahl: Würde deine Figur über Lichterfeld 4 hinausziehen,
darfst du sie mit diesem Wurf nicht ziehen.
Zu Beginn deines Zuges nimmst du genau eine Karte:
entweder die oberste vom Nachziehstapel oder die oberste
offene Karte vom Wassergraben.
© 2024 Koppelwiese Spiele GmbH, Reitbahnstraße 14,
04109 Leipzig
"""


def test_a_reference_label_list_or_address_broken_over_a_line_stays_whole(
    tmp_path: Path,
) -> None:
    blocks = extract_string(tmp_path, BROKEN_AT_ENDS).blocks
    texts = [b.text for b in blocks]
    assert "Was es mit diesen Feldern auf sich hat, lesen Sie in Abschnitt 4." in texts
    assert "2. Vorbereitung" in texts
    assert any("ziehst du nur mit passender Augenzahl: Würde deine" in text for text in texts)
    assert (
        "Zu Beginn deines Zuges nimmst du genau eine Karte: entweder die oberste vom "
        "Nachziehstapel oder die oberste offene Karte vom Wassergraben." in texts
    )
    assert texts[-1] == "© 2024 Koppelwiese Spiele GmbH, Reitbahnstraße 14, 04109 Leipzig"


# A copy's opening in proportional type: the lines a short line sets apart.
BODY = (
    "Ziel des Spiels\n"
    "Jeder Spieler versucht, seine vier Kegel aus dem Startkreis\n"
    "einmal rund um den Spielplan und dann in seine vier\n"
    "Zielfelder zu bringen. Wer das als erster schafft, hat\n"
    "gewonnen. Unterwegs heißt es aufpassen: Wer geschlagen wird,\n"
    "muß zurück in den Startkreis, und wer eine Sperre errichtet,\n"
    "kann den Mitspielern den Weg gründlich verbauen.\n"
)


@pytest.mark.parametrize(
    "lines",
    [
        # The box's facts end their line before the next title.
        [
            "Eulen-Spiele",
            "KREUZWEG",
            "Das flotte Laufspiel für die ganze Familie",
            "Für 2 bis 4 Spieler von 6 bis 99 Jahren",
            "Spielregel",
            "Inhalt",
            "1 Spielplan",
            "16 Kegel in vier Farben (je 4 in Rot, Gelb, Grün und Blau)",
        ],
        # The uncounted item of a component list is a line of its own.
        [
            "1. Spielmaterial",
            "1 Spielplan mit Laufstrecke",
            "6 Hamsterfiguren in sechs Farben",
            "Körnermarken im Wert von 1, 5, 10 und 20 Körnern",
            "18 Nußkarten",
        ],
    ],
)
def test_lines_of_a_copys_opening_stay_apart(tmp_path: Path, lines: list[str]) -> None:
    text = "\n".join(lines) + "\n" + BODY
    texts = [block.text for block in extract_string(tmp_path, text).blocks]
    assert lines[3] in texts and lines[-1] in texts


def test_a_name_stacked_over_the_component_list_heads_it(tmp_path: Path) -> None:
    text = (
        "Kessel-Spiele\n"
        "SPERRWEG\n"
        "Das spannende Würfelspiel mit Sperre und Schlagzwang\n"
        "Für 2 bis 4 Spieler von 6 bis 99 Jahren\n"
        "Spielregel\n"
        "Inhalt\n"
        "1 Spielplan\n"
        "16 Kegel in vier Farben (je 4 in Rot, Gelb, Grün und Blau)\n"
        "1 Würfel\n" + BODY
    )
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, text).blocks]
    assert ("heading", "Inhalt") in blocks
    assert ("paragraph", "1 Spielplan") in blocks


def test_a_count_at_a_lines_end_goes_on_with_what_it_counts(tmp_path: Path) -> None:
    extraction = extract_string(
        tmp_path,
        "DIE ZEHN STATIONEN\n"
        "Jeder Spieler muß die folgenden Stationen nacheinander\n"
        "erfüllen; keine Station darf ausgelassen werden:\n"
        "1. Station: 1 Satz aus 3 Karten und 1 Folge aus 3\n"
        "Karten\n"
        "2. Station: 2 Sätze aus je 3 Karten\n"
        "3. Station: 1 Folge aus 6 Karten\n",
    )
    texts = [b.text for b in extraction.blocks]
    assert "1. Station: 1 Satz aus 3 Karten und 1 Folge aus 3 Karten" in texts
    assert "Karten" not in texts


def test_a_heading_numbered_with_a_section_sign_heads_its_paragraph(tmp_path: Path) -> None:
    extraction = extract_string(
        tmp_path,
        "Bei Kreiselweg entscheidet nicht allein das Würfelglück, sondern\n"
        "ebensosehr die Überlegung des Spielers.\n"
        "§ 2 Ziel des Spieles\n"
        "Jeder Spieler sucht seine vier Kegel vom Häuschen aus einmal rund\n"
        "um die Kreisbahn zu bringen. Sieger ist, wer dies als erster erreicht.\n"
        "§ 3 Vorbereitung\n"
        "Jeder Spieler wählt eine Farbe und stellt seine Kegel in das Häuschen.\n",
    )
    kinds = {b.text: b.kind for b in extraction.blocks}
    assert kinds["§ 2 Ziel des Spieles"] == kinds["§ 3 Vorbereitung"] == "heading"


def test_a_question_said_as_a_clause_heads_the_component_list(tmp_path: Path) -> None:
    extraction = extract_string(
        tmp_path,
        "Wer aber zu sehr pressiert, wird von den anderen eingeholt und muss\n"
        "wieder ganz von vorn anfangen.\n"
        "Was in der Schachtel ist\n"
        "1 Spielplan mit dem Seeweg\n"
        "16 Spielfiguren, je vier in Rot, Gelb, Grün und Blau\n"
        "1 Würfel\n",
    )
    kinds = {b.text: b.kind for b in extraction.blocks}
    assert kinds["Was in der Schachtel ist"] == "heading"
    assert "1 Spielplan mit dem Seeweg" in kinds


# A worked example in a narrow column: two of its lines end and go on after a number, as
# the rows of a table of values do, but the second goes on in lower case.
NARROW_EXAMPLE_WITH_NUMBERS = (
    "Beispiel 1:\n"
    "Violett steht mit einem Kegel\n"
    "direkt vor seinen Hausfeldern, ein\n"
    "zweiter violetter Kegel steht schon\n"
    "auf Hausfeld 3. Mit einer 1 oder 2\n"
    "kann Violett einziehen. Eine 4\n"
    "würde über den Kegel auf Hausfeld 3\n"
    "hinwegführen, und mit einer 5 oder\n"
    "6 ginge es über Hausfeld 4 hinaus:\n"
    "Beides ist nicht erlaubt.\n"
    "Punkte bei der Ankunft:\n"
    "als Erster 10 Sternenstaub\n"
    "als Zweiter 20 Sternenstaub\n"
    "als Dritter 30 Sternenstaub\n"
)


def test_a_sentence_wrapped_after_a_number_is_no_row_of_values(tmp_path: Path) -> None:
    texts = [b.text for b in extract_string(tmp_path, NARROW_EXAMPLE_WITH_NUMBERS).blocks]
    assert (
        "Violett steht mit einem Kegel direkt vor seinen Hausfeldern, ein zweiter violetter "
        "Kegel steht schon auf Hausfeld 3. Mit einer 1 oder 2 kann Violett einziehen. Eine 4 "
        "würde über den Kegel auf Hausfeld 3 hinwegführen, und mit einer 5 oder 6 ginge es "
        "über Hausfeld 4 hinaus: Beides ist nicht erlaubt."
    ) in texts
    assert texts[-3:] == [
        "als Erster 10 Sternenstaub",
        "als Zweiter 20 Sternenstaub",
        "als Dritter 30 Sternenstaub",
    ]


# A credit's name wrapped onto a line of its own stays with its label; the last of rows
# counted on ends before the closing wish under it.
WRAPPED_CREDIT = [
    "Kaninchenfeld: Hier darf man bis",
    "zu 15 Pastinaken an die Bank",
    "abgeben, um vor der Scheune",
    "leichter zu werden.",
    "Viel Vergnügen beim Spiel",
    "wünscht Ihnen Ihr Hollerbusch-",
    "Team!",
    "Spielidee: Gerd Wollny",
    "Grafik und Gestaltung: Annette",
    "Brauckmann",
    "Autor: Jonas Wiebeck · Illustration: Lea",
    "Sturmfels · Redaktion: Tobias Renner",
    "© 1987 Hollerbusch Spiele GmbH",
]
TASK_ROWS = [
    "Die zehn Tore auf einen Blick",
    "Tor Aufgabe",
    "8 Zwei Vierlinge",
    "9 Acht Karten einer Farbe",
    "10 Fünfling + Reihe aus 5",
    "Viel Spaß beim Spielen wünscht euch euer Brückenwerk-Team!",
]


@pytest.mark.parametrize(
    ("lines", "block"),
    [
        (WRAPPED_CREDIT, "Grafik und Gestaltung: Annette Brauckmann"),
        (TASK_ROWS, "10 Fünfling + Reihe aus 5"),
    ],
)
def test_a_line_of_credits_or_the_last_row_of_a_table_is_a_block_of_its_own(
    tmp_path: Path, lines: list[str], block: str
) -> None:
    extraction = extract_string(tmp_path, "\n".join(lines) + "\n")
    assert block in [found.text for found in extraction.blocks]


# The head of a table set twice across the page, and a sentence that wraps after a count.
COSTS = [
    "Die Lauchtabelle",
    "Felder Lauch Felder Lauch",
    "1 1 11 66",
    "2 3 12 78",
    "3 6 13 91",
    "Beispiel: Jannik möchte sein",
    "Kaninchen 4 Felder weit ziehen. Laut",
    "Lauchtabelle kostet ihn das 10 Lauch.",
    "Für 5 Felder müsste er schon 15 Lauch",
    "bezahlen, für 6 Felder sogar 21",
    "Lauch.",
]


def test_a_tables_head_set_twice_across_the_page_is_no_running_header(tmp_path: Path) -> None:
    extraction = extract_string(tmp_path, "\n".join(COSTS) + "\n")
    texts = [block.text for block in extraction.blocks]
    assert "Felder Lauch Felder Lauch" in texts
    assert any(
        text.endswith(
            "Für 5 Felder müsste er schon 15 Lauch bezahlen, für 6 Felder sogar 21 Lauch."
        )
        for text in texts
    )


def test_items_counted_on_after_a_line_left_open_and_parts_wrapped_in_a_list(
    tmp_path: Path,
) -> None:
    copy = [
        "Ein Spielzug besteht aus vier Teilen, die",
        "immer in dieser Reihenfolge ausgeführt",
        "werden:",
        "1. Aufnehmen: eine Karte auf die Hand nehmen",
        "2. Auslegen: die eigene Phase auslegen, wenn",
        "man kann",
        "3. Anlegen: Karten an ausliegende Gruppen",
        "anlegen, wenn man kann",
        "Die zehn Phasen",
        "Phase 4: 1 Siebenerfolge",
        "Phase 5: 7 Karten einer Farbe",
        "Phase 6: 8 gerade oder 8 ungerade",
        "Karten",
        "Phase 7: 2 Vierlinge",
    ]
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, "\n".join(copy) + "\n").blocks]
    assert ("list-item", "2. Auslegen: die eigene Phase auslegen, wenn man kann") in blocks
    assert (
        "list-item",
        "3. Anlegen: Karten an ausliegende Gruppen anlegen, wenn man kann",
    ) in blocks
    assert ("paragraph", "Phase 6: 8 gerade oder 8 ungerade Karten") in blocks


def test_a_sentence_goes_on_over_a_count_and_the_page_foot_in_narrow_columns(
    tmp_path: Path,
) -> None:
    copy = [
        "Für 9 Felder müsste sie 45",
        "Spargel bezahlen; so viele hat",
        "sie nicht. Nadja zieht deshalb",
        "zuerst 7 Felder für 28 Spargel.",
        "Im nächsten Zug läuft sie mit 2",
        "Feldern für 3 Spargel",
        "3",
        "ins Ziel und hat dann noch",
        "9 Spargel im Korb.",
        "Spielende",
        "Wer als Erster im Ziel ist, gewinnt.",
    ]
    texts = [b.text for b in extract_string(tmp_path, "\n".join(copy) + "\n").blocks]
    assert texts[0].endswith(
        "Im nächsten Zug läuft sie mit 2 Feldern für 3 Spargel ins Ziel und hat dann noch 9 "
        "Spargel im Korb."
    )


def test_credits_questions_and_a_heading_after_an_answer_stand_apart(tmp_path: Path) -> None:
    copy = [
        "Alle übrigen Regeln",
        "bleiben gleich.",
        "Fragen & Antworten",
        "«Darf ich auf ein Feld",
        "ziehen, auf dem schon",
        "jemand steht?»",
        "Nein, ausser im Ziel muss das",
        "Feld frei sein.",
        "F: Muss ich auslegen, sobald ich meine Phase komplett habe?",
        "A: Nein, du entscheidest selbst, wann du auslegst.",
        "Variante: Kurzspiel",
        "Wenn ihr weniger Zeit habt, spielt ihr nur die Phasen mit ungerader Nummer.",
        "Was auf den Sonderfeldern geschieht, lesen Sie im Abschnitt",
        "„Die Sonderfelder“ auf Seite 3.",
        "Illustration und Grafik: Nele Obermaier",
        "Spielmaterial",
        "1 Spielplan",
        "Redaktion: Barbara Stucki",
        "Die Autorin dankt allen",
        "Testläuferinnen und Testläufern.",
    ]
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, "\n".join(copy) + "\n").blocks]
    texts = [text for _, text in blocks]
    assert ("heading", "Fragen & Antworten") in blocks
    assert "«Darf ich auf ein Feld ziehen, auf dem schon jemand steht?»" in texts
    assert ("heading", "Variante: Kurzspiel") in blocks
    assert any("lesen Sie im Abschnitt „Die Sonderfelder“ auf Seite 3." in text for text in texts)
    assert ("heading", "Spielmaterial") in blocks
    assert "Die Autorin dankt allen Testläuferinnen und Testläufern." in texts


def test_a_heading_said_as_a_clause_or_asked_under_a_full_line_stands_apart(
    tmp_path: Path,
) -> None:
    copy = [
        "Beispiel: Emma spielt Grün und würfelt eine 6. Auf ihrem Startfeld steht gerade "
        "Mias gelbe",
        "Katze. Emma stellt eine grüne Katze heraus, und Mias Katze muss zurück ins gelbe "
        "Körbchen.",
        "Wie kommen die Katzen ins Haus?",
        "Hat eine Katze den Rundweg einmal ganz umrundet, zieht sie kurz vor ihrem Startfeld "
        "in ihr",
        "Haus. In fremde Häuser darf keine Katze ziehen; an ihnen läuft sie einfach vorbei.",
        "Das Startfeld muss frei werden",
        "Solange noch Katzen in deinem Körbchen sitzen, darf dein Startfeld nicht besetzt bleiben.",
    ]
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, "\n".join(copy) + "\n").blocks]
    texts = [text for _, text in blocks]
    assert "Wie kommen die Katzen ins Haus?" in texts
    assert ("heading", "Das Startfeld muss frei werden") in blocks


# A footer of the article number and the page, copied where the page ends, inside a
# sentence that runs on over the page break.
NUMBERED_FOOTERS = """\
Spielende
Sobald ein Spieler seine vierte Taube in den Taubenschlag gebracht hat, ist das
Spiel zu Ende; er hat gewonnen. Wer möchte, kann danach weiterspielen, bis auch
der zweite und
Art.-Nr. 6 0317 · Seite 3
der dritte Platz vergeben sind.
Variante
Der Habicht zieht nach den Tauben und schlägt jede Taube, auf deren Feld er landet.
Art.-Nr. 6 0317 · Seite 4
"""


def test_a_footer_of_the_article_number_beside_the_page_is_page_furniture(
    tmp_path: Path,
) -> None:
    extraction = extract_string(tmp_path, NUMBERED_FOOTERS)
    assert "bis auch der zweite und der dritte Platz vergeben sind." in body(extraction)
    assert "Art.-Nr." not in body(extraction)

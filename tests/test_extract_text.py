"""The text path: viewer extracts come out as the printed page reads."""

from __future__ import annotations

from pathlib import Path

import Levenshtein
import pytest

from rulekit.extract import extract
from rulekit.model import Extraction
from tests.conftest import ROOT

GAMES = ["xidit", "risiko", "invaders", "stratego", "midway"]
SEED_CER_TARGET = 0.005


def plain_text(extraction: Extraction) -> str:
    """What `rulekit extract` prints: body blocks, one per line."""
    return "\n".join(b.text for b in extraction.blocks if b.kind not in ("figure", "caption"))


def cer(output: str, reference: str) -> float:
    """Character error rate: edit distance over reference length, whitespace collapsed."""
    hypothesis, truth = " ".join(output.split()), " ".join(reference.split())
    return Levenshtein.distance(hypothesis, truth) / len(truth)


def extract_string(tmp_path: Path, text: str, pages: list[int] | None = None) -> Extraction:
    path = tmp_path / "manual.txt"
    path.write_text(text, encoding="utf-8")
    return extract(path, pages)


@pytest.mark.parametrize("game", GAMES)
def test_seed_character_error_rate(game: str) -> None:
    output = plain_text(extract(ROOT / "sources" / game))
    reference = (ROOT / "tests" / "data" / "reference" / f"{game}.txt").read_text("utf-8")
    assert cer(output, reference) <= SEED_CER_TARGET


def test_every_repair_names_its_line_and_kind() -> None:
    extraction = extract(ROOT / "sources" / "xidit")
    assert extraction.repairs
    for repair in extraction.repairs:
        assert repair.line >= 1
        assert repair.page == 10
        assert repair.kind
    kinds = {repair.kind for repair in extraction.repairs}
    assert {"viewer-header", "page-number", "callout", "callout-punctuation"} <= kinds


MANUAL = """\
Print Preview

7
KAMPFPHASE
Angriff auf eine Burg
Wer eine Burg angreifen will, muss mindestens
zwei Ritter im Nachbarfeld haben. Der Angrei-
fer würfelt mit allen beteiligten Rittern, der
Verteidiger mit höchstens drei Würfeln. Bei Gleichstand gewinnt
immer
der Verteidiger. Die Rüstungs- und Waffenkarten
zählen für beide Seiten als zusätzliche Würfel
3
.
Die Reiter-
Karte gilt als Ritter. Ritter dürfen hin- und
herziehen, solange sie Zugpunkte haben.
Burgtor
Wassergraben
Zugbrücke
Spielplan Burgen.indd 7 12/03/19 09:41:12
"""


def test_a_manual_that_is_not_bundled(tmp_path: Path) -> None:
    extraction = extract_string(tmp_path, MANUAL, pages=[7])
    body = plain_text(extraction)
    assert body.split("\n") == [
        "KAMPFPHASE",
        "Angriff auf eine Burg",
        "Wer eine Burg angreifen will, muss mindestens zwei Ritter im Nachbarfeld haben. "
        "Der Angreifer würfelt mit allen beteiligten Rittern, der Verteidiger mit höchstens "
        "drei Würfeln. Bei Gleichstand gewinnt immer der Verteidiger. Die Rüstungs- und "
        "Waffenkarten zählen für beide Seiten als zusätzliche Würfel. Die Reiter-Karte gilt "
        "als Ritter. Ritter dürfen hin- und herziehen, solange sie Zugpunkte haben.",
    ]
    figures = [b.text for b in extraction.blocks if b.kind == "figure"]
    assert figures == ["Burgtor", "Wassergraben", "Zugbrücke"]
    headings = [b.text for b in extraction.blocks if b.kind == "heading"]
    assert headings == ["KAMPFPHASE", "Angriff auf eine Burg"]
    kinds = {r.kind: r for r in extraction.repairs}
    assert kinds["hyphenation"].before == "Angrei-\nfer"
    assert kinds["hyphenation"].after == "Angreifer"
    assert kinds["page-number"].before == "7"
    assert kinds["callout"].before == "3"
    assert kinds["printer-slug"].before.startswith("Spielplan Burgen.indd")
    assert kinds["viewer-header"].line == 1


def test_flattened_page_is_split_at_section_numbers_and_bullets(tmp_path: Path) -> None:
    items = " ".join(
        f"• Regel {n}: Jeder Spieler zieht eine Karte und legt sie offen vor sich ab."
        for n in range(1, 7)
    )
    text = f"3.1. Ablauf: 3.1.1. Vorbereitung: {items} 3.1.2. Ende: • Das Spiel endet. KARTE"
    extraction = extract_string(tmp_path, text + "\n")
    kinds = [(b.kind, b.text[:12]) for b in extraction.blocks]
    assert kinds[:3] == [
        ("heading", "3.1. Ablauf:"),
        ("heading", "3.1.1. Vorbe"),
        ("list-item", "• Regel 1: J"),
    ]
    assert kinds[-3:] == [
        ("heading", "3.1.2. Ende:"),
        ("list-item", "• Das Spiel "),
        ("figure", "KARTE"),
    ]
    assert any(r.kind == "flattened-page" for r in extraction.repairs)


def test_fingerprint_and_doubled_header_are_removed(tmp_path: Path) -> None:
    text = (
        "Regelheft Regelheft\n"
        "Der Startspieler beginnt und zieht zwei Karten vom Stapel.\n"
        "U2FtcGxlRmluZ2VycHJpbnQx MTIzNDU2Nzg=\n"
    )
    extraction = extract_string(tmp_path, text)
    assert plain_text(extraction) == "Der Startspieler beginnt und zieht zwei Karten vom Stapel."
    assert {r.kind for r in extraction.repairs} >= {"running-header", "fingerprint"}


def test_missing_space_before_an_opening_quote(tmp_path: Path) -> None:
    extraction = extract_string(tmp_path, "Man sagt zum Beispiel:„Meine Karte gewinnt.“\n")
    assert plain_text(extraction) == "Man sagt zum Beispiel: „Meine Karte gewinnt.“"


def test_soft_hyphens_and_ligature_characters(tmp_path: Path) -> None:
    text = "Die Auf\u00adgabe ist schwie\u00ad\nrig und der Gewinner tri\ufb00t zuerst ein.\n"
    assert plain_text(extract_string(tmp_path, text)) == (
        "Die Aufgabe ist schwierig und der Gewinner trifft zuerst ein."
    )


TWO_PAGES = """\
{first}
Aufbau
Jeder Spieler erhält fünf Karten und zwei Münzen.
{middle}
Spielende
Das Spiel endet, sobald der Stapel leer ist.
{last}
"""


@pytest.mark.parametrize(
    ("numbers", "pages"),
    [
        (("7", "8", ""), {"Aufbau": 7, "Spielende": 8}),  # numbers head their pages
        (("", "7", "8"), {"Aufbau": 7, "Spielende": 8}),  # numbers close their pages
        (("87", "", ""), {"Aufbau": None, "Spielende": None}),  # facing pages run together
        (("", "", ""), {"Aufbau": None, "Spielende": None}),
    ],
)
def test_each_line_is_on_the_page_its_page_number_tells(
    tmp_path: Path, numbers: tuple[str, str, str], pages: dict[str, int | None]
) -> None:
    first, middle, last = numbers
    text = TWO_PAGES.format(first=first, middle=middle, last=last)
    extraction = extract_string(tmp_path, text, pages=[7, 8])
    headings = {b.text: b.page for b in extraction.blocks if b.kind == "heading"}
    assert headings == pages
    for repair in extraction.repairs:
        if repair.kind == "page-number" and repair.before.isdigit() and len(repair.before) == 1:
            assert repair.page == int(repair.before)


# A narrow column of a two-column A6 page as a viewer copies it: the labels set
# left and right of a small picture come out between two paragraphs.
A6_COLUMN = """\
Eine Runde besteht aus drei Pha-
sen: Zuerst werden neue Aufträge
ausgelegt, dann führen alle Spieler
reihum ihre Aktionen aus.
Nordtor

Wachposten
Steinbruch

Legt den Spielplan in die Mitte des
Tisches und mischt die Gelände-
karten. Jeder Spieler nimmt sich
die Figuren seiner Farbe.
"""


def test_labels_beside_a_picture_in_a_narrow_column_are_figure_text(tmp_path: Path) -> None:
    extraction = extract_string(tmp_path, A6_COLUMN)
    figures = " ".join(b.text for b in extraction.blocks if b.kind == "figure")
    assert all(label in figures for label in ("Nordtor", "Wachposten", "Steinbruch"))
    assert [b.kind for b in extraction.blocks if b.kind != "figure"] == ["paragraph"] * 2


HEADED_COMPONENTS = """\
Spielmaterial
Spielbrett
Das Spielbrett zeigt die Wege zwischen den Städten, auf denen die Händler reisen.
Auf manchen Feldern des Spielbretts sind zwei Städte abgebildet, die beide zählen.
Die Karten zeigen drei Werte:
Gold, Holz und Stein
Jeder Spieler nimmt sich zu Beginn fünf Karten vom verdeckten Stapel.
"""


def test_stacked_names_over_a_paragraph_about_the_last_are_headings(tmp_path: Path) -> None:
    # Labels beside a picture are not what the next paragraph talks about; a heading is.
    blocks = extract_string(tmp_path, HEADED_COMPONENTS).blocks
    assert [(b.kind, b.text) for b in blocks[:2]] == [
        ("heading", "Spielmaterial"),
        ("heading", "Spielbrett"),
    ]


def test_a_sentence_ending_in_a_colon_and_its_list_are_no_headings(tmp_path: Path) -> None:
    blocks = extract_string(tmp_path, HEADED_COMPONENTS).blocks
    headings = [b.text for b in blocks if b.kind == "heading"]
    assert headings == ["Spielmaterial", "Spielbrett"]
    assert any(b.text == "Gold, Holz und Stein" for b in blocks)


def test_a_low_quote_stands_against_its_word(tmp_path: Path) -> None:
    text = "Wer „ Stopp“ ruft, beendet die Runde. Danach gilt„Weiter“ für alle Spieler.\n"
    body = plain_text(extract_string(tmp_path, text))
    assert body == "Wer „Stopp“ ruft, beendet die Runde. Danach gilt „Weiter“ für alle Spieler."


# Gold-like lines as a viewer copies them: no blank lines, the body wrapped at about 66
# characters, a heading, the component list and a colon sentence's items each on
# lines of their own.
VIEWER_COPY = """\
Spielmaterial
84 Wegeplättchen (mit Werten von 1 bis 7)
4 Brücken
24 Wasserplättchen
Spielablauf
Beginnend mit dem Startspieler sind die Spieler reihum im Uhrzeiger-
sinn an der Reihe. Wer an der Reihe ist, spielt Karten aus und zieht
seine Figur auf dem Weg vorwärts, so weit die Karten es ihm
erlauben.
Eine Figur vom Spielplan entfernen:
Wenn ein Spieler die letzte Figur eines Feldes nimmt, wird das Feld
umgedreht und an das Ende des Weges gelegt, wo es liegen bleibt.
"""


def test_a_viewer_copy_keeps_headings_list_lines_and_paragraphs_apart(tmp_path: Path) -> None:
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, VIEWER_COPY).blocks]
    texts = [text for _, text in blocks]
    for line in ("Spielmaterial", "4 Brücken", "24 Wasserplättchen", "Spielablauf"):
        assert line in texts, texts
    assert ("heading", "Spielablauf") in blocks
    body = next(text for text in texts if text.startswith("Beginnend"))
    assert "Uhrzeigersinn" in body and body.endswith("erlauben.")
    # What a colon sentence announces is a block of its own.
    assert "Eine Figur vom Spielplan entfernen:" in texts
    assert any(text.startswith("Wenn ein Spieler die letzte Figur") for text in texts)


# An extract with a blank line after every paragraph, as a viewer copies a page with
# spacing: a paragraph cut by a page break, displayed input lines inside a sentence, the
# items a colon announces, and a lower-case heading.
SPACED = """\
Wer am Zug ist, würfelt einmal. Danach darf er höchstens eine Karte ablegen, die er
vor-

her gezogen hat. Wer keine Karte ablegen kann, setzt aus.

Zum Aussetzen gibt man

0

ein.

Folgende Farben stehen zur Wahl:

rot für den Angreifer,

blau für den Verteidiger und

grün für den Händler.

Jeder Spieler wählt eine Farbe.

nach der letzten Runde

Am Ende zählt jeder seine Punkte.
"""


def test_a_blank_line_inside_a_sentence_ends_no_paragraph(tmp_path: Path) -> None:
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, SPACED).blocks]
    assert blocks[0] == (
        "paragraph",
        "Wer am Zug ist, würfelt einmal. Danach darf er höchstens eine Karte ablegen, die er "
        "vorher gezogen hat. Wer keine Karte ablegen kann, setzt aus.",
    )
    # A displayed value stays where it is printed, between the pieces of its sentence.
    assert [text for _, text in blocks[1:4]] == ["Zum Aussetzen gibt man", "0", "ein."]


def test_the_lines_a_colon_announces_are_body_text(tmp_path: Path) -> None:
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, SPACED).blocks]
    for item in ("rot für den Angreifer,", "blau für den Verteidiger und"):
        assert ("paragraph", item) in blocks
    assert not [text for kind, text in blocks if kind == "figure"]


def test_a_lower_case_line_set_off_between_sentences_is_a_heading(tmp_path: Path) -> None:
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, SPACED).blocks]
    assert ("heading", "nach der letzten Runde") in blocks


def test_an_ordinal_at_a_line_start_goes_on_with_its_sentence(tmp_path: Path) -> None:
    text = (
        "Wer am Zug ist, zieht nach jeder\n"
        "5. Runde eine Ereigniskarte und legt sie offen vor sich ab.\n"
    )
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, text).blocks]
    assert blocks == [
        (
            "paragraph",
            "Wer am Zug ist, zieht nach jeder 5. Runde eine Ereigniskarte und legt sie "
            "offen vor sich ab.",
        )
    ]


def test_labelled_lines_one_under_another_stay_apart_in_a_viewer_copy(tmp_path: Path) -> None:
    text = (
        "Danach wird gefragt, welche Rolle jeder Spieler übernimmt:\n"
        "(A)ngreifer: der Spieler, der die Burg erobern will,\n"
        "(V)erteidiger: der Spieler, der die Burg hält, und\n"
        "(H)ändler: der Spieler, der mit beiden handelt.\n"
    )
    texts = [b.text for b in extract_string(tmp_path, text).blocks]
    assert texts[1:] == [
        "(A)ngreifer: der Spieler, der die Burg erobern will,",
        "(V)erteidiger: der Spieler, der die Burg hält, und",
        "(H)ändler: der Spieler, der mit beiden handelt.",
    ]

"""The text path: viewer extracts come out as the printed page reads."""

from __future__ import annotations

import textwrap
from itertools import pairwise
from pathlib import Path

import Levenshtein
import pytest

from rulekit.extract import extract
from rulekit.extract.textwidth import measure
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
    # A count with thousands points is no section number: "10.000 Punkte" stays in its item.
    text = (
        f"3.1. Ablauf: 3.1.1. Vorbereitung: {items} 3.1.2. Ende: • Das Spiel endet mit "
        "10.000 Punkten. KARTE"
    )
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


def test_a_long_line_that_names_a_section_by_its_number_is_not_cut_there(tmp_path: Path) -> None:
    line = (
        "Abweichend von 3.1 darf ein Spieler sein Kaninchen statt vorwärts auch zurück auf "
        "den nächsten freien Heuhaufen hinter ihm ziehen. Ein solcher Zug heißt Rückzug; er "
        "kostet keine Kohlköpfe, sondern bringt für jedes Feld, das der Spieler zurückgeht, "
        "drei Kohlköpfe aus dem Vorrat. Vorwärts darf ein Heuhaufen niemals betreten werden, "
        "und beim Rückzug darf man keinen freien Heuhaufen überspringen (siehe 4.3 unten)."
    )
    extraction = extract_string(tmp_path, "4.3 Der Heuhaufen\n\n" + line + "\n")
    assert [b.text for b in extraction.blocks] == ["4.3 Der Heuhaufen", line]


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


def test_a_space_before_a_run_in_labels_colon_goes_but_a_ratios_stays(tmp_path: Path) -> None:
    text = "Spielverlauf : Zu Beginn tauscht man am Hafen 3 : 1 oder zahlt 2 Erz.\n"
    assert plain_text(extract_string(tmp_path, text)) == (
        "Spielverlauf: Zu Beginn tauscht man am Hafen 3 : 1 oder zahlt 2 Erz."
    )


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


# Three pages of a copy, each closed by its number beside the game's running title.
TITLED_PAGES = """\
Kartenfieber
Ein Ablegespiel für 2 bis 6 Spieler
Aufbau
Mischt alle Karten und teilt jedem Spieler sieben Karten verdeckt aus. Die übrigen
Karten bilden den Nachziehstapel, seine oberste Karte wird offen daneben gelegt.
Der jüngste Spieler beginnt, danach geht es im Uhrzeigersinn weiter.
Wer an der Reihe ist, legt eine Karte gleicher Farbe oder gleicher Zahl
auf den Ablagestapel. Wer nicht legen kann, zieht eine Karte vom Stapel.
Passt auch diese nicht, ist der nächste Spieler an der Reihe.
Sonderkarten
Die Richtungskarte kehrt die Spielrichtung um. Die Aussetzkarte lässt den
nächsten Spieler eine Runde aussetzen. Die Farbwahlkarte darf auf jede
{first}
Karte gelegt werden; wer sie legt, bestimmt die Farbe, die als nächste gilt.
Wer nur noch eine Karte auf der Hand hat, muss laut „Fieber“ rufen.
Vergisst er es und bemerkt ein Mitspieler das, zieht er zwei Strafkarten.
Die Zahlenkarten zählen ihren Wert, jede Sonderkarte zählt zwanzig Punkte.
Wertung
Sobald ein Spieler seine letzte Karte abgelegt hat, endet die Runde. Jeder
andere Spieler zählt die Karten auf seiner Hand zusammen und schreibt die
Summe auf. Die Punkte werden über mehrere Runden zusammengezählt.
Spielende
Das Spiel endet, sobald ein Spieler 500 Punkte oder mehr gesammelt hat. Es
{second}
gewinnt der Spieler, der zu diesem Zeitpunkt die wenigsten Punkte hat.
Bei Gleichstand gewinnen alle Spieler mit den wenigsten Punkten gemeinsam.
Wer möchte, kann vorher eine kürzere Spieldauer vereinbaren, zum Beispiel
drei Runden. Dann gewinnt, wer nach der dritten Runde vorne liegt. Eine neue
Runde beginnt immer der Spieler links vom Geber der letzten Runde.
{third}
"""


@pytest.mark.parametrize(
    "footer",
    ["Kartenfieber {page}", "{page} Kartenfieber", "Kartenfieber | {page}", "Spielregel – {page}"],
)
def test_a_page_number_beside_a_running_title_is_furniture(tmp_path: Path, footer: str) -> None:
    pages = [footer.format(page=page) for page in (2, 3, 4)]
    text = TITLED_PAGES.format(first=pages[0], second=pages[1], third=pages[2])
    extraction = extract_string(tmp_path, text, pages=[2, 3, 4])
    body = plain_text(extraction)
    assert not any(page in body for page in pages)
    assert "auf jede Karte gelegt werden" in body
    assert "Es gewinnt der Spieler" in body
    headings = {b.text: b.page for b in extraction.blocks if b.kind == "heading"}
    assert headings == {
        "Kartenfieber": 2,
        "Aufbau": 2,
        "Sonderkarten": 2,
        "Wertung": 3,
        "Spielende": 3,
    }


def test_numbered_headings_far_apart_are_no_running_title(tmp_path: Path) -> None:
    text = TITLED_PAGES.format(first="", second="", third="")
    text = text.replace("Aufbau\n", "Runde 1\n").replace("Wertung\n", "Runde 2\n")
    extraction = extract_string(tmp_path, text)
    assert not [r for r in extraction.repairs if r.kind == "page-number"]
    assert "Runde 2" in [b.text for b in extraction.blocks if b.kind == "heading"]


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


@pytest.mark.parametrize(
    "text",
    [
        # An ordinal at a line start goes on with its sentence.
        "Wer am Zug ist, zieht nach jeder\n5. Runde eine Ereigniskarte und legt sie ab.\n",
        # An abbreviation at a line start is no letter item.
        "Karten dürfen nicht getauscht werden (d. h.\nz. B. nie eine rote gegen eine blaue).\n",
        # An abbreviation at a line end ends no sentence.
        "Eine Partie dauert ca.\n30 Minuten, bei vier Spielern etwas länger.\n",
    ],
)
def test_a_sentence_goes_on_over_a_number_or_abbreviation_at_a_wrap(
    tmp_path: Path, text: str
) -> None:
    blocks = [(b.kind, b.text) for b in extract_string(tmp_path, text).blocks]
    assert blocks == [("paragraph", " ".join(text.split()))]


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


# A copy wrapped evenly at a number of characters (a reader's re-flow): every line
# breaks where the next word would not have fitted, unless it was ended on purpose.
EVEN_WIDTH = 60
RUNNING_TEXT = (
    "Zu Beginn des Spiels erhält jeder Spieler einen Vorrat an Holz, Stein und Getreide, "
    "den er offen vor sich auslegt, damit alle anderen ihn jederzeit sehen können. "
    "Wer an der Reihe ist, darf zuerst tauschen und danach bauen, aber nie mehr als "
    "zwei Gebäude in einem einzigen Zug errichten, auch wenn er genug Vorrat hätte.",
    "Die Straßen verbinden die Dörfer miteinander und werden immer an eine eigene Straße "
    "oder ein eigenes Dorf angelegt, niemals aber an eine fremde Straße, die schon auf "
    "dem Plan liegt. Wer die längste ununterbrochene Straße besitzt, bekommt dafür am "
    "Ende der Partie zwei zusätzliche Punkte gutgeschrieben.",
    "Am Ende seines Zuges zieht der Spieler so lange Karten vom verdeckten Stapel nach, "
    "bis er wieder fünf Karten auf der Hand hält, und gibt dann den Würfel an seinen "
    "linken Nachbarn weiter, der sofort mit seinem eigenen Zug beginnt und dabei genauso "
    "vorgeht wie sein Vorgänger, bis alle Spieler an der Reihe waren.",
    "Ein Dorf darf nur auf einer freien Kreuzung stehen, deren drei benachbarte Kreuzungen "
    "ebenfalls frei sind, denn zwischen zwei Dörfern muss immer mindestens eine leere "
    "Kreuzung liegen bleiben, auch wenn die beiden Dörfer verschiedenen Spielern gehören "
    "und durch keine Straße miteinander verbunden werden.",
    "Wird eine Sieben gewürfelt, so erhält in dieser Runde niemand einen Ertrag, und jeder "
    "Spieler mit mehr als sieben Karten auf der Hand muss die Hälfte davon abwerfen, "
    "wobei er selbst entscheidet, welche Karten er abgibt und welche er für spätere "
    "Runden behält, um damit noch zu bauen oder zu handeln.",
    "Gehandelt wird nur mit dem Spieler, der gerade an der Reihe ist, und nur mit den "
    "Karten, die er offen auf den Tisch legt, während die übrigen Spieler untereinander "
    "nicht tauschen dürfen, solange der Zug noch nicht beendet ist und der Würfel noch "
    "nicht an den nächsten Spieler weitergegeben wurde.",
    "Sobald ein Spieler zehn oder mehr Punkte erreicht hat, endet die Partie sofort mit "
    "dem Ende seines Zuges, und es gewinnt der Spieler mit den meisten Punkten, wobei bei "
    "einem Gleichstand derjenige gewinnt, der mehr Städte gebaut hat und deshalb mehr "
    "Rohstoffe in jeder Runde einsammeln konnte als die anderen.",
)


def even_copy(*lines: str) -> str:
    """The lines (paragraphs, headings, list lines) as an evenly wrapped copy gives them."""
    return "".join(
        textwrap.fill(line, EVEN_WIDTH, break_on_hyphens=False) + "\n"
        for line in (*RUNNING_TEXT, *lines)
    )


def even_blocks(tmp_path: Path, *lines: str) -> list[str]:
    """The texts of the blocks the text path finds after the running text."""
    blocks = extract_string(tmp_path, even_copy(*lines)).blocks
    return [b.text for b in blocks][len(RUNNING_TEXT) :]


def test_an_evenly_wrapped_copy_keeps_its_paragraphs_apart(tmp_path: Path) -> None:
    blocks = extract_string(tmp_path, even_copy()).blocks
    assert [b.text for b in blocks] == list(RUNNING_TEXT)


def test_a_short_even_copy_keeps_its_stacked_lines_apart(tmp_path: Path) -> None:
    # Three paragraphs wrap a dozen times: enough to tell the copy is wrapped evenly, so
    # that the next word would have fitted on the full-looking second line.
    stacked = [
        "Benötigte Hilfsmittel",
        "2 Würfel (W6), 1 Würfelbecher, 1 Bierdeckel",
        "Anzahl Mitspieler",
        "Mindestens 3",
        "Regeln",
    ]
    copy = "".join(textwrap.fill(line, EVEN_WIDTH) + "\n" for line in (*stacked, *RUNNING_TEXT[:3]))
    assert [b.text for b in extract_string(tmp_path, copy).blocks][: len(stacked)] == stacked


def test_a_break_with_room_for_the_next_word_ends_a_block_in_an_even_copy(
    tmp_path: Path,
) -> None:
    # A displayed command between the parts of its sentence, and list lines in lower
    # case: each line ends before the next one's first word would have filled it.
    lines = (
        "Zum Starten der Partie gibt man",
        "spiele --neu",
        "ein und wartet, bis sich alle Mitspieler angemeldet haben.",
        "Jeder Spieler hat zu Beginn:",
        "zwei Dörfer auf dem Plan,",
        "eine Straße an jedem Dorf",
    )
    assert even_blocks(tmp_path, *lines) == list(lines)


def test_a_wrap_in_an_even_copy_goes_on_with_its_sentence(tmp_path: Path) -> None:
    # A capitalised function word or a list marker after a line that was full: the
    # sentence goes on, it is no new sentence and no list item.
    sentence = "Wer einen Ritter spielt, versetzt den Räuber. Siehe Punkte 1. und 2. oben."
    wrapped = textwrap.wrap(sentence, EVEN_WIDTH)
    assert wrapped[1] == "1. und 2. oben."  # the line break falls before the number
    assert even_blocks(tmp_path, sentence) == [sentence]


def test_rows_of_names_and_values_stay_apart_in_an_even_copy(tmp_path: Path) -> None:
    rows = (
        "Holz 3 Stein 2 Getreide 4 Wolle 1 Erz 0 Lehm 2 Gold 1 Zinn 5",
        "Holz 1 Stein 4 Getreide 2",
    )
    # A full line: the next row's first word would not have fitted on it.
    assert EVEN_WIDTH - len("Holz") < len(rows[0]) <= EVEN_WIDTH
    lines = ("Die Vorräte zu Beginn:", *rows, "Danach beginnt der älteste Spieler.")
    assert even_blocks(tmp_path, *lines) == list(lines)


def test_table_rows_wrapped_into_one_another_are_cut_apart_in_an_even_copy(
    tmp_path: Path,
) -> None:
    # Each row: a name, its worst state, the two ends of its scale side by side, its
    # best state.  Wrapped evenly, a row's cells run onto the next lines.
    rows = (
        "Handel Die Märkte liegen still und die Häfen verfallen 1 20 Blühender Handel"
        " mit allen Städten des ganzen Reiches",
        "Landesverteidigung Krieg an allen Grenzen und in jeder Provinz 1 20"
        " Dauerhafter Frieden mit den Nachbarn",
        "Bevölkerungswachstum Hunger und Not in allen Dörfern des Landes 1 20"
        " Volle Speicher in jedem Dorf",
    )
    wrapped = [textwrap.wrap(row, EVEN_WIDTH) for row in rows]
    assert all(len(lines) > 1 for lines in wrapped)
    # A row whose pair of values ends a line goes on with a capitalised cell.
    assert any(
        line.endswith("1 20") and following[:1].isupper()
        for lines in wrapped
        for line, following in pairwise(lines)
    )
    # No row ends where the next row's first word would have fitted: only the values
    # tell the rows apart.
    assert all(
        len(lines[-1]) + 1 + len(row.split()[0]) > EVEN_WIDTH
        for lines, row in zip(wrapped, rows[1:], strict=False)
    )
    lines = ("Die Bereiche des Landes:", *rows, "Danach beginnt der älteste Spieler.")
    assert even_blocks(tmp_path, *lines) == list(lines)


def test_a_sentence_cut_by_a_break_after_a_sentence_end_goes_on_in_an_even_copy(
    tmp_path: Path,
) -> None:
    # The page breaks the paragraph mid-sentence, on a short line after a comma; a
    # sentence ended on an earlier line of it: running text, which goes on.
    cut = (
        "Zu Beginn nimmt jeder Spieler drei Karten vom verdeckten Stapel auf die Hand. "
        "Wer dabei eine Karte mit einer Krone zieht,"
    )
    assert textwrap.wrap(cut, EVEN_WIDTH)[-1] == "zieht,"
    rest = "legt sie offen vor sich ab und zieht eine neue nach."
    assert even_blocks(tmp_path, cut, rest) == [f"{cut} {rest}"]


def test_a_sentence_under_a_full_line_without_a_sentence_end_starts_a_block_in_an_even_copy(
    tmp_path: Path,
) -> None:
    # The heading filled its line: only the sentence opening under it tells the break.
    heading = "Wertung der gesammelten Schätze und Edelsteine am Spielende"
    rule = "Die Spieler zählen ihre Schätze und nennen die Summe laut."
    assert len(heading) + 1 + len("Die") > EVEN_WIDTH >= len(heading)
    assert even_blocks(tmp_path, heading, rule) == [heading, rule]


def test_titles_and_cells_wrapped_inside_a_table_stay_in_their_row_in_an_even_copy(
    tmp_path: Path,
) -> None:
    # The last title or cell goes on to the next line: no heading over a name there,
    # nor two headings where nouns stand side by side at the wrap.
    titles = "Bereich Ungünstigster Zustand Stellung des Zeigers Günstigster Zustand"
    rows = (
        "Handel Die Märkte liegen still 1 20 Blühende Märkte Reiche Kaufleute",
        "Frieden Krieg an allen Grenzen des Landes 1 20 Dauerhafter Frieden",
        "Handwerk Verfallene und leere Werkstätten 1 20 Fleißige Meister mit vielen Gesellen",
        "Wald Kahle Hügel 1 20 Dichter Wald",
    )
    tails = [textwrap.wrap(line, EVEN_WIDTH)[1].split()[0] for line in (titles, *rows[:3])]
    assert tails == ["Günstigster", "Kaufleute", "Frieden", "Meister"]
    lines = ("Die Bereiche des Landes zeigt diese Tabelle.", titles, *rows)
    assert even_blocks(tmp_path, *lines) == list(lines)


def test_a_heading_over_a_heading_stays_apart_from_a_wrapped_one_in_an_even_copy(
    tmp_path: Path,
) -> None:
    rule = "Jeder Spieler zählt am Ende seine Schätze und nennt die Summe laut."
    first, second = "Die Wertung der gesammelten Schätze und Edelsteine", "Siegpunkte für Profis"
    # The first heading is full: the second's first word would not have fitted on it.
    assert len(first) + 1 + len("Siegpunkte") > EVEN_WIDTH
    assert even_blocks(tmp_path, first, second, rule) == [first, second, rule]
    # A heading wrapped after a word that joins it goes on.
    wrapped = "Die Wertung der gesammelten Schätze und Edelsteine der Spieler am Ende"
    assert textwrap.wrap(wrapped, EVEN_WIDTH)[0].endswith(" der")
    assert even_blocks(tmp_path, wrapped, rule) == [wrapped, rule]


def test_labels_run_along_wrapped_lines_end_no_block_in_an_even_copy(tmp_path: Path) -> None:
    # The wraps fall after a colon of labels run along the lines: one paragraph.
    legend = (
        "Die Felder tragen Abkürzungen (H/h: Holzfeld und Hain, S/s: Steinbruch, G/g: "
        "Getreidefeld, W/w: Weide am Fluss, E/e: Erzmine, L/l: Lehmgrube):"
    )
    assert [line[-1] for line in textwrap.wrap(legend, EVEN_WIDTH)] == [":", ":", ":"]
    assert even_blocks(tmp_path, legend, "Die Felder werden gemischt.") == [
        legend,
        "Die Felder werden gemischt.",
    ]


def test_running_text_at_the_end_of_an_even_copy_is_one_block(tmp_path: Path) -> None:
    # Without a sentence end, the last lines are no labels beside a picture one a line.
    caption = (
        "Der Händler zieht mit seinem Karren über die Brücke und winkt den Bauern zu, "
        "die auf dem Feld das Getreide ernten"
    )
    assert even_blocks(tmp_path, caption) == [caption]


def test_a_copy_in_proportional_type_is_not_taken_for_an_even_one() -> None:
    # Lines that break short of the longest ones although the next word would have
    # fitted, as letters of different widths make them: no reach to judge breaks by.
    lines = [
        line
        for number, paragraph in enumerate(RUNNING_TEXT)
        for line in textwrap.wrap(paragraph, EVEN_WIDTH - 12 * (number % 2))
    ]
    assert measure(lines).reach is None
    even = [line for paragraph in RUNNING_TEXT for line in textwrap.wrap(paragraph, EVEN_WIDTH)]
    assert measure(even).reach == EVEN_WIDTH


def test_a_counted_line_goes_on_inside_its_brackets(tmp_path: Path) -> None:
    text = (
        "Spielmaterial\n"
        "84 Wegeplättchen (mit Werten von 1 bis 7, davon\n"
        "42 mit heller Rückseite)\n"
        "24 Wasserplättchen\n"
    )
    blocks = [b.text for b in extract_string(tmp_path, text).blocks]
    assert blocks[1:] == [
        "84 Wegeplättchen (mit Werten von 1 bis 7, davon 42 mit heller Rückseite)",
        "24 Wasserplättchen",
    ]


def test_a_noun_after_its_adjective_is_no_title_in_an_even_copy(tmp_path: Path) -> None:
    # The line before is full and the noun set apart from the next line, as a title
    # under a full line is; but the adjective at the line's end wants its noun.
    item = "Es folgen zehn Stapel mit jeweils zwei übereinanderliegenden Wegeplättchen"
    assert textwrap.wrap(item, EVEN_WIDTH)[1] == "Wegeplättchen"
    lines = ("Der Weg wird so ausgelegt:", item, "Danach folgen zehn einzelne Plättchen.")
    assert even_blocks(tmp_path, *lines) == list(lines)


def test_a_sentence_after_a_wrap_goes_on_with_its_list_item_in_an_even_copy(
    tmp_path: Path,
) -> None:
    item = (
        "3. Nehmt euch einen Gegenstand eurer Wahl als Startmarker. (Stein, Ring oder "
        "Münze) Legt ihn vor die Person, die beginnt."
    )
    assert textwrap.wrap(item, EVEN_WIDTH)[0].endswith("Startmarker.")
    blocks = extract_string(tmp_path, even_copy(item, "Es wird reihum gespielt.")).blocks
    assert [(b.kind, b.text) for b in blocks[len(RUNNING_TEXT) :]] == [
        ("list-item", item),
        ("paragraph", "Es wird reihum gespielt."),
    ]


def test_a_colon_before_quoted_words_at_a_wrap_ends_no_block_in_an_even_copy(
    tmp_path: Path,
) -> None:
    call = "Wer als Erster eine Sieben würfelt, ruft so laut er kann: „Der Räuber kommt!“"
    assert textwrap.wrap(call, EVEN_WIDTH)[0].endswith("kann:")
    assert even_blocks(tmp_path, call, "Dann zieht er den Räuber.") == [
        call,
        "Dann zieht er den Räuber.",
    ]

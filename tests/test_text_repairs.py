"""OCR slips in text copied from a viewer: sure ones repaired and listed, unsure ones left.

Every sentence here is written for these tests; none comes from a bundled manual.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.extract import extract
from rulekit.extract.lexicon import Lexicon, german_lexicon
from rulekit.extract.slips import repair_slips
from rulekit.model import Extraction, TextLine


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return german_lexicon()


def lines_of(*texts: str) -> list[TextLine]:
    return [TextLine(text=t, page=None, line=n, role="body") for n, t in enumerate(texts, 1)]


def extract_string(tmp_path: Path, text: str) -> Extraction:
    path = tmp_path / "manual.txt"
    path.write_text(text, encoding="utf-8")
    return extract(path)


@pytest.mark.parametrize(
    "slip, word",
    [
        ("Feid", "Feld"),  # l read as i
        ("Regein", "Regeln"),  # a slip the compound analysis takes for "Reg-ein"
        ("Zieifeldern", "Zielfeldern"),
        ("Iegt", "legt"),  # l read as I
        ("1egt", "legt"),  # l read as 1
        ("Spielcr", "Spieler"),  # e read as c
        ("Karteu", "Karten"),  # n read as u
        ("Würfei", "Würfel"),  # its rival "Wurfei" the web hardly writes
        # The umlaut lost: the web writes "mussen" too, but "müssen" a hundred times more.
        ("mussen", "müssen"),
    ],
)
def test_a_sure_glyph_confusion_is_repaired_and_listed(
    lexicon: Lexicon, slip: str, word: str
) -> None:
    line = f"Danach {slip} jeder Mitspieler die Hälfte, oder?"
    fixed, repairs = repair_slips(lines_of(line), lexicon)
    assert fixed[0].text == line.replace(slip, word)
    assert [(r.kind, r.before, r.after, r.applied, r.line) for r in repairs] == [
        ("ocr", slip, word, True, 1)
    ]


def test_a_word_split_apart_is_joined(lexicon: Lexicon) -> None:
    fixed, repairs = repair_slips(lines_of("Alle Spieler ha ben zwei Karten."), lexicon)
    assert fixed[0].text == "Alle Spieler haben zwei Karten."
    assert [(r.kind, r.before, r.after) for r in repairs] == [("ocr-split", "ha ben", "haben")]


@pytest.mark.parametrize(
    ("slip", "word"),
    [("Tre ff er", "Treffer"), ("au ff ällig", "auffällig"), ("ö ff net", "öffnet")],
)
def test_a_word_split_around_its_ligature_is_joined(lexicon: Lexicon, slip: str, word: str) -> None:
    # A viewer copies a ligature glyph as its letters with a space on either side.
    fixed, repairs = repair_slips(lines_of(f"Wer zuerst {slip} sagt, gewinnt."), lexicon)
    assert fixed[0].text == f"Wer zuerst {word} sagt, gewinnt."
    assert [(r.kind, r.before, r.after) for r in repairs] == [("ligature-space", slip, word)]


def test_a_break_marked_with_a_not_sign_is_joined(tmp_path: Path) -> None:
    text = "Die Figur darf nicht auf ein Feld zie¬\nhen, das schon besetzt ist.\n"
    blocks = extract_string(tmp_path, text).blocks
    assert [b.text for b in blocks] == [
        "Die Figur darf nicht auf ein Feld ziehen, das schon besetzt ist."
    ]


@pytest.mark.parametrize(
    "line",
    [
        "Wer würfelt a und zieht d Felder, gewinnt.",  # one letter: labels, not slips
        "Das Kapitel 3 ff behandelt die Varianten.",  # a ligature's letters, no word around
        "Die Autoren Clara Beeken und Jonas Holm danken allen.",  # names keep their spelling
        "Der Zauberer Rauk verliert seine Kraft.",  # a short name near a rare word
        "Nimm die Karte in dem Moment, in dem sie fällt.",  # two words that also make one
        "Lege die M und W Plättchen aus.",  # letters as labels are no split word
        "Die Aktionen abhandeln dauert nie lange.",  # hunspell's compounding is no witness
        "Sie lesen lhrem Nachbarn vor.",  # "ihrem" or "Ihrem": two words fit
        # A word people write often though the dictionary misses it ("Nenner" is a glyph away).
        "Er hat zwei Fünfer und zwei Neuner auf der Hand.",
        # A verb with its particle, which no dictionary lists, is no slip of a rarer word
        # a glyph away ("hinausfuhren").
        "Ein Wurf, der über das Feld 4 hinausführen würde, verfällt.",
        # The plural of a number's card, which the dictionary holds only as "Neun".
        "Er hat vier Zweien, drei Neunen und einen Joker auf der Hand.",
    ],
)
def test_unsure_slips_are_left_alone(lexicon: Lexicon, line: str) -> None:
    fixed, repairs = repair_slips(lines_of(line), lexicon)
    assert fixed[0].text == line and repairs == []


def test_a_spelling_the_document_keeps_is_the_authors(lexicon: Lexicon) -> None:
    lines = lines_of(*["Der Held Kiil betritt die Burg."] * 3)
    assert repair_slips(lines, lexicon)[1] == []


def test_the_document_vouches_for_a_rarer_word(lexicon: Lexicon) -> None:
    lines = lines_of("Jedes Wegeplättchen zählt.", "Lege ein Wegeplattchen an.")
    fixed, repairs = repair_slips(lines, lexicon)
    assert fixed[1].text == "Lege ein Wegeplättchen an."
    assert [(r.before, r.after) for r in repairs] == [("Wegeplattchen", "Wegeplättchen")]


def test_halves_of_a_word_broken_at_the_line_end_are_left_to_the_join(lexicon: Lexicon) -> None:
    lines = lines_of("Stelle die Figur auf das Ziei-", "feid der Bahn.")
    fixed, repairs = repair_slips(lines, lexicon)
    assert fixed == lines and repairs == []


def test_text_path_repairs_slips_and_proposes_no_idle_guesses(tmp_path: Path) -> None:
    extraction = extract_string(
        tmp_path,
        "Spielaufbau\n\n"
        "Jeder Spieler stellt seine Figur auf das Feid mit der Zahl 1. Die Regein\n"
        "für das Ziehen stehen auf der Rückseite. Wer zuerst auf einem der Zieifeldern\n"
        "steht, gewinnt. Alle Spieler ha ben zu Beginn drei Karten auf der Hand.\n"
        "Der Startspieler würfelt a und zieht d Felder weit.\n",
    )
    text = extraction.blocks[1].text
    assert "das Feld mit" in text and "Die Regeln für" in text
    assert "der Zielfeldern steht" in text and "Spieler haben zu" in text
    assert "würfelt a und zieht d Felder" in text
    changes = {(r.kind, r.before, r.after, r.line) for r in extraction.repairs}
    assert changes == {
        ("ocr", "Feid", "Feld", 3),
        ("ocr", "Regein", "Regeln", 3),
        ("ocr", "Zieifeldern", "Zielfeldern", 4),
        ("ocr-split", "ha ben", "haben", 5),
    }


def test_a_diaeresis_copied_beside_its_vowel_is_set_on_it(tmp_path: Path) -> None:
    # A TeX-set PDF hands its umlauts over as a spacing diaeresis before the vowel.
    copied = "Jeder erh\u00a8alt 5 Karten und w\u00a8urfelt \u00a8uber den Zug."
    extraction = extract_string(tmp_path, f"Spielregel\n{copied}\n")
    assert extraction.blocks[-1].text == "Jeder erhält 5 Karten und würfelt über den Zug."
    assert [(r.kind, r.before) for r in extraction.repairs] == [("accent", copied)]


def test_a_symbol_fonts_bullet_glyph_opens_a_list_item(tmp_path: Path) -> None:
    # A Word document's bullets copy as Private Use Area codes.
    path = tmp_path / "manual.txt"
    path.write_text(
        "Spielmaterial\n\uf0b7 1 Spielplan\n\uf0b7 16 Spielfiguren\n\uf0b7 1 Würfel\n"
        "Spielablauf\nWer am Zug ist, würfelt und zieht.\n",
        encoding="utf-8",
    )
    extraction = extract(path, None)
    assert [(b.kind, b.text) for b in extraction.blocks][:4] == [
        ("heading", "Spielmaterial"),
        ("list-item", "• 1 Spielplan"),
        ("list-item", "• 16 Spielfiguren"),
        ("list-item", "• 1 Würfel"),
    ]
    assert [(r.kind, r.line) for r in extraction.repairs if r.kind == "bullet"] == [
        ("bullet", 2),
        ("bullet", 3),
        ("bullet", 4),
    ]


def test_a_word_broken_before_the_end_of_its_sentence_is_joined(tmp_path: Path) -> None:
    # "Tasmanier" is a word no dictionary here knows; an abbreviation after a hyphen
    # goes on as a conjunction would ("Ein- bzw. Ausgänge").
    copy = (
        "Spielablauf\n"
        "Wer an der Reihe ist, zieht seinen Tas-\n"
        "manier. Die Ein-\n"
        "bzw. Ausgänge des Baus sind frei.\n"
    )
    text = " ".join(block.text for block in extract_string(tmp_path, copy).blocks)
    assert "zieht seinen Tasmanier. Die Ein- bzw. Ausgänge" in text


def test_a_name_in_capitals_written_in_its_own_case_elsewhere_is_no_slip(
    tmp_path: Path,
) -> None:
    copy = (
        "GRÄF-SPIELE\n"
        "EULENFLUG\n"
        "Ein lustiges Würfelspiel im nächtlichen Wald\n"
        "Wer an der Reihe ist, würfelt und zieht eine Eule.\n"
        "© 1976 by Wendelin Gräf KG · Spielefabrik\n"
    )
    extraction = extract_string(tmp_path, copy)
    assert extraction.blocks[0].text == "GRÄF-SPIELE"
    assert not [r for r in extraction.repairs if r.before == "GRÄF-SPIELE"]

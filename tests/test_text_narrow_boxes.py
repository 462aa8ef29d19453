"""Viewer's copies with narrow boxes, pictures and headings said to the reader: where a
box set narrower than its column, the box's facts, an imprint, a count at a line's end,
a picture's labels among its callout numbers, and headings stacked, said as an action
or to the reader stand."""

from __future__ import annotations

from pathlib import Path

from rulekit.extract import extract

COPIES = Path(__file__).parent / "data" / "invented" / "copies"


def blocks(stem: str) -> list[str]:
    """The texts of a copy's blocks, but for figure text."""
    return [b.text for b in extract(COPIES / f"{stem}.txt", None).blocks if b.kind != "figure"]


def test_a_box_narrower_than_its_column_wraps_at_its_own_reach() -> None:
    found = blocks("rueblirennen")
    # The summary box wraps at 27 characters in columns of 33: its items run on.
    for item in (
        "Vorwärts: Rüebli laut Tabelle bezahlen, höchstens 10 Felder.",
        "Zahlenfeld: Zahl gleich Platz bringt 10 Rüebli pro Platz.",
        "Rüeblifeld: stehen bleiben und 10 Rüebli nehmen oder abgeben.",
    ):
        assert item in found
    # Outside the box, the facts under the title, a count at a line's end, the imprint's
    # lines and a heading said as a clause over a name stand as printed.
    for line in (
        "Für 2 bis 6 Spielerinnen und Spieler ab 10 Jahren",
        "Spieldauer: etwa 45 Minuten",
        "1 Spielplan mit Startfeld, 64 Rennfeldern und Ziel",
        "Was die Felder bewirken",
        "Salatfelder",
        "© 2006 Alpenfuchs Spiele AG, Bahnhofstrasse 12, 3400 Burgdorf",
        "www.alpenfuchs-spiele.ch",
    ):
        assert line in found


def test_a_heading_that_names_an_action_heads_its_paragraph() -> None:
    found = blocks("zwergenpfad")
    at = found.index("Startfeld frei machen")
    assert found[at + 1].startswith("Solange noch Zwerge in deiner Hütte warten,")


def test_labels_among_a_pictures_callouts_and_a_number_a_clause_goes_on_after() -> None:
    found = blocks("gaensemarsch")
    # Names one under another beside a picture, with or without its callout numbers,
    # are its labels: no heading.
    for label in ("Teichfeld", "Weiß", "Lila", "Startfeld"):
        assert label not in found
    assert "1 Spielplan (Vorderseite für 2 bis 4 Spieler, Rückseite für 5 und 6 Spieler)" in found
    found = blocks("zehnkapitel")
    assert any(
        text.startswith("Beispiel: Noah arbeitet an Kapitel 7 und braucht") for text in found
    )


def test_a_heading_with_a_typographic_apostrophe_and_an_adjective_after_a_count() -> None:
    found = blocks("hasenhatz")
    at = found.index("So geht’s los")
    assert found[at + 1].startswith("1. Legt den Spielplan in die Tischmitte")
    assert "Im Stapel stecken acht verschiedene Hasenkarten:" in found


def test_a_heading_said_to_the_reader_stands_over_the_first_piece() -> None:
    found = blocks("zehnbaustellen")
    at = found.index("Das brauchst du")
    assert found[at + 1] == "108 Spielkarten:"


def test_a_short_box_between_full_lines_wraps_at_its_own_reach() -> None:
    found = blocks("zehnlaternen")
    # Four lines of a "Hinweis:" box, 44 characters in a leaflet of 55.
    assert (
        "Mit dem Auslegen zu warten, kann sich lohnen: Die Mitspieler erfahren dann weniger "
        "über die eigenen Karten. Allerdings drohen viele Minuspunkte, wenn ein anderer die "
        "Runde überraschend beendet." in found
    )


def test_the_title_over_the_box_facts_stays_though_the_running_head_repeats_it() -> None:
    found = blocks("fuchsjagd")
    assert found[:3] == [
        "Wendt & Hollerbach",
        "Fuchsjagd",
        "Das listige Laufspiel rund um den Fuchsbau",
    ]
    assert found.count("Fuchsjagd") == 1  # the running heads of pages 2 to 4 are out


def test_a_sentence_the_page_cuts_after_a_comma_reads_on_over_the_page_break() -> None:
    found = blocks("fuchsjagd")
    # "… auf seinem Feld," / "bis ihn" / "- 3 -" / "Fuchsjagd" / "ein Spieler …"
    assert any(
        "Der Jäger bleibt so lange auf seinem Feld, bis ihn ein Spieler mit der nächsten "
        "Eins versetzt." in text
        for text in found
    )


def test_a_numbered_list_of_values_is_no_run_of_headings() -> None:
    found = blocks("zehnfenster")
    at = found.index("Die zehn Fenster")
    assert found[at + 1 : at + 3] == ["1: 2 Drillinge", "2: 1 Drilling + 1 Viererfolge"]
    kinds = {b.text: b.kind for b in extract(COPIES / "zehnfenster.txt", None).blocks}
    assert kinds["1: 2 Drillinge"] != "heading"


def test_a_number_the_sentence_goes_on_with_over_the_page_break_reads_on() -> None:
    found = blocks("rabenrennen")
    # "… auf das Windfeld" / running foot / "— 4 —" / "47 zurückfliegen und …"
    assert any("auf das Windfeld 47 zurückfliegen und erhält dafür 35 Nüsse." in t for t in found)


def test_an_icons_text_stands_apart_as_figure_text() -> None:
    extracted = extract(COPIES / "zehnfenster.txt", None).blocks
    kinds = {b.text: b.kind for b in extracted}
    assert kinds["[Symbol Glaskarte]"] == "figure"
    assert kinds["[Symbol Karte ziehen]"] == "figure"  # though a colon announced a list
    assert kinds["Die Karten"] == "heading"
    assert kinds["1. Karte ziehen"] == "list-item"


def test_a_full_line_that_opens_a_sentence_reads_on_over_the_page_break() -> None:
    # "Hast du nach dem Auslegen und Anlegen" / "Seite 2 von 4" / "keine Handkarte …"
    assert (
        "Hast du nach dem Auslegen und Anlegen keine Handkarte mehr übrig, wirfst du nichts ab."
        in blocks("zehnfenster")
    )


def test_a_number_the_sentence_wanted_ends_it_and_a_count_wants_its_noun() -> None:
    found = blocks("kaesejagd")
    # "… zieht 4 Felder weit auf Feld" / "27." / "Käsefeld": the heading stands apart.
    at = found.index("Käsefeld")
    assert found[at - 1].endswith("zieht 4 Felder weit auf Feld 27.")
    # "… und 10" / "Krümel nehmen", "… höchstens 20" / "Krümel" in the summary box.
    assert "Krümelfeld: stehen bleiben und 10 Krümel nehmen" in found
    assert "Speisekammer: ohne Käse, höchstens 20 Krümel" in found
    # But the last of values listed counts nothing: the next piece stands apart.
    found = blocks("ameisenstrasse")
    assert "Zuckerstücke (Spielgeld) im Wert von 1, 5, 10 und 50" in found
    assert "16 Krümelkarten" in found


def test_a_sentence_the_page_cuts_in_an_evenly_wrapped_leaflet_reads_on() -> None:
    found = blocks("spatzenrennen")
    # "… alle Felder mitgezählt," / "- 2 -" / "auch die besetzten."
    assert any("Beim Hüpfen werden alle Felder mitgezählt, auch die besetzten." in t for t in found)
    # A numbered paragraph the page cuts after an article: "… müßte in der" / "- 3 -".
    assert any("müßte in der Dachrinne über den vorderen hinweghüpfen" in t for t in found)


def test_a_row_whose_cells_the_copy_parts_by_spaces_is_no_heading() -> None:
    kinds = {b.text: b.kind for b in extract(COPIES / "zehnlaternen.txt", None).blocks}
    for row in ("Phase 1   2 Drillinge", "Phase 6   7 Karten einer Farbe"):
        assert kinds[row] == "paragraph"


def test_an_abbreviation_a_line_end_parts_reads_on() -> None:
    # "… einen seiner Pilze fressen, d." / "h. in die Schachtel zurücklegen."
    assert any(
        "muß der Spieler sofort einen seiner Pilze fressen, d. h. in die Schachtel zurücklegen."
        in text
        for text in blocks("rehsprung")
    )


def test_a_margin_note_wraps_at_its_own_reach_under_a_narrower_paragraph() -> None:
    found = blocks("linsenlauf")
    # "Hinweis" beside the text, four lines of 28 characters in a copy wrapped at 70,
    # after an example whose lines stop short of 70: the note wraps at its own reach.
    assert (
        "Die Linsen vom Krümelfeld kommen nicht aus dem Vorrat, sondern aus den Beuteln "
        "deiner Mitspieler." in found
    )


def test_the_last_label_of_credits_run_along_a_line_goes_on_with_its_name() -> None:
    assert "Spielidee: Gerlinde Ammer · Illustration: Ulrich Feldhaus" in blocks("spechtflug")
    assert "Autor: Bernd Wallhöfer · Grafik und Satz: Kerstin Lambrecht" in blocks("zehnbuehnen")


def test_a_place_numbered_over_the_line_break_and_names_that_run_on_in_a_piece() -> None:
    found = blocks("amselweg")
    # "… zieht genau auf Zielfeld" / "1. Grün hat gewonnen.": no list opens after "auf Feld".
    assert any(text.endswith("zieht genau auf Zielfeld 1. Grün hat gewonnen.") for text in found)
    found = blocks("rapslauf")
    # "6 Bienen aus Holz in den Farben" / "Gelb, Rot, Blau, Grün, Weiß und" / "Schwarz".
    assert "6 Bienen aus Holz in den Farben Gelb, Rot, Blau, Grün, Weiß und Schwarz" in found


def test_items_described_alike_are_a_list_and_the_text_after_them_stands_apart() -> None:
    found = [(b.kind, b.text) for b in extract(COPIES / "rapslauf.txt", None).blocks]
    at = found.index(("paragraph", "Blütenfelder mit einer gelben Rapsblüte"))
    # Items of the list a colon announced, none a heading, and the text after them.
    assert found[at : at + 5] == [
        ("paragraph", "Blütenfelder mit einer gelben Rapsblüte"),
        ("paragraph", "Platzfelder mit einer Zahl von 1 bis 4"),
        ("paragraph", "Wabenfelder mit einem Stück Honigwabe"),
        ("paragraph", "Windfelder mit einer Windrose"),
        (
            "paragraph",
            "Auf den Wiesenfeldern geschieht nichts Besonderes. Was die übrigen Felder "
            "bedeuten, erfahren Sie auf Seite 3.",
        ),
    ]


def test_a_labelled_tip_is_no_credit_whose_name_ends_its_line() -> None:
    # "Ein Tip: Sparen Sie Ihre" / "Honigtropfen nicht zu ängstlich!": no credit's label
    # and name ("Redaktion: Barbara Stucki") ends the line, for no name says "Sie".
    assert any(
        "Ein Tip: Sparen Sie Ihre Honigtropfen nicht zu ängstlich!" in text
        for text in blocks("rapslauf")
    )


def test_a_box_longer_than_a_window_wraps_at_its_own_reach_and_labels_start_its_lines() -> None:
    found = blocks("fenchellauf")
    # An example box of 38 characters in a copy wrapped at 44, seven lines long.
    assert (
        "In seinem nächsten Zug gibt er 10 Fenchel ab, weil er fürs Ziel ohnehin zu viele hat."
        in found
    )
    # A box's title over its cards, each opened by a run-in label.
    at = found.index("Die Ereigniskarten im Überblick")
    assert found[at + 1] == "Rückenwind: Zieh sofort bis zu 3 Felder vor, ohne dafür zu bezahlen."


def test_an_item_wrapped_and_ended_by_a_comma_stands_apart_and_the_list_ends_at_a_full_stop() -> (
    None
):
    found = blocks("kartoffellauf")
    # "… Kartoffeln bezah-" / "len," / "rückwärts …": the item before ends in its comma.
    at = found.index("vorwärts ziehen und dafür Kartoffeln bezahlen,")
    assert found[at + 1].startswith("rückwärts auf ein Igelfeld ziehen und dafür Kartoffeln")
    # A line that opens with the first item's word after the list ended is no item.
    assert any(
        text.startswith("Du bestimmst selbst, wie viele Felder du vorwärts ziehst.")
        for text in found
    )


def test_a_count_after_the_page_break_and_a_boxs_lower_case_line_go_on() -> None:
    # "… liegt er auf Platz 3 und erhält" / page number / running head / "30 Bucheckern, …"
    assert any(
        "liegt er auf Platz 3 und erhält 30 Bucheckern, bevor er weiterzieht." in text
        for text in blocks("igelpfad")
    )
    # A note's box of 28 characters in a column of 68: "… wenn du kurz vor" / "dem Ziel …"
    assert any(
        "Linsen los, wenn du kurz vor dem Ziel noch zu viele hast." in text
        for text in blocks("linsenlauf")
    )

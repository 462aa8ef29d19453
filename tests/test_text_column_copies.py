"""A viewer's copy of a rulebook set in columns with narrow boxes beside them: where a
line that looks like a heading, a marker or a sentence's start goes on with the line
before, and where rows described in brackets, a table's head and a box's remark stand."""

from __future__ import annotations

from pathlib import Path

from rulekit.extract import extract


def texts(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "manual.txt"
    path.write_text(text, encoding="utf-8")
    return [b.text for b in extract(path, None).blocks]


# The end of a rulebook in three narrow columns that addresses its reader with "Sie":
# the answers of its questions, a sentence over a page break and the closing wish.
ANSWERS = """\
Häufige Fragen
Muß der Spieler auch dann ziehen,
wenn Sie ihm davon abraten?
Ja, jeder Wurf muß gezogen werden.
Muß das Startfeld auch dann
freigemacht werden, wenn kein
eigener Kutter mehr wartet?
Nein, wer seinen letzten
Kutter aus dem Hafen geholt
hat, darf ihn dort stehenlassen.
Nach dem Abwerfen ist euer linker
3
Nachbar an der Reihe.
Und nun: Leinen los und all-
zeit gute Fahrt wünscht Ihnen
Ihr Möwenspiele-Verlag!
"""


def test_answers_a_page_break_and_a_closing_wish_go_on_over_their_lines(
    tmp_path: Path,
) -> None:
    found = texts(tmp_path, ANSWERS)

    def one_block(sentence: str) -> bool:
        return any(sentence in text for text in found)

    # An answer's clause ends in an adjective after a possessive: it wants its noun.
    assert one_block(
        "Nein, wer seinen letzten Kutter aus dem Hafen geholt hat, darf ihn dort stehenlassen."
    )
    assert one_block("Nach dem Abwerfen ist euer linker Nachbar an der Reihe.")
    # A copy that capitalises "Sie" inside a sentence capitalises "Ihr" there too.
    assert one_block(
        "Und nun: Leinen los und allzeit gute Fahrt wünscht Ihnen Ihr Möwenspiele-Verlag!"
    )


# A full-width page with a box set narrow beside its text: the material with a bracket
# left open over a line's end, kinds of fields described in brackets one a line, a
# table's head over its rows, and remarks in the box.
PAGE = """\
Spielmaterial
120 Honigtöpfchen-Plättchen (50 × Wert 1, 40 × Wert 5, 30 × Wert
10)
24 Bienenkarten
Der Spielplan
Die Rennstrecke führt vom Startfeld über 60 nummerierte Wegfel-
der bis ins Kleefeld. Die meisten Wegfelder sind einfache
Wiesenfelder, dazwischen liegen drei Arten von Sonderfeldern:
Bienenstöcke (gelb, mit einem Bienenkorb)
Blumenfelder (grün, mit einer Sonnenblume)
Dachsfelder (braun, mit einem Dachsbau)
Nach jeder Runde zählt ihr die Karten, die ihr noch auf der Hand
habt:
Karte Strafpunkte
Zahlenkarte 1 bis 6 5
Zahlenkarte 7 bis 12 10
Wer zuerst im Kleefeld ankommt, darf seinen Bären auf das oberste
Treppchen stellen; die anderen folgen in der Reihenfolge ihrer
Ankunft, bis alle Bären das Ziel erreicht haben.
Tipp: Legt eure
Honigtöpfchen nach Werten
sortiert vor euch ab.
Tipp: Hebt euch „Honigbrot“
für einen langen Zug auf.
Bei einem Zug über 12 Felder
spart ihr damit 77 Honig-
töpfchen!
"""


def test_a_bracket_rows_a_tables_head_and_a_narrow_boxs_remarks(tmp_path: Path) -> None:
    found = texts(tmp_path, PAGE)
    # The line that closes a bracket is its rest, not a marker ("10)").
    assert "120 Honigtöpfchen-Plättchen (50 × Wert 1, 40 × Wert 5, 30 × Wert 10)" in found
    assert "24 Bienenkarten" in found
    # Things described in brackets stand one a line.
    assert "Bienenstöcke (gelb, mit einem Bienenkorb)" in found
    assert "Blumenfelder (grün, mit einer Sonnenblume)" in found
    # A table's head stands apart from its rows.
    assert "Karte Strafpunkte" in found
    assert "Zahlenkarte 1 bis 6 5" in found
    # A possessive at a line's end wants its noun.
    assert "Tipp: Legt eure Honigtöpfchen nach Werten sortiert vor euch ab." in found
    # A sentence that ends on a full line of the narrow box goes on in its paragraph.
    assert (
        "Tipp: Hebt euch „Honigbrot“ für einen langen Zug auf. Bei einem Zug über 12 Felder"
        " spart ihr damit 77 Honigtöpfchen!" in found
    )


# Pages of a rulebook in a games collection: a piece counted over two lines, a sentence
# over a page break after a full clause, a subsection's decimal heading and the credits
# over the pointer to the next game.
COLLECTION = """\
Das brauchst du
1 Spielplan (Seite „Bergwerk“)
16 Spielfiguren in Rot, Blau, Gelb und Grün,
je 4 pro Farbe (die Bergleute)
1 Würfel
3. Spielablauf
Würfelst du eine 6, darfst du nach deinem Zug noch
einmal würfeln. Nach der dritten 6 hintereinander führst du
deinen Zug noch aus,
16
dann ist der nächste Spieler an der Reihe.
5. Varianten
5.1 Für Einsteiger: Ohne Sperre
Spielst du mit jüngeren Kindern, kannst du
die Sperre einfach weglassen.
Regelbearbeitung: Hollerbusch-Redaktion · Illustration: Jonas Wehrle
Weiter geht es mit Spiel 8: Kistenpacker auf Seite 20.
"""


def test_a_piece_a_page_break_a_decimal_heading_and_credits(tmp_path: Path) -> None:
    found = texts(tmp_path, COLLECTION)
    # How the pieces are shared goes on with them.
    assert "16 Spielfiguren in Rot, Blau, Gelb und Grün, je 4 pro Farbe (die Bergleute)" in found
    # A clause left open by its comma before a page break goes on after it.
    assert any(
        text.endswith("führst du deinen Zug noch aus, dann ist der nächste Spieler an der Reihe.")
        for text in found
    )
    # A subsection's decimal number heads its line.
    assert "5.1 Für Einsteiger: Ohne Sperre" in found
    assert "Spielst du mit jüngeren Kindern, kannst du die Sperre einfach weglassen." in found
    # A line of credits ends its paragraph.
    assert "Weiter geht es mit Spiel 8: Kistenpacker auf Seite 20." in found


# A leaflet in narrow columns: a worked example in numbered moves, a number wrapped to
# a line's start, an answer under its question, contracts named and numbered one a line,
# and a variant's title in capitals.
LEAFLET = """\
Beispiel
1. Mias gelbe Schnecke steht
auf Feld 23, und Mia hat nur
noch 4 Kleeblätter.
2. Mia zieht deshalb auf das
nächste freie Igelfeld, Feld
16. Das sind 7 Felder, also
bekommt sie 70 Kleeblätter.
Wann ist das Spiel zu Ende?
Sobald die erste Schnecke im
Salatbeet ankommt, hat ihr
Spieler gewonnen.
Die Schlüssel verlangen im einzelnen:
Schlüssel 1 – 2 Drillinge
Schlüssel 2 – 1 Drilling + 1 Viererfolge
Schlüssel 3 – 1 Farbe aus 5 Karten + 1
Drilling
Schlüssel 4 – 1 Fünfling + 1 Viererfolge
Für geübte Spieler schlagen wir die
folgenden Abwandlungen vor.
VARIANTE 1: DIE KURZE PARTIE
Steht weniger Zeit zur Verfügung, so
werden nur die Schlüssel 1, 3 und 5 gespielt.
"""


def test_numbered_moves_an_answer_named_parts_and_a_title_in_capitals(tmp_path: Path) -> None:
    found = texts(tmp_path, LEAFLET)
    # A number that does not count on from the open move goes on with its sentence.
    assert (
        "2. Mia zieht deshalb auf das nächste freie Igelfeld, Feld 16. Das sind 7 Felder, also "
        "bekommt sie 70 Kleeblätter." in found
    )
    # A condition left open by a preposition is no heading.
    assert "Sobald die erste Schnecke im Salatbeet ankommt, hat ihr Spieler gewonnen." in found
    # Parts named and numbered one after another stand a line each; a count wants its noun.
    assert "Schlüssel 1 – 2 Drillinge" in found
    assert "Schlüssel 3 – 1 Farbe aus 5 Karten + 1 Drilling" in found
    # A title in capitals stands over its text.
    assert "VARIANTE 1: DIE KURZE PARTIE" in found


# A sheet in three narrow columns as Chromium copies it: CRLF, no hyphen breaks, bullets.
BULLETS = (
    "Schlagen\r\n"
    "Wer schlagen kann, muss schlagen.\r\n"
    "Vergisst ein Spieler das, wird er\r\n"
    "„gestupst“:\r\n"
    "• Jeder Mitspieler, der den\r\n"
    "Fehler bemerkt, darf „Stups!“\r\n"
    "rufen.\r\n"
    "• Der Igel, der hätte schlagen\r\n"
    "müssen, wandert zurück.\r\n"
    "Die Zielgasse\r\n"
    "In der Zielgasse gelten besondere\r\n"
    "Regeln:\r\n"
    "• Man darf dort keinen Igel\r\n"
    "überspringen.\r\n"
    "Illustration: Tobias Reuter\r\n"
    "© 2004 Distelfink Spiele GmbH,\r\n"
    "Made in Germany\r\n"
    "www.distelfink-spiele.de\r\n"
)


def test_a_quoted_call_a_label_left_wanting_and_an_imprint_after_a_comma_go_on(
    tmp_path: Path,
) -> None:
    found = texts(tmp_path, BULLETS)
    assert "• Jeder Mitspieler, der den Fehler bemerkt, darf „Stups!“ rufen." in found
    assert "In der Zielgasse gelten besondere Regeln:" in found
    assert "© 2004 Distelfink Spiele GmbH, Made in Germany" in found
    assert "Regeln:" not in found


def test_three_page_numbers_that_count_on_carry_a_sentence_over_the_running_head(
    tmp_path: Path,
) -> None:
    # Page 1 bears no number; "2", "3" and "4" count the others, each over the game's
    # name, which heads every page after the first.
    body = [f"Regel {n}: Wer an der Reihe ist, zieht so weit, wie er bezahlt." for n in range(20)]
    lines = [
        "KRESSEJAGD",
        "Für 2 bis 6 Spieler ab 8 Jahren",
        *body,
        "KRESSEJAGD",
        *body[:18],
        "Dafür erhältst du 10 Kressebündel für jeden",
        "2",
        "KRESSEJAGD",
        "Hasen, der vor dir liegt, mindestens aber 10.",
        *body[:17],
        "3",
        "KRESSEJAGD",
        *body[:17],
        "4",
    ]
    found = texts(tmp_path, "\n".join(lines) + "\n")
    assert (
        "Dafür erhältst du 10 Kressebündel für jeden Hasen, der vor dir liegt, mindestens "
        "aber 10." in " ".join(found)
    )
    assert found.count("KRESSEJAGD") == 1


def test_ligature_characters_a_label_after_a_full_line_and_an_address_over_a_dot() -> None:
    # A copy of a font that keeps its ligatures ("Pﬁff"); one in narrow columns with a
    # label its line could not hold and an imprint whose next line opens with the dot
    # that parts its items.
    copies = Path(__file__).parent / "data" / "invented" / "copies"
    wide = [b.text for b in extract(copies / "murmelbahn.txt", None).blocks]
    narrow = [b.text for b in extract(copies / "zehnkerzen.txt", None).blocks]
    assert any(
        text.startswith("Für jüngere Kinder empfehlen wir, ohne Felsbrocken zu spielen; die Pfiff")
        for text in wide
    )
    assert "Neben den Zahlenkarten gibt es zwei Sorten Sonderkarten:" in narrow
    assert "© 2014 Mondkalb Spiele GmbH · Am Kalkofen 7 · 96047 Bamberg" in narrow


# The imprint of a 1980s leaflet: a firm, and its address with the street after the town.
IMPRINT = """\
Viel Freude beim Spiel!
VEB Spielwaren Elbtal
DDR – 8300 Pirna, Am Gondelhafen 4
Made in GDR
"""


def test_an_address_with_the_street_after_the_town_stands_apart(tmp_path: Path) -> None:
    found = texts(tmp_path, IMPRINT)
    assert "DDR – 8300 Pirna, Am Gondelhafen 4" in found


def test_no_break_on_purpose_leaves_a_noun_phrase_open() -> None:
    # Two columns wrapped evenly at 44 characters, a line left at "ein fremder" where
    # "Kranich," would have fitted.
    copy = Path(__file__).parent / "data" / "invented" / "copies" / "kranichzug.txt"
    found = [b.text for b in extract(copy, None).blocks]
    assert any(
        text.endswith(
            "Steht auf dem Startfeld ein fremder Kranich, wenn dort ein neuer Kranich aus "
            "dem Nest eingesetzt wird, so wird auch dieser geschlagen."
        )
        for text in found
    )


# A box's facts that name the players after the game's theme, and a field's number that
# a narrow column carries to the next line, where it looks like an item's.
THEMED_FACTS = """\
Zehn Kessel
Das Hexen-Kartenspiel um zehn Zaubertränke
Für 2 bis 6 Hexen und Hexer ab 9 Jahren
Spieldauer: etwa 45–75 Minuten
Rot zieht deshalb lieber zu-
rück. Auf dem Komposthaufen 37
sitzt Gelb; der nächste freie
Komposthaufen liegt auf Feld
33. Rot setzt seine Schnecke
also 7 Felder zurück und
erhält dafür 21 Scheiben.
"""


def test_themed_players_stand_apart_and_a_fields_number_goes_on(tmp_path: Path) -> None:
    found = texts(tmp_path, THEMED_FACTS)
    assert "Für 2 bis 6 Hexen und Hexer ab 9 Jahren" in found
    assert any("liegt auf Feld 33. Rot setzt seine Schnecke" in text for text in found)


def test_an_age_goes_on_with_the_phrase_its_count_of_players_ends(tmp_path: Path) -> None:
    box = (
        "ZEHN BRUNNEN\nEin Kartenspiel für 2 bis 6 Spieler\nab 10 Jahren\n"
        "Spieldauer: etwa 60 bis 90 Minuten\n"
    )
    found = texts(tmp_path, box)
    assert "Ein Kartenspiel für 2 bis 6 Spieler ab 10 Jahren" in found
    # under the title, facts one a line stand apart
    found = texts(tmp_path, "GARTENZAUN\n2–4 Spieler\nab 5 Jahren\n")
    assert "2–4 Spieler" in found


def test_a_leaflets_section_signs_footnotes_wrapped_pieces_and_credits() -> None:
    # Two columns of a 1960s leaflet: a heading "§ 9 …" under the page number, a
    # footnote "* Gilt nicht …" under an example, the colours of a piece wrapped onto a
    # line of their own, and credits under a list of other games.
    copy = Path(__file__).parent / "data" / "invented" / "copies" / "stieglitzweg.txt"
    blocks = [(b.kind, b.text) for b in extract(copy, None).blocks]
    assert ("heading", "§ 9 Das Ende des Spieles") in blocks
    assert any(text.startswith("* Gilt nicht, wenn zwischen") for _, text in blocks)
    assert any(
        text == "24 Stieglitze aus Holz, je 4 in den Farben Rot, Gelb, Grün, Blau, Weiß und Schwarz"
        for _, text in blocks
    )
    assert any(text == "Spielidee und Entwurf: Walther Korsing" for _, text in blocks)


def test_a_bracket_left_open_after_a_joining_word_goes_on() -> None:
    # One column wrapped evenly at 72 characters: "… Grün und" where "Ocker," would
    # have fitted, inside the bracket the line leaves open.
    copy = Path(__file__).parent / "data" / "invented" / "copies" / "zehnkutschen.txt"
    texts = [b.text for b in extract(copy, None).blocks]
    assert (
        "• 96 Wegkarten (Zahlen 1 bis 12 in den Farben Rot, Blau, Grün und Ocker, jede Karte "
        "zweimal)" in texts
    )

"""A viewer's copy of lists and tables set in narrow columns: names one a line under a
colon, rows of labels and values under their title, a row wrapped over two lines, a
label after names a comma leaves open, and the lines that look like a heading but go
on with a sentence (a question word before a possessive, a verb under a comma, a
clause after a semicolon) or stand apart from it (an imprint's address)."""

from __future__ import annotations

from pathlib import Path

from tests.test_text_narrow_copies import blocks

# A column of 40 to 45 characters: names one a line after the colon that announced them.
FIELDS = """\
Der Spielplan
Die Rennstrecke führt vom Startfeld über 40
nummerierte Felder bis ins Ziel. Die meisten
Felder sind einfache Erdfelder ohne beson-
dere Wirkung. Dazwischen liegen vier Arten
von Sonderfeldern:
Radieschenfelder
Maulwurfsfelder
Gießkannenfelder
Vogelscheuchenfelder
Was die Sonderfelder bewirken, steht auf
Seite 3.
"""


def test_names_one_a_line_under_a_colon_are_items_of_their_own(tmp_path: Path) -> None:
    found = [text for _, text in blocks(tmp_path, FIELDS)]
    names = ["Radieschenfelder", "Maulwurfsfelder", "Gießkannenfelder", "Vogelscheuchenfelder"]
    start = found.index(names[0])
    assert found[start : start + 5] == [*names, "Was die Sonderfelder bewirken, steht auf Seite 3."]


# Three columns of 24 to 31 characters: a title over rows of labels and values, two of
# them wrapped, and a label after names a comma leaves open.
LOCKS = """\
Jede Schleuse verlangt eine
oder mehrere der folgenden
Kombinationen:
Paar, Drilling, Vierling,
Fünfling: zwei, drei, vier
oder fünf Karten mit derselben
Zahl. Die Farben sind dabei
egal.
Reihe: Karten mit aufeinander-
folgenden Zahlen ohne Lücke.
Auf der Kanaltafel steht euer
Boot immer vor der Schleuse,
die ihr als Nächstes öffnen
müsst.
Die zehn Schleusen
Schleuse 1: 2 Drillinge
Schleuse 2: 1 Drilling + 1
Reihe aus 4 Karten
Schleuse 3: 1 Vierling + 1
Reihe aus 4 Karten
Schleuse 4: 1 Reihe aus 7 Karten
Schleuse 5: 2 Vierlinge
Vorbereitung
Mischt alle Karten gut durch.
"""


def test_rows_under_their_title_stand_one_a_row_though_wrapped(tmp_path: Path) -> None:
    found = blocks(tmp_path, LOCKS)
    assert (
        "paragraph",
        "Paar, Drilling, Vierling, Fünfling: zwei, drei, vier oder fünf Karten mit derselben "
        "Zahl. Die Farben sind dabei egal.",
    ) in found
    start = found.index(("heading", "Die zehn Schleusen"))
    assert [text for _, text in found[start + 1 : start + 6]] == [
        "Schleuse 1: 2 Drillinge",
        "Schleuse 2: 1 Drilling + 1 Reihe aus 4 Karten",
        "Schleuse 3: 1 Vierling + 1 Reihe aus 4 Karten",
        "Schleuse 4: 1 Reihe aus 7 Karten",
        "Schleuse 5: 2 Vierlinge",
    ]
    assert all(kind == "paragraph" for kind, _ in found[start + 1 : start + 6])


# One wide column: rows described in brackets, one of whose numbers wraps after "und".
SPECIAL_FIELDS = """\
Die Flugbahn besteht aus 51 Feldern, die von 0 bis 50 nummeriert sind. Feld 0 ist die
Wiese, Feld 50 der Bienenkorb.
Neben den gewöhnlichen Feldern gibt es drei Arten von Sonder-
feldern:
Blumenfelder (gelbe Blüte): Felder 4, 9, 15, 21, 28, 34, 40 und 45
Wespenfelder (Wespe im Astloch): Felder 7, 13, 18, 25, 31, 37 und
43
Stockfelder (kleiner Bienenstock): Felder 11, 23, 33 und 47
Was auf den Sonderfeldern geschieht, lesen Sie im Abschnitt „Die
Sonderfelder“ auf Seite 3.
Vorbereitung
"""


def test_rows_described_in_brackets_keep_the_last_number_of_a_wrapped_row(
    tmp_path: Path,
) -> None:
    found = [text for _, text in blocks(tmp_path, SPECIAL_FIELDS)]
    start = found.index("Blumenfelder (gelbe Blüte): Felder 4, 9, 15, 21, 28, 34, 40 und 45")
    assert found[start + 1 : start + 4] == [
        "Wespenfelder (Wespe im Astloch): Felder 7, 13, 18, 25, 31, 37 und 43",
        "Stockfelder (kleiner Bienenstock): Felder 11, 23, 33 und 47",
        "Was auf den Sonderfeldern geschieht, lesen Sie im Abschnitt „Die Sonderfelder“ "
        "auf Seite 3.",
    ]


# Narrow columns: a line opened by a question word that ends in a possessive, a line
# ending in a verb under a line that ends in a comma; a box in a wide column whose
# clause after a semicolon goes on in lower case; and an imprint's address.
LINES_THAT_GO_ON = """\
Ende einer Runde
Eine Runde endet, sobald
jemand keine Karte mehr auf
der Hand hat.
Wer in dieser Runde seine
Schleuse geöffnet hat, fährt
mit seinem Boot eine Schleuse
weiter.
Anlegen
Sobald deine Schleuse offen
ist, darfst du weitere Karten
anlegen.
An ein Paar, einen Drilling,
Vierling oder Fünfling passen
Karten mit derselben Zahl.
"""


def test_a_question_word_before_a_possessive_and_a_verb_under_a_comma_go_on(
    tmp_path: Path,
) -> None:
    found = blocks(tmp_path, LINES_THAT_GO_ON)
    assert (
        "paragraph",
        "Wer in dieser Runde seine Schleuse geöffnet hat, fährt mit seinem Boot eine Schleuse "
        "weiter.",
    ) in found
    assert (
        "paragraph",
        "An ein Paar, einen Drilling, Vierling oder Fünfling passen Karten mit derselben Zahl.",
    ) in found
    assert [kind for kind, _ in found].count("heading") == 2


# A column of 26 characters: a question word's line that ends in a negative article,
# and an ordinal after an article at a line's end over a noun with a colon.
ORDINAL_AND_ARTICLE = """\
Rundenende
Die Runde endet, sobald
jemand keine Karte mehr auf
der Hand hat.
Wer in dieser Runde keinen
Hafen erreicht hat, bleibt
auf seinem Feld stehen.
Der Sturm zählt überall
mit, nur nicht beim Bau
des 4. und des 9.
Hafens: Dort ist er nur
einmal erlaubt.
"""


def test_a_negative_article_and_an_ordinal_after_an_article_go_on(tmp_path: Path) -> None:
    found = blocks(tmp_path, ORDINAL_AND_ARTICLE)
    assert (
        "paragraph",
        "Wer in dieser Runde keinen Hafen erreicht hat, bleibt auf seinem Feld stehen. Der "
        "Sturm zählt überall mit, nur nicht beim Bau des 4. und des 9. Hafens: Dort ist er "
        "nur einmal erlaubt.",
    ) in found
    assert [text for kind, text in found if kind == "heading"] == ["Rundenende"]


BOX_AND_IMPRINT = """\
Hätte die grüne Dohle auf ihrem eigenen Startfeld gesessen, so hätte Ute sie nicht
verjagen können und hätte mit einer anderen Dohle ziehen müssen.
Merke!
Wer eine fremde Dohle verjagen kann, muß es auch tun.
Auf den Glockenfeldern wird nicht verjagt; dort dürfen
mehrere Dohlen zugleich sitzen.
e) Aufwind: Landet eine Dohle genau auf einem Aufwindfeld, so fliegt sie sofort am
Pfeil entlang weiter bis zu dem Feld, auf das die Pfeilspitze zeigt.
Und nun wünschen wir Ihnen und Ihrer Familie viele vergnügliche Stunden mit
„Dohlenflug“!
Spielidee: Gerda Hollmann · Illustration: Heinz-Dieter Brakel
© 1976 Otto Wiebking KG · Spiele-Verlag
Am Wall 112 · 2800 Bremen 1
Sollte trotz sorgfältiger Kontrolle einmal ein Teil fehlen, so schreiben Sie uns
bitte.
"""


def test_a_clause_after_a_semicolon_goes_on_and_an_address_heads_nothing(
    tmp_path: Path,
) -> None:
    found = blocks(tmp_path, BOX_AND_IMPRINT)
    assert (
        "paragraph",
        "Auf den Glockenfeldern wird nicht verjagt; dort dürfen mehrere Dohlen zugleich sitzen.",
    ) in found
    assert ("paragraph", "Am Wall 112 · 2800 Bremen 1") in found


# A table the copy gives a row a line, its rows opened in lower case under its head.
ARRIVAL = """\
Wer ins Ziel will, darf nach dem Bezahlen nur noch wenige Möhren
besitzen; wie viele, hängt davon ab, als wievielter Hase er ankommt:
Ankunft im Ziel höchstens
als 1. Hase 10 Möhren
als 2. Hase 20 Möhren
als 3. Hase 30 Möhren
Wer mehr Möhren besitzt, muss vor dem Ziel warten.
"""


def test_rows_alike_but_for_their_numbers_are_rows_under_their_head(tmp_path: Path) -> None:
    found = [text for _, text in blocks(tmp_path, ARRIVAL)]
    assert found[1:] == [
        "Ankunft im Ziel höchstens",
        "als 1. Hase 10 Möhren",
        "als 2. Hase 20 Möhren",
        "als 3. Hase 30 Möhren",
        "Wer mehr Möhren besitzt, muss vor dem Ziel warten.",
    ]


# A column of about 60 characters: sentences before a colon that name who does what,
# things described a line each, their cross-references in brackets, and a numbered
# heading after them.
FIELD_KINDS = """\
Alle Felder mit Ausnahme des Startfelds tragen eine Nummer.
Daneben gibt es drei Arten von Sonderfeldern:
Eulenfelder mit einer Eule (siehe Abschnitt 5.1)
Teichfelder mit einem Seerosenblatt (siehe Abschnitt 5.2)
Nussfelder mit einer Haselnuss (siehe Abschnitt 5.3)
3. Spielvorbereitung
Bereiten Sie das Spiel in dieser Reihenfolge vor:
1. Legen Sie den Spielplan in die Tischmitte.
2. Jeder Spieler erhält einen Vorrat von 40 Nüssen.
Grundsätzlich muss Ihr Eichhörnchen in jedem Zug weiterziehen:
entweder vorwärts (siehe Abschnitt 4.1) oder zurück auf ein Teich-
feld (siehe Abschnitt 5.2). Wann es stehen bleiben darf, steht in 5.3.
"""


def test_a_sentence_before_a_colon_is_no_heading_nor_a_reference_a_numbers_sentence(
    tmp_path: Path,
) -> None:
    found = blocks(tmp_path, FIELD_KINDS)
    texts = [text for _, text in found]
    # A pronoun after the verb, a polite imperative, a finite modal: sentences.
    for sentence in (
        "Daneben gibt es drei Arten von Sonderfeldern:",
        "Bereiten Sie das Spiel in dieser Reihenfolge vor:",
    ):
        assert any(kind != "heading" and text.endswith(sentence) for kind, text in found)
    assert (
        "paragraph",
        "Grundsätzlich muss Ihr Eichhörnchen in jedem Zug weiterziehen: entweder vorwärts "
        "(siehe Abschnitt 4.1) oder zurück auf ein Teichfeld (siehe Abschnitt 5.2). Wann es "
        "stehen bleiben darf, steht in 5.3.",
    ) in found
    # A bracket closed at the line's end wants no number: the numbered heading stands apart.
    assert "Nussfelder mit einer Haselnuss (siehe Abschnitt 5.3)" in texts
    assert "3. Spielvorbereitung" in texts


# A table of contents run along three lines, each ending in the next section's number.
CONTENTS = """\
Für 2 bis 6 Spieler ab 10 Jahren
Inhalt: 1. Spielidee und Ziel · 2. Spielmaterial · 3.
Spielvorbereitung · 4. Spielablauf · 5. Die Sonderfelder · 6.
Ziel und Spielende · 7. Variante
1. Spielidee und Ziel
Der Herbst geht zu Ende, und die Eichhörnchen suchen ihr Winterquartier.
"""


def test_a_table_of_contents_run_over_lines_by_middle_dots_is_one_block(tmp_path: Path) -> None:
    texts = [text for _, text in blocks(tmp_path, CONTENTS)]
    assert (
        "Inhalt: 1. Spielidee und Ziel · 2. Spielmaterial · 3. Spielvorbereitung · "
        "4. Spielablauf · 5. Die Sonderfelder · 6. Ziel und Spielende · 7. Variante"
    ) in texts


# A score table under column titles a colon announced, its rows of a name and words,
# one a line, a heading after them.
SCORE_TABLE = """\
Am Ende zählt ihr eure Felder aus. Folgende Felder gibt es:
Feld Voraussetzung Punkte
Einser beliebig nur die Einsen zählen
Zweier beliebig nur die Zweien zählen
Full House drei gleiche und zwei gleiche Würfel 25
Kleine Straße vier aufeinanderfolgende Zahlen 30
Chance beliebig Summe aller Augen
Der obere Teil
Im oberen Teil zählen nur die Würfel mit der passenden Augenzahl.
"""


def test_rows_of_words_under_announced_column_titles_are_a_row_each(tmp_path: Path) -> None:
    texts = [text for _, text in blocks(tmp_path, SCORE_TABLE)]
    rows = [
        "Einser beliebig nur die Einsen zählen",
        "Zweier beliebig nur die Zweien zählen",
        "Full House drei gleiche und zwei gleiche Würfel 25",
        "Kleine Straße vier aufeinanderfolgende Zahlen 30",
        "Chance beliebig Summe aller Augen",
        "Der obere Teil",
    ]
    start = texts.index(rows[0])
    assert texts[start : start + len(rows)] == rows

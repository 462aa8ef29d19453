"""A viewer's copy of a leaflet set in narrow columns: the box's facts one a line under
the title, sentences cut by a page break or a semicolon, headings said as an instruction
or a question or numbered in Roman numerals, rows of a table and the text after them,
and "z. B." at a line's end, and a word wrapped with its number ("Station 10")."""

from __future__ import annotations

from pathlib import Path

from rulekit.extract import extract
from rulekit.extract.textwidth import Measure


def blocks(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    path = tmp_path / "manual.txt"
    path.write_text(text, encoding="utf-8")
    return [(b.kind, b.text) for b in extract(path, None).blocks]


# Pages 2 and 3 of a leaflet in two columns, as a viewer copies them: the narrow lines
# of the columns, a page number and the running head between the pages.
LEAFLET = """\
Kieselklee Spiele
GARTENZAUN
Das flotte Zwergenrennen rund ums Gemüsebeet
2–4 Spieler
ab 5 Jahren
ca. 25 Minuten
Wer bringt seine Gartenzwerge als Erster sicher ins Beet? Ein
fröhliches Würfelrennen mit Schadenfreude-Garantie für Kinder.
Noch einmal würfeln
Nach einer 6 würfelst du noch einmal,
sobald du gezogen hast. Das gilt auch
für die 6, mit der du einen Zwerg aus
dem Gartenhaus holst.
Das Gartentor freimachen
Wartet noch ein Zwerg von dir im
Gartenhaus, musst du mit einer 6 einen
neuen Zwerg herausholen.
Die Ernte beträgt:
1. Platz 2 Apfelmarken
2. Platz 6 Apfelmarken
3. Platz 10 Apfelmarken
Ausnahmsweise dürfen Sie auf einem
Baumfeld stehen bleiben, statt zu
ziehen.
In die Beetfelder und innerhalb der
Beetfelder zieht man nur mit passender
Augenzahl: Ein Wurf, der über das
Beetfeld 4 hinausführen
– 2 –
GARTENZAUN · Spielregel
würde, kann mit diesem Zwerg nicht
gezogen werden.
Gelb steht auf Feld 27. Das nächste
Reisigfeld hinter ihm ist Feld 23;
zieht Gelb dorthin zurück, erhält er
4 × 8 = 32 Apfelmarken. Steht aber
Rot auf Feld 23, darf Gelb nicht
– 3 –
GARTENZAUN · Spielregel
zurückziehen – auch nicht auf das freie Reisigfeld 19 weiter
hinten. Jörg und Uwe sind noch
bei Aufgabe 1, Sabine ist bei Aufgabe
2 und Heike bei Aufgabe 3. Auf dem
Ablagestapel liegt eine grüne 8.
Das Winternest
Das Winternest ist das Ziel des Rennens; es liegt hinter Feld
62.
"""


def test_a_leaflet_in_narrow_columns_keeps_its_sentences_and_its_headings(
    tmp_path: Path,
) -> None:
    found = blocks(tmp_path, LEAFLET)
    assert found[2:6] == [
        ("paragraph", "Das flotte Zwergenrennen rund ums Gemüsebeet"),
        ("paragraph", "2–4 Spieler"),
        ("paragraph", "ab 5 Jahren"),
        ("paragraph", "ca. 25 Minuten"),
    ]
    headings = [text for kind, text in found if kind == "heading"]
    assert "Das Gartentor freimachen" in headings
    assert "Das Winternest" in headings
    texts = [text for _, text in found]
    assert texts[texts.index("3. Platz 10 Apfelmarken") + 1] == (
        "Ausnahmsweise dürfen Sie auf einem Baumfeld stehen bleiben, statt zu ziehen."
    )
    assert (
        "In die Beetfelder und innerhalb der Beetfelder zieht man nur mit passender "
        "Augenzahl: Ein Wurf, der über das Beetfeld 4 hinausführen würde, kann mit diesem "
        "Zwerg nicht gezogen werden."
    ) in texts
    assert (
        "Gelb steht auf Feld 27. Das nächste Reisigfeld hinter ihm ist Feld 23; zieht Gelb "
        "dorthin zurück, erhält er 4 × 8 = 32 Apfelmarken. Steht aber Rot auf Feld 23, darf "
        "Gelb nicht zurückziehen – auch nicht auf das freie Reisigfeld 19 weiter hinten. "
        "Jörg und Uwe sind noch bei Aufgabe 1, Sabine ist bei Aufgabe 2 und Heike bei "
        "Aufgabe 3. Auf dem Ablagestapel liegt eine grüne 8."
    ) in texts
    assert texts[-1] == "Das Winternest ist das Ziel des Rennens; es liegt hinter Feld 62."


# The front of a 1970s sheet and its numbered topics, as a viewer copies them.
SHEET = """\
KUCKUCKSWEG
Ein lustiges Würfelspiel für jung und alt
2 bis 4 Spieler · ab 6 Jahren · Spieldauer ca. 30 Minuten
Wenn im Frühjahr der Kuckuck ruft, wird es im Wald lebendig.
Spielmaterial
1 Spielplan
1 Würfel
ROSENLAUF
Für 2–6 Spieler ab 8 Jahren
Spieldauer: ca. 45 Minuten
Langsam, aber oho! Wer seine Tautropfen klug einteilt, gewinnt.
2. Spielbeginn: Jeder Spieler wählt
eine Farbe. Zuerst würfelt jeder einmal;
wer die höchste Augenzahl hat,
beginnt.
3. Das Herauskommen: Ein Kegel darf
den Startkreis nur mit einer Sechs verlassen.
"""


def test_the_box_facts_stand_apart_and_a_topic_goes_on_after_its_semicolon(
    tmp_path: Path,
) -> None:
    texts = [text for _, text in blocks(tmp_path, SHEET)]
    assert "2 bis 4 Spieler · ab 6 Jahren · Spieldauer ca. 30 Minuten" in texts
    assert "Wenn im Frühjahr der Kuckuck ruft, wird es im Wald lebendig." in texts
    assert "Spieldauer: ca. 45 Minuten" in texts
    assert "Langsam, aber oho! Wer seine Tautropfen klug einteilt, gewinnt." in texts
    assert (
        "2. Spielbeginn: Jeder Spieler wählt eine Farbe. Zuerst würfelt jeder einmal; wer die "
        "höchste Augenzahl hat, beginnt."
    ) in texts


# A narrow column of a card game's rules: question headings, and an example cut after
# "z. B." at a line's end.
QUESTIONS = """\
Was können Joker und Aussetzkarten?
Ein Joker ersetzt jede beliebige
Zahl in jeder beliebigen Farbe.
Welche Zinnen gibt es?
4. Eine Folge aus sieben Karten (z. B.
5-6-7-8-9-10-11)
5. Eine Folge aus acht Karten (z. B.
1-2-3-4-5-6-7-8)
Wie werden Strafpunkte gezählt?
Wer am Ende noch Karten auf der
Hand hat, bekommt Strafpunkte.
"""


def test_a_short_question_heads_a_narrow_column_and_z_b_goes_on(tmp_path: Path) -> None:
    found = blocks(tmp_path, QUESTIONS)
    headings = [text for kind, text in found if kind == "heading"]
    assert "Was können Joker und Aussetzkarten?" in headings
    assert "Wie werden Strafpunkte gezählt?" in headings
    assert ("list-item", "4. Eine Folge aus sieben Karten (z. B. 5-6-7-8-9-10-11)") in found


# Sections numbered in Roman numerals and a table of numbers alone under its titles.
ROMAN = """\
I. Sinn des Spieles

Wer zuerst am Gartenzaun ankommt, gewinnt.

II. Der Spielplan

Jeder Zug kostet Würmer:

Felder Würmer

1 2

2 4

3 7

4 11
"""


def test_roman_numbered_headings_and_rows_of_numbers_under_their_titles(tmp_path: Path) -> None:
    found = blocks(tmp_path, ROMAN)
    assert ("heading", "I. Sinn des Spieles") in found
    assert ("heading", "II. Der Spielplan") in found
    assert [kind for kind, text in found if text in ("1 2", "2 4", "3 7", "4 11")] == [
        "paragraph"
    ] * 4


# A 1970s leaflet in two columns: the first page has no number, the running head stands
# under the later ones, a numbered topic heading fills its narrow column, and a piece of
# the component list runs on after a comma.
TOPICS = """\
Im Birnbaum
Ein Würfelspiel für 2 bis 4 Spieler
1. Inhalt der Schachtel
1 Spielplan
16 Spielfiguren in den Farben Rot,
Gelb, Grün und Blau
1 Würfel
2. Ziel des Spiels
Wer als erster alle vier Figuren in
seinen Körben hat, gewinnt.
Bitte wenden!
Birnbaum-Spiele · Spielregel
3. Das Einsetzen
Eine Figur verläßt das Häuschen nur
mit einer 6. Der Spieler stellt sie
auf das Gartentor seiner Farbe.
– 2 –
Birnbaum-Spiele · Spielregel
4. Leiterfeld und großer Birnbaum
Beendet eine Figur ihren Zug genau
auf einem Leiterfeld, so darf der
Spieler sie hinaufsetzen.
Übersieht ein Spieler den Schlag-
zwang, muß er zur Strafe eine Birne
– 3 –
Birnbaum-Spiele · Spielregel
in den Vorrat zurückgeben.
"""


def test_a_leaflets_topics_its_running_head_and_a_piece_run_on_after_a_comma(
    tmp_path: Path,
) -> None:
    found = blocks(tmp_path, TOPICS)
    texts = [text for _, text in found]
    assert "Birnbaum-Spiele · Spielregel" not in texts
    assert "16 Spielfiguren in den Farben Rot, Gelb, Grün und Blau" in texts
    assert "4. Leiterfeld und großer Birnbaum" in texts
    assert (
        "Beendet eine Figur ihren Zug genau auf einem Leiterfeld, so darf der Spieler sie "
        "hinaufsetzen."
    ) in texts
    assert (
        "Übersieht ein Spieler den Schlagzwang, muß er zur Strafe eine Birne in den Vorrat "
        "zurückgeben."
    ) in texts


# The component list, a column's question heading, a tip and a table of a 1990s leaflet
# in two columns, and its imprint, as a viewer copies them.
PIECES = """\
Was ist in der Schachtel?
1 Spielplan mit Flugbahn
150 Honigtropfen aus Kunststoff in drei Größen (für 1, 5 und 10
Tropfen)
5 Tropfentafeln mit der Kostentabelle
1 Spielregel
Viel Spaß beim Fliegen wünscht Ihnen Kranich Spiele!
Autorin: Judith Hallwachs · Grafik: Ole Pfeffer ·
Redaktion: Miriam Oettel
© 1994 Kranich Spiele GmbH, Am Möwenkai 7, 24103 Kiel
"""
COLUMN = """\
Landen Sie dort, bleibt Ihre Biene
in Ihrem nächsten Zug ausnahmsweise
stehen. Statt zu fliegen, geben Sie
in diesem Zug eine Ihrer Blütenkar-
ten in die Schachtel zurück.
Dafür erhalten Sie aus dem Vorrat
zehnmal so viele Honigtropfen, wie
Ihr Platz im Rennen angibt.
Tip: Ein Rückflug lohnt sich, wenn
Ihnen die Tropfen ausgehen. Kurze
Flüge schonen Ihren Honig
– doch wer zu sparsam fliegt, wird
schnell abgehängt.
Was geschieht, wenn man nicht
weiterkommt?
Können Sie weder vorwärts fliegen
noch zurückfliegen, müssen Sie Ihre
Biene zurück auf den Bienenstock
setzen.
Karte Strafpunkte
1 bis 9 je 5
10 bis 12 je 10
Sperre je 15
Baumeister je 25
Wer draußen ist, bekommt für diese
Runde keine Strafpunkte.
"""


def test_a_leaflets_list_question_heading_table_and_credits_keep_their_lines(
    tmp_path: Path,
) -> None:
    pieces = blocks(tmp_path, PIECES)
    assert (
        "paragraph",
        "150 Honigtropfen aus Kunststoff in drei Größen (für 1, 5 und 10 Tropfen)",
    ) in pieces
    assert pieces[-2] == (
        "paragraph",
        "Autorin: Judith Hallwachs · Grafik: Ole Pfeffer · Redaktion: Miriam Oettel",
    )
    found = blocks(tmp_path, COLUMN)
    texts = [text for _, text in found]
    assert (
        "Dafür erhalten Sie aus dem Vorrat zehnmal so viele Honigtropfen, wie Ihr Platz im "
        "Rennen angibt."
    ) in texts[0]
    assert (
        "Kurze Flüge schonen Ihren Honig – doch wer zu sparsam fliegt, wird schnell abgehängt."
    ) in texts[1]
    assert ("heading", "Was geschieht, wenn man nicht weiterkommt?") in found
    assert texts[-4:-1] == ["10 bis 12 je 10", "Sperre je 15", "Baumeister je 25"]
    assert texts[-1] == "Wer draußen ist, bekommt für diese Runde keine Strafpunkte."


# A 1980s rulebook in one column with its topics numbered by a section sign, and a
# two-column leaflet whose clause fills its line before the colon.
PARAGRAPHS = """\
§ 1 Spielmaterial
1 Spielplan mit der Ameisenstraße
5 Ameisen aus Holz (rot, blau, gelb, grün und schwarz)
Zuckerstücke (Spielgeld) im Wert von 1, 5, 10 und 50
16 Krümelkarten
1 Spielregel
§ 2 Ziel des Spiels
Jeder Spieler versucht, seine Ameise von der Zuckerdose über die
Ameisenstraße bis in den Ameisenhaufen zu bringen. Als erste Ameise
im Ameisenhaufen darf Claudia von ihren Zuckerstücken höchstens
10 haben. Sie zieht deshalb nur 2 Felder weit auf das Blattfeld
57 und zahlt 3 Zuckerstücke.
Wer als erster in den Ameisenhaufen einzieht, hat gewonnen.
"""
COLON = """\
Hat deine Hexe den Blocksberg einmal
umrundet, biegt sie kurz vor deinem
Startfeld in deine Gipfelfelder ab.
Ein Besenflug, der an deinen Gipfel-
feldern vorbeiführen würde, fällt aus:
Deine Hexe bleibt dann auf dem Besen-
feld stehen.
Kennt ihr Hexenbesen schon gut, spielt
ihr mit diesen Zusatzregeln weiter:
Jeder Flug kostet dich eine Runde.
Mondfelder schützen nicht.
"""


def test_section_signs_pieces_without_a_count_and_a_colon_inside_a_sentence(
    tmp_path: Path,
) -> None:
    found = blocks(tmp_path, PARAGRAPHS)
    texts = [text for _, text in found]
    assert ("heading", "§ 2 Ziel des Spiels") in found
    assert ("paragraph", "Zuckerstücke (Spielgeld) im Wert von 1, 5, 10 und 50") in found
    assert texts[-2].endswith(
        "Sie zieht deshalb nur 2 Felder weit auf das Blattfeld 57 und zahlt 3 Zuckerstücke."
    )
    texts = [text for _, text in blocks(tmp_path, COLON)]
    assert (
        "Ein Besenflug, der an deinen Gipfelfeldern vorbeiführen würde, fällt aus: Deine Hexe "
        "bleibt dann auf dem Besenfeld stehen."
    ) in texts[0]
    assert texts[1] == "Kennt ihr Hexenbesen schon gut, spielt ihr mit diesen Zusatzregeln weiter:"


# A family rulebook's box of what the game needs, under the goal's last sentence, its
# first piece wrapped inside its bracket.
NEEDS = """\
Du spielst die zehn Wellen der Reihe nach, eine in jeder Runde.
Wer als Erster Welle 10 schafft, gewinnt.
Das brauchst du
96 Zahlenkarten (1 bis 12 in vier
Farben, jede zweimal)
8 Delfine
4 Flauten
1 Spielregel
Die zehn Wellen
So sehen die zehn Wellen aus, die ihr nacheinander schaffen müsst:
"""


def test_a_clause_of_what_the_game_needs_heads_its_list(tmp_path: Path) -> None:
    found = blocks(tmp_path, NEEDS)
    assert ("heading", "Das brauchst du") in found
    assert ("paragraph", "96 Zahlenkarten (1 bis 12 in vier Farben, jede zweimal)") in found


# A 1950s leaflet: a lettered list cut by the page number, a card game's contents as a
# table with its count last, the ten phases and the sentence under the list, and headings
# in a narrow column said as a phrase or a condition.
LETTERED = """\
Vor Beginn des Spieles verfährt man folgendermaßen:
a) Jeder Mitspieler wählt eine Farbe und stellt die vier Bohnen
dieser Farbe in die Saatkiste der gleichen Farbe.
b) Außerdem erhält jeder Mitspieler die Gießkanne seiner Farbe und
– 2 –
stellt sie vor sich auf den Tisch (siehe Abschnitt IV).
c) Bohnen und Gießkannen der Farben, die nicht mitspielen, bleiben
in der Schachtel.
"""

CONTENTS = """\
Ein Kartenspiel für 2–6 Personen
Für Kinder von 6 Jahren an und für Erwachsene
Dumm nur, dass ständig irgendwer eine Umleitung ausschildert, die
Stempel nie da liegen, wo man sie braucht, und der Postsack einfach
nicht leer werden will.
Spielinhalt
Karte Anzahl
Zahlenkarten Gelb (1 bis 11, jede Zahl zweimal) 22
Zahlenkarten Rot (1 bis 11, jede Zahl zweimal) 22
Stempel 8
Umleitung 6
Außerdem: 1 Block Frachtbriefe und diese Spielregel
"""

PHASES = """\
Ihr müsst die Phasen genau in dieser
Reihenfolge erfüllen:
Phase 8: 1 Reihe aus 5 Karten einer
Farbe + 1 Paar
Phase 9: 1 Fünfling + 1 Drilling
Phase 10: 1 Reihe aus 9 Karten
In jeder Runde kannst du höchstens
eine Phase erfüllen.
Die Umleitung oben auf dem Ablage-
stapel hätte Kemal zu gern
genommen. Das ist aber verboten,
also zieht er vom Postsack.
Ausgehen und Rundenende
Sobald jemand keine Handkarte mehr
hat, ist diese Person ausgegangen, und
die Runde endet sofort.
Mara legt 11 Körner in den Vorrat und
hat nun noch 12.
Wenn die Kraft nicht reicht
Reichen deine Körner für keinen Flug
nach vorn, musst du zum nächsten
Schlafbaum hinter dir zurückfliegen.
Jeder Spieler führt seine vier Kegel
einmal rund um das Haus. Sobald ein Spieler seinen vierten
Kegel in die Hausfelder gebracht hat, ist das Spiel aus.
"""


def test_a_list_item_cut_by_the_page_number_goes_on_after_it(tmp_path: Path) -> None:
    found = blocks(tmp_path, LETTERED)
    assert (
        "list-item",
        "b) Außerdem erhält jeder Mitspieler die Gießkanne seiner Farbe und stellt sie vor "
        "sich auf den Tisch (siehe Abschnitt IV).",
    ) in found
    assert (
        "list-item",
        "c) Bohnen und Gießkannen der Farben, die nicht mitspielen, bleiben in der Schachtel.",
    ) in found


def test_a_table_of_pieces_and_their_counts_keeps_its_head_and_rows(tmp_path: Path) -> None:
    found = blocks(tmp_path, CONTENTS)
    # The box's facts end their line, also as an older box gives the age.
    assert ("paragraph", "Für Kinder von 6 Jahren an und für Erwachsene") in found
    assert ("heading", "Spielinhalt") in found
    assert ("heading", "Karte Anzahl") in found
    assert ("paragraph", "Zahlenkarten Gelb (1 bis 11, jede Zahl zweimal) 22") in found
    assert ("paragraph", "Stempel 8") in found
    assert ("paragraph", "Umleitung 6") in found


def test_the_sentence_under_a_list_and_narrow_headings_stand_apart(tmp_path: Path) -> None:
    found = blocks(tmp_path, PHASES)
    assert ("paragraph", "Phase 10: 1 Reihe aus 9 Karten") in found
    assert ("paragraph", "In jeder Runde kannst du höchstens eine Phase erfüllen.") in found
    assert ("heading", "Ausgehen und Rundenende") in found
    assert ("heading", "Wenn die Kraft nicht reicht") in found
    # A condition whose adjective wants its noun on the next line is running text.
    assert not any(text == "Sobald ein Spieler seinen vierten" for _, text in found)


# A rulebook set as a statute, its paragraphs numbered "(1)", "(2)" under "§" headings,
# and a page of narrow columns with a letter to the players, a box and a cost table.
STATUTE = """\
§ 3 Vorbereitung
(1) Das Brett wird in die Mitte des Tisches gelegt.
(2) Jeder Spieler wählt eine Farbe und setzt seine drei Hasen
in das Gehege dieser Farbe.
§ 4 Spielablauf
(1) Es wird reihum gewürfelt. Jeder Spieler zieht einen seiner
Hasen um so viele Felder vorwärts, wie der Würfel Augen zeigt.
(2) Ein Hase kann das Gehege nur mit einer 6 verlassen.
Liebe Hasenfreunde,
mit der „Möhrenjagd“ haben Sie ein
Spiel gekauft, bei dem allein Ihr
Geschick entscheidet.
Die Felder
Am Waldrand gibt es folgende
Felder:
Kleefeld: Hier darf ein Hase rasten.
Rot steht auf Feld 14. Der nächste
Bau liegt hinter ihm auf Feld 11.
Rot hoppelt deshalb auf Feld 11
zurück und bekommt für die 3 Felder
9 Möhren.
Joker: Ein Joker darf für jede beliebige Zahl und jede Farbe
eingesetzt werden. (Beispiel: Rot 4, Joker und Blau 6 sind
eine Dreierfolge.)
Beispiel: In der 9. Runde legt zuerst Tom und kurz danach
auch Pia ihre letzte Phase aus. Danach hat Tom
insgesamt 180 Strafpunkte,
– 3 –
MÖHRENJAGD · Spielregel
Pia aber nur 150. Damit gewinnt Pia.
(Beispiel: Ein blauer Hase steht auf Feld 3, ein zweiter zwei
Felder dahinter. Mit einer 4 müsste er den ersten überspringen. Blau
kann diesen Hasen also nur mit einer 1,
– 4 –
MÖHRENJAGD · Spielregel
einer 2 oder einer 3 ziehen.)
Originaltitel: RABBIT RUN · Spielidee: Jo M. Smith · Deutsche
Übersetzung: Eva Lind
"""


def test_a_statutes_numbered_paragraphs_and_a_columns_letter_box_and_rows(
    tmp_path: Path,
) -> None:
    found = blocks(tmp_path, STATUTE)
    # "(1)" numbers an item as "1." does; a heading over a list that counts anew heads it.
    assert ("list-item", "(1) Das Brett wird in die Mitte des Tisches gelegt.") in found
    assert ("heading", "§ 4 Spielablauf") in found
    assert (
        "list-item",
        "(1) Es wird reihum gewürfelt. Jeder Spieler zieht einen seiner Hasen um so viele "
        "Felder vorwärts, wie der Würfel Augen zeigt.",
    ) in found
    # The letter's salutation stands on its line; the letter goes on in lower case.
    assert ("paragraph", "Liebe Hasenfreunde,") in found
    assert found[found.index(("paragraph", "Liebe Hasenfreunde,")) + 1][1].startswith(
        "mit der „Möhrenjagd“"
    )
    # "folgende" wants its noun, though a label's colon ends the next line.
    assert ("paragraph", "Am Waldrand gibt es folgende Felder:") in found
    # A line ending in a number is no row when the sentence goes on in lower case.
    assert any(
        text.endswith(
            "Rot hoppelt deshalb auf Feld 11 zurück und bekommt für die 3 Felder 9 Möhren."
        )
        for _, text in found
    )
    # A sentence's end inside a line is no run-in label ("eingesetzt werden. (Beispiel:").
    assert any(
        text.startswith("Joker: Ein Joker darf") and text.endswith("eine Dreierfolge.)")
        for _, text in found
    )
    # A clause left open by its comma goes on over the page break, also into a bracket.
    assert any(
        text.endswith("180 Strafpunkte, Pia aber nur 150. Damit gewinnt Pia.") for _, text in found
    )
    assert any(text.endswith("nur mit einer 1, einer 2 oder einer 3 ziehen.)") for _, text in found)
    # A credit's label broken over the line goes on with it.
    assert (
        "paragraph",
        "Originaltitel: RABBIT RUN · Spielidee: Jo M. Smith · Deutsche Übersetzung: Eva Lind",
    ) in found


# A leaflet's lines as a copy gives them: a list a colon announced without markers, a
# piece described over two lines, a term begun at a line's end and a sentence of one
# full line cut by the page break.
LEAFLET_LISTS = """\
Spielmaterial
96 Zahlenkarten: die Zahlen 1 bis 12 in den Farben Rot, Gelb, Grün
und Blau, jede Karte zweimal
8 Joker
6 Aussetzkarten
Folgen
Gerade Folge: Karten mit geraden Zahlen, die jeweils im Abstand von
zwei aufeinander folgen. Man legt sie wie jede andere Folge. Ungerade
Folge: ebenso, aber mit ungeraden Zahlen.
Anlegen
Wer seine Station ausgelegt hat, darf in jedem späteren Zug Karten an
die ausliegenden Kombinationen anlegen. Eine Karte darf aber nur dann
angelegt werden, wenn sie zu der Kombination paßt:
an einen Drilling, Vierling oder Fünfling eine Karte mit derselben
Zahl
an eine Folge die nächsthöhere oder nächstniedrigere Zahl
an einen Farbsatz eine beliebige Karte derselben Farbe
an eine Farbfolge die nächsthöhere oder nächstniedrigere Zahl der-
selben Farbe
Man darf in einem Zug beliebig viele Karten anlegen, solange man noch
Karten auf der Hand hat. In deinem Zug musst du deine Maus bewegen.
Dafür hast du zwei Möglichkeiten:
vorwärts ziehen und dafür Körner bezahlen,
rückwärts auf ein Mauseloch ziehen und dafür Körner bekommen.
Die Scheune
Die Scheune darfst du nur betreten, wenn du nach dem Bezahlen noch
– 3 –
Körnerkasse · Spielregel
höchstens 15 Körner übrig hast. Danach ist der nächste Spieler an der
Reihe, und so geht es reihum immer weiter, bis alle im Ziel sind.
– 4 –
Körnerkasse · Spielregel
Viel Spaß!
"""


def test_a_leaflets_unmarked_items_pieces_and_a_line_cut_by_the_page(tmp_path: Path) -> None:
    found = blocks(tmp_path, LEAFLET_LISTS)
    texts = [text for _, text in found]
    # A counted piece follows one described over two lines.
    assert "8 Joker" in texts
    # A term begun at a line's end goes on in the next line, though that opens like a label.
    assert not any(text.startswith("Folge: ebenso") for text in texts)
    # The items a colon announced stand a line each: opened alike, or ended by a comma.
    assert "an einen Farbsatz eine beliebige Karte derselben Farbe" in texts
    assert "an eine Farbfolge die nächsthöhere oder nächstniedrigere Zahl derselben Farbe" in texts
    assert "vorwärts ziehen und dafür Körner bezahlen," in texts
    # A full line of running text goes on after the page break.
    assert any(
        text.startswith(
            "Die Scheune darfst du nur betreten, wenn du nach dem Bezahlen noch höchstens"
        )
        for text in texts
    )


# A box lid's text: the box's facts over two lines, a speech bubble's call under them,
# an exception's label called at the end of a numbered paragraph's line, and an aside
# in brackets under the rows of a table.
LID = """\
Für 2 bis 4 Spieler
Für Kinder von 6 Jahren an und für
Erwachsene
Spieldauer: ca. 20 Minuten
„Hallo, ich bin Fritzi!“
Spielregel
9. Der Glückskäfer: Einmal im Laufe des
Spieles darf jeder Spieler, bevor er
würfelt, seinen Käfer auf ein freies
Feld des Weges setzen. Ausnahme:
Auf ein Kleeblattfeld darf der Käfer
nicht gesetzt werden.
Karte Strafpunkte
Aussetzkarte 15
Glückskarte 25
(Beispiel: Ben hat noch eine 4 und
eine Glückskarte auf der Hand.)
"""


def test_a_lids_facts_a_call_an_exception_label_and_an_aside_under_rows(
    tmp_path: Path,
) -> None:
    texts = [text for _, text in blocks(tmp_path, LID)]
    # The facts run on over a line that ends in a function word.
    assert "Für Kinder von 6 Jahren an und für Erwachsene" in texts
    # A call in quotes under the facts stands apart.
    assert "„Hallo, ich bin Fritzi!“" in texts
    # "Ausnahme:" at a line's end labels the sentence of the next line, in its item.
    assert any(
        text.endswith("Ausnahme: Auf ein Kleeblattfeld darf der Käfer nicht gesetzt werden.")
        for text in texts
    )
    # An aside in brackets under a table's rows is no row.
    assert "Glückskarte 25" in texts


def test_a_word_and_its_number_wrap_together() -> None:
    # Evenly wrapped at 32 characters: "Station 10" did not fit after "… von euch", so the
    # line wrapped there; a word alone that fits would have been set on it.
    measure = Measure(width=31.0, reach=32)
    assert not measure.deliberate("Hat nur einer von euch", "Station 10 geschafft, gewinnt er")
    assert measure.deliberate("Hat nur einer von euch", "Stationen geschafft hat, gewinnt")
    # Rows that each open with a name and its count end where the row does.
    assert measure.deliberate("B-Felder 4 in der Ecke", "A-Feld 1 am Rand der Laufbahn")


def test_numbered_items_in_a_narrow_box_and_an_imprints_sentence_run_on(tmp_path: Path) -> None:
    # A box set narrower than the column: its widest item fills the box's line, yet the
    # next number opens the next item; "Alle" begun after "Kiel." goes on in the next line.
    items = "\n".join(
        [
            "1. 2 Drillinge",
            "2. 1 Drilling + 1 Vierer-",
            "Folge",
            "3. 1 Vierling + 1 Vierer-",
            "Folge",
            "4. 1 Siebener-Folge",
            "5. 1 Achter-Folge",
            "6. 1 Farbsatz aus 7 Karten",
            "7. 1 Vierling + 1 Drilling",
        ]
    )
    running = "\n".join(
        [
            "Wer am Zug ist, führt die folgen-",
            "den Schritte der Reihe nach aus,",
            "bis er eine Karte abgeworfen hat.",
            "Die Runde endet sofort, sobald ein",
            "Spieler keine Karte mehr auf der",
            "Hand hat. Danach wird gewertet.",
            "Der Autor dankt allen Testspiele-",
            "rinnen und Testspielern der Kieler",
            "Spielerunde.",
            "© 2016 Windrose Spiele, Kiel. Alle",
            "Rechte vorbehalten.",
        ]
    )
    texts = [text for _, text in blocks(tmp_path, f"Die Törns\n{items}\n{running}\n")]
    assert "6. 1 Farbsatz aus 7 Karten" in texts
    assert "7. 1 Vierling + 1 Drilling" in texts
    assert "© 2016 Windrose Spiele, Kiel. Alle Rechte vorbehalten." in texts

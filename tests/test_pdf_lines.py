"""Roles, paragraph starts and running heads of a PDF page's lines: lines set by hand,
and small documents set with WeasyPrint for what only a whole page shows."""

from __future__ import annotations

from pathlib import Path

import weasyprint

from rulekit.extract.furniture import furniture_key
from rulekit.extract.lines import Line, make_line
from rulekit.extract.page import Word
from rulekit.extract.paragraphs import decide_paragraph, mark_items, measure
from rulekit.extract.pdf import extract_pdf
from rulekit.extract.regions import Regions
from rulekit.extract.roles import classify, labelled_captions
from rulekit.model import TextLine

BODY = ("heading", "paragraph", "list-item")


def test_a_labelled_caption_is_found_once_its_text_is_decoded() -> None:
    # A font without a Unicode map hides "Abbildung 2:" until the whole document
    # is decoded: the paragraph right under the figure becomes its caption then.
    figure = (140.0, 126.0, 450.0, 264.0)

    def line(number: int, text: str, top: float, starts: bool) -> TextLine:
        box = (125.0, top, 468.0, top + 9.5)
        return TextLine(
            text=text, page=3, line=number, role="body", starts_paragraph=starts, bbox=box
        )

    lines = [
        line(
            1, "Abbildung 2: Das Spielbrett nach der ersten Runde des Spiels (links) und", 278, True
        ),
        line(2, "später im Spielverlauf.", 290, False),
        line(3, "Züge werden gesetzt, indem man die Felder anklickt.", 320, False),
        line(4, "Abbildung 3 zeigt das Menü.", 340, True),  # no label: a sentence
    ]
    captioned, _ = labelled_captions(lines, {3: [figure]})
    assert [ln.role for ln in captioned] == ["caption", "caption", "body", "body"]
    assert captioned[2].starts_paragraph
    # Away from any figure, a label is only text.
    far, _ = labelled_captions(lines, {3: [(140.0, 600.0, 450.0, 700.0)]})
    assert [ln.role for ln in far] == ["body"] * 4


def _set_line(text: str, x0: float, top: float, size: float = 10.0) -> Line:
    """A line of one font, its words set at half an em per letter."""
    words, x = [], x0
    for word in text.split():
        words.append(Word(word, x, top, x + 0.5 * size * len(word), top + size, size, font="Serif"))
        x = words[-1].x1 + 0.3 * size
    return make_line(words)


def _paragraph_starts(
    lines: list[Line], figures: list[tuple[float, float, float, float]] | None = None
) -> list[bool]:
    """Whether each line after the first starts a paragraph, the lines read as body text
    in their order (and beside `figures`)."""
    for line in lines:
        line.role = line.role or "body"
    measure(lines, figures)
    previous = None
    for line in lines:
        decide_paragraph(line, previous)
        previous = line
    return [line.starts for line in lines[1:]]


def test_text_under_a_picture_is_a_caption_unless_it_names_a_component_or_stands_beside_it() -> (
    None
):
    pictures = [(50.0, 100.0, 150.0, 160.0), (250.0, 100.0, 350.0, 160.0)]
    described = _set_line("Der Hafen am Nordtor", 60, 163)
    named = _set_line("24 Wasserplättchen", 260, 163)
    running = [
        _set_line("Der Text der Seite läuft hier über die ganze Breite weiter", 50, 200 + 12 * n)
        for n in range(6)
    ]
    # Small print set beside a logo that runs on under it: an imprint.
    logo = (50.0, 400.0, 90.0, 420.0)
    beside = _set_line("Noch Fragen? Schreiben Sie uns: www.verlag.de", 100, 414, size=6.0)
    below = _set_line("© Verlag Spiel und Freizeit GmbH, Musterstadt", 40, 421, size=6.0)
    lines = [described, named, *running, beside, below]
    for number, line in enumerate(lines):
        line.region = number if line in (described, named) else 9
    classify(lines, Regions([], [*pictures, logo], []), 10.0, "Serif")
    assert [described.role, named.role, beside.role, below.role] == [
        "caption",
        "body",
        "body",
        "body",
    ]


def test_punctuation_after_an_inline_icon_closes_up_to_its_word() -> None:
    # "… auf das Ringplättchen [icon]." : the icon is no text, the gap it leaves is no space.
    icon_gap = [
        Word("Ringplättchen", 0, 0, 60, 10, 10.0),
        Word(".", 76, 0, 79, 10, 10.0, spaced=True),
    ]
    spaced = [Word("Spieler", 0, 0, 35, 10, 10.0), Word("zieht", 38, 0, 60, 10, 10.0, spaced=True)]
    assert make_line(icon_gap).text == "Ringplättchen."
    assert make_line(spaced).text == "Spieler zieht"
    # A dash is no closing punctuation: it keeps its space.
    dash = [Word("Ablage", 0, 0, 30, 10, 10.0), Word("–", 46, 0, 51, 10, 10.0, spaced=True)]
    assert make_line(dash).text == "Ablage –"


def test_text_set_around_a_picture_stays_one_paragraph_and_a_list_keeps_its_lines(
    tmp_path: Path,
) -> None:
    # Lines beside the picture end well short of the column's edge, where the next
    # line's first word would fit: they are the picture's breaks while the sentence
    # runs on.  The credits are a list of labelled lines, each a paragraph, the first
    # one the widest of its size, so that it looks full.
    around = (
        "Die Wegeplättchen werden nach ihren Rückseiten getrennt und jeweils verdeckt "
        "gemischt, bevor der Weg von der Bucht von Atlantis aus gelegt wird."
    )
    after = (
        "Von der Bucht aus werden die Plättchen mit der Rückseite nach oben als Weg offen "
        "auf den Tisch gelegt, zuerst die Stapel und danach die einzelnen Plättchen."
    )
    credits = [
        "Autor: Leo Colovini mit einem Team von vielen Testspielern aus Venedig",
        "Illustration: Michael Menzel",
    ]
    html = (
        '<html lang="de"><body style="font: 10pt \'DejaVu Serif\'; width: 110mm">'
        '<div style="float: right; width: 62mm; height: 34mm; margin-left: 3mm; '
        'background: #888"></div>'
        f"<p>{around}</p><p>{after}</p>"
        '<div style="margin-top: 40mm; font-size: 8pt">'
        + "".join(f'<p style="margin: 0">{line}</p>' for line in credits)
        + "</div></body></html>"
    )
    path = tmp_path / "around.pdf"
    weasyprint.HTML(string=html).write_pdf(path)
    blocks = [(b.kind, b.text) for b in extract_pdf(path).blocks if b.kind in BODY]
    assert blocks == [("paragraph", around), ("paragraph", after)] + [
        ("paragraph", line) for line in credits
    ]


def test_a_sentence_ending_beside_a_picture_does_not_end_its_paragraph() -> None:
    # Beside the picture the text is set narrower: a line there is full when it reaches
    # as far as the other lines beside it, not the column's edge below the picture.
    picture = (200.0, 100.0, 300.0, 135.0)
    texts = [
        "Conny spielt eine Karte und",  # x1 185, as far as text goes beside it
        "zieht auf ein Feld. Dann",
        "folgt Sven mit einer Karte.",  # ends a sentence at x1 185
        "Jetzt nimmt er sich ein Plättchen vom Weg, das gerade frei ist",
        "und legt es offen vor sich ab.",
        "Danach ist der Nächste an der Reihe.",
    ]
    lines = [_set_line(text, 50, 100 + 12 * n) for n, text in enumerate(texts)]
    assert _paragraph_starts(lines, [picture]) == [False, False, False, False, True]
    # Without the picture, the third line ends well short of the column's edge.
    measure(lines)
    decide_paragraph(lines[3], lines[2])
    assert lines[3].starts


def test_each_counted_component_is_its_own_paragraph_with_its_bracketed_note() -> None:
    texts = [
        "84 Wegeplättchen",
        "4 Brücken",
        "12 Spielfiguren",
        "(je 3 in den 4 Spielerfarben)",
        "1 Startfeld „Atlantis“",
        "Zwei Paare geben einen Zusatzpunkt,",  # clauses set one to a line
        "3 Zusatzpunkte bei drei Paaren.",
    ]
    # A line of prose above the list sets the column's measure.
    prose = _set_line("Alle Teile liegen bereit, bevor die erste Runde beginnt.", 50, 70)
    lines = [prose] + [_set_line(text, 50, 100 + 12 * n) for n, text in enumerate(texts)]
    assert _paragraph_starts(lines)[1:] == [True, True, False, True, True, True]


def test_two_stacked_headings_stay_apart_a_heading_broken_over_two_lines_does_not() -> None:
    def heading(text: str, top: float) -> Line:
        line = _set_line(text, 50, top, size=14.0)
        line.role = "heading"
        return line

    stacked = [heading("Wirkungsgefüge von Kybernetien", 100), heading("Warum man übt", 116)]
    broken = [heading("Aufbau und Vorbereitung der", 200), heading("Karten für das Spiel", 216)]
    for previous, line in (stacked, broken):
        measure([previous, line])
        decide_paragraph(line, previous)
    assert stacked[1].starts
    assert not broken[1].starts


def test_an_introduction_set_large_is_a_paragraph_a_heading_set_large_is_a_heading(
    tmp_path: Path,
) -> None:
    intro = (
        "Diese Regel enthält alle wichtigen Informationen, die Sie für das Spiel brauchen! "
        "Benötigen Sie mehr, so schlagen Sie im Almanach nach."
    )
    rule = "Jeder Spieler nimmt sich zu Beginn fünf Karten und legt sie verdeckt vor sich ab."
    html = (
        '<html lang="de"><body style="font: 10pt \'DejaVu Serif\'; width: 120mm">'
        f'<p style="font-size: 14pt; font-weight: bold">{intro}</p>'
        '<h2 style="font-size: 14pt">Spielaufbau</h2>'
        f"<p>{rule}</p><p>{rule}</p></body></html>"
    )
    path = tmp_path / "intro.pdf"
    weasyprint.HTML(string=html).write_pdf(path)
    blocks = [(b.kind, b.text) for b in extract_pdf(path).blocks if b.kind in BODY]
    assert blocks == [
        ("paragraph", intro),
        ("heading", "Spielaufbau"),
        ("paragraph", rule),
        ("paragraph", rule),
    ]


def test_a_line_ending_in_a_colon_before_a_new_column_ends_its_paragraph() -> None:
    # Where a column or page breaks, the layout tells nothing: the colon has announced
    # what comes after the break (here the text after a diagram, on the next page).
    # Within a column, a colon at a line's end is only where the line broke.
    texts = [
        "Die Aufstellung für M entspricht der für W, gespiegelt an der Mitte. So sieht es aus:",
        "Die Tiere bewegen sich nach einem Muster fort, das weiter unten beschrieben wird.",
        "Wer zuerst keine Tiere mehr hat, verliert. Und noch etwas ist wichtig, Vorsicht:",
        "Pinguine fressen Elefanten, auch wenn das kaum zu glauben ist, und gewinnen so.",
    ]
    lines = [_set_line(text, 50, 100 + 12 * n) for n, text in enumerate(texts)]
    lines[0].region, lines[0].top, lines[0].bottom = 0, 700, 710  # the foot of a column
    for line in lines[1:]:
        line.region = 1
    assert _paragraph_starts(lines) == [True, False, False]


def test_list_items_set_bold_are_items_not_headings(tmp_path: Path) -> None:
    items = ["Sanierung", "Produktion", "Aufklärung"]
    lead = "Verteilen Sie nun die Aktionspunkte auf die Bereiche:"
    html = (
        '<html lang="de"><body style="font: 10pt \'DejaVu Serif\'; width: 120mm">'
        '<h2 style="font-size: 14pt">Spielablauf</h2>'
        f"<p>{lead}</p>"
        + "".join(
            f'<p style="margin: 0"><b>{bullet} {item}</b></p>'
            for bullet, item in zip("•→•", items, strict=True)
        )
        + '<p style="font-weight: bold">Ende des Spiels</p>'
        "<p>Das Spiel endet nach zehn Runden.</p></body></html>"
    )
    path = tmp_path / "items.pdf"
    weasyprint.HTML(string=html).write_pdf(path)
    blocks = [(b.kind, b.text) for b in extract_pdf(path).blocks]
    assert blocks == [
        ("heading", "Spielablauf"),
        ("paragraph", lead),
        *(("list-item", item) for item in items),
        ("heading", "Ende des Spiels"),
        ("paragraph", "Das Spiel endet nach zehn Runden."),
    ]


def test_a_paragraph_does_not_run_out_of_its_box_into_the_body() -> None:
    texts = [
        "Oder Sie besuchen meine Webseite und schauen meinen Freunden beim Spielen",
        "zu und erlernen so ganz nebenbei sämtliche Regeln des gesamten Spiels.",
        "Vor Ihnen liegt die Insel Catan. Sie besteht aus 19 Landfeldern, mit Meer",
        "rundherum. Ihre Aufgabe ist es, diese Insel zu besiedeln.",
    ]
    lines = [_set_line(text, 50, 100 + 12 * n) for n, text in enumerate(texts)]
    # The box's lines are read first, then the column's: the layout gives no gap.
    for line in lines[:2]:
        line.region, line.container, line.framed = 4, 1, True
    for line in lines[2:]:
        line.region = 5
    assert _paragraph_starts(lines) == [False, True, False]


def test_text_after_a_row_of_cells_set_side_by_side_starts_a_paragraph() -> None:
    lead = _set_line("Markieren Sie sich die Bereiche mit Farbe, zum Beispiel:", 50, 100)
    cells = [
        _set_line(text, x0, 114)
        for text, x0 in (
            ("grün: in Ordnung", 50),
            ("gelb: bedenklich", 200),
            ("rot: gefährlich", 350),
        )
    ]
    after = _set_line("Das ist natürlich nicht überall eindeutig, und es kommt darauf an.", 50, 128)
    lines = [lead, *cells, after]
    for region, line in enumerate(lines):
        line.role, line.region = "body", region
    after.region = 0
    assert _paragraph_starts(lines) == [True, True, True, True]
    # A sentence that runs on across the row goes on.
    after.text = "auf jedem Feld, das Sie markiert haben."
    after.starts = False
    decide_paragraph(after, cells[-1])
    assert not after.starts


def test_an_address_on_an_imprint_line_starts_its_own_line() -> None:
    texts = [
        "Franckh-Kosmos Verlags-GmbH & Co. KG, Pfizerstraße 5–7, 70184 Stuttgart",
        "Tel.: +49 711 2191 – 0",
        "Fax: + 49 711 2191 – 199",
        "info@kosmos.de, kosmos.de",
        "www.kosmos.de",
    ]
    lines = [_set_line(text, 50, 100 + 12 * n) for n, text in enumerate(texts)]
    assert _paragraph_starts(lines)[1:] == [True, True, True]


def test_a_logo_set_large_over_every_page_is_a_running_header(tmp_path: Path) -> None:
    # The logo stands closer to the heading below it than its own large leading.
    pages = "".join(
        '<section style="break-after: page">'
        "<div style=\"font: bold 28pt 'DejaVu Sans'; line-height: 1\">ÖKOLOPOLY</div>"
        f'<h2 style="font-size: 14pt; margin: 16pt 0 6pt">{title}</h2>'
        f"<p>{' '.join(['Die Spieler drehen die Scheiben und rechnen nach.'] * 6)}</p>"
        "</section>"
        for title in ("Spielaufbau", "Spielablauf", "Spielende")
    )
    html = (
        '<html lang="de"><style>@page { size: A5; margin: 15mm }</style>'
        f"<body style=\"font: 10pt 'DejaVu Serif'; margin: 0\">{pages}</body></html>"
    )
    path = tmp_path / "logo.pdf"
    weasyprint.HTML(string=html).write_pdf(path)
    extraction = extract_pdf(path)
    assert [b.text for b in extraction.blocks if b.kind == "heading"] == [
        "Spielaufbau",
        "Spielablauf",
        "Spielende",
    ]
    assert [r.kind for r in extraction.repairs if r.before == "ÖKOLOPOLY"] == ["running-header"] * 3


def test_running_heads_are_compared_without_their_punctuation_and_symbols() -> None:
    assert (
        furniture_key('ÖKOLOPOLY"') == furniture_key("ÖKOLOPOLY .") == furniture_key("Ökolopoly®")
    )
    assert (
        furniture_key("Seite 12") == furniture_key("Seite 3") != furniture_key("Seite 3 – Aufbau")
    )
    # Glyph codes without a Unicode map are no symbols.
    assert furniture_key("\U000f0041\U000f0042 \U000f0043\U000f0044\U000f0045") != ""


def test_a_callout_drawn_before_a_line_starts_its_item() -> None:
    # Numbered callouts drawn as circles (the digit is part of the drawing): no glyph,
    # no gap and no short line tells where item 6 starts.
    texts = [
        "Wird eine 3 gewürfelt, werfen alle Felder mit einer 3 Erträge ab, hier Holz.",
        "Erträge können aber nur die Spieler erhalten, die an diese Felder grenzen.",
        "Die meisten Siedlungen grenzen an mehrere Felder und erhalten mehr Erträge.",
    ]
    lines = [_set_line(text, 60, 100 + 12 * n) for n, text in enumerate(texts)]
    circle = (50.0, 113.0, 58.0, 121.0)
    picture = (0.0, 124.0, 58.0, 200.0)  # a picture beside the text is no mark
    mark_items(lines, [circle, picture])
    assert [line.marked for line in lines] == [False, True, False]
    assert _paragraph_starts(lines) == [True, False]


def test_a_counted_line_goes_on_until_its_bracket_closes_but_not_for_ever() -> None:
    texts = [
        "84 Wegeplättchen (mit Werten von 1 – 7,",
        "42 x Rückseite,",
        "42 x Rückseite)",
        "4 Brücken",
        "12 Spielfiguren (siehe Seite 3",
        "3 Würfel",
        "5 Karten",
        "6 Steine",
        "7 Chips",
    ]
    lines = [_set_line(text, 50, 100 + 12 * n) for n, text in enumerate(texts)]
    # A bracket never closed holds the lines of a list together for three lines only.
    starts = [False, False, True, True, False, False, False, True]
    assert _paragraph_starts(lines) == starts


def test_a_line_opened_by_a_label_starts_unless_the_sentence_before_runs_on() -> None:
    texts = [
        "© 1983 by Frederic Vester",
        "Illustration: Peter Schimmel",
        "Jeder Spieler wählt zu Beginn eine",
        "Farbe: Rot, Blau, Gelb oder Grün.",
    ]
    starts = _paragraph_starts([_set_line(text, 50, 100 + 12 * n) for n, text in enumerate(texts)])
    assert [starts[0], starts[2]] == [True, False]


def test_a_line_opened_by_an_abbreviated_label_starts_a_paragraph() -> None:
    # The line above is full, so only the label ("Art.-Nr.:", "Tel.:") tells.
    texts = [
        "Alle Rechte vorbehalten. Hergestellt in Deutschland von der Firma",
        "Art.-Nr.: 693602",
        "Tel.: +49 711 2191 0",
    ]
    lines = [_set_line(text, 50, 100 + 12 * n) for n, text in enumerate(texts)]
    assert _paragraph_starts(lines) == [True, True]

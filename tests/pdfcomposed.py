"""Composed manuals: pages set box by box, in layouts that CSS columns alone do not make.

`render_composed(composition, folder)` renders one of `COMPOSED` with its
ground truth: columns of unequal width, a side box beside a column, framed
boxes, numbered callouts on a figure, captions beside figures, text set
vertically in the margin, figures with labels beside them in the narrow
columns of an A6 page, a heading across the columns in mid-page, an overview
sheet laid out like a poster, a cover with a row of cells over a contents
list, a caption set like the text, and a contents list set as a collage of
pictures with their names.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import weasyprint
import yaml

from tests.pdfmanual import CorpusPdf, Layout, css_string, png

COMPOSED_TEXT = Path(__file__).parent / "data" / "pdf" / "aldor.yaml"
# Paper heights in mm.
_PAPER_HEIGHT = {"A4": 297, "A5": 210, "A6": 148}


@dataclass(frozen=True)
class Composition:
    """A manual whose pages are composed box by box, each page by `page(text, result)`.

    The page function places boxes in mm from the top-left corner of the text
    area and records the ground truth in `result`, body in reading order as
    the gold readings of tests/data/corpus/README.md have it.
    """

    name: str
    paper: str
    page: Callable[[dict[str, Any], CorpusPdf], str]
    size: float = 9.0
    margin: tuple[float, float, float, float] = (18, 14, 16, 14)  # mm: top, right, bottom, left
    sheets: int = 2
    # The page of the other sheets, when `page` is an odd one in the middle of the manual.
    around: Callable[[dict[str, Any], CorpusPdf], str] | None = None

    def page_of(self, sheet: int) -> Callable[[dict[str, Any], CorpusPdf], str]:
        """The page function of a sheet."""
        if self.around is None or sheet == self.sheets // 2:
            return self.page
        return self.around


def render_composed(composition: Composition, folder: Path) -> CorpusPdf:
    """Render a composed manual to `folder/<name>.pdf`, with its ground truth.

    Each page is set from the text turned on by a few paragraphs, so that no
    two pages read the same but their running header and footer do.
    """
    text = yaml.safe_load(COMPOSED_TEXT.read_text("utf-8"))
    layout = Layout(composition.name, composition.paper, 1, size=composition.size)
    result = CorpusPdf(layout, folder / f"{composition.name}.pdf")
    result.furniture = [text["header"], text["footer"]]
    pages = [
        composition.page_of(sheet)(_turned(text, sheet), result)
        for sheet in range(composition.sheets)
    ]
    body = "".join(f"<section>{page}</section>" for page in pages)
    document = (
        f'<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">'
        f"<style>{_composed_css(composition, text)}</style></head><body>{body}</body></html>"
    )
    pdf = weasyprint.HTML(string=document).render()
    result.pages = len(pdf.pages)
    pdf.write_pdf(result.path)
    return result


def _turned(text: dict[str, Any], sheet: int) -> dict[str, Any]:
    """The text with its lists turned by as many entries as a page uses, per sheet."""

    def turn(values: list[Any], by: int) -> list[Any]:
        by %= len(values)
        return values[by:] + values[:by]

    return text | {
        "paragraphs": turn(text["paragraphs"], 7 * sheet),
        "headings": turn(text["headings"], 3 * sheet),
        "boxes": turn(text["boxes"], 2 * sheet),
        "labels": turn(text["labels"], 3 * sheet),
        "captions": turn(text["captions"], 2 * sheet),
    }


def _composed_css(composition: Composition, text: dict[str, Any]) -> str:
    top, right, bottom, left = composition.margin
    size = composition.size
    furniture = f"font: {size * 0.8:.1f}pt 'DejaVu Sans'; color: #444;"
    return f"""
@page {{ size: {composition.paper}; margin: {top}mm {right}mm {bottom}mm {left}mm;
  @top-right {{ content: {css_string(text["header"])}; {furniture} }}
  @bottom-left {{ content: {css_string(text["footer"])}; {furniture} }}
  @bottom-right {{ content: counter(page); {furniture} }} }}
body {{ font: {size}pt/1.3 'DejaVu Serif'; margin: 0; text-align: justify; hyphens: auto;
  hyphenate-character: "\\2010 "; }}
section {{ position: relative; height: {_PAPER_HEIGHT[composition.paper] - top - bottom - 1}mm;
  break-after: page; }}
section:last-child {{ break-after: auto; }}
.at {{ position: absolute; }}
h1, h2 {{ font-family: 'DejaVu Sans'; text-align: left; hyphens: manual; margin: 0 0 0.4em;
  line-height: 1.15; }}
h1 {{ font-size: {size * 1.7:.1f}pt; }}
h2 {{ font-size: {size * 1.3:.1f}pt; margin-top: 0.6em; }}
p {{ margin: 0 0 0.45em; }}
.box {{ border: 0.8pt solid #6a5a3a; background: #f3ecd8; padding: 0.5em 0.7em; margin: 0.5em 0; }}
.box p {{ margin: 0; }}
.flow {{ columns: 2; column-gap: 6mm; column-fill: balance; }}
.label {{ position: absolute; white-space: nowrap; font: bold {size * 0.75:.1f}pt 'DejaVu Sans'; }}
.caption {{ font-style: italic; font-size: {size * 0.85:.1f}pt; text-align: left;
  hyphens: manual; }}
.margin {{ position: absolute; white-space: nowrap; font: {size * 0.8:.1f}pt 'DejaVu Sans';
  color: #555; transform-origin: 0 0; transform: rotate(-90deg); }}
"""


def _at(left: float, top: float, width: float, inner: str, cls: str = "") -> str:
    """A box placed on the page, in mm from the top-left corner of the text area."""
    return f'<div class="at {cls}" style="left:{left}mm;top:{top}mm;width:{width}mm">{inner}</div>'


def _heading(text: str, result: CorpusPdf, level: int = 2) -> str:
    result.body.append(("heading", text))
    return f"<h{level}>{html.escape(text)}</h{level}>"


def _paragraphs(texts: list[str], result: CorpusPdf) -> str:
    result.body.extend(("paragraph", text) for text in texts)
    return "".join(f"<p>{html.escape(text)}</p>" for text in texts)


def _framed(text: str, result: CorpusPdf) -> str:
    result.body.append(("paragraph", text))
    lead, rest = text.split(":", 1)
    return f'<div class="box"><p><b>{html.escape(lead)}:</b>{html.escape(rest)}</p></div>'


def _picture(width: float, height: float) -> str:
    data = base64.b64encode(png(32, 24)).decode("ascii")
    return (
        f'<img src="data:image/png;base64,{data}" alt="" '
        f'style="display:block;width:{width}mm;height:{height}mm">'
    )


def _labelled(labels: list[str], width: float, height: float, result: CorpusPdf) -> str:
    """A picture in the middle of its box, its labels beside it, left and right."""
    result.labels.extend(labels)
    picture = f'<div style="margin:0 auto;width:{width / 2}mm">{_picture(width / 2, height)}</div>'
    spots = ["left:0;top:5%", "right:0;top:35%", "left:0;top:65%", "right:0;top:80%"]
    spans = "".join(
        f'<span class="label" style="{spot}">{html.escape(label)}</span>'
        for label, spot in zip(labels, spots, strict=False)
    )
    return f'<div style="position:relative;height:{height}mm;margin:2mm 0">{picture}{spans}</div>'


def _called_out(callouts: list[str], width: float, height: float, result: CorpusPdf) -> str:
    """A picture with numbered callouts ("2A") set on it."""
    result.labels.extend(callouts)
    spots = [(12, 15), (55, 30), (70, 62), (25, 75)]
    spans = "".join(
        f'<span class="label" style="left:{x}%;top:{y}%;background:#fff;padding:0 1pt">'
        f"{html.escape(callout)}</span>"
        for callout, (x, y) in zip(callouts, spots, strict=False)
    )
    return (
        f'<div style="position:relative;width:{width}mm;height:{height}mm;margin:2mm 0">'
        f"{_picture(width, height)}{spans}</div>"
    )


def _caption(text: str, result: CorpusPdf) -> str:
    result.captions.append(text)
    return f'<p class="caption">{html.escape(text)}</p>'


def _three_unequal_columns(text: dict[str, Any], result: CorpusPdf) -> str:
    """A heading across three columns of 44, 78 and 48 mm."""
    paragraphs, headings = text["paragraphs"], text["headings"]
    # Each part is made (and its gold recorded) in reading order.
    title = _at(0, 0, 182, _heading(headings[0], result, 1))
    left = _at(0, 16, 44, _paragraphs(paragraphs[0:2], result))
    middle = _heading(headings[1], result) + _paragraphs(paragraphs[2:5], result)
    return (
        title
        + left
        + _at(50, 16, 78, middle)
        + _at(134, 16, 48, _paragraphs(paragraphs[5:7], result))
    )


def _side_box(text: dict[str, Any], result: CorpusPdf) -> str:
    """A column of text and, beside its top, a framed box: read after the column."""
    column = _heading(text["headings"][0], result) + _paragraphs(text["paragraphs"][0:6], result)
    return _at(0, 0, 112, column) + _at(120, 10, 62, _framed(text["boxes"][0], result))


def _framed_boxes(text: dict[str, Any], result: CorpusPdf) -> str:
    """Two columns; framed boxes stand in the first column's flow and are read there."""
    paragraphs, headings, boxes = text["paragraphs"], text["headings"], text["boxes"]
    left = (
        _heading(headings[0], result)
        + _paragraphs(paragraphs[0:2], result)
        + _framed(boxes[0], result)
        + _paragraphs(paragraphs[2:3], result)
        + _framed(boxes[1], result)
    )
    right = _heading(headings[1], result) + _paragraphs(paragraphs[3:7], result)
    return _at(0, 0, 88, left) + _at(94, 0, 88, right)


def _callouts_on_figure(text: dict[str, Any], result: CorpusPdf) -> str:
    """Two columns, the second with a picture carrying numbered callouts, a caption under it."""
    paragraphs, headings = text["paragraphs"], text["headings"]
    left = _heading(headings[0], result) + _paragraphs(paragraphs[0:4], result)
    right = (
        _paragraphs(paragraphs[4:5], result)
        + _called_out(text["callouts"], 80, 45, result)
        + _caption(text["captions"][0], result)
        + _paragraphs(paragraphs[5:7], result)
    )
    return _at(0, 0, 88, left) + _at(94, 0, 88, right)


def _captions_beside(text: dict[str, Any], result: CorpusPdf) -> str:
    """One column; figures with their caption set beside them, not under."""
    paragraphs, captions = text["paragraphs"], text["captions"]
    parts = [_heading(text["headings"][0], result), _paragraphs(paragraphs[0:2], result)]
    for n, caption in enumerate(captions[:2]):
        parts.append(
            '<div style="display:flex;gap:4mm;align-items:flex-end;margin:2mm 0 3mm">'
            f'<div style="flex:none">{_picture(60, 32)}</div>'
            f'<div style="flex:1">{_caption(caption, result)}</div></div>'
        )
        parts.append(_paragraphs(paragraphs[2 + 2 * n : 4 + 2 * n], result))
    return _at(0, 0, 122, "".join(parts))


def _rotated_margin(text: dict[str, Any], result: CorpusPdf) -> str:
    """Two columns, and a chapter title set vertically along the outer margin (furniture)."""
    paragraphs, headings = text["paragraphs"], text["headings"]
    if text["margin"] not in result.furniture:
        result.furniture.append(text["margin"])
    left = _heading(headings[0], result) + _paragraphs(paragraphs[0:4], result)
    right = _heading(headings[1], result) + _paragraphs(paragraphs[4:7], result)
    margin = f'<div class="margin" style="left:178mm;top:150mm">{html.escape(text["margin"])}</div>'
    return _at(0, 0, 84, left) + _at(90, 0, 84, right) + margin


def _a6_figures(text: dict[str, Any], result: CorpusPdf) -> str:
    """An A6 page of two narrow columns, each with a picture and its labels beside it."""
    paragraphs, labels = text["paragraphs"], text["labels"]
    columns = []
    for n, named in enumerate((labels[0:2], labels[2:3])):
        columns.append(
            _paragraphs(paragraphs[2 * n : 2 * n + 1], result)
            + _labelled(named, 41, 14, result)
            + _paragraphs(paragraphs[2 * n + 1 : 2 * n + 2], result)
        )
    return _at(0, 0, 41, columns[0]) + _at(45, 0, 41, columns[1])


def _heading_between_bands(text: dict[str, Any], result: CorpusPdf) -> str:
    """Two columns, a heading across them in mid-page, and two more columns under it."""
    paragraphs, headings = text["paragraphs"], text["headings"]
    bands = (
        _heading(headings[0], result, 1)
        + f'<div class="flow">{_paragraphs(paragraphs[0:4], result)}</div>'
        + _heading(headings[1], result, 1)
        + f'<div class="flow">{_paragraphs(paragraphs[4:7], result)}</div>'
    )
    return _at(0, 0, 182, bands)


def _overview(text: dict[str, Any], result: CorpusPdf) -> str:
    """An overview sheet set in a smaller size than the manual, as a poster is laid out.

    At the top a banner title reaches over a two-line heading on the left and
    an introduction beside it; a panel on the right, its text set flush right
    in steps, starts above the introduction, so no straight gutter parts them
    (the panel is read after the text beside it).  Below, a column of ragged
    text under a picture, a picture with callouts and another column.
    """
    paragraphs, headings = text["paragraphs"], text["headings"]
    small = "font-size:8pt"  # the manual around it is set in 9 pt

    def at(left: float, top: float, width: float, inner: str, align: str = "justify") -> str:
        style = f"left:{left}mm;top:{top}mm;width:{width}mm;{small};text-align:{align}"
        return f'<div class="at" style="{style}">{inner}</div>'

    top = (
        # The panel's frame reaches under the introduction's right edge; its
        # text starts on the introduction's baselines, further right.
        '<div class="at box" style="left:118mm;top:0;width:64mm;height:56mm;margin:0"></div>'
        + _at(10, 0, 90, _heading(text["title"], result, 1))
        + _at(0, 22, 40, _heading(f"{headings[2]}, {headings[4]} und {headings[5]}", result, 1))
        + at(62, 12, 62, _paragraphs(paragraphs[0:1], result), "left")
        + at(120, 1, 60, _heading(headings[3], result), "right")
        + at(134, 12, 46, _paragraphs(paragraphs[1:2], result), "right")
    )
    # The text is set ragged, the first column right under a picture: on a page
    # whose running text is ragged, that is no caption.
    bottom = (
        at(0, 70, 55, _picture(55, 25) + _paragraphs(paragraphs[2:4], result), "left")
        + _at(61, 70, 60, _called_out(text["callouts"], 60, 50, result))
        + at(126, 70, 56, _paragraphs(paragraphs[4:7], result), "left")
    )
    return top + bottom


def _cover(text: dict[str, Any], result: CorpusPdf) -> str:
    """A cover: a title at the top right, a row of three cells, a contents list beside a picture.

    The list (a paragraph over its entries) and the left cells end a little
    short of the title and the right cell, so a narrow gutter runs from the
    top of the page to the foot of the list; the wide white strips between
    title, row and list divide the page into bands all the same.  Full-width
    paragraphs close the page.
    """
    headings, labels = text["headings"], text["labels"]
    cells = [f"{labels[0]}: 2 bis 4", f"{labels[1]}: ab 10 Jahren", f"{labels[2]}: 45 Minuten"]
    row = [(0, 45), (60, 45), (132, 50)]
    items = [f"{12 - 3 * n} {label}" for n, label in enumerate(labels[3:6])]
    contents = [text["paragraphs"][2], *items]
    return (
        _at(120, 20, 62, _heading(headings[0], result, 1))
        + "".join(
            _at(x, 42, w, _paragraphs([c], result)) for (x, w), c in zip(row, cells, strict=True)
        )
        + _at(0, 58, 115, _heading(headings[1], result) + _paragraphs(contents, result))
        + _at(122, 58, 60, _picture(60, 40))
        + _at(0, 120, 182, _paragraphs(text["paragraphs"][0:2], result))
    )


def _labelled_caption(text: dict[str, Any], result: CorpusPdf) -> str:
    """One column; a picture narrower than the text with a caption in the body's style under it.

    The caption opens with its label ("Abb. 1 –") and is set like the text:
    justified over the full measure, two lines, neither smaller nor italic.
    """
    paragraphs = text["paragraphs"]
    caption = (
        f"{text['captions'][0]}, links beim Aufbau und rechts nach der dritten Runde, wenn der "
        "Fürst in die Region mit den meisten Bannern gezogen ist und alle Türme gewertet sind."
    )
    result.captions.append(caption)
    return _at(
        0,
        0,
        182,
        _heading(text["headings"][0], result)
        + _paragraphs(paragraphs[0:2], result)
        + f'<div style="margin:3mm auto 2mm;width:90mm">{_picture(90, 40)}</div>'
        + f"<p>{html.escape(caption)}</p>"
        + _paragraphs(paragraphs[2:4], result),
    )


def _contents_collage(text: dict[str, Any], result: CorpusPdf) -> str:
    """A contents list as a collage: components pictured, each named with its count.

    On the left, pictures stand between the names, so the white between the
    names runs down no column: the names are read top to bottom.  On the
    right, a column of large pictures set flush with the text area's edge
    carries a name on each, staggered against the left part, so no straight
    gutter divides them: that column is read after the left part.  The
    names are set like the text, under or on their pictures, and are the
    list's text, not captions.  A heading and paragraphs across the page
    close it.
    """
    labels = text["labels"]
    first = f"36 {labels[0]} (mit Werten von 1 bis 6, je sechs in den drei Farben)"
    # Names (left, top, width), then pictures (left, top, width, height), in mm.
    left = [(52, 14, 64, first), (44, 53, 40, f"4 {labels[1]}"), (0, 61, 36, f"24 {labels[2]}")]
    left.append((36, 85, 54, f"12 {labels[3]} (je 3 in den Farben der Spieler)"))
    pictures = [(8 * n, 14 + n, 16, 16) for n in range(5)]
    pictures += [(44, 34, 40, 18), (0, 40, 36, 20), (36, 66, 44, 18)]
    # The pictures of the right column, each with the top of its name on it.
    right = [(124, 14, 58, 44, 38, f"1 {labels[4]}"), (96, 64, 86, 36, 2, f"1 {labels[5]}")]
    result.body.append(("heading", text["headings"][0]))
    result.body.extend(("paragraph", entry) for *_, entry in left + right)
    page = _at(0, 0, 182, f"<h2>{html.escape(text['headings'][0])}</h2>")
    page += "".join(_at(x, y, w, _picture(w, h)) for x, y, w, h in pictures)
    page += "".join(_at(x, y, w, f"<p>{html.escape(entry)}</p>") for x, y, w, entry in left)
    for x, y, w, h, on, entry in right:
        name = f'<p style="position:absolute;left:2mm;top:{on}mm">{html.escape(entry)}</p>'
        page += _at(x, y, w, f'<div style="position:relative">{_picture(w, h)}{name}</div>')
    closing = _heading(text["headings"][1], result) + _paragraphs(text["paragraphs"][0:5], result)
    return page + _at(0, 110, 182, closing)


COMPOSED = {
    composition.name: composition
    for composition in (
        Composition("a4-3col-unequal", "A4", _three_unequal_columns),
        Composition("a4-side-box", "A4", _side_box),
        Composition("a4-framed-boxes", "A4", _framed_boxes),
        Composition("a4-callouts", "A4", _callouts_on_figure),
        Composition("a5-captions-beside", "A5", _captions_beside, margin=(16, 13, 15, 13)),
        Composition("a4-rotated-margin", "A4", _rotated_margin),
        Composition("a6-2col-figures", "A6", _a6_figures, size=6.5, margin=(10, 9, 10, 9)),
        Composition("a4-heading-between-bands", "A4", _heading_between_bands),
        Composition("a4-overview", "A4", _overview, sheets=3, around=_framed_boxes),
        Composition("a4-cover", "A4", _cover),
        Composition("a4-labelled-caption", "A4", _labelled_caption),
        Composition("a4-contents-collage", "A4", _contents_collage),
    )
}

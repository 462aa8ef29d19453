"""Realistic rulebook PDFs with known ground truth, for the PDF extraction tests.

`render(layout, folder)` sets the German rule text in `tests/data/pdf/` as a
manual page by page with WeasyPrint: justified and hyphenated text in columns,
headings that span the columns, running headers and footers with page numbers,
figures with short labels and captions, and framed example boxes.  It returns
the PDF together with what a careful reader would take from it: the body text
(headings, paragraphs and list items in reading order) and, separately, the
strings that must not end up in it (figure labels, captions, header, footer).

`render_composed(composition, folder)` does the same for pages composed box
by box (`COMPOSED`), in layouts that flowing columns cannot make: columns of
unequal width, a side box beside a column, framed boxes, numbered callouts on
a figure, captions beside figures, text set vertically in the margin, figures
with labels beside them in the narrow columns of an A6 page, a heading across
the columns in mid-page, an overview sheet laid out like a poster, a cover
with a row of cells over a contents list, and a caption set like the text.
"""

from __future__ import annotations

import base64
import html
import re
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path
from typing import Any

import pikepdf
import weasyprint
import yaml
from fontTools.ttLib import TTFont

TEXT = Path(__file__).parent / "data" / "pdf" / "salzhandel.yaml"


@dataclass(frozen=True)
class Layout:
    """How a manual is set: paper, columns, type and the quirks of its PDF."""

    name: str
    paper: str
    columns: int
    font: str = "DejaVu Serif"
    heading_font: str = "DejaVu Sans"
    size: float = 9.0
    margin: str = "18mm 14mm 16mm 14mm"
    gap: str = "6mm"
    indent_paragraphs: bool = False
    hyphen: str = "\u2010"
    ligatures: bool = False
    tagged: bool = False
    unicode_map: bool = True
    span_first_figure: bool = False
    ragged: bool = False
    background: bool = False
    figures: tuple[str, ...] = ("svg", "image")  # how its figures are drawn, in turn
    page_of_pages: bool = False
    repeat: int = 1
    blocks: int | None = None


LAYOUTS = {
    layout.name: layout
    for layout in (
        Layout("a4-3col", "A4", 3, span_first_figure=True, figures=("svg", "callouts")),
        Layout(
            "a4-2col-tagged",
            "A4",
            2,
            size=10.0,
            hyphen="-",
            ligatures=True,
            tagged=True,
            figures=("image", "board"),
        ),
        # One page of two columns: what pdfplumber's own extract_text is measured on.
        Layout("a4-2col-page", "A4", 2, size=10.0, blocks=14, figures=("callouts",)),
        Layout(
            "a5-2col",
            "A5",
            2,
            font="Liberation Serif",
            heading_font="Liberation Sans",
            size=8.5,
            margin="16mm 11mm 15mm 11mm",
            gap="5mm",
            indent_paragraphs=True,
            hyphen="\u00ad",
            page_of_pages=True,
            figures=("callouts", "image"),
        ),
        Layout("a6-1col", "A6", 1, size=8.0, margin="13mm 9mm 12mm 9mm", figures=("board", "svg")),
        Layout(
            "a4-3col-ragged",
            "A4",
            3,
            font="DejaVu Sans",
            heading_font="DejaVu Serif",
            size=8.5,
            gap="5mm",
            ragged=True,
            background=True,
            figures=("image", "callouts"),
        ),
        Layout(
            "a5-2col-nomap",
            "A5",
            2,
            size=8.5,
            margin="16mm 11mm 15mm 11mm",
            unicode_map=False,
            figures=("board", "svg"),
        ),
    )
}


@dataclass
class CorpusPdf:
    """A rendered manual and its ground truth."""

    layout: Layout
    path: Path
    body: list[tuple[str, str]] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    captions: list[str] = field(default_factory=list)
    furniture: list[str] = field(default_factory=list)
    pages: int = 0
    figures: int = 0

    @property
    def body_text(self) -> str:
        """The body blocks as one string, white space folded to single spaces."""
        return " ".join(" ".join(text for _, text in self.body).split())


def render(layout: Layout, folder: Path) -> CorpusPdf:
    """Render the corpus text in `layout` to `folder/<name>.pdf`, with its ground truth."""
    text = yaml.safe_load(TEXT.read_text("utf-8"))
    result = CorpusPdf(layout, folder / f"{layout.name}.pdf")
    result.furniture = [text["header"], text["footer"]]
    parts = [_title(text, result)]
    for chapter in range(1, layout.repeat + 1):
        prefix = f"{chapter}. " if layout.repeat > 1 else ""
        blocks = text["blocks"][: layout.blocks]
        parts.extend(_block(block, prefix, layout, result) for block in blocks)
    document = (
        f'<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><style>{_css(layout, text)}'
        f"</style></head><body><main>{''.join(parts)}</main></body></html>"
    )
    pdf = weasyprint.HTML(string=document).render(pdf_tags=layout.tagged)
    result.pages = len(pdf.pages)
    pdf.write_pdf(result.path, pdf_tags=layout.tagged)
    if layout.hyphen == "\u00ad":
        map_break_hyphens_to_soft(result.path)
    if not layout.unicode_map:
        drop_unicode_maps(result.path)
    return result


def map_break_hyphens_to_soft(path: Path) -> None:
    """Make the break hyphen (drawn as U+2010) read as U+00AD, as many exporters write it.

    WeasyPrint leaves a soft hyphen at a line break out of the text layer, so
    the layout sets U+2010 (used nowhere else in the corpus text) and its
    glyph's Unicode mapping is changed here.
    """
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and "/ToUnicode" in obj:
                cmap = obj["/ToUnicode"].read_bytes()
                obj["/ToUnicode"].write(cmap.replace(b"> <2010>", b"> <00ad>"))
        pdf.save(path)


def drop_unicode_maps(path: Path) -> None:
    """Remove every way to map the glyphs of `path`'s fonts back to Unicode.

    That is the /ToUnicode CMap of each font and the `cmap` table of each
    embedded TrueType program, which pdfminer would otherwise fall back on.
    """
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        for obj in pdf.objects:
            if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font":
                continue
            if "/ToUnicode" in obj:
                del obj["/ToUnicode"]
            for descendant in obj.get("/DescendantFonts", []):
                program = descendant.get("/FontDescriptor", {}).get("/FontFile2")
                if program is not None:
                    font = TTFont(BytesIO(program.read_bytes()))
                    del font["cmap"]
                    data = BytesIO()
                    font.save(data)
                    program.write(data.getvalue())
        pdf.save(path)


def _css(layout: Layout, text: dict[str, Any]) -> str:
    header = _css_string(text["header"])
    footer = _css_string(text["footer"])
    number = 'counter(page) " von " counter(pages)' if layout.page_of_pages else "counter(page)"
    number = f'"Seite " {number}' if layout.page_of_pages else number
    paragraph = (
        "p { margin: 0; text-indent: 1.2em; } h1 + p, h2 + p, h3 + p, ol + p, ul + p, "
        "figure + p, .example + p { text-indent: 0; }"
        if layout.indent_paragraphs
        else "p { margin: 0 0 0.45em; }"
    )
    furniture = f"font: {layout.size * 0.8:.1f}pt '{layout.heading_font}'; color: #444;"
    return f"""
@page {{ size: {layout.paper}; margin: {layout.margin};
  @bottom-center {{ content: {footer if not layout.page_of_pages else number}; {furniture} }} }}
@page :left {{
  @top-left {{ content: {header}; {furniture} }}
  @bottom-left {{ content: {number if not layout.page_of_pages else footer}; {furniture} }} }}
@page :right {{
  @top-right {{ content: {header}; {furniture} }}
  @bottom-right {{ content: {number if not layout.page_of_pages else footer}; {furniture} }} }}
@page :first {{ @top-left {{ content: none; }} @top-right {{ content: none; }} }}
body {{ font: {layout.size}pt/1.3 '{layout.font}'; margin: 0;
  text-align: {"left" if layout.ragged else "justify"};
  hyphens: {"manual" if layout.ragged else "auto"};
  hyphenate-character: "{_css_char(layout.hyphen)}"; }}
{_background() if layout.background else ""}
main {{ columns: {layout.columns}; column-gap: {layout.gap}; column-fill: auto; }}
h1, h2, h3 {{ font-family: '{layout.heading_font}'; text-align: left; hyphens: manual;
  break-after: avoid; margin: 0.9em 0 0.35em; line-height: 1.15; }}
h1 {{ font-size: {layout.size * 1.6:.1f}pt; column-span: all; }}
h2 {{ font-size: {layout.size * 1.25:.1f}pt; }}
h3 {{ font-size: {layout.size}pt; font-weight: bold; }}
h1.title {{ font-size: {layout.size * 2.6:.1f}pt; margin-top: 0; }}
p.subtitle {{ font-style: italic; text-align: left; margin-bottom: 1.2em; }}
{paragraph}
ul, ol {{ margin: 0.3em 0 0.6em; padding-left: 1.4em; }}
li {{ margin-bottom: 0.15em; }}
.example {{ border: 0.8pt solid #6a5a3a; background: #f3ecd8; padding: 0.5em 0.7em;
  margin: 0.5em 0 0.8em; break-inside: avoid; }}
.example p {{ margin: 0; text-indent: 0; }}
figure {{ margin: 0.6em 0 0.8em; break-inside: avoid; }}
figure.wide {{ column-span: all; }}
figure.wide svg {{ width: 60%; margin: 0 auto; }}
figure svg, figure .board {{ display: block; width: 100%; }}
figure .board {{ position: relative; height: {layout.size * 9:.0f}pt; border: 1pt solid #333;
  background: #dde7ee; }}
figure .board span, figure .callouts span {{ position: absolute; white-space: nowrap;
  font: bold {layout.size * 0.75:.1f}pt '{layout.heading_font}'; }}
figure .board img {{ width: 100%; height: 100%; }}
figure .callouts {{ position: relative; height: {layout.size * 9:.0f}pt; }}
figure .callouts img {{ position: absolute; left: 30%; width: 40%; height: 100%; }}
figure .tile {{ position: absolute; border: 0.6pt solid #555; background: #efe3c4; }}
figcaption {{ font-style: italic; font-size: {layout.size * 0.85:.1f}pt; text-align: left;
  margin-top: 0.3em; hyphens: manual; }}
"""


def _background() -> str:
    """A full-page picture behind the text, as printed manuals have (parchment, a map)."""
    data = base64.b64encode(_png(60, 84)).decode("ascii")
    return f"@page {{ background: url(data:image/png;base64,{data}) no-repeat 0 0 / 100% 100%; }}"


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _css_char(char: str) -> str:
    char = "\u2010" if char == "\u00ad" else char  # see map_break_hyphens_to_soft
    return char if char.isascii() else f"\\{ord(char):X} "


def _title(text: dict[str, Any], result: CorpusPdf) -> str:
    result.body.extend([("heading", text["title"]), ("paragraph", text["subtitle"])])
    return (
        f'<h1 class="title">{html.escape(text["title"])}</h1>'
        f'<p class="subtitle">{html.escape(text["subtitle"])}</p>'
    )


def _block(block: dict[str, Any], prefix: str, layout: Layout, result: CorpusPdf) -> str:
    ((kind, value),) = block.items()
    if kind in ("h1", "h2", "h3"):
        heading = prefix + value if kind == "h1" else value
        result.body.append(("heading", heading))
        return f"<{kind}>{_inline(heading, layout)}</{kind}>"
    if kind == "p":
        result.body.append(("paragraph", value))
        return f"<p>{_inline(value, layout)}</p>"
    if kind == "example":
        result.body.append(("paragraph", value))
        lead, rest = value.split(":", 1)
        return f'<div class="example"><p><b>{lead}:</b>{_inline(rest, layout)}</p></div>'
    if kind in ("ul", "ol"):
        markers = (
            ["•"] * len(value) if kind == "ul" else [f"{n}." for n in range(1, len(value) + 1)]
        )
        result.body.extend(
            ("list-item", f"{marker} {item}") for marker, item in zip(markers, value, strict=True)
        )
        items = "".join(f"<li>{_inline(item, layout)}</li>" for item in value)
        return f"<{kind}>{items}</{kind}>"
    if kind == "figure":
        return _figure(value, layout, result)
    raise ValueError(f"unknown block kind {kind!r} in {TEXT}")


def _inline(text: str, layout: Layout) -> str:
    text = html.escape(text)
    if layout.ligatures:
        # Some layout programs map ligature glyphs to the U+FB0x presentation forms.
        text = re.sub("ffi|ffl|ff|fi|fl", lambda m: _LIGATURES[m.group()], text)
    return text


_LIGATURES = {"ff": "\ufb00", "fi": "\ufb01", "fl": "\ufb02", "ffi": "\ufb03", "ffl": "\ufb04"}


def _figure(figure: dict[str, Any], layout: Layout, result: CorpusPdf) -> str:
    labels: list[str] = figure["labels"]
    result.labels.extend(labels)
    caption = figure.get("caption")
    wide = layout.span_first_figure and not result.captions
    styles = {"svg": _svg_board, "board": _tile_board, "image": _image_board, "callouts": _callouts}
    drawing = styles[layout.figures[result.figures % len(layout.figures)]](labels)
    result.figures += 1
    figcaption = ""
    if caption:
        result.captions.append(caption)
        figcaption = f"<figcaption>{html.escape(caption)}</figcaption>"
    return f'<figure class="{"wide" if wide else ""}">{drawing}{figcaption}</figure>'


def _svg_board(labels: list[str]) -> str:
    """A map drawn in SVG: sea, islands, a route, with the labels set as SVG text."""
    shapes = [
        '<rect x="1" y="1" width="298" height="138" fill="#cfe0ea" stroke="#223" />',
        '<path d="M10 120 C 60 60, 120 140, 190 70 S 280 30, 290 20" fill="none" '
        'stroke="#845" stroke-width="2" stroke-dasharray="6 4" />',
        '<ellipse cx="70" cy="45" rx="45" ry="25" fill="#e8dcb0" stroke="#554" />',
        '<ellipse cx="220" cy="100" rx="60" ry="28" fill="#e8dcb0" stroke="#554" />',
        '<circle cx="150" cy="60" r="9" fill="#a33" />',
    ]
    spots = [(18, 22), (40, 62), (150, 92), (175, 122), (222, 52), (20, 132)]
    texts = [
        f'<text x="{x}" y="{y}" font-family="DejaVu Sans" font-size="11" '
        f'font-weight="bold">{html.escape(label)}</text>'
        for label, (x, y) in zip(labels, spots, strict=False)
    ]
    return f'<svg viewBox="0 0 300 140">{"".join(shapes + texts)}</svg>'


def _tile_board(labels: list[str]) -> str:
    """A framed board with coloured tiles and absolutely positioned labels."""
    tiles = "".join(
        f'<div class="tile" style="left:{x}%;top:{y}%;width:22%;height:30%"></div>'
        for x, y in ((6, 12), (38, 52), (70, 10))
    )
    spots = [(8, 4), (40, 44), (68, 68), (10, 72), (66, 30), (36, 6)]
    spans = "".join(
        f'<span style="left:{x}%;top:{y}%">{html.escape(label)}</span>'
        for label, (x, y) in zip(labels, spots, strict=False)
    )
    return f'<div class="board">{tiles}{spans}</div>'


def _image_board(labels: list[str]) -> str:
    """A raster picture with the labels printed over it."""
    data = base64.b64encode(_png(48, 24)).decode("ascii")
    spots = [(5, 8), (52, 40), (20, 70), (60, 78), (30, 30), (70, 10)]
    spans = "".join(
        f'<span style="left:{x}%;top:{y}%">{html.escape(label)}</span>'
        for label, (x, y) in zip(labels, spots, strict=False)
    )
    return f'<div class="board"><img src="data:image/png;base64,{data}" alt="">{spans}</div>'


def _callouts(labels: list[str]) -> str:
    """A picture with its labels set beside it, left and right, with no frame around them."""
    data = base64.b64encode(_png(32, 32)).decode("ascii")
    spots = ["left:0;top:4%", "right:0;top:26%", "left:0;top:48%", "right:0;top:70%"]
    spots += ["left:0;top:88%", "right:0;top:2%"]
    spans = "".join(
        f'<span style="{spot}">{html.escape(label)}</span>'
        for label, spot in zip(labels, spots, strict=False)
    )
    return f'<div class="callouts"><img src="data:image/png;base64,{data}" alt="">{spans}</div>'


def _png(width: int, height: int) -> bytes:
    """A small RGB gradient as PNG bytes, so the corpus needs no image files."""
    rows = b"".join(
        b"\x00" + bytes(v % 256 for x in range(width) for v in (120 + x * 2, 160 + y * 3, 200 - x))
        for y in range(height)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


# --- composed pages: layouts that CSS columns alone do not make ------------------

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
  @top-right {{ content: {_css_string(text["header"])}; {furniture} }}
  @bottom-left {{ content: {_css_string(text["footer"])}; {furniture} }}
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
    data = base64.b64encode(_png(32, 24)).decode("ascii")
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
    )
}

"""Realistic rulebook PDFs with known ground truth, for the PDF extraction tests.

`render(layout, folder)` sets the German rule text in `tests/data/pdf/` as a
manual page by page with WeasyPrint: justified and hyphenated text in columns,
headings that span the columns, running headers and footers with page numbers,
figures with short labels and captions, and framed example boxes.  It returns
the PDF together with what a careful reader would take from it: the body text
(headings, paragraphs and list items in reading order) and, separately, the
strings that must not end up in it (figure labels, captions, header, footer).

The pages composed box by box (`COMPOSED`, `render_composed`) are in
`tests/pdfcomposed.py`, what both share in `tests/pdfmanual.py`; this module
is where the tests and benches import them all from.
"""

from __future__ import annotations

import base64
import html
import re
from io import BytesIO
from pathlib import Path
from typing import Any

import pikepdf
import weasyprint
import yaml
from fontTools.ttLib import TTFont

from tests.pdfcomposed import COMPOSED, Composition, render_composed
from tests.pdfmanual import CorpusPdf, Layout, css_string, png

__all__ = [
    "COMPOSED",
    "LAYOUTS",
    "Composition",
    "CorpusPdf",
    "Layout",
    "drop_unicode_maps",
    "map_break_hyphens_to_soft",
    "png",
    "render",
    "render_composed",
]

TEXT = Path(__file__).parent / "data" / "pdf" / "salzhandel.yaml"


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
    header = css_string(text["header"])
    footer = css_string(text["footer"])
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
    data = base64.b64encode(png(60, 84)).decode("ascii")
    return f"@page {{ background: url(data:image/png;base64,{data}) no-repeat 0 0 / 100% 100%; }}"


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
    data = base64.b64encode(png(48, 24)).decode("ascii")
    spots = [(5, 8), (52, 40), (20, 70), (60, 78), (30, 30), (70, 10)]
    spans = "".join(
        f'<span style="left:{x}%;top:{y}%">{html.escape(label)}</span>'
        for label, (x, y) in zip(labels, spots, strict=False)
    )
    return f'<div class="board"><img src="data:image/png;base64,{data}" alt="">{spans}</div>'


def _callouts(labels: list[str]) -> str:
    """A picture with its labels set beside it, left and right, with no frame around them."""
    data = base64.b64encode(png(32, 32)).decode("ascii")
    spots = ["left:0;top:4%", "right:0;top:26%", "left:0;top:48%", "right:0;top:70%"]
    spots += ["left:0;top:88%", "right:0;top:2%"]
    spans = "".join(
        f'<span style="{spot}">{html.escape(label)}</span>'
        for label, spot in zip(labels, spots, strict=False)
    )
    return f'<div class="callouts"><img src="data:image/png;base64,{data}" alt="">{spans}</div>'

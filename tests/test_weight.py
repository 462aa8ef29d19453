"""Bold from the ink: scans and Type 3 fonts, whose words do not say their weight."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2
import pytest
import weasyprint
from PIL import Image, ImageDraw, ImageFont

from rulekit.extract.pdf import extract_pdf
from rulekit.extract.weight import BOLD_STROKE, MIN_WORDS, mark_bold, stroke_width

FONTS = Path("/usr/share/fonts/truetype")
SERIF = FONTS / "liberation" / "LiberationSerif-Regular.ttf"
SERIF_BOLD = FONTS / "liberation" / "LiberationSerif-Bold.ttf"
SANS = FONTS / "dejavu" / "DejaVuSans.ttf"
SANS_BOLD = FONTS / "dejavu" / "DejaVuSans-Bold.ttf"
MONO = FONTS / "liberation" / "LiberationMono-Regular.ttf"
HEADINGS = ("Spielablauf", "Ende des Spiels")
RULES = [
    "Wer am Zug ist, würfelt mit beiden Würfeln und zieht seine Figur",
    "um die Augensumme im Uhrzeigersinn über das Spielfeld weiter.",
    "Landet die Figur auf einem Feld mit einem Stern, nimmt der Spieler",
    "die oberste Karte vom Stapel und liest sie laut vor.",
]


def _drawn(font: Path, text: str = "Spielablauf und Wertung", dpi: int = 300) -> np.ndarray:
    """Text set at 10 points in `font`, as a grayscale page image at `dpi`."""
    image = Image.new("L", (1200, 120), 255)
    size = round(10 * dpi / 72)
    ImageDraw.Draw(image).text((10, 30), text, font=ImageFont.truetype(str(font), size), fill=0)
    return np.array(image)


@pytest.mark.parametrize(("regular", "bold"), [(SERIF, SERIF_BOLD), (SANS, SANS_BOLD)])
@pytest.mark.parametrize("dpi", [150, 300])
def test_a_bold_face_draws_its_stems_thicker_than_the_regular(
    regular: Path, bold: Path, dpi: int
) -> None:
    thin, thick = stroke_width(_drawn(regular, dpi=dpi)), stroke_width(_drawn(bold, dpi=dpi))
    assert thin is not None and thick is not None
    assert thick >= BOLD_STROKE * thin


def test_a_typewriter_face_is_not_bold_beside_the_roman() -> None:
    roman, typewriter = stroke_width(_drawn(SERIF)), stroke_width(_drawn(MONO))
    assert roman is not None and typewriter is not None
    assert typewriter < BOLD_STROKE * roman


def test_a_blank_image_has_no_stroke() -> None:
    assert stroke_width(np.full((20, 40), 255, dtype=np.uint8)) is None
    assert stroke_width(np.zeros((0, 0), dtype=np.uint8)) is None


@dataclass
class _Word:
    x0: float
    top: float
    x1: float
    bottom: float
    bold: bool | None = None


def _page(words: list[tuple[str, Path]]) -> tuple[np.ndarray, list[_Word]]:
    """Words set one per line at 10 points, rendered at 300 dpi (scale 300/72)."""
    scale = 300 / 72
    image = Image.new("L", (1200, 60 * len(words) + 60), 255)
    draw = ImageDraw.Draw(image)
    placed = []
    for row, (text, font) in enumerate(words):
        top = 20 + 60 * row
        face = ImageFont.truetype(str(font), round(10 * scale))
        draw.text((20, top), text, font=face, fill=0)
        x0, y0, x1, y1 = draw.textbbox((20, top), text, font=face)
        placed.append(_Word(x0 / scale, y0 / scale, x1 / scale, y1 / scale))
    return np.array(image), placed


def test_the_words_set_bold_on_a_page_are_marked_bold() -> None:
    texts = [(word, SERIF) for word in " ".join(RULES).split()[:20]]
    texts[3] = ("Spielablauf", SERIF_BOLD)
    texts[11] = ("Wertung", SERIF_BOLD)
    pixels, words = _page(texts)
    mark_bold(words, pixels, 300 / 72)
    assert [n for n, word in enumerate(words) if word.bold] == [3, 11]
    assert all(word.bold is False for n, word in enumerate(words) if n not in (3, 11))


def test_a_page_with_too_few_words_keeps_their_weight_unknown() -> None:
    pixels, words = _page([("Spielablauf", SERIF_BOLD)] + [("Karte", SERIF)] * (MIN_WORDS - 2))
    mark_bold(words, pixels, 300 / 72)
    assert all(word.bold is None for word in words)


def test_only_the_words_whose_weight_is_unknown_are_measured() -> None:
    pixels, words = _page([(word, SERIF) for word in " ".join(RULES).split()[:20]])
    words[0].bold = True  # a font that says it is bold
    mark_bold(words, pixels, 300 / 72, unknown=lambda word: word is not words[0])
    assert words[0].bold is True
    assert not any(word.bold for word in words[1:])


# --- end to end: a scan, and a PDF set in Type 3 fonts -------------------------


def _blocks(path: Path) -> list[tuple[str, str]]:
    return [
        (b.kind, b.text) for b in extract_pdf(path).blocks if b.kind in ("heading", "paragraph")
    ]


def test_a_heading_set_bold_at_body_size_in_a_scan_is_a_heading(tmp_path: Path) -> None:
    paragraph = " ".join(RULES)
    html = f"""<style>
        @page {{ size: A5; margin: 20mm 18mm; }}
        body {{ font: 11pt/1.35 'DejaVu Serif'; }}
        p {{ margin: 0 0 8pt 0; }}
        </style><p><b>{HEADINGS[0]}</b></p><p>{paragraph}</p><p><b>{HEADINGS[1]}</b></p>
        <p>{paragraph}</p>"""
    digital = tmp_path / "digital.pdf"
    weasyprint.HTML(string=html).write_pdf(digital)
    document = pypdfium2.PdfDocument(digital)
    image = document[0].render(scale=200 / 72, grayscale=True).to_pil()
    document.close()
    scan = tmp_path / "scan.pdf"
    image.save(scan, "PDF", resolution=200)
    kinds = [kind for kind, _ in _blocks(scan)]
    assert kinds == ["heading", "paragraph", "heading", "paragraph"]


def _type3_font(pdf: pikepdf.Pdf, stem: int) -> pikepdf.Dictionary:
    """A Type 3 font without a name whose every letter is two stems `stem` thousandths of
    an em wide under a hairline bar, its codes mapped to Latin-1 by a ToUnicode map."""
    procs = pikepdf.Dictionary()
    names = pikepdf.Array()
    for code in range(32, 256):
        name = f"g{code}"
        names.append(pikepdf.Name(f"/{name}"))
        if code == 32:
            glyph = "250 0 d0"
        else:
            glyph = (
                f"550 0 0 0 550 500 d1 80 0 {stem} 500 re f {470 - stem} 0 {stem} 500 re f "
                "80 470 390 30 re f"
            )
        procs[f"/{name}"] = pdf.make_stream(glyph.encode())
    to_unicode = (
        "/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def "
        "/CMapName /Adobe-Identity-UCS def /CMapType 2 def "
        "1 begincodespacerange <00> <FF> endcodespacerange "
        "1 beginbfrange <20> <FF> <0020> endbfrange "
        "endcmap CMapName currentdict /CMap defineresource pop end end"
    )
    return pdf.make_indirect(
        pikepdf.Dictionary(
            Type=pikepdf.Name.Font,
            Subtype=pikepdf.Name.Type3,
            FontBBox=[0, 0, 550, 500],
            FontMatrix=[0.001, 0, 0, 0.001, 0, 0],
            CharProcs=procs,
            Encoding=pikepdf.Dictionary(
                Type=pikepdf.Name.Encoding, Differences=pikepdf.Array([32, *names])
            ),
            FirstChar=32,
            LastChar=255,
            Widths=[250] + [550] * 223,
            Resources=pikepdf.Dictionary(),
            ToUnicode=pdf.make_stream(to_unicode.encode()),
        )
    )


def test_a_heading_set_in_a_bold_type3_font_at_body_size_is_a_heading(tmp_path: Path) -> None:
    # TeX's dvips sets every font as a Type 3 font without a name: only the ink tells
    # the bold heading from the body.
    pdf = pikepdf.new()
    regular, bold = _type3_font(pdf, 60), _type3_font(pdf, 110)
    lines = [("/Bold", HEADINGS[0]), *(("/Regular", rule) for rule in RULES)]
    lines += [("/Bold", HEADINGS[1]), *(("/Regular", rule) for rule in RULES)]
    content, top = [], 780
    for font, text in lines:
        top -= 24 if font == "/Bold" else 13
        escaped = text.encode("latin-1").replace(b"(", rb"\(").replace(b")", rb"\)")
        content.append(b"BT %s 10 Tf 56 %d Td (%s) Tj ET" % (font.encode(), top, escaped))
    page = pikepdf.Page(
        pikepdf.Dictionary(
            Type=pikepdf.Name.Page,
            MediaBox=[0, 0, 595, 842],
            Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(Regular=regular, Bold=bold)),
            Contents=pdf.make_stream(b"\n".join(content)),
        )
    )
    pdf.pages.append(page)
    path = tmp_path / "type3.pdf"
    pdf.save(path)
    paragraph = " ".join(RULES)
    assert _blocks(path) == [
        ("heading", HEADINGS[0]),
        ("paragraph", paragraph),
        ("heading", HEADINGS[1]),
        ("paragraph", paragraph),
    ]

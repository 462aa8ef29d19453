"""Prepress: WeasyPrint's PDFs made into files a print shop accepts.

The templates give their colours in CMYK (`device-cmyk()`), which WeasyPrint
writes as they are.  Only a PDF that still holds RGB (a template or picture an
editor added) goes through Ghostscript, which converts every colour to CMYK.
pikepdf then finishes the file:

- for a deck, its pages: the cards, or the cards imposed on A4 (`impose`);
- a PDF/X output intent with a standard CMYK characterisation (CGATS TR 001,
  SWOP) and its ICC profile, the one Ghostscript ships (Debian's
  `libgs-common`), and the PDF/X-4 version keys in the info dictionary and XMP;
- the language (/Lang), a title in the card language, and rulekit as the
  creator tool, in the metadata and not on the card;
- TrimBox and BleedBox as laid out; a card page also gets a slug outside its
  bleed with crop marks in registration colour, so no mark touches the card;
- the glyph WeasyPrint draws at a hyphenated line end reads as a soft hyphen
  (U+00AD) in the text layer, as the PDF reference asks, so copying and
  searching find whole words (the text itself never holds U+2010, see
  `typography`);
- no dates but the build date, and an id made from the content, so output
  stays byte-identical for identical input.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tempfile
import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pikepdf

from rulekit import __version__
from rulekit.i18n.catalogs import build_date
from rulekit.output.cards.impose import Arrange

PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
CONDITION = "CGATS TR 001"  # SWOP, as registered with the ICC and named by the profile
REGISTRY = "http://www.color.org"
PDFX_VERSION = "PDF/X-4"
PDF_VERSION = "1.6"  # PDF/X-4 files are PDF 1.6 at most
MM = 72 / 25.4
SLUG_MM = 8.0  # paper around the bleed that carries the crop marks
MARK_MM = 5.0  # length of a crop mark; it starts where the bleed ends
MARK_WIDTH = 0.25  # pt
# A ToUnicode entry whose destination is U+2010 (the hyphenation glyph): "<src> <2010>".
_HYPHEN_TARGET = re.compile(rb"(<[0-9A-Fa-f]{2,8}>\s*)<2010>")
_RGB_SPACES = frozenset(pikepdf.Name(n) for n in ("/DeviceRGB", "/CalRGB", "/Lab"))


class PrepressError(RuntimeError):
    """Ghostscript is missing or failed: the build cannot make print files."""


@dataclass(frozen=True)
class Identity:
    """What the metadata says about one print file."""

    title: str
    lang: str
    subject: str


def print_ready(
    pdf: bytes, identity: Identity, slug: bool = False, arrange: Arrange | None = None
) -> bytes:
    """`pdf` in CMYK with its output intent and metadata (see the module's docstring).

    `arrange`, when given, first makes the file's pages from the PDF's (see
    `impose`); `slug` adds crop marks outside the bleed of every page (for single
    cards).
    """
    with pikepdf.open(io.BytesIO(pdf)) as plain:
        converted = _cmyk(pdf) if holds_rgb(plain) else pdf
    with pikepdf.open(io.BytesIO(converted)) as document:
        # Before the pages are arranged: a page drawn onto another keeps its fonts in
        # the form it becomes, out of reach of the page's resources.
        for page in document.pages:
            _soft_hyphens(page)
        if arrange is not None:
            arrange(document)
        _output_intent(document)
        _metadata(document, identity)
        for page in document.pages if slug else ():
            _slug_marks(document, page)
        # Ghostscript's id differs from run to run; without one, qpdf makes it from content.
        if "/ID" in document.trailer:
            del document.trailer["/ID"]
        out = io.BytesIO()
        document.save(
            out,
            deterministic_id=True,
            compress_streams=True,
            object_stream_mode=pikepdf.ObjectStreamMode.disable,
        )
    return out.getvalue()


def _cmyk(pdf: bytes) -> bytes:
    """The PDF rewritten by Ghostscript with every colour in DeviceCMYK (or gray)."""
    gs = shutil.which("gs")
    if gs is None:
        raise PrepressError(
            "Ghostscript (gs) is missing; 'make build' installs it (Debian package ghostscript)"
        )
    with tempfile.TemporaryDirectory(prefix="rulekit-gs-") as folder:
        source, target = Path(folder, "in.pdf"), Path(folder, "out.pdf")
        source.write_bytes(pdf)
        result = subprocess.run(
            [
                gs,
                "-q",
                "-dNOPAUSE",
                "-dBATCH",
                "-dSAFER",
                "-sDEVICE=pdfwrite",
                f"-dCompatibilityLevel={PDF_VERSION}",
                "-sColorConversionStrategy=CMYK",
                "-sProcessColorModel=DeviceCMYK",
                f"-sOutputICCProfile={PROFILE}",
                "-dAutoRotatePages=/None",
                f"-sOutputFile={target}",
                str(source),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode != 0 or not target.is_file():
            raise PrepressError(f"Ghostscript failed: {result.stderr.strip() or result.stdout}")
        return target.read_bytes()


def holds_rgb(document: pikepdf.Pdf) -> bool:
    """Whether any colour of the PDF is not in CMYK or gray: an RGB (or calibrated,
    Lab, three-channel ICC) colour space anywhere, or an RGB colour operator in a
    content stream of a page or of a form it draws."""
    for obj in document.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/N") == 3:
            return True  # a three-channel ICC profile: RGB
        if isinstance(obj, pikepdf.Dictionary | pikepdf.Array | pikepdf.Stream):
            values = obj.values() if not isinstance(obj, pikepdf.Array) else obj
            if any(isinstance(v, pikepdf.Name) and v in _RGB_SPACES for v in values):
                return True
    streams: list[pikepdf.Object] = [page.obj for page in document.pages]
    streams += [
        obj
        for obj in document.objects
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == pikepdf.Name.Form
    ]
    return any(
        str(instruction.operator) in ("rg", "RG")
        for stream in streams
        for instruction in pikepdf.parse_content_stream(stream)
    )


def _output_intent(document: pikepdf.Pdf) -> None:
    if not PROFILE.is_file():
        raise PrepressError(f"{PROFILE} is missing; 'make build' installs it (ghostscript)")
    profile = pikepdf.Stream(document, _compressed_profile())
    profile["/Filter"] = pikepdf.Name.FlateDecode
    profile["/N"] = 4
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(CONDITION),
        OutputCondition=pikepdf.String("Commercial offset printing, coated paper (SWOP)"),
        RegistryName=pikepdf.String(REGISTRY),
        Info=pikepdf.String("Artifex CMYK SWOP Profile"),
        DestOutputProfile=document.make_indirect(profile),
    )
    document.Root.OutputIntents = pikepdf.Array([document.make_indirect(intent)])


@cache
def _compressed_profile() -> bytes:
    """The ICC profile, compressed once per process as qpdf would compress it on saving:
    compressing it again for every file took half the time of `print_ready`."""
    return zlib.compress(PROFILE.read_bytes())


def _metadata(document: pikepdf.Pdf, identity: Identity) -> None:
    """Info dictionary and XMP with the same title, language, tool and build date."""
    document.Root.Lang = pikepdf.String(identity.lang)
    document.Root.ViewerPreferences = pikepdf.Dictionary(DisplayDocTitle=True)
    if "/Metadata" in document.Root:
        del document.Root["/Metadata"]
    stamp = build_date()
    pdf_date = stamp.strftime("D:%Y%m%d%H%M%SZ")
    document.docinfo = document.make_indirect(
        pikepdf.Dictionary(
            Title=pikepdf.String(identity.title),
            Subject=pikepdf.String(identity.subject),
            Creator=pikepdf.String(f"rulekit {__version__}"),
            Producer=pikepdf.String(f"rulekit {__version__} (WeasyPrint, Ghostscript)"),
            CreationDate=pikepdf.String(pdf_date),
            ModDate=pikepdf.String(pdf_date),
            Trapped=pikepdf.Name("/False"),
            GTS_PDFXVersion=pikepdf.String(PDFX_VERSION),
        )
    )
    with document.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        iso = stamp.isoformat()
        meta["dc:title"] = identity.title
        meta["dc:description"] = identity.subject
        meta["dc:language"] = [identity.lang]
        meta["xmp:CreatorTool"] = f"rulekit {__version__}"
        meta["xmp:CreateDate"] = iso
        meta["xmp:ModifyDate"] = iso
        meta["xmp:MetadataDate"] = iso
        meta["pdf:Producer"] = f"rulekit {__version__} (WeasyPrint, Ghostscript)"
        meta["pdf:Trapped"] = "False"
        meta["pdfxid:GTS_PDFXVersion"] = PDFX_VERSION


def _soft_hyphens(page: pikepdf.Page) -> None:
    """Map the hyphenation glyph of every font on the page to U+00AD in its ToUnicode."""
    resources = page.obj.get("/Resources")
    fonts = resources.get("/Font") if resources is not None else None
    for font in (fonts or pikepdf.Dictionary()).values():
        cmap = font.get("/ToUnicode")
        if cmap is None:
            continue
        data = cmap.read_bytes()
        fixed = _HYPHEN_TARGET.sub(rb"\1<00AD>", data)
        if fixed != data:
            cmap.write(fixed)


def _slug_marks(document: pikepdf.Pdf, page: pikepdf.Page) -> None:
    """Widen the page by a slug around its bleed and draw crop marks in it."""
    trim = [float(v) for v in page.obj.TrimBox]
    bleed = [float(v) for v in page.obj.BleedBox]
    slug = SLUG_MM * MM
    page.obj.MediaBox = pikepdf.Array(
        [bleed[0] - slug, bleed[1] - slug, bleed[2] + slug, bleed[3] + slug]
    )
    if "/CropBox" in page.obj:
        del page.obj["/CropBox"]
    length = MARK_MM * MM
    lines = []
    for x in (trim[0], trim[2]):
        for y_from in (bleed[1], bleed[3]):
            direction = -1 if y_from == bleed[1] else 1
            lines.append(((x, y_from), (x, y_from + direction * length)))
    for y in (trim[1], trim[3]):
        for x_from in (bleed[0], bleed[2]):
            direction = -1 if x_from == bleed[0] else 1
            lines.append(((x_from, y), (x_from + direction * length, y)))
    # The page's own content may leave the graphics state changed: fence it in q/Q.
    page.contents_add(pikepdf.Stream(document, b"q\n"), prepend=True)
    ops = [f"Q q {MARK_WIDTH} w 1 1 1 1 K"]
    ops += [f"{a[0]:.3f} {a[1]:.3f} m {b[0]:.3f} {b[1]:.3f} l S" for a, b in lines]
    ops.append("Q")
    page.contents_add(pikepdf.Stream(document, "\n".join(ops).encode()), prepend=False)

"""Reading a born-digital page with pdfium: characters into words, paths and images.

pdfium (through pypdfium2's raw API) reads characters with their boxes,
fonts and marked-content ids at native speed; pdfminer's character pass,
which pdfplumber runs, was most of the time the PDF path took.

Characters become words here: a word ends at a space (in the text or one
pdfium inferred from a gap), at a gap wider than a fifth of the font size,
where the baseline moves, where the text runs backwards, and where the font
changes (such words touch; the line builder joins them without a space).
A word remembers whether a space came before it: a space glyph can be
narrower than the gap it stands for.
Glyphs without a Unicode map come out as U+F0000 plus their code, for the
encoding repairs to decode.  pdfium marks a hyphen that ends a line in a
hyphenated word as U+0002 and forgets whether it was "-" or a soft hyphen;
it comes out as a soft hyphen where the font maps no glyph to "-" (see
`pdfdoc`), as "-" otherwise, and the cleaner decides whether the word was
broken.

Everything is turned into the page's display space (`page.PageContent`);
text outside the crop box, and text that does not run left to right in
display space (vertical labels, rotated stamps), is left out.
"""

from __future__ import annotations

import ctypes
import math
import re
from collections.abc import Callable
from dataclasses import dataclass

import pypdfium2.raw as pdfium_c

from rulekit.extract.encoding import LIGATURE_CHARACTERS
from rulekit.extract.page import Box, PageContent, Shape, Word, area, centre_in

__all__ = ["read_page"]

_BOLD = re.compile(r"bold|black|heavy|semibold|demibold|extrabold|ultrabold", re.IGNORECASE)
_ITALIC = re.compile(r"italic|oblique|kursiv", re.IGNORECASE)
# Glyphs without a Unicode map come out as this plus their code (Plane 15).
UNMAPPED = 0xF0000
# pdfium's mark for a hyphen at the end of a line inside a hyphenated word.
_PDFIUM_HYPHEN = 0x2
SOFT_HYPHEN = "\u00ad"
_LIGATURES = {letters: glyph for glyph, letters in LIGATURE_CHARACTERS.items()}
_SPACES = frozenset((0x20, 0xA0, 0x09, 0x2002, 0x2003, 0x2009, 0x202F))
_BREAKS = frozenset((0x0D, 0x0A, 0x0C))
# A gap wider than this fraction of the font size separates two words (poppler's
# minimum word break): tight justified spacing and a hanging list indent come
# down to about this, kerning stays below it.
WORD_GAP = 0.1
# Font flags (PDF 32000, table 121).
_FLAG_ITALIC = 1 << 6
_FLAG_FORCE_BOLD = 1 << 18
_SEGMENT_BEZIER = 1
_SEGMENT_MOVE = 2
# Paths with more segments than this are drawings; their outline is not measured.
_MAX_OUTLINE_SEGMENTS = 64
# A path with more segments than this is a drawing, not a frame or a rule.
_MAX_FRAME_SEGMENTS = 12

Point = tuple[float, float]
Transform = Callable[[float, float], Point]


@dataclass(slots=True)
class _Style:
    """What a text object tells about its characters."""

    font: str
    bold: bool
    italic: bool
    mcid: int | None
    font_key: object = None  # one object per font of the page


@dataclass(slots=True)
class _Char:
    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    size: float
    baseline: float
    style: _Style
    space: bool  # a space came before it, in the text or inferred by pdfium
    broken: bool  # a space or a line break came before it: it starts a word
    unmapped: bool = False  # a glyph code: the font has no Unicode for it
    hyphen: bool = False  # pdfium's line-end hyphen of a broken word


def display_transform(rotation: int, media: Box) -> Transform:
    """A function from PDF user space to display space (top-left origin, y down).

    `media` is the media box in user space as (x0, y0, x1, y1); `rotation`
    the page's /Rotate, which turns the page clockwise for display.
    """
    x0, y0, x1, y1 = media
    if rotation == 90:
        return lambda x, y: (y - y0, x - x0)
    if rotation == 180:
        return lambda x, y: (x1 - x, y - y0)
    if rotation == 270:
        return lambda x, y: (y1 - y, x1 - x)
    return lambda x, y: (x - x0, y1 - y)


def read_page(
    page: object,
    textpage: object,
    index: int,
    tagged: bool,
    soft_fonts: Callable[[], frozenset[str]] | None = None,
) -> PageContent:
    """One pdfium page (raw FPDF_PAGE and FPDF_TEXTPAGE handles) as words, shapes and images.

    `soft_fonts` names the fonts whose line-end hyphens are soft hyphens;
    it is asked only when the page has such a hyphen.
    """
    rotation = pdfium_c.FPDFPage_GetRotation(page) % 4 * 90
    # The page's own boxes; where it inherits them, pdfium's bounding box
    # (the crop box as pdfium resolves it) stands in for both.
    bounds = _page_bounds(page)
    media = _box(pdfium_c.FPDFPage_GetMediaBox, page) or bounds
    crop = _box(pdfium_c.FPDFPage_GetCropBox, page) or bounds
    if rotation in (90, 270):
        width, height = media[3] - media[1], media[2] - media[0]
    else:
        width, height = media[2] - media[0], media[3] - media[1]
    to_display = display_transform(rotation, media)
    visible = _bounds([to_display(crop[0], crop[1]), to_display(crop[2], crop[3])])
    chars = _chars(textpage, to_display, visible, tagged)
    hyphens = [char for char in chars if char.hyphen]
    soft = soft_fonts() if hyphens and soft_fonts is not None else frozenset()
    for char in hyphens:
        if char.style.font in soft:
            char.text = SOFT_HYPHEN
    shapes, images = _graphics(page, to_display, visible)
    return PageContent(
        index=index,
        width=width,
        height=height,
        crop=visible,
        words=_words(chars),
        shapes=shapes,
        images=images,
    )


def _box(getter: Callable[..., int], page: object) -> tuple[float, float, float, float] | None:
    values = [ctypes.c_float() for _ in range(4)]
    if not getter(page, *(ctypes.byref(v) for v in values)):
        return None
    left, bottom, right, top = (v.value for v in values)
    return (min(left, right), min(bottom, top), max(left, right), max(bottom, top))


def _page_bounds(page: object) -> tuple[float, float, float, float]:
    rect = pdfium_c.FS_RECTF()
    if pdfium_c.FPDF_GetPageBoundingBox(page, rect):
        return (
            min(rect.left, rect.right),
            min(rect.bottom, rect.top),
            max(rect.left, rect.right),
            max(rect.bottom, rect.top),
        )
    return (0.0, 0.0, pdfium_c.FPDF_GetPageWidthF(page), pdfium_c.FPDF_GetPageHeightF(page))


def _bounds(points: list[Point]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


# --- characters --------------------------------------------------------------


def _chars(textpage: object, to_display: Transform, visible: Box, tagged: bool) -> list[_Char]:
    """The page's characters in content order, upright ones inside the visible area."""
    count = pdfium_c.FPDFText_CountChars(textpage)
    rect = pdfium_c.FS_RECTF()
    matrix = pdfium_c.FS_MATRIX()
    origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
    styles: dict[int, _Style] = {}
    fonts: dict[int, tuple[str, bool, bool]] = {}
    chars: list[_Char] = []
    space_before = False
    broken = False
    high = 0
    for i in range(count):
        code = pdfium_c.FPDFText_GetUnicode(textpage, i)
        if 0xD800 <= code <= 0xDBFF:
            # pdfium counts UTF-16 units: a character beyond the BMP (a Private Use
            # code in plane 15 or 16, say) is a high and a low surrogate in turn.
            high = code
            continue
        if high and 0xDC00 <= code <= 0xDFFF:
            code = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
        high = 0
        if code in _SPACES:
            space_before = True
            continue
        if code in _BREAKS or pdfium_c.FPDFText_IsGenerated(textpage, i):
            # A line break pdfium infers ends a word, but is no evidence of a
            # space: a hyphen set as an object of its own gets one before it.
            broken = True
            continue
        if not pdfium_c.FPDFText_GetMatrix(textpage, i, matrix):
            continue
        # The advance direction in display space: upright text runs along +x.
        ax, ay = to_display(matrix.a, matrix.b)
        zx, zy = to_display(0.0, 0.0)
        dx, dy = ax - zx, ay - zy
        if dx <= 0 or abs(dy) > 0.1 * abs(dx):
            continue
        pdfium_c.FPDFText_GetLooseCharBox(textpage, i, rect)
        x0, y0 = to_display(rect.left, rect.top)
        x1, y1 = to_display(rect.right, rect.bottom)
        box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        if not centre_in(box, visible, 0.0):
            continue
        pdfium_c.FPDFText_GetCharOrigin(textpage, i, origin_x, origin_y)
        handle = pdfium_c.FPDFText_GetTextObject(textpage, i)
        key = ctypes.cast(handle, ctypes.c_void_p).value or 0
        style = styles.get(key)
        if style is None:
            style = styles[key] = _style(handle, fonts, tagged)
        size = _font_size(handle) * math.hypot(matrix.c, matrix.d)
        chars.append(
            _Char(
                text=_text(textpage, i, code),
                unmapped=code == 0 or bool(pdfium_c.FPDFText_HasUnicodeMapError(textpage, i)),
                hyphen=code == _PDFIUM_HYPHEN,
                x0=box[0],
                top=box[1],
                x1=box[2],
                bottom=box[3],
                size=size if size > 0 else box[3] - box[1],
                baseline=to_display(origin_x.value, origin_y.value)[1],
                style=style,
                space=space_before,
                broken=space_before or broken,
            )
        )
        space_before = broken = False
    _unmap_stray_codes(chars)
    return _one_per_glyph(chars)


def _one_per_glyph(chars: list[_Char]) -> list[_Char]:
    """Characters pdfium split out of one glyph joined again: a ligature is one character.

    pdfium expands a ligature glyph ("ﬁ") into its letters, each with the
    glyph's box; the ligature character goes on to the cleaner, which
    expands it and lists the repair.
    """
    joined: list[_Char] = []
    for char in chars:
        last = joined[-1] if joined else None
        if (
            last is not None
            and last.style is char.style
            and not char.broken
            and (last.x0, last.x1, last.top, last.bottom)
            == (char.x0, char.x1, char.top, char.bottom)
        ):
            last.text += char.text
            continue
        joined.append(char)
    for char in joined:
        if len(char.text) > 1:
            char.text = _LIGATURES.get(char.text, char.text)
    return joined


def _unmap_stray_codes(chars: list[_Char]) -> None:
    """In a font pdfium cannot map, codes it passed off as letters of far scripts are codes too.

    Without a Unicode map pdfium gives some glyph codes as they are, as if
    they were characters (U+077F for glyph 1919); where the same font has
    codes flagged as unmapped on the page, such characters are unmapped too.
    """
    failing = {id(c.style.font_key) for c in chars if c.unmapped}
    if not failing:
        return
    for char in chars:
        if not char.unmapped and id(char.style.font_key) in failing and len(char.text) == 1:
            code = ord(char.text)
            if 0x0370 <= code <= 0x1FFF or 0x2E80 <= code <= 0xDFFF or 0xF900 <= code <= 0xFAFF:
                char.text = chr(UNMAPPED + code)
                char.unmapped = True


def _text(textpage: object, index: int, code: int) -> str:
    if code == _PDFIUM_HYPHEN:
        return "-"
    if code == 0 or pdfium_c.FPDFText_HasUnicodeMapError(textpage, index):
        return chr(UNMAPPED + code)
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        return chr(UNMAPPED)
    return chr(code)


def _font_size(handle: object) -> float:
    size = ctypes.c_float()
    return size.value if pdfium_c.FPDFTextObj_GetFontSize(handle, ctypes.byref(size)) else 0.0


def _style(handle: object, fonts: dict[int, tuple[str, bool, bool]], tagged: bool) -> _Style:
    """Font name, weight and slant of a text object, and its marked-content id when tagged."""
    font = pdfium_c.FPDFTextObj_GetFont(handle)
    key = ctypes.cast(font, ctypes.c_void_p).value or 0
    if key not in fonts:
        fonts[key] = _font(font)
    name, bold, italic = fonts[key]
    mcid = None
    if tagged and not _is_artifact(handle):
        found = pdfium_c.FPDFPageObj_GetMarkedContentID(handle)
        mcid = found if found >= 0 else None
    return _Style(name, bold, italic, mcid, fonts[key])


def _font(font: object) -> tuple[str, bool, bool]:
    if not font:
        return "", False, False
    length = pdfium_c.FPDFFont_GetBaseFontName(font, None, 0)
    buffer = ctypes.create_string_buffer(max(1, length))
    pdfium_c.FPDFFont_GetBaseFontName(font, buffer, length)
    name = buffer.value.decode("latin-1", "replace")
    flags = pdfium_c.FPDFFont_GetFlags(font)
    weight = pdfium_c.FPDFFont_GetWeight(font)
    angle = ctypes.c_int()
    slanted = bool(pdfium_c.FPDFFont_GetItalicAngle(font, ctypes.byref(angle))) and angle.value
    # A subset prefix ("ABCDEF+") differs between files, not between styles.
    family = name.split("+", 1)[-1]
    bold = bool(_BOLD.search(family)) or weight >= 600 or bool(flags & _FLAG_FORCE_BOLD)
    italic = bool(_ITALIC.search(family)) or bool(slanted) or bool(flags & _FLAG_ITALIC)
    return family, bold, italic


def _is_artifact(handle: object) -> bool:
    """Whether a page object is marked as an Artifact (furniture outside the structure)."""
    buffer = (ctypes.c_ushort * 32)()
    length = ctypes.c_ulong()
    for index in range(pdfium_c.FPDFPageObj_CountMarks(handle)):
        mark = pdfium_c.FPDFPageObj_GetMark(handle, index)
        if mark and pdfium_c.FPDFPageObjMark_GetName(
            mark, buffer, ctypes.sizeof(buffer), ctypes.byref(length)
        ):
            # The length is in bytes, the terminating NUL included.
            name = "".join(map(chr, buffer[: max(0, length.value // 2 - 1)]))
            if name == "Artifact":
                return True
    return False


def _words(chars: list[_Char]) -> list[Word]:
    """Characters joined into words: see the module docstring for where a word ends."""
    words: list[Word] = []
    current: list[_Char] = []
    for char in chars:
        if current and _breaks(current[-1], char):
            words.append(_word(current))
            current = []
        current.append(char)
    if current:
        words.append(_word(current))
    return words


def _breaks(last: _Char, char: _Char) -> bool:
    size = max(last.size, char.size, 1.0)
    return (
        char.broken
        or (
            char.style is not last.style
            and (char.style.font, char.style.bold, char.style.italic, char.style.mcid)
            != (last.style.font, last.style.bold, last.style.italic, last.style.mcid)
        )
        or abs(char.size - last.size) > 0.5
        or abs(char.baseline - last.baseline) > 0.25 * size
        or char.x0 - last.x1 > WORD_GAP * size
        or char.x0 < last.x1 - 0.5 * size
    )


def _word(chars: list[_Char]) -> Word:
    style = chars[0].style
    sizes: dict[float, int] = {}
    for char in chars:
        sizes[round(char.size, 2)] = sizes.get(round(char.size, 2), 0) + 1
    return Word(
        text="".join(c.text for c in chars),
        x0=min(c.x0 for c in chars),
        top=min(c.top for c in chars),
        x1=max(c.x1 for c in chars),
        bottom=max(c.bottom for c in chars),
        size=max(sizes, key=lambda s: sizes[s]),
        bold=style.bold,
        italic=style.italic,
        font=style.font,
        mcid=style.mcid,
        spaced=chars[0].space,
        baseline=chars[0].baseline,
    )


# --- graphics ----------------------------------------------------------------

Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _graphics(page: object, to_display: Transform, visible: Box) -> tuple[list[Shape], list[Box]]:
    """The page's paths and images, forms opened, clipped to the visible area."""
    shapes: list[Shape] = []
    images: list[Box] = []
    stack: list[tuple[object, bool, Matrix, int]] = [(page, False, _IDENTITY, 0)]
    while stack:
        parent, is_form, outer, depth = stack.pop()
        count_objects = (
            pdfium_c.FPDFFormObj_CountObjects if is_form else pdfium_c.FPDFPage_CountObjects
        )
        get_object = pdfium_c.FPDFFormObj_GetObject if is_form else pdfium_c.FPDFPage_GetObject
        for index in range(count_objects(parent)):
            obj = get_object(parent, index)
            kind = pdfium_c.FPDFPageObj_GetType(obj)
            if kind == pdfium_c.FPDF_PAGEOBJ_FORM and depth < 8:
                stack.append(
                    (obj, True, _compose(_matrix(obj), outer) if is_form else outer, depth + 1)
                )
                continue
            if kind not in (pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_IMAGE):
                continue
            box = _object_box(obj, outer, to_display, visible)
            if box is None:
                continue
            if kind == pdfium_c.FPDF_PAGEOBJ_IMAGE:
                images.append(box)
            else:
                shape = _shape(obj, box)
                if shape is not None:
                    shapes.append(shape)
    return shapes, images


def _matrix(obj: object) -> Matrix:
    m = pdfium_c.FS_MATRIX()
    if not pdfium_c.FPDFPageObj_GetMatrix(obj, m):
        return _IDENTITY
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _compose(inner: Matrix, outer: Matrix) -> Matrix:
    a, b, c, d, e, f = inner
    p, q, r, s, t, u = outer
    return (
        a * p + b * r,
        a * q + b * s,
        c * p + d * r,
        c * q + d * s,
        e * p + f * r + t,
        e * q + f * s + u,
    )


def _object_box(obj: object, outer: Matrix, to_display: Transform, visible: Box) -> Box | None:
    """An object's bounds in display space, cut to the visible area; None when outside it."""
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    if not pdfium_c.FPDFPageObj_GetBounds(obj, left, bottom, right, top):
        return None
    a, b, c, d, e, f = outer
    corners = [
        (a * x + c * y + e, b * x + d * y + f)
        for x in (left.value, right.value)
        for y in (bottom.value, top.value)
    ]
    box = _bounds([to_display(x, y) for x, y in corners])
    cut = (
        max(box[0], visible[0]),
        max(box[1], visible[1]),
        min(box[2], visible[2]),
        min(box[3], visible[3]),
    )
    if cut[2] <= cut[0] and cut[3] <= cut[1]:
        return None
    if area(cut) == 0 and (cut[2] < cut[0] or cut[3] < cut[1]):
        return None
    return cut


def _shape(obj: object, box: Box) -> Shape | None:
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    if not pdfium_c.FPDFPath_GetDrawMode(obj, ctypes.byref(fill_mode), ctypes.byref(stroke)):
        return None
    filled = fill_mode.value != 0 and not _white_fill(obj)
    if not filled and not stroke.value:
        return None  # a clipping path or an invisible one
    segments = pdfium_c.FPDFPath_CountSegments(obj)
    if segments > _MAX_OUTLINE_SEGMENTS:
        return Shape(box=box, filled=filled, stroked=bool(stroke.value), curved=True, fill=0.0)
    kinds, points = [], []
    x, y = ctypes.c_float(), ctypes.c_float()
    for i in range(max(0, segments)):
        segment = pdfium_c.FPDFPath_GetPathSegment(obj, i)
        kinds.append(pdfium_c.FPDFPathSegment_GetType(segment))
        pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        points.append((x.value, y.value, kinds[-1] == _SEGMENT_MOVE))
    curved = segments > _MAX_FRAME_SEGMENTS or _SEGMENT_BEZIER in kinds
    return Shape(
        box=box,
        filled=filled,
        stroked=bool(stroke.value),
        curved=curved,
        fill=_fill_ratio(points),
    )


def _fill_ratio(points: list[tuple[float, float, bool]]) -> float:
    """How much of its bounding box a path's outline covers (1 for a rectangle).

    Curve control points count as corners, which is close enough to tell a
    rounded box (about 1) from a hexagon (0.75) or an ellipse (0.8).
    """
    if len(points) < 3:
        return 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    box = (max(xs) - min(xs)) * (max(ys) - min(ys))
    if box <= 0:
        return 0.0
    # Each subpath on its own: a border drawn as a ring (a box with a box cut
    # out of it) is as much a box as a filled one.
    total, part, start, previous = 0.0, 0.0, points[0], points[0]
    for point in [*points[1:], points[0]]:
        if point[2]:
            part += previous[0] * start[1] - start[0] * previous[1]
            total += abs(part) / 2
            part, start, previous = 0.0, point, point
            continue
        part += previous[0] * point[1] - point[0] * previous[1]
        previous = point
    return min(1.0, total / box)


def _white_fill(obj: object) -> bool:
    """A white (or fully transparent) fill: paper colour, no visible area."""
    r, g, b, alpha = (ctypes.c_uint() for _ in range(4))
    if not pdfium_c.FPDFPageObj_GetFillColor(obj, r, g, b, alpha):
        return False
    return alpha.value == 0 or min(r.value, g.value, b.value) >= 250

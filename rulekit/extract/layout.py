"""Reading order from geometry: a recursive XY-cut over a page's lines and boxes.

The page is cut the way a reader's eye moves (Nagy and Seth's recursive
XY-cut, with the band rule below):

1. Columns: where a vertical strip of white space runs from top to bottom
   of the region, with text on both sides, the region falls into columns,
   read left to right (not where pictures fill it between text that never
   stands side by side: a collage is read top to bottom).  A column that holds
   nothing but boxes (a side box beside the text) is read after the text
   columns beside it; so is a column of pictures with text on them at the
   region's edge that only a staircase of white parts from the text.
2. Bands: otherwise the region is cut at every horizontal strip of white
   space, and neighbouring bands are joined again as long as together they
   still have a vertical gutter.  So a full-width element (a heading across
   the columns, a wide figure) starts a band of its own, while two columns
   whose paragraph gaps happen to line up stay two columns.  The lines of
   one block (a heading, a paragraph) are never cut apart.
3. Side boxes: a box that stands beside the text without a straight gutter
   between them (a panel set ragged against it, on a poster-like page) is
   read after that text, which is then cut on its own.
4. Otherwise the region is one block of lines, read top to bottom.

A box (a frame, a shaded panel, a banner) is one item in the cut of the
region around it, as wide and high as the text in it, and its own lines
are cut inside it the same way: its text never mixes with the text beside
it.  A picture or drawing is an item too, with its labels, as large as it
is drawn: it divides the page like text does, but its margin may reach
into a gutter.  Tiny items (a callout digit, a stray mark) do not stop a
gutter; they are read in the column they sit in.

Each line gets the number of the region it is read in (`Line.region`): a
column or a box, so paragraph breaks are judged against its neighbours in
that region only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count

from rulekit.extract.encoding import is_private_use
from rulekit.extract.lines import Line
from rulekit.extract.page import Box, centre_in, contains, union
from rulekit.extract.page import area as _area
from rulekit.extract.page import overlap as _overlap

__all__ = ["reading_order"]

# The narrowest white strip between columns, in ems of the text.
GUTTER = 0.5
# A heading is set at least this much larger than the body, or bold.
HEADING = 1.15
# A line is a picture's label when this share of it lies on the picture.
INSIDE = 0.7
# A picture stops a gutter when it reaches this share of the text's width into both sides.
REACH_INTO = 0.25
# An item narrower than this many ems does not stop a gutter.
TINY = 1.6
# A heading over a column set stands this many of its line heights clear of
# the text above it (a little: in a flowing layout the space before it may be
# the paragraph gap only), and the columns below it start within this many of one height.
ALONE_GAP = 0.2
ALIGNED_TOPS = 1.0
# Lines of one block stand at most this many ems of their size apart.
LEADING = 0.3
# A white strip this many ems tall (and taller than the gutter is wide) may
# part a region into bands although a gutter runs through it (see _open_parts).
OPEN_STRIP = 1.5


@dataclass
class _Item:
    """A line or a box (with its own items) in the cut of a region."""

    box: Box
    line: Line | None = None
    items: list[_Item] = field(default_factory=list)  # a box's contents
    tiny: bool = False
    picture: bool = False  # a picture or drawing: it keeps its own extent, labels and all

    @property
    def is_box(self) -> bool:
        return self.line is None


def reading_order(
    lines: list[Line], frames: list[Box], size: float, pictures: list[Box] | None = None
) -> list[Line]:
    """The lines in reading order, each with its `region` set.

    `frames` are boxes around text (see regions.py); `size` is the body font
    size, the unit of the gutter width.  `pictures` (pictures and drawings)
    take their place in the cut like boxes, with the lines inside them; one
    that text runs across is decoration and left out.
    """
    if not lines:
        return []
    ordered: list[Line] = []
    items = _nest(lines, frames, size)
    for picture in sorted(pictures or [], key=_area, reverse=True):
        # A strip thinner than a line or two is a rule or an edge, not a picture.
        if min(picture[2] - picture[0], picture[3] - picture[1]) >= 2 * size:
            _place_picture(items, picture)
    _read(items, size, ordered, count(1), 0, framed=False)
    return ordered


def _place_picture(items: list[_Item], picture: Box) -> bool:
    """Put a picture into the item list it belongs to, with the items inside it.

    It goes into the innermost box around it.  Text beside it that reaches
    into its (often transparent) margin cuts it back; a picture that a line
    of text still runs across, or that lies inside a line (an icon in the
    text), is not placed.
    """
    for item in items:
        if item.is_box and not item.picture and contains(item.box, picture):
            return _place_picture(item.items, picture)
    inside = [
        i
        for i in items
        if _overlap(i.box, picture) >= INSIDE * _area(i.box)
        if i.line is not None or contains(picture, i.box, 2.0)
    ]
    outside = [i for i in items if i.line is not None and not any(i is j for j in inside)]
    trimmed = _trim(picture, [i.box for i in outside])
    if trimmed is None or _area(trimmed) < 0.3 * _area(picture):
        return False
    # A line left out where the picture was cut back is text beside it (the last
    # line of a column set along the picture's edge), not a label.
    cut_off = [i for i in inside if i.line is not None and not centre_in(i.box, trimmed)]
    inside = [i for i in inside if not any(i is j for j in cut_off)]
    outside += cut_off
    for item in outside:
        if _overlap(item.box, trimmed) > 0.2 * _area(item.box) or contains(item.box, trimmed):
            return False
    if any(i.is_box and not contains(trimmed, i.box, 2.0) for i in inside):
        return False
    node = _Item(box=trimmed, items=inside, picture=True)
    items[:] = [i for i in items if not any(i is j for j in inside)] + [node]
    return True


def _trim(picture: Box, lines: list[Box]) -> Box | None:
    """A picture cut back where text beside it reaches into its margin."""
    x0, top, x1, bottom = picture
    for box in lines:
        if _overlap(box, (x0, top, x1, bottom)) <= 0:
            continue
        depth_x = min(box[2] - x0, x1 - box[0])
        depth_y = min(box[3] - top, bottom - box[1])
        if depth_x <= depth_y:
            if (box[0] + box[2]) / 2 < (x0 + x1) / 2:
                x0 = max(x0, box[2] + 1)
            else:
                x1 = min(x1, box[0] - 1)
        elif (box[1] + box[3]) / 2 < (top + bottom) / 2:
            top = max(top, box[3] + 1)
        else:
            bottom = min(bottom, box[1] - 1)
    return (x0, top, x1, bottom) if x0 < x1 and top < bottom else None


def _nest(lines: list[Line], frames: list[Box], size: float) -> list[_Item]:
    """Lines and boxes as a tree: each line in its container, each box in the smallest around it."""
    nodes = {i: _Item(box=frames[i]) for i in {ln.container for ln in lines} if i >= 0}
    # Boxes holding no line directly may still hold boxes that do.
    for index in sorted(range(len(frames)), key=lambda i: _area(frames[i])):
        if index not in nodes and any(contains(frames[index], n.box) for n in nodes.values()):
            nodes[index] = _Item(box=frames[index])
    by_area = sorted(nodes, key=lambda i: _area(frames[i]))
    roots: list[_Item] = []
    for position, index in enumerate(by_area):
        parent = next(
            (nodes[p] for p in by_area[position + 1 :] if contains(frames[p], frames[index])), None
        )
        (parent.items if parent else roots).append(nodes[index])
    for line in lines:
        item = _Item(box=line.box, line=line, tiny=line.x1 - line.x0 < TINY * size)
        (nodes[line.container].items if line.container >= 0 else roots).append(item)
    return [_shrink(item) for item in roots if not item.is_box or _has_line(item)]


def _has_line(item: _Item) -> bool:
    return any(not child.is_box or _has_line(child) for child in item.items)


def _shrink(item: _Item) -> _Item:
    """Boxes without lines are dropped; a box is cut by the extent of its text.

    A banner or a padded box reaches into the gutter beside its column; the
    text inside it does not.
    """
    if not item.is_box:
        return item
    item.items = [_shrink(child) for child in item.items if not child.is_box or _has_line(child)]
    item.box = union(child.box for child in item.items)
    return item


def _read(
    items: list[_Item], size: float, out: list[Line], ids: count[int], region: int, framed: bool
) -> None:
    """Append the lines of `items` to `out` in reading order."""
    if not items:
        return
    strips = _strips(items)
    sections = _sections(strips, size)
    if len(sections) > 1:
        for section in sections:
            _read(section, size, out, ids, region, framed)
        return
    gutters = _gutters(items, size)
    parts = _open_parts(strips, gutters, size)
    if len(parts) > 1:
        for part in parts:
            _read(part, size, out, ids, region, framed)
        return
    columns = _columns(items, size, gutters)
    if len(columns) > 1:
        text = [c for c in columns if not all(i.is_box for i in c)]
        boxed = [c for c in columns if all(i.is_box for i in c)]
        for column in (text + boxed) if text else columns:
            _read(column, size, out, ids, next(ids), framed)
        return
    pictures = _picture_column(items, size)
    if pictures:
        # Read as bands: what is above the pictures, the text beside them, the
        # pictures top to bottom, and what is below them.
        top, bottom = min(p.box[1] for p in pictures), max(p.box[3] for p in pictures)
        rest = [i for i in items if not any(i is p for p in pictures)]
        above = [i for i in rest if i.box[3] <= top + 0.5]
        below = [i for i in rest if i.box[1] >= bottom - 0.5]
        beside = [i for i in rest if not any(i is j for j in above + below)]
        for part in (above, beside, *([p] for p in pictures), below):
            _read(part, size, out, ids, region, framed)
        return
    bands = _bands(strips, size)
    if len(bands) > 1:
        for band in bands:
            _read(band, size, out, ids, region, framed)
        return
    beside = _side_boxes(items)
    if beside and len(beside) < len(items):
        # A picture without text on a side box is its illustration: it goes with it.
        rest = [
            i
            for i in items
            if not any(i is b for b in beside)
            and not (i.picture and not i.items and any(_overlap(i.box, b.box) for b in beside))
        ]
        _read(rest, size, out, ids, region, framed)
        for box in beside:
            _read([box], size, out, ids, region, framed)
        return
    for item in sorted(items, key=lambda i: (i.box[1], i.box[0])):
        if item.line is not None:
            item.line.region = region
            item.line.framed = framed
            out.append(item.line)
        elif item.items:
            _read(item.items, size, out, ids, next(ids), framed=not item.picture)


def _picture_column(items: list[_Item], size: float) -> list[_Item]:
    """The pictures with text on them that stand down one side of text set ragged against them.

    On a collage (a cover, a contents list) pictures at the region's edge
    may leave only a staircase of white between them and the text beside
    them, no straight gutter.  Like a side box, such a column of pictures
    is read after the text beside it, top to bottom.  Empty when there is
    none: a picture that text beside it reaches past is no column.
    """
    for side in (1, -1):  # the right edge (x1 = box[2]), then the left one (x0 = box[0])
        edge = max(side * i.box[1 + side] for i in items)
        column = [i for i in items if i.picture and side * i.box[1 + side] >= edge - size]
        if not column or not any(_has_line(p) for p in column):
            continue
        top, bottom = min(p.box[1] for p in column), max(p.box[3] for p in column)
        beside = [
            i
            for i in items
            if not any(i is p for p in column) and i.box[1] < bottom - 0.5 and i.box[3] > top + 0.5
        ]
        if not any(i.line is not None for i in beside):
            continue
        # Whatever stands beside a picture of the column ends short of it.
        if all(
            side * (p.box[1 - side] - i.box[1 + side]) >= -1.0
            for i in beside
            for p in column
            if i.box[1] < p.box[3] and p.box[1] < i.box[3]
        ):
            return sorted(column, key=lambda p: p.box[1])
    return []


def _side_boxes(items: list[_Item]) -> list[_Item]:
    """The boxes that stand beside the text of a region the cut cannot divide, left to right.

    A panel whose text is set ragged against the text beside it (a staircase
    of lines, no straight gutter between them) keeps the region from being
    cut, though no line of the one runs into a line of the other.  Such a
    box is read after the text beside it, as a side box is; the text is then
    cut on its own.
    """
    lines = [i.box for i in items if i.line is not None]
    return sorted(
        (
            item
            for item in items
            if item.is_box
            and not item.picture
            and not any(_overlap(inner, line) > 0 for inner in _line_boxes(item) for line in lines)
        ),
        key=lambda item: item.box[0],
    )


def _line_boxes(item: _Item) -> list[Box]:
    """The boxes of the lines in a box, at any depth."""
    found: list[Box] = []
    for child in item.items:
        found += [child.box] if child.line is not None else _line_boxes(child)
    return found


def _sections(strips: list[list[_Item]], size: float) -> list[list[_Item]]:
    """The items cut before and after each band that stands alone over a column set.

    Such a heading belongs to neither the columns above it nor those below:
    it is read between them, even where all the headings and columns would
    leave a gutter from top to bottom of the page.
    """
    sections: list[list[_Item]] = [[]]
    for index, strip in enumerate(strips):
        above = [item for section in sections for item in section]
        below = _until_heading(strips[index + 1 :], size)
        if above and _alone(strip, above, below, size):
            sections += [strip, []]
        else:
            sections[-1] += strip
    return [section for section in sections if section]


def _until_heading(strips: list[list[_Item]], size: float) -> list[_Item] | None:
    """The items of the strips up to the next one set as a heading: the column set below."""
    found: list[_Item] = []
    for strip in strips:
        if found and _heading_strip(strip, size):
            break
        found += strip
    return found or None


def _heading_strip(strip: list[_Item], size: float) -> bool:
    lines = [item.line for item in strip if item.line is not None]
    return bool(lines) and all(ln.size >= HEADING * size or ln.bold for ln in lines)


def _columns(
    items: list[_Item], size: float, gutters: list[tuple[float, float]] | None = None
) -> list[list[_Item]]:
    """The items split at vertical gutters, left to right; one list when there is none."""
    cuts = [(a + b) / 2 for a, b in (_gutters(items, size) if gutters is None else gutters)]
    if not cuts:
        return [items]
    columns: list[list[_Item]] = [[] for _ in range(len(cuts) + 1)]
    for item in items:
        middle = (item.box[0] + item.box[2]) / 2
        columns[sum(middle > c for c in cuts)].append(item)
    return [c for c in columns if c]


def _gutters(items: list[_Item], size: float) -> list[tuple[float, float]]:
    """The vertical white strips (left edge, right edge) that part the items into columns.

    Gutters are found between the text (lines and boxes); a picture stops
    one only when it reaches well into the text on both sides of it, since
    a picture's margin often runs into the gutter beside it.
    """
    text = _text_items(items)
    spans = sorted((i.box[0], i.box[2]) for i in text)
    gaps: list[tuple[float, float]] = []
    reach = spans[0][1]
    for x0, x1 in spans[1:]:
        if x0 - reach >= GUTTER * size:
            gaps.append((reach, x0))
        reach = max(reach, x1)
    pictures = [i.box for i in items if i.picture]
    return [
        (a, b)
        for a, b in gaps
        if not any(_spans(p, a, b, spans) for p in pictures) and _open(items, a, b)
    ]


def _open(items: list[_Item], left: float, right: float) -> bool:
    """Whether a gutter is white, or text stands on both sides of it at one height somewhere.

    On a collage of pictures and their names, pictures fill most of the
    white between names that never stand side by side: that white is no
    gutter, and the names are read top to bottom.
    """
    covered, reach = 0.0, left
    for x0, x1 in sorted((i.box[0], i.box[2]) for i in items if i.picture):
        start, end = max(x0, reach), min(x1, right)
        covered += max(0.0, end - start)
        reach = max(reach, end)
    if covered < 0.5 * (right - left):
        return True
    text = _text_items(items)
    lefts = [i.box for i in text if i.box[2] <= left]
    rights = [i.box for i in text if i.box[0] >= right]
    return any(a[1] < b[3] and b[1] < a[3] for a in lefts for b in rights)


def _text_items(items: list[_Item]) -> list[_Item]:
    """The items that gutters are found between: lines and boxes, not tiny ones nor pictures."""
    return [i for i in items if not i.tiny and not i.picture] or items


def _open_parts(
    strips: list[list[_Item]], gutters: list[tuple[float, float]], size: float
) -> list[list[_Item]]:
    """The items cut at wide white strips across them that a gutter does not go on through.

    A gutter parts columns when the text runs down both sides of it.  Where
    a horizontal white strip across the region is taller than the gutter is
    wide (and than `OPEN_STRIP` lines), the parts above and below it are
    read one after the other, band by band, unless every part has text on
    both sides of a gutter: then the columns only happen to pause at the
    same height.  So a narrow gap that runs from a cover's title down past
    a row of cells and a contents list cuts no columns through them.
    """
    if not gutters or len(strips) < 2:
        return []
    narrowest = min(b - a for a, b in gutters)
    parts: list[list[_Item]] = [list(strips[0])]
    for strip in strips[1:]:
        above = max(i.box[3] for i in parts[-1])
        gap = min(i.box[1] for i in strip) - above
        if gap >= max(narrowest, OPEN_STRIP * size):
            parts.append(list(strip))
        else:
            parts[-1] += strip
    if len(parts) < 2:
        return []
    if all(any(_both_sides(part, gutter) for gutter in gutters) for part in parts):
        return []
    return parts


def _both_sides(items: list[_Item], gutter: tuple[float, float]) -> bool:
    """Whether text stands on both sides of a gutter."""
    middles = [(i.box[0] + i.box[2]) / 2 for i in _text_items(items)]
    return any(m < gutter[0] for m in middles) and any(m > gutter[1] for m in middles)


def _spans(picture: Box, left: float, right: float, spans: list[tuple[float, float]]) -> bool:
    """Whether a picture reaches across the gutter from `left` to `right`, well into both sides.

    Well into a side is a quarter of the width of the text there: a
    picture's margin reaching into the gutter, or a little past it, does not count.
    """
    start = min((x0 for x0, x1 in spans if x1 <= left), default=left)
    end = max((x1 for x0, x1 in spans if x0 >= right), default=right)
    return picture[0] < left - REACH_INTO * (left - start) and picture[2] > right + REACH_INTO * (
        end - right
    )


def _strips(items: list[_Item]) -> list[list[_Item]]:
    """The items cut at every horizontal white strip across them, top to bottom.

    A tiny item never makes a band of its own: it joins the band above it.
    Nor does a line that goes on with a line right above it, set alike: the
    lines of a heading or a paragraph are cut as one, so a heading's last
    line never joins the columns below it.
    """
    bands: list[list[_Item]] = []
    floor = -1e9
    for item in sorted(items, key=lambda i: i.box[1]):
        if bands and (item.box[1] < floor - 0.5 or item.tiny or _goes_on(item, bands[-1])):
            bands[-1].append(item)
        else:
            bands.append([item])
        floor = max(floor, item.box[3])
    return bands


def _goes_on(item: _Item, strip: list[_Item]) -> bool:
    """Whether a line goes on with a line of the strip: right below it, at the leading, alike."""
    line = item.line
    if line is None:
        return False
    return any(
        other.line is not None
        and -0.5 <= line.top - other.line.bottom <= LEADING * line.size
        and abs(line.x0 - other.line.x0) <= 2 * line.size
        and line.x0 < other.line.x1
        and other.line.x0 < line.x1
        and abs(other.line.size - line.size) < 0.5
        and other.line.bold == line.bold
        for other in strip
    )


def _bands(strips: list[list[_Item]], size: float) -> list[list[_Item]]:
    """Strips joined again as long as together they keep a vertical gutter."""
    if len(strips) <= 1:
        return strips
    groups: list[list[_Item]] = [strips[0]]
    for band in strips[1:]:
        if len(_columns(groups[-1] + band, size)) > 1:
            groups[-1] = groups[-1] + band
        else:
            groups.append(band)
    return groups


def _alone(band: list[_Item], above: list[_Item], below: list[_Item] | None, size: float) -> bool:
    """Whether a band of one column is a heading over the column set below it.

    It is set as a heading (larger than the text, or bold), nothing stands
    beside it (it is a band of its own), the text above it
    ends clearly above it, and right below it every column starts at the
    same height, as a new column set does.  A heading below all the columns
    of the page's last column set is alone too: it opens what the next page
    goes on with.
    """
    if len(_columns(band, size)) > 1:
        return False
    lines = [item.line for item in band if item.line is not None]
    if not any(_lettered(ln.text) for ln in lines):
        return False  # signs and numbers: part of a figure, not a heading
    height = max((ln.bottom - ln.top for ln in lines), default=size)
    top, bottom = min(i.box[1] for i in band), max(i.box[3] for i in band)
    if top - max(i.box[3] for i in above) < ALONE_GAP * height:
        return False
    if not _heading_strip(band, size):
        return False  # only a heading stands over the columns
    if below is None:
        # A heading left at the foot of the page, below all the columns.
        return len(_columns(above, size)) > 1
    columns = _columns(below, size)
    if len(columns) < 2:
        return False
    tops = [min(item.box[1] for item in column) for column in columns]
    return max(tops) - min(tops) <= ALIGNED_TOPS * height and min(tops) - bottom <= 3 * height


def _lettered(text: str) -> bool:
    """Whether a text has two letters in a row; glyph codes without a Unicode map count."""
    run = 0
    for char in text:
        run = run + 1 if char.isalpha() or is_private_use(char) else 0
        if run >= 2:
            return True
    return False

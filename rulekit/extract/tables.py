"""Tables: their cells read row by row, from drawn rules or from cells aligned in columns.

A table read like running text falls apart: the layout finds gutters
between its columns and reads it column by column.  Here a table becomes
one line per row, the cells left to right joined by single spaces, the
lines of a cell in one (line-break hyphens joined).  Tables are found from
geometry alone:

- ruled: horizontal and vertical rules that meet make a grid (drawn paths on
  a born-digital page, rectangles' edges included; the rules found in the
  bitmap of a scan, see ocr.py).  Rules across most of the grid cut it
  into rows and columns.  A grid is a table when most of its cells hold
  text, a few lines at most, in three rows or more: frames, panels side by
  side and graphs with their axes are not.
- unruled: three or more rows in a row, each cut into two or more pieces
  by gutters, where the gutters run through all rows, make three columns
  or more, and the pieces are short (cells, not lines of columns of running
  text, nor two captions side by side).  A row whose first column is empty
  goes on the row above it (a cell of several lines).

Each row is one `Line`, a paragraph of its own (`Line.block`), read where
the table stands.  Text in a picture or a drawing is left to the figure
analysis: tick labels of a graph are no table.
"""

from __future__ import annotations

import statistics
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import count

from rulekit.extract.clean import join_lines
from rulekit.extract.lexicon import german_lexicon
from rulekit.extract.lines import Line, make_line, rows
from rulekit.extract.page import Box, PageContent, Word, area, centre_in, contains
from rulekit.extract.regions import BACKGROUND, Regions

__all__ = ["Grid", "find_grids", "holds_table", "read_tables", "rules_of"]

# A drawn shape thinner than this (points) is a rule, if at least RULE_LENGTH long.
RULE_WIDTH = 2.5
RULE_LENGTH = 8.0
# Rules closer than this (points) meet; boundaries closer than this are one.
SNAP = 3.0
# A rule that crosses this share of its grid cuts it into rows or columns.
ACROSS = 0.5
# A table has at least this many rows; most of its cells hold text, each at
# most CELL_LINES lines.
TABLE_ROWS = 3
FILLED = 0.5
CELL_LINES = 8
# Unruled: a table has this many columns at least (two blocks side by side, such
# as the captions of two figures, are none); a gutter is GUTTER ems wide; rows
# stand at most ROW_GAP ems apart; a cell has at most CELL_CHARS characters,
# most at most SHORT_CELL.
UNRULED_COLUMNS = 3
GUTTER = 1.0
ROW_GAP = 2.0
CELL_CHARS = 40
SHORT_CELL = 20

# Row paragraphs get block numbers below zero, apart from a tagged PDF's object ids.
_blocks = count(-1, -1)


@dataclass(frozen=True)
class Grid:
    """A ruled grid: its column and row boundaries, outer edges included, in points."""

    columns: tuple[float, ...]
    rows: tuple[float, ...]

    @property
    def box(self) -> Box:
        return (self.columns[0], self.rows[0], self.columns[-1], self.rows[-1])

    def cell(self, box: Box) -> tuple[int, int] | None:
        """The (row, column) the centre of `box` lies in; None outside the grid."""
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        column = _band(self.columns, x)
        row = _band(self.rows, y)
        return None if column is None or row is None else (row, column)


def rules_of(content: PageContent) -> list[Box]:
    """The page's rules: thin drawn shapes, and the edges of drawn rectangles.

    A rectangle covering most of the page is its background, not a cell.
    """
    found: list[Box] = []
    for shape in content.shapes:
        x0, top, x1, bottom = shape.box
        if shape.curved or area(shape.box) >= BACKGROUND * area(content.crop):
            continue
        if min(x1 - x0, bottom - top) <= RULE_WIDTH:
            if max(x1 - x0, bottom - top) >= RULE_LENGTH:
                found.append(shape.box)
        elif shape.fill >= 0.9:
            found += [(x0, top, x1, top), (x0, bottom, x1, bottom)]
            found += [(x0, top, x0, bottom), (x1, top, x1, bottom)]
    return found


def find_grids(rules: Iterable[Box]) -> list[Grid]:
    """The grids that horizontal and vertical rules make where they meet.

    Collinear pieces of a rule (broken where it crosses another) are one
    rule.  Each group of rules that meet is a grid; its rows and columns are
    cut by the rules that cross most of it.  Groups with fewer than two rows
    or two columns (a frame, a rule under a heading) are none.
    """
    rules = list(rules)
    flat = _join([r for r in rules if r[2] - r[0] >= r[3] - r[1]], horizontal=True)
    upright = _join([r for r in rules if r[2] - r[0] < r[3] - r[1]], horizontal=False)
    grids = []
    for across, down in _meeting(flat, upright):
        x0, top = min(r[0] for r in across + down), min(r[1] for r in across + down)
        x1, bottom = max(r[2] for r in across + down), max(r[3] for r in across + down)
        columns = [(r[0] + r[2]) / 2 for r in down if r[3] - r[1] >= ACROSS * (bottom - top)]
        cuts = [(r[1] + r[3]) / 2 for r in across if r[2] - r[0] >= ACROSS * (x1 - x0)]
        grid = Grid(_distinct([x0, x1, *columns]), _distinct([top, bottom, *cuts]))
        if len(grid.columns) >= 3 and len(grid.rows) >= 3:
            grids.append(grid)
    return grids


def holds_table(grid: Grid, boxes: list[Box]) -> bool:
    """Whether the text in a grid (word boxes) makes it a table.

    Most cells hold text, none more than a few lines, at least `TABLE_ROWS`
    rows hold some and two rows hold two cells or more.
    """
    cells: dict[tuple[int, int], list[Box]] = {}
    for box in boxes:
        place = grid.cell(box)
        if place is not None:
            cells.setdefault(place, []).append(box)
    size = (len(grid.rows) - 1) * (len(grid.columns) - 1)
    used_rows = {row for row, _ in cells}
    wide = [r for r in used_rows if sum(1 for row, _ in cells if row == r) >= 2]
    return (
        len(cells) >= FILLED * size
        and len(used_rows) >= TABLE_ROWS
        and len(wide) >= 2
        and all(_line_count(found) <= CELL_LINES for found in cells.values())
    )


def read_tables(content: PageContent, lines: list[Line], regions: Regions) -> list[Line]:
    """The page's lines with each table's lines replaced by one line per row.

    Lines in a picture or drawing stay as they are.  A figure within a
    ruled table's grid is the table itself (its cells drawn as a drawing, or
    a scan's table taken for a picture): it is taken out of `regions.figures`.
    """
    free = [ln for ln in lines if ln.role is None]
    tables: list[tuple[list[Line], list[list[list[Word]]]]] = []
    for grid in find_grids(rules_of(content)):
        others = [f for f in regions.figures if not contains(grid.box, f, SNAP)]
        inside = [ln for ln in free if centre_in(ln.box, grid.box) and not _in_figure(ln, others)]
        words = [w for ln in inside for w in ln.words]
        if not inside or not holds_table(grid, [_box(w) for w in words]):
            continue
        regions.figures[:] = others
        tables.append((inside, _ruled_rows(grid, words)))
        free = [ln for ln in free if not any(ln is i for i in inside)]
    tables += _unruled([ln for ln in free if not _in_figure(ln, regions.figures)])
    if not tables:
        return lines
    used = {id(ln) for table, _ in tables for ln in table}
    result = [ln for ln in lines if id(ln) not in used]
    for table, table_rows in tables:
        containers = {ln.container for ln in table}
        container = containers.pop() if len(containers) == 1 else -1
        result += [_row_line(cells, container) for cells in table_rows]
    return result


def _ruled_rows(grid: Grid, words: list[Word]) -> list[list[list[Word]]]:
    """The words of a grid's rows, cell by cell (left to right); empty rows left out."""
    table: list[list[list[Word]]] = [[[] for _ in grid.columns[1:]] for _ in grid.rows[1:]]
    for word in words:
        place = grid.cell(_box(word))
        if place is not None:
            table[place[0]][place[1]].append(word)
    return [[cell for cell in row if cell] for row in table if any(row)]


def _unruled(lines: list[Line]) -> list[tuple[list[Line], list[list[list[Word]]]]]:
    """Tables without rules: runs of rows cut into short cells by gutters through them all."""
    tables = []
    run: list[list[Line]] = []
    for row in [*_baselines(lines), []]:
        if len(row) >= 2 and (not run or _follows(run[-1], row)):
            run.append(row)
            continue
        columns = _gutters(run) if len(run) >= TABLE_ROWS else []
        if len(columns) >= UNRULED_COLUMNS and _short(run):
            tables.append(([ln for r in run for ln in r], _aligned_rows(run, columns)))
        run = [row] if len(row) >= 2 else []
    return tables


def _baselines(lines: list[Line]) -> list[list[Line]]:
    """Lines side by side on one baseline, top to bottom, each group left to right."""
    found: list[list[Line]] = []
    for line in sorted(lines, key=lambda ln: (ln.bottom, ln.x0)):
        row = found[-1] if found else None
        if row is not None and abs(line.bottom - row[0].bottom) <= 0.25 * line.size:
            row.append(line)
        else:
            found.append([line])
    return [sorted(row, key=lambda ln: ln.x0) for row in found]


def _follows(above: list[Line], row: list[Line]) -> bool:
    """Whether a row stands close below another, in the same box."""
    size = max(ln.size for ln in above + row)
    gap = min(ln.top for ln in row) - max(ln.bottom for ln in above)
    return gap <= ROW_GAP * size and {ln.container for ln in above} == {ln.container for ln in row}


def _gutters(run: list[list[Line]]) -> list[tuple[float, float]]:
    """The columns of a run of rows: their pieces' spans merged where they overlap.

    Two columns are apart by at least `GUTTER` ems; each row must have pieces in two.
    """
    size = statistics.median(ln.size for row in run for ln in row)
    spans = sorted((ln.x0, ln.x1) for row in run for ln in row)
    columns = [list(spans[0])]
    for x0, x1 in spans[1:]:
        if x0 - columns[-1][1] < GUTTER * size:
            columns[-1][1] = max(columns[-1][1], x1)
        else:
            columns.append([x0, x1])
    found = [(c[0], c[1]) for c in columns]
    for row in run:
        if len({_column(found, ln) for ln in row}) < 2:
            return []
    return found


def _short(run: list[list[Line]]) -> bool:
    """Whether the pieces of a run are cells: all short, most of them very short."""
    lengths = [len(ln.text) for row in run for ln in row]
    return max(lengths) <= CELL_CHARS and statistics.median(lengths) <= SHORT_CELL


def _aligned_rows(
    run: list[list[Line]], columns: list[tuple[float, float]]
) -> list[list[list[Word]]]:
    """The words of an unruled table's rows, cell by cell; a row without a first cell goes on
    the row above."""
    table: list[list[list[Word]]] = []
    for row in run:
        cells: list[list[Word]] = [[] for _ in columns]
        for line in row:
            cells[_column(columns, line)].extend(line.words)
        if table and not cells[0]:
            for mine, more in zip(table[-1], cells, strict=True):
                mine.extend(more)
        else:
            table.append(cells)
    return [[cell for cell in row if cell] for row in table]


def _row_line(cells: list[list[Word]], container: int) -> Line:
    """One table row as a line: its cells left to right, each cell's lines joined."""
    lexicon = german_lexicon()
    texts = []
    for cell in cells:
        text = ""
        for piece in rows(cell):
            text, _ = join_lines(text, make_line(piece).text, lexicon)
        texts.append(text)
    line = make_line([w for cell in cells for w in cell])
    line.text = " ".join(texts)
    line.role = "body"
    line.block = next(_blocks)
    line.container = container
    return line


def _column(columns: list[tuple[float, float]], line: Line) -> int:
    middle = (line.x0 + line.x1) / 2
    return min(range(len(columns)), key=lambda i: _distance(columns[i], middle))


def _distance(span: tuple[float, float], x: float) -> float:
    return max(span[0] - x, x - span[1], 0.0)


def _in_figure(line: Line, figures: list[Box]) -> bool:
    return any(centre_in(line.box, figure) for figure in figures)


def _line_count(boxes: list[Box]) -> int:
    """How many lines the word boxes of a cell stand on."""
    lines = 0
    bottom = -1e9
    for box in sorted(boxes, key=lambda b: b[1]):
        if box[1] >= bottom - 0.5 * (box[3] - box[1]):
            lines += 1
        bottom = max(bottom, box[3]) if box[1] < bottom else box[3]
    return lines


def _band(edges: tuple[float, ...], value: float) -> int | None:
    if not edges[0] - SNAP <= value <= edges[-1] + SNAP:
        return None
    return max(0, min(len(edges) - 2, sum(value > edge for edge in edges[1:-1])))


def _box(word: Word) -> Box:
    return (word.x0, word.top, word.x1, word.bottom)


def _distinct(values: list[float]) -> tuple[float, ...]:
    """Values in order, those within `SNAP` of the one before dropped."""
    kept: list[float] = []
    for value in sorted(values):
        if not kept or value - kept[-1] > SNAP:
            kept.append(value)
    return tuple(kept)


def _join(rules: list[Box], horizontal: bool) -> list[Box]:
    """Collinear pieces of rules, end to end within two `SNAP`s, joined into one rule each."""
    axis = 1 if horizontal else 0
    along = 0 if horizontal else 1
    joined: list[list[float]] = []
    for rule in sorted(rules, key=lambda r: ((r[axis] + r[axis + 2]) / 2, r[along])):
        last = joined[-1] if joined else None
        if (
            last is not None
            and abs((last[axis] + last[axis + 2]) / 2 - (rule[axis] + rule[axis + 2]) / 2) <= SNAP
            and rule[along] <= last[along + 2] + 2 * SNAP
        ):
            last[along + 2] = max(last[along + 2], rule[along + 2])
            last[axis], last[axis + 2] = (
                min(last[axis], rule[axis]),
                max(last[axis + 2], rule[axis + 2]),
            )
        else:
            joined.append(list(rule))
    return [(r[0], r[1], r[2], r[3]) for r in joined]


def _meeting(flat: list[Box], upright: list[Box]) -> list[tuple[list[Box], list[Box]]]:
    """Groups of rules that meet (a horizontal and a vertical one within `SNAP` of
    crossing): their horizontal rules (two at least) and their vertical ones."""
    upright = sorted(upright, key=lambda r: r[0])
    xs = [r[0] for r in upright]
    parent = list(range(len(flat) + len(upright)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, h in enumerate(flat):
        y = (h[1] + h[3]) / 2
        for j in range(bisect_left(xs, h[0] - SNAP), bisect_right(xs, h[2] + SNAP)):
            if upright[j][1] - SNAP <= y <= upright[j][3] + SNAP:
                parent[root(i)] = root(len(flat) + j)
    groups: dict[int, tuple[list[Box], list[Box]]] = {}
    for i, rule in enumerate(flat + upright):
        groups.setdefault(root(i), ([], []))[i >= len(flat)].append(rule)
    return [(a, d) for a, d in groups.values() if len(a) >= 2 and d]

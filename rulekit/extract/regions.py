"""The page's graphics read for layout: backgrounds, boxes around text, and figures.

- A background covers most of the visible page (a parchment texture, a
  coloured page): it says nothing about the text on it and is ignored.
- A frame is a shape that can hold text: a bordered or shaded box, a
  banner behind a heading, a panel.  Text inside it is read as its own block.
- Shapes within a word's box are part of the lettering (outlines, shadows).
- A figure region is a picture, or a drawing: a cluster of shapes with
  shapes inside its outline (a board, a map, a diagram).  Text inside it is
  figure text (labels), unless it reads as running text (see roles.py).

One shape can be both a frame and part of a drawing's outline; a frame that
holds only figure text is part of its figure.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekit.extract.page import Box, PageContent, area, contains

__all__ = ["Regions", "find_regions"]

# A shape or picture covering this much of the visible page is a background.
BACKGROUND = 0.5
# Shapes drawn this close together belong to one drawing.
TOUCH = 1.0
# A frame is at least this many ems of body text wide and high: less is a
# highlight behind a word or a rule.
FRAME_WIDTH = 4.0
# A frame is a box: its outline covers nearly all of its bounding box (a
# rounded box does; a hexagon board or a curved panel does not, and text
# near it would be taken in).
FRAME_FILL = 0.9
FRAME_HEIGHT = 1.5
# Shapes inside other shapes that make a cluster a drawing.
DRAWING_SHAPES = 2
# A box inside another with no more margin than this (points) is one box drawn twice.
NESTED = 6.0


@dataclass
class Regions:
    """A page's frames and figure regions, in display space."""

    frames: list[Box]
    figures: list[Box]
    pictures: list[Box]  # the images among the figures


def find_regions(page: PageContent, body: float) -> Regions:
    """Frames and figure regions of a page (backgrounds left out); `body` is the text size."""
    limit = BACKGROUND * area(page.crop)
    # A picture thinner than a hairline or two is a rule or a sliver of ornament.
    pictures = [
        box for box in page.images if 0 < area(box) < limit and min(_width(box), _height(box)) > 2
    ]
    shapes = [s for s in page.shapes if area(s.box) < limit and not _lettering(s.box, page)]
    frames = _dedupe(
        [
            s.box
            for s in shapes
            if s.box[2] - s.box[0] >= FRAME_WIDTH * body
            and s.box[3] - s.box[1] >= FRAME_HEIGHT * body
            and s.fill >= FRAME_FILL
        ]
    )
    drawings = [box for box, members in _clusters([s.box for s in shapes]) if _drawing(members)]
    return Regions(frames=frames, figures=_dedupe(pictures + drawings), pictures=pictures)


def _width(box: Box) -> float:
    return box[2] - box[0]


def _height(box: Box) -> float:
    return box[3] - box[1]


def _lettering(box: Box, page: PageContent) -> bool:
    """Whether a shape lies within a word's box: part of the lettering, not a drawing."""
    if box[3] - box[1] > 2 * max((w.bottom - w.top for w in page.words), default=0.0):
        return False
    return any(contains((w.x0, w.top, w.x1, w.bottom), box, 1.0) for w in page.words)


def _drawing(members: list[Box]) -> bool:
    """A cluster of shapes is a drawing when shapes stand inside other shapes.

    A box drawn twice (a border and a background, a rounded box on a
    plain one) is one box; boxes side by side (two banners touching) are
    not a drawing either.  A map has islands on its sea, a board squares.
    """
    unique = _dedupe(members)
    boxes = [
        b
        for b in unique
        if not any(
            o is not b and area(o) > area(b) and contains(o, b) and _margins(o, b) <= NESTED
            for o in unique
        )
    ]
    inner = [b for b in boxes if any(o is not b and contains(o, b) for o in boxes)]
    return len(inner) >= DRAWING_SHAPES


def _margins(outer: Box, inner: Box) -> float:
    return max(inner[0] - outer[0], inner[1] - outer[1], outer[2] - inner[2], outer[3] - inner[3])


def _dedupe(boxes: list[Box]) -> list[Box]:
    """Each box once: a fill and a stroke of one rectangle are one box."""
    kept: list[Box] = []
    for box in sorted(boxes, key=lambda b: (b[1], b[0])):
        if not any(contains(k, box, 1.5) and contains(box, k, 1.5) for k in kept):
            kept.append(box)
    return kept


def _clusters(boxes: list[Box]) -> list[tuple[Box, list[Box]]]:
    """Groups of touching boxes, found in one sweep from top to bottom.

    A cluster that ends above the current box can meet no later box, so it
    leaves the active list: a map of many small shapes stays near linear.
    """
    done: list[tuple[Box, list[Box]]] = []
    active: list[tuple[Box, list[Box]]] = []
    for box in sorted(boxes, key=lambda b: b[1]):
        done += [c for c in active if c[0][3] < box[1] - TOUCH]
        active = [c for c in active if c[0][3] >= box[1] - TOUCH]
        touching = [c for c in active if _touch(c[0], box)]
        members = [box] + [m for c in touching for m in c[1]]
        merged = (
            min(b[0] for b in members),
            min(b[1] for b in members),
            max(b[2] for b in members),
            max(b[3] for b in members),
        )
        active = [c for c in active if not any(c is t for t in touching)]
        active.append((merged, members))
    return done + active


def _touch(a: Box, b: Box) -> bool:
    return (
        a[0] - TOUCH <= b[2]
        and b[0] - TOUCH <= a[2]
        and a[1] - TOUCH <= b[3]
        and b[1] - TOUCH <= a[3]
    )

"""Fitting topics onto poker cards: measured galleys, one body size per deck, even splits.

Each topic is set on a galley card (a card whose text may run on below it)
and measured at steps of the type scale.  Each topic finds the largest step at
which it takes as few cards as it can; the deck is then set at the smallest of
those steps, so every card of a deck has the same body size, and a topic too
long for one card is spread evenly over its cards.  A card that starts inside
a table repeats the table's head, and is measured with it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from weasyprint.document import Document

from rulekit.errors import LayoutError
from rulekit.output.cards.content import Entry, Topic

# Body sizes in pt, largest first; the last step is the smallest type allowed.
CARD_STEPS = (8.0, 7.5, 7.0)
# Layout rounding: a box may end this far (CSS px) past its container and still fit.
EPSILON = 0.01


@dataclass(frozen=True)
class Card:
    """One poker card: part of a topic's entries at one step of the type scale."""

    topic: Topic
    entries: tuple[Entry, ...]
    step: int = 0
    number: int = 0  # 1-based place in the deck; element ids and the card's footer use it
    part: int = 1
    parts: int = 1

    @property
    def size(self) -> float:
        """The body size in pt."""
        return CARD_STEPS[self.step]


@dataclass(frozen=True)
class Galley:
    """A topic's text set on one card at one step, measured in CSS px."""

    room: float  # height of the card's text area
    above: float  # from the top of the text area to the first entry
    below: float  # under the last entry
    boxes: tuple[tuple[float, float], ...]  # top and bottom of each entry; inf when cut off
    heads: tuple[float, ...] = ()  # per entry, the head repeated above it when a card starts there

    def height(self, first: int, last: int) -> float:
        """The text height of a card holding entries `first` to `last` (inclusive)."""
        if math.isinf(self.boxes[last][1]):
            return math.inf
        head = self.heads[first] if self.heads else 0.0
        return self.above + head + self.boxes[last][1] - self.boxes[first][0] + self.below


def measure(document: Document, cards: list[Card]) -> list[Galley]:
    """The galley of every card, laid out one under the other on a page tall enough
    for the text of each (a card's text running on below it moves no later card).

    Text longer even than that runs onto another page; its entries count as
    infinitely tall.
    """
    pages: dict[str, dict[str, tuple[float, float, float, float]]] = {}
    for page in document.pages:
        for name in page.anchors:
            if name.startswith("card-"):  # node ids start with a game id, which has no dash
                pages.setdefault(name, page.anchors)
    measured = []
    for card in cards:
        anchors = pages[f"card-{card.number}-text"]
        text, paper = anchors[f"card-{card.number}-text"], anchors[f"card-{card.number}-paper"]
        boxes = tuple(
            (box[1], box[3]) if (box := anchors.get(e.id)) else (math.inf, math.inf)
            for e in card.entries
        )
        complete = not math.isinf(boxes[-1][1])
        measured.append(
            Galley(
                room=paper[3] - text[1],
                above=boxes[0][0] - text[1] if complete else 0.0,
                below=text[3] - boxes[-1][1] if complete else 0.0,
                boxes=boxes,
                heads=_heads(card.entries, boxes),
            )
        )
    return measured


def _heads(entries: tuple[Entry, ...], boxes: tuple[tuple[float, float], ...]) -> tuple[float, ...]:
    """Per entry, the height of the table head a card starting at it repeats (rows only)."""
    heads, head = [], 0.0
    for entry, (top, bottom) in zip(entries, boxes, strict=True):
        if entry.kind == "thead":
            head = bottom - top if not math.isinf(bottom) else 0.0
        heads.append(head if entry.kind == "row" else 0.0)
    return tuple(heads)


def wanted_steps(galleys: dict[int, Galley]) -> tuple[int, ...]:
    """The steps a topic must be measured at next; none once it is measured enough.

    First the largest step: most topics fit one card there, and then fit one card at
    any step.  A topic that does not is measured at every other step at once: which
    of them the deck is set at depends on the other topics too, and a card more in
    a galley costs less than a galley laid out for it alone.
    """
    if 0 not in galleys:
        return (0,)
    if greedy_count(galleys[0]) == 1:
        return ()
    return tuple(step for step in range(1, len(CARD_STEPS)) if step not in galleys)


def galley(wanted: list[tuple[Topic, int]]) -> list[Card]:
    """Galley cards of topics at steps, numbered.  A topic may be set at several
    steps: its entries' ids name the step, so that each id is one element's; the
    part number stays 1/1, as on an unsplit card."""
    return [
        Card(topic, tuple(replace(e, id=f"{e.id}@{step}") for e in topic.entries), step, number)
        for number, (topic, step) in enumerate(wanted, start=1)
    ]


def own_step(topic: Topic, galleys: dict[int, Galley], where: str) -> int:
    """The largest step at which the topic takes as few cards as at the smallest.

    An entry too tall for a card even at the smallest step raises `LayoutError`.
    """
    if greedy_count(galleys[0]) == 1:
        return 0
    smallest = galleys[len(CARD_STEPS) - 1]
    too_tall = [
        e.id for i, e in enumerate(topic.entries) if smallest.height(i, i) > smallest.room + EPSILON
    ]
    if too_tall:
        raise LayoutError(too_tall, where)
    count = greedy_count(smallest)
    return next(s for s in sorted(galleys) if greedy_count(galleys[s]) <= count)


def _one_card_at_or_above(galleys: dict[int, Galley], step: int) -> bool:
    """Whether the topic fits one card at `step` or a larger step (a smaller index)."""
    return any(s <= step and greedy_count(galley) == 1 for s, galley in galleys.items())


def pack(topic: Topic, galleys: dict[int, Galley], step: int) -> list[Card]:
    """A topic's cards at `step`, as few as fit, its entries spread evenly over them.

    `galleys` are the topic's measured ones, per step (see `wanted_step`).
    """
    if _one_card_at_or_above(galleys, step):
        return [Card(topic, topic.entries, step)]
    galley = galleys[step]
    count = greedy_count(galley)
    return [
        Card(topic, _with_head(topic.entries, first, end), step)
        for first, end in even_runs(galley, count)
    ]


def _with_head(entries: tuple[Entry, ...], first: int, end: int) -> tuple[Entry, ...]:
    """Entries `first` to `end`, after a copy of their table's head if they start in a table."""
    if entries[first].kind != "row":
        return entries[first:end]
    head = next(e for e in reversed(entries[:first]) if e.kind == "thead")
    return (replace(head, id=f"{head.id}-{first}"), *entries[first:end])


def greedy_count(galley: Galley) -> int:
    """How many cards the entries need when each card is filled before the next."""
    count, first = 1, 0
    for last in range(len(galley.boxes)):
        if galley.height(first, last) > galley.room + EPSILON:
            count, first = count + 1, last
            if galley.height(first, last) > galley.room + EPSILON:
                return len(galley.boxes) + 1  # one entry alone does not fit at this step
    return count


def even_runs(galley: Galley, count: int) -> list[tuple[int, int]]:
    """Entries cut into `count` runs with the tallest as short as possible (as slices)."""
    size = len(galley.boxes)
    # best[(k, j)]: the tallest run and the runs, for the first j entries on k cards.
    best: dict[tuple[int, int], tuple[float, list[tuple[int, int]]]] = {(0, 0): (0.0, [])}
    for k in range(1, count + 1):
        for j in range(k, size - count + k + 1):
            best[(k, j)] = min(
                (
                    (
                        max(best[(k - 1, i)][0], galley.height(i, j - 1)),
                        [*best[(k - 1, i)][1], (i, j)],
                    )
                    for i in range(k - 1, j)
                    if (k - 1, i) in best
                ),
                key=lambda option: option[0],
            )
    return best[(count, size)][1]


def numbered(cards: list[Card]) -> list[Card]:
    """Cards with their number in the deck, and `part` of `parts` for split topics."""
    totals: dict[str, int] = {}
    for card in cards:
        totals[card.topic.heading.id] = totals.get(card.topic.heading.id, 0) + 1
    seen: dict[str, int] = {}
    result = []
    for number, card in enumerate(cards, start=1):
        key = card.topic.heading.id
        seen[key] = seen.get(key, 0) + 1
        result.append(replace(card, number=number, part=seen[key], parts=totals[key]))
    return result


def check_cards(document: Document, cards: list[Card], where: str) -> None:
    """Raise `LayoutError` for the first card whose text ends below its text area."""
    boxes: dict[str, tuple[int, tuple[float, float, float, float]]] = {}
    for number, page in enumerate(document.pages):
        for name, box in page.anchors.items():
            boxes.setdefault(name, (number, box))
    for card in cards:
        page, paper = boxes[f"card-{card.number}-paper"]
        text = boxes.get(f"card-{card.number}-text")
        if text is None or text[0] != page or text[1][3] > paper[3] + EPSILON:
            raise LayoutError([e.id for e in card.entries], where)

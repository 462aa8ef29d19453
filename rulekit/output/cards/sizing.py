"""The body size of a rules sheet, chosen on as few layouts as the choice allows.

`sheet_size` is the rule: the largest step that keeps to two pages, smaller to
fit the front alone, larger to fill a back.  It looks at the page count of up to
six sizes, and every layout of a sheet costs a tenth of a second or more.  `search`
makes the same choice, but answers most of the rule's questions from how full
the layouts already made are (`Fill`), and lays out only the sizes whose page
count that leaves in doubt, and the size chosen.

A prediction is trusted only where it cannot be wrong by the way text grows with
the type size: by at least its own factor (every line is taller) and at most by
its square (every line also holds fewer words), give or take a line a paragraph
gains or loses (`JITTER`).  So "does not fit n pages" is trusted when even the
least the text can take is more than n pages hold.  "Fits" is never predicted:
it holds when a layout at that size or a larger one shows it (smaller type never
takes more pages), else that size is laid out.  A page count the choice does not
depend on is left in doubt.  A sheet with more text than a front likely holds is
laid out a step smaller first (`first_size`), which settles most such choices on
two layouts.  On the bundled games this lays out two sizes for most sheets, and
one for those that fit their front at the body size, where the rule alone lays
out four.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from weasyprint.document import Document

from rulekit.output.cards.columns import Columns, text_heights

# Sheet body sizes in pt, largest first; the last step is the smallest type allowed.
SHEET_STEPS = (9.0, 8.5, 8.0, 7.5)
SHEET_PAGES = 2  # front and back of one A4 sheet at most
# A sheet that runs onto its back is set up to this many steps smaller to fit its front
# instead: a back holding a few lines wastes a page and hides the end of the rules.
ONE_PAGE_STEPS = 2
# A sheet that needs its back anyway is set larger, as long as it keeps to two pages:
# the back is then filled with readable type rather than left mostly empty.
GROWN_STEPS = (9.5, 10.0, 10.5)
# How text height grows with the type size: at least linearly, at most squared, and
# typically in between (only used to guess which size to lay out next).
LEAST_GROWTH, MOST_GROWTH, TYPICAL_GROWTH = 1.0, 2.0, 1.7
# A fraction of its height by which text can differ from either bound: paragraphs gain
# or lose a line, hyphenation points come and go, a block moves to the next column.  The
# bundled sheets, laid out at every size, stay within 4%.
JITTER = 0.05
# Characters of text (rules and glossary) that likely run a sheet onto its back at the body
# size: the bundled sheets hold 3 000 to 3 800 a page at 9 pt.  Only chooses the size laid
# out first (`first_size`).
FRONT_CHARACTERS = 3000


def sheet_size(pages: Callable[[float], int]) -> float | None:
    """The body size of a sheet, given its page count at each size; None if none fits.

    The largest of `SHEET_STEPS` that fits two pages; when that takes two, up to
    `ONE_PAGE_STEPS` steps smaller if that fits the front alone, else (from the
    body size only) the largest of `GROWN_STEPS` that still keeps to two pages.
    """
    for index, size in enumerate(SHEET_STEPS):
        count = pages(size)
        if count > SHEET_PAGES:
            continue
        if count == 1:
            return size
        for smaller in SHEET_STEPS[index + 1 :][:ONE_PAGE_STEPS]:
            if pages(smaller) == 1:
                return smaller
        for larger in GROWN_STEPS if index == 0 else ():
            if pages(larger) > SHEET_PAGES:
                break
            size = larger
        return size
    return None


@dataclass(frozen=True)
class Fill:
    """How full one layout of a sheet is, in CSS px of column height."""

    pages: int
    text: float  # the height its text takes, summed over every column of every page
    front: float  # room in the columns of the first page (under the header)
    page: float  # room in the columns of any further page

    def room(self, pages: int) -> float:
        """The column height `pages` pages hold."""
        return self.front + (pages - 1) * self.page


def first_size(characters: int) -> float:
    """The size to lay out first, for a sheet of that many characters of text: the body
    size, or a step smaller when the text likely runs onto the back at the body size.

    A sheet that fits its front at the body size is then chosen on that one layout.
    One that does not is most often set a step or two smaller, or larger to fill its
    back; a layout a step smaller tells which on fewer layouts (see `search`).
    """
    return SHEET_STEPS[0] if characters < FRONT_CHARACTERS else SHEET_STEPS[1]


def search(measure: Callable[[float], Fill], first: float = SHEET_STEPS[0]) -> float | None:
    """`sheet_size` for the layouts `measure` makes and reads (see `fill`), with as few
    of them as it can, starting with a layout at `first`.

    It stops once the layouts made settle the choice, whatever page counts the other
    sizes take within what those layouts show they surely take, and the size chosen
    is laid out.  Until then, each round answers the rule from the layouts made and
    guesses for the other sizes, then lays out one size: the first that may take
    fewer pages than guessed (which would change the choice before it is reached),
    else the size chosen (laid out in the end anyway, and a larger size that fits
    shows that the smaller ones fit too), else one that may take more pages than
    guessed.
    A layout that belies a guess changes the next round's choice.  Without
    text measured, no guess is trusted, and the rule's own sizes are laid out.
    """
    known = {first: measure(first)}
    while True:
        answers = _answers(known)
        if len(answers) == 1 and answers <= {None, *known}:
            return answers.pop()
        size, guesses = _answer(known)
        fewer = [s for s, count in guesses if not _at_least(known, s, count)]
        more = [s for s, count in guesses if not _at_most(known, s, count)]
        chosen = [size] if size is not None and size not in known else []
        doubtful = fewer[:1] + chosen + more
        if not doubtful:
            return size
        known[doubtful[0]] = measure(doubtful[0])


def _answer(known: dict[float, Fill]) -> tuple[float | None, list[tuple[float, int]]]:
    """The rule's answer from the layouts made and guesses, and the guesses it took
    (size and page count), in the order it asked."""
    guesses: list[tuple[float, int]] = []

    def pages(size: float) -> int:
        if size in known:
            return known[size].pages
        guess = _guess(known, size)
        guesses.append((size, guess))
        return guess

    return sheet_size(pages), guesses


def _answers(known: dict[float, Fill]) -> set[float | None]:
    """The rule's answers for all page counts the sizes may take: at least what
    `_at_least` shows, at most what `_at_most` shows, and never fewer at a larger size.
    Empty when the layouts belie those bounds: then nothing is settled."""
    sizes = sorted(SHEET_STEPS + GROWN_STEPS)
    counts = range(1, SHEET_PAGES + 2)  # the rule tells no counts apart past two pages
    ranges = [
        range(
            max(c for c in counts if _at_least(known, size, c)),
            min(c for c in counts if _at_most(known, size, c)) + 1,
        )
        for size in sizes
    ]
    return {
        sheet_size(dict(zip(sizes, taken, strict=True)).__getitem__)
        for taken in itertools.product(*ranges)
        if all(a <= b for a, b in itertools.pairwise(taken))
    }


def _guess(known: dict[float, Fill], size: float) -> int:
    """The likely page count at `size` (at most one past `SHEET_PAGES`, all the rule
    tells apart), from the layout of the nearest size made."""
    nearest = min(known, key=lambda made: (abs(made - size), made))
    layout = known[nearest]
    text = layout.text * (size / nearest) ** TYPICAL_GROWTH
    count = 1
    while count <= SHEET_PAGES and text > layout.room(count):
        count += 1
    return count


def _at_least(known: dict[float, Fill], size: float, count: int) -> bool:
    """Whether `size` surely takes `count` pages or more: a layout at that size or a
    smaller one does, or the least its text can take is more than one page fewer holds."""
    return (
        count == 1
        or any(made <= size and layout.pages >= count for made, layout in known.items())
        or any(_least_text(made, f, size) > f.room(count - 1) for made, f in known.items())
    )


def _at_most(known: dict[float, Fill], size: float, count: int) -> bool:
    """Whether `size` surely takes no more than `count` pages, as far as the rule tells
    counts apart: a layout at that size or a larger one shows it (never a guess)."""
    return count > SHEET_PAGES or any(
        made >= size and layout.pages <= count for made, layout in known.items()
    )


def _least_text(made: float, layout: Fill, size: float) -> float:
    """The least column height the text laid out at `made` can take at `size`."""
    growth = LEAST_GROWTH if size > made else MOST_GROWTH
    return layout.text * ((size / made) ** growth - JITTER)


def fill(document: Document, columns: Columns) -> Fill:
    """How full a sheet's layout is: its sides and the height of the text in its
    column pages (see `columns`)."""
    heights = text_heights(document)
    return Fill(
        columns.sides(len(heights)),
        sum(heights),
        columns.count * (columns.height - columns.front),
        columns.count * columns.height,
    )

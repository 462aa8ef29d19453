"""The deck imposed 3 x 3 on A4 pages for home printing, drawn from the card pages."""

from __future__ import annotations

from collections.abc import Callable

import pydyf
from weasyprint.document import Document

CARDS_PER_PAGE = 9  # 3 x 3 poker cards on A4
MM = 72 / 25.4  # PDF points per millimetre
CARD_MM = (63.0, 88.0)
A4_MM = (210.0, 297.0)
IMPOSITION_ORIGIN = (10.5, 16.5)  # top left of the 3 x 3 grid on A4, mm (cards-a4.css)
Finisher = Callable[[Document, pydyf.PDF], None]


def impose(count: int) -> Finisher:
    """A WeasyPrint finisher that moves the first `count` pages (the cards) onto the A4
    pages after them, nine to a page and cut to their trim box.

    Each card page's content becomes a form XObject clipped to the trim, so bleed
    stays off the A4 sheet; the card pages then leave the page tree.
    """

    def finish(document: Document, pdf: pydyf.PDF) -> None:
        pages = [pdf.objects[number] for number in pdf.pages["Kids"][::3]]
        cards, sheets = pages[:count], pages[count:]
        forms = {}
        for index, page in enumerate(cards):
            form = pdf.objects[_number(page["Contents"])]
            form.extra.update(
                {
                    "Type": "/XObject",
                    "Subtype": "/Form",
                    "BBox": page["TrimBox"],
                    "Resources": page["Resources"],
                }
            )
            forms[f"card{index}"] = form.reference
        shared = pdf.objects[_number(sheets[0]["Resources"])]
        resources = pydyf.Dictionary(
            {**shared, "XObject": pydyf.Dictionary({**shared["XObject"], **forms})}
        )
        pdf.add_object(resources)
        for number, sheet in enumerate(sheets):
            # The sheet's own content leaves the coordinate system flipped: wrap it in q/Q.
            before, after = pydyf.Stream([b"q"]), pydyf.Stream([b"Q"])
            for index in range(number * CARDS_PER_PAGE, min(count, (number + 1) * CARDS_PER_PAGE)):
                x, y = card_origin(index % CARDS_PER_PAGE)
                after.push_state()
                after.set_matrix(1, 0, 0, 1, round(x, 3), round(y, 3))
                after.draw_x_object(f"card{index}")
                after.pop_state()
            pdf.add_object(before)
            pdf.add_object(after)
            sheet["Contents"] = pydyf.Array([before.reference, sheet["Contents"], after.reference])
            sheet["Resources"] = resources.reference
        pdf.pages["Kids"] = pydyf.Array(pdf.pages["Kids"][3 * count :])
        pdf.pages["Count"] = len(sheets)
        # Named destinations point at the card pages, which are no pages of this file.
        if "Names" in pdf.catalog:
            pdf.catalog["Names"].pop("Dests", None)

    return finish


def _number(reference: bytes) -> int:
    """The object number of a PDF reference such as b"12 0 R"."""
    return int(reference.split()[0])


def card_origin(place: int) -> tuple[float, float]:
    """Lower-left corner, in PDF points, of the card at `place` (0-8) on an A4 page."""
    left = IMPOSITION_ORIGIN[0] + place % 3 * CARD_MM[0]
    top = IMPOSITION_ORIGIN[1] + (place // 3 + 1) * CARD_MM[1]
    return left * MM, (A4_MM[1] - top) * MM

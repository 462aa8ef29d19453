"""The printer: lays out a game's print documents with WeasyPrint and makes them print-ready.

Layouts are measured, never trusted.  Each document is laid out with WeasyPrint
and read back through its anchors (every element with an id has one: its box
on the page).  A sheet that runs past its two pages is set a step smaller on
the type scale (the sizes a layout's fill leaves in doubt are laid out, not
every size); a deck is set at the largest step at which every topic takes
as few cards as it can.  Text that does not fit at the smallest step fails the
build with a `LayoutError` naming the rules.  A layout with more than two
hyphenated lines in a row is laid out again with a word of the run kept
whole (`ladders`).

What a document shows comes from `printed`, which the build also hashes: the
printer lays out nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import partial
from pathlib import Path
from typing import TypeVar, cast

from babel.support import NullTranslations
from jinja2 import Environment
from weasyprint import CSS, HTML
from weasyprint.document import Document
from weasyprint.text.fonts import FontConfiguration

from rulekit.errors import LayoutError
from rulekit.model import Localization, Manual
from rulekit.output.cards.columns import COLUMNS, columns_of, joined, place_columns, text_heights
from rulekit.output.cards.content import GlossaryItem, Topic
from rulekit.output.cards.impose import CARDS_PER_PAGE, cards_only, impose
from rulekit.output.cards.ladders import keep_whole, ladders
from rulekit.output.cards.layout import (
    Card,
    Galley,
    check_cards,
    galley,
    measure,
    numbered,
    own_step,
    pack,
    wanted_steps,
)
from rulekit.output.cards.prepress import PDF_VERSION, Identity, print_ready
from rulekit.output.cards.printed import common_context, sheet_context, shown_topics
from rulekit.output.cards.sizing import SHEET_PAGES, SHEET_STEPS, fill, first_size, search
from rulekit.output.templating import use_language

LADDER_ROUNDS = 4  # layouts tried to break up hyphen ladders before one is accepted
# Each template's stylesheets (in templates/cards), in cascade order.  The printer parses
# them once per game colour and hands them to every layout: linked, they would be fetched
# and parsed for each one, a tenth of the time a small galley takes.
STYLESHEETS = {
    "sheet.html": ("print.css", "sheet.css"),
    "sheet-frame.html": ("print.css", "sheet-frame.css"),
    "cards.html": ("print.css", "card.css", "cards-a4.css"),
}
# The game's colour in the stylesheets, written in when they are parsed: as a custom
# property, WeasyPrint resolved it again for every box that uses it.
ACCENT = "var(--accent)"
Laid = TypeVar("Laid")


def render_cards(
    printer: Printer,
    manual: Manual,
    texts: dict[tuple[str, str], Localization],
    ui: dict[str, NullTranslations],
    step: Callable[[str], None] | None = None,
    definitions: dict[str, Localization] | None = None,
    documents: Collection[str] = ("sheet", "deck"),
) -> dict[str, bytes]:
    """Every print file of one game in every language, as build-relative path -> PDF.

    Per language: the A4 rules sheet, the deck of poker cards (trim, bleed and
    crop marks in a slug) and the deck imposed 3 x 3 on A4 for home printing.
    `definitions` holds the glossary's definitions per language, for the sheet.
    `documents` names the ones to make ("sheet", "deck": the deck and its
    imposition), so that two processes can typeset one language at once.
    """
    definitions = definitions or {}
    game = manual.info.game
    files: dict[str, bytes] = {}
    for lang in ui:
        if step:
            step(f"cards {game} {lang}")
        use_language(printer.env, ui[lang])
        local_texts = texts[(game, lang)]
        if "sheet" in documents:
            files[f"cards/{lang}/{game}-sheet.pdf"] = printer.sheet(
                manual, local_texts, f"cards/{lang}/{game}-sheet.pdf", definitions.get(lang)
            )
        if "deck" not in documents:
            continue
        deck, imposed = printer.deck(
            manual,
            local_texts,
            f"cards/{lang}/{game}-cards.pdf",
            f"cards/{lang}/{game}-cards-a4.pdf",
        )
        files[f"cards/{lang}/{game}-cards.pdf"] = deck
        files[f"cards/{lang}/{game}-cards-a4.pdf"] = imposed
    return files


class Printer:
    """Lays out and measures the print documents of one build."""

    def __init__(self, env: Environment, templates_dir: Path) -> None:
        self.env = env
        self.base_url = str(templates_dir / "cards") + "/"
        # Fonts are looked up once per printer, not once per document.
        self.fonts = FontConfiguration()
        self.sources = {
            name: (templates_dir / "cards" / name).read_text(encoding="utf-8")
            for name in dict.fromkeys(n for names in STYLESHEETS.values() for n in names)
        }
        self.parsed: dict[tuple[str, str], CSS] = {}

    def layout(self, template: str, **context: object) -> Document:
        """Render a template and lay it out with its stylesheets (`STYLESHEETS`) in the
        colour of the context's `accent`; URLs resolve against templates/cards."""
        html = self.env.get_template(f"cards/{template}").render(**context)
        # WeasyPrint takes parsed stylesheets as the user's: they rank below the template's
        # own <style> and style attributes, which set only what they leave alone.
        return HTML(string=html, base_url=self.base_url).render(
            font_config=self.fonts, stylesheets=self.stylesheets(template, str(context["accent"]))
        )

    def stylesheets(self, template: str, accent: str) -> list[CSS]:
        """The template's stylesheets with `accent` for `ACCENT`, each parsed once."""
        for name in STYLESHEETS[template]:
            if (name, accent) not in self.parsed:
                self.parsed[(name, accent)] = CSS(
                    string=self.sources[name].replace(ACCENT, accent),
                    base_url=self.base_url,
                    font_config=self.fonts,
                )
        return [self.parsed[(name, accent)] for name in STYLESHEETS[template]]

    def sheet(
        self,
        manual: Manual,
        texts: Localization,
        where: str,
        definitions: Localization | None = None,
    ) -> bytes:
        """The A4 rules sheet: one page, at the body size or a step or two smaller; else
        two pages, at the largest step that fits them (see `sizing`).  Its glossary
        defines the terms with `definitions` (German where they lack one).

        Its columns are laid out as pages of their own and drawn onto its sides
        (see `columns`)."""
        context = sheet_context(manual, texts, definitions)
        found = shown_topics(manual, texts, for_cards=False)
        frames: dict[int, Document] = {}

        def frame(sides: int) -> Document:
            if sides not in frames:
                frames[sides] = self.sheet_sides(context, found, sides)
            return frames[sides]

        columns = columns_of(frame(1))
        context = {**context, "column": columns}
        plain: dict[float, Document] = {}
        finished: dict[float, Document] = {}

        def first(size: float) -> Document:
            """The layout at `size` as it comes, before any hyphen ladder is broken up."""
            if size not in plain:
                plain[size] = self._sheet_at(size, context, found)[0]
            return plain[size]

        def lay_out(size: float) -> Document:
            if size not in finished:
                rounds = partial(self._sheet_at, size, context)
                finished[size] = _without_ladders(rounds, found, first=(first(size), None))[0]
            return finished[size]

        def sides(document: Document) -> int:
            return columns.sides(len(document.pages))

        # The size is chosen on first layouts, as few as the choice needs (`search`), and
        # ladders are broken up at that size only: every layout of a sheet costs a
        # tenth of a second.  Should keeping words whole change the page count there,
        # the choice is made again on the finished layouts.
        start = first_size(_characters(found, cast(list[GlossaryItem], context["glossary"])))
        size = search(lambda step: fill(first(step), columns), start)
        if size is not None and sides(lay_out(size)) != sides(first(size)):
            size = search(lambda step: fill(lay_out(step), columns), start)
        if size is None:
            past_back = first(SHEET_STEPS[-1]).pages[columns.count * SHEET_PAGES :]
            overflow = [n for page in past_back for n in page.anchors]
            raise LayoutError(list(dict.fromkeys(overflow)) or ["glossary"], where)
        document = lay_out(size)
        pdf, identity = _written(frame(sides(document)), texts.lang)
        text = document.write_pdf(pdf_version=PDF_VERSION)
        arrange = place_columns(columns, sides(document), text_heights(document))
        return print_ready(joined(pdf, text), identity, arrange=arrange)

    def _sheet_at(
        self, size: float, context: dict[str, object], kept: list[Topic]
    ) -> tuple[Document, None]:
        return self.layout("sheet.html", size=size, topics=kept, **context), None

    def sheet_sides(self, context: dict[str, object], found: list[Topic], sides: int) -> Document:
        """The sheet's sides (`sides` A4 pages) without their columns: page furniture,
        the header, and the empty boxes that say where the columns go (`columns_of`)."""
        return self.layout(
            "sheet-frame.html", topics=found, sides=sides, columns=COLUMNS, **context
        )

    def deck(
        self, manual: Manual, texts: Localization, where: str, where_a4: str
    ) -> tuple[bytes, bytes]:
        """The deck (one page per card, with bleed, and crop marks in a slug) and its
        A4 imposition.

        The deck and the A4 pages are one document, written once: the A4 file
        draws the card pages onto its sheets, so both show the very same layout.
        """
        context = common_context(manual, texts)
        # A round against hyphen ladders changes a few topics: the others keep their galleys.
        measured: dict[Topic, dict[int, Galley]] = {}

        def laid(kept: list[Topic]) -> tuple[Document, list[Card]]:
            cards = numbered(self.plan(kept, context, where, measured))
            sheets = [cards[i : i + CARDS_PER_PAGE] for i in range(0, len(cards), CARDS_PER_PAGE)]
            return self.layout(
                "cards.html", cards=cards, sheets=sheets, galley=False, **context
            ), cards

        document, cards = _without_ladders(laid, shown_topics(manual, texts, for_cards=True))
        # The galley has the same boxes in the flow, so this holds unless the stylesheet
        # changes them.
        check_cards(document, cards, where)
        pdf, identity = _written(document, texts.lang)
        return (
            print_ready(pdf, identity, slug=True, arrange=cards_only(len(cards))),
            print_ready(pdf, identity, arrange=impose(len(cards))),
        )

    def plan(
        self,
        found: list[Topic],
        context: dict[str, object],
        where: str,
        known: dict[Topic, dict[int, Galley]] | None = None,
    ) -> list[Card]:
        """The topics packed onto cards, all at one step: the largest at which every
        topic takes as few cards as it can (see `layout`).

        Topics are set on galley cards (their text may run on below the card)
        and measured: all at the largest step, then those that take more than one
        card there at every other step, in one galley.  `known` holds galleys
        already measured in this context, and takes the new ones.
        """
        known = {} if known is None else known
        measured = [known.setdefault(topic, {}) for topic in found]
        while wanted := [
            (index, step)
            for index, galleys in enumerate(measured)
            for step in wanted_steps(galleys)
        ]:
            cards = galley([(found[index], step) for index, step in wanted])
            document = self.layout("cards.html", cards=cards, sheets=[], galley=True, **context)
            for (index, step), result in zip(wanted, measure(document, cards), strict=True):
                measured[index][step] = result
        step = max((own_step(t, g, where) for t, g in zip(found, measured, strict=True)), default=0)
        return [
            card
            for topic, galleys in zip(found, measured, strict=True)
            for card in pack(topic, galleys, step)
        ]


def _without_ladders(
    lay_out: Callable[[list[Topic]], tuple[Document, Laid]],
    found: list[Topic],
    first: tuple[Document, Laid] | None = None,
) -> tuple[Document, Laid]:
    """The layout of `found` with no hyphen ladder (see `ladders`), or the last one tried.

    Each round keeps whole the words that the ladders of the previous one name,
    on top of the words kept before.  `first`, when given, is the first round's
    layout (nothing kept whole), already made.
    """
    kept: dict[str, set[str]] = {}
    for round_ in range(LADDER_ROUNDS):
        if round_ == 0 and first is not None:
            document, laid = first
        else:
            document, laid = lay_out(keep_whole(found, kept))
        more = {k: words - kept.get(k, set()) for k, words in ladders(document).items()}
        if not any(more.values()):
            break
        for key, words in more.items():
            kept.setdefault(key, set()).update(words)
    return document, laid


def _characters(found: list[Topic], glossary: list[GlossaryItem]) -> int:
    """The characters of text a sheet shows: its topics' entries and its glossary."""
    entries = sum(len(entry.html.striptags()) for topic in found for entry in topic.entries)
    return entries + sum(len(item.term) + len(item.definition) for item in glossary)


def _written(document: Document, lang: str) -> tuple[bytes, Identity]:
    """The document as PDF, to be made print-ready, and what its metadata says: the
    title its template gave."""
    pdf = document.write_pdf(pdf_version=PDF_VERSION)
    assert pdf is not None
    title = document.metadata.title or ""
    return pdf, Identity(title=title, lang=lang, subject=title)

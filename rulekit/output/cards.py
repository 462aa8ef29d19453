"""Print output: a two-sided rules sheet, a deck of poker cards and its A4 imposition.

Layouts are measured, never trusted.  Each document is laid out with WeasyPrint
and read back through its anchors (every element with an id has one: its box
on the page).  A sheet that runs past its two pages is set a step smaller on
the type scale; a section too long for one card is set smaller too, and spread
over more cards when even the smallest step does not fit.  Text that does not
fit at the smallest step fails the build with a `LayoutError` naming the rules.
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pydyf
from babel.support import NullTranslations
from jinja2 import Environment
from markupsafe import Markup, escape
from weasyprint import HTML
from weasyprint.document import Document
from weasyprint.text.fonts import FontConfiguration

from rulekit import __version__
from rulekit.errors import LayoutError
from rulekit.i18n.catalogs import SOURCE_LANGUAGE, summary_key
from rulekit.model import Localization, Manual, RuleGraph, RuleNode, Term
from rulekit.output.templating import use_language
from rulekit.sources import page_label

# Body sizes in pt, largest first; the last step is the smallest type allowed.
SHEET_STEPS = (9.0, 8.5, 8.0, 7.5)
CARD_STEPS = (8.0, 7.5, 7.0)
SHEET_PAGES = 2  # front and back of one A4 sheet
CARDS_PER_PAGE = 9  # 3 x 3 poker cards on A4
MM = 72 / 25.4  # PDF points per millimetre
CARD_MM = (63.0, 88.0)
A4_MM = (210.0, 297.0)
IMPOSITION_ORIGIN = (10.5, 16.5)  # top left of the 3 x 3 grid on A4, mm (cards-a4.css)
# Flavour text is left out of print; cards keep only what is played by.
SHEET_KINDS = ("rule", "step", "note", "example", "definition")
CARD_KINDS = ("rule", "step", "note")
# Dark enough for white type on the card frames and for crop marks to stay visible.
ACCENTS = ("#1f4e79", "#7a1f2b", "#2e5e3a", "#5b3a7a", "#8a4b0f", "#0f5c63")
# Numbers (3, 2-4, 1,5), dice (W6, 2W6, d6, K6) and die faces: what players look up.
KEY_NUMBER = re.compile(
    r"\b\d*[WwDdKk]\d+\b|\d+(?:[.,]\d+)?(?:\s?[–-]\s?\d+)?(?:\s?%)?|[\u2680-\u2685]"
)
Finisher = Callable[[Document, pydyf.PDF], None]
# A bullet typed into the manual's text; print sets its own list marks.
TYPED_BULLET = re.compile(r"^[•·▪◦‣]\s*")
# Layout rounding: a box may end this far (CSS px) past its container and still fit.
EPSILON = 0.01


class Section:
    """A section node and the nodes that are part of it, in reading order."""

    def __init__(self, node: RuleNode, children: list[RuleNode]) -> None:
        self.node = node
        self.children = children


def sections(graph: RuleGraph) -> list[Section]:
    """The graph's sections with their member nodes, following `part-of` edges."""
    members: dict[str, list[RuleNode]] = {}
    by_id = {node.id: node for node in graph.nodes}
    for edge in graph.edges:
        if edge.type == "part-of":
            members.setdefault(edge.to, []).append(by_id[edge.from_])
    return [
        Section(node, members.get(node.id, [])) for node in graph.nodes if node.kind == "section"
    ]


@dataclass(frozen=True)
class Entry:
    """One printed text: the card language's, or German marked as a fallback."""

    id: str
    kind: str
    html: Markup
    fallback: bool


@dataclass(frozen=True)
class Topic:
    """A section as print shows it: its heading, its printed entries and their pages."""

    heading: Entry
    entries: tuple[Entry, ...]
    pages: str  # printed pages of the entries, "" when unknown


@dataclass(frozen=True)
class GlossaryItem:
    """A term in the card language beside the German one; German when untranslated."""

    id: str
    term: str
    german: str
    definition: str
    fallback: bool


@dataclass(frozen=True)
class Card:
    """One poker card: part of a section's entries at one step of the type scale."""

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


def key_numbers(text: str) -> Markup:
    """Escaped text with numbers and dice values in `<strong>`.

    The text is split first and every piece escaped on its own, so markup in a
    translation stays inert and entities are never cut apart.
    """
    parts: list[str] = []
    last = 0
    for match in KEY_NUMBER.finditer(text):
        parts.append(escape(text[last : match.start()]))
        parts.append(Markup("<strong>{}</strong>").format(match.group()))
        last = match.end()
    parts.append(escape(text[last:]))
    return Markup("").join(parts)


def entry(node: RuleNode, texts: Localization, emphasise: bool = True) -> Entry:
    """A node's print text: the editor's summary when it has one, else the rule text."""
    key = summary_key(node.id) if node.summary else node.id
    fallback = key in texts.missing
    text = (node.summary or node.text) if fallback else texts.texts[key]
    if not emphasise:
        return Entry(node.id, node.kind, escape(text), fallback)
    return Entry(node.id, node.kind, key_numbers(TYPED_BULLET.sub("", text)), fallback)


def topics(
    graph: RuleGraph, texts: Localization, kinds: tuple[str, ...], excerpt: list[int]
) -> list[Topic]:
    """The sections with the entries of the given kinds; sections left empty are dropped.

    A topic cites the printed pages of its entries; where extraction could not
    tell an entry's page, it cites all the `excerpt`'s pages rather than guess.
    """
    found = []
    for section in sections(graph):
        children = [node for node in section.children if node.kind in kinds]
        if children:
            found.append(
                Topic(
                    heading=entry(section.node, texts, emphasise=False),
                    entries=tuple(entry(node, texts) for node in children),
                    pages=page_label(
                        [page for n in children for page in _pages(n.source.page, excerpt)]
                    ),
                )
            )
    return found


def _pages(page: int | None, excerpt: list[int]) -> list[int]:
    return excerpt if page is None else [page]


def glossary(terms: list[Term], lang: str) -> list[GlossaryItem]:
    """The game's terms in `lang` (first preferred translation), in alphabetical order."""
    items = []
    for term in terms:
        preferred = [t.term for t in term.translations.get(lang, []) if t.status == "preferred"]
        german = lang == SOURCE_LANGUAGE
        name = term.de if german or not preferred else preferred[0]
        items.append(
            GlossaryItem(
                id=term.id,
                term=name,
                german=term.de,
                definition=term.definition if german else "",
                fallback=not german and not preferred,
            )
        )
    return sorted(items, key=lambda item: (_sort_key(item.term), item.id))


def accent(game: str) -> str:
    """The game's colour, stable across builds and machines."""
    return ACCENTS[int(hashlib.sha256(game.encode()).hexdigest(), 16) % len(ACCENTS)]


def render_cards(
    printer: Printer,
    manual: Manual,
    texts: dict[tuple[str, str], Localization],
    ui: dict[str, NullTranslations],
    step: Callable[[str], None] | None = None,
) -> dict[str, bytes]:
    """Every print file of one game in every language, as build-relative path -> PDF.

    Per language: the two-sided A4 sheet, the deck of poker cards (trim, bleed
    and crop marks) and the deck imposed 3 x 3 on A4 for home printing.
    """
    game = manual.info.game
    files: dict[str, bytes] = {}
    for lang in ui:
        if step:
            step(f"cards {game} {lang}")
        use_language(printer.env, ui[lang])
        local = texts[(game, lang)]
        files[f"cards/{lang}/{game}-sheet.pdf"] = printer.sheet(
            manual, local, f"cards/{lang}/{game}-sheet.pdf"
        )
        deck, imposed = printer.deck(
            manual, local, f"cards/{lang}/{game}-cards.pdf", f"cards/{lang}/{game}-cards-a4.pdf"
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

    def layout(self, template: str, **context: object) -> Document:
        """Render a template and lay it out; stylesheets resolve against templates/cards."""
        html = self.env.get_template(f"cards/{template}").render(version=__version__, **context)
        return HTML(string=html, base_url=self.base_url).render(font_config=self.fonts)

    def sheet(self, manual: Manual, texts: Localization, where: str) -> bytes:
        """The two-sided A4 rules sheet, at the largest step that fills exactly two pages.

        The glossary goes on the back when the rules fit on the front, else it
        follows the rules; both are tried before a smaller step.
        """
        context = {
            "info": manual.info,
            "lang": texts.lang,
            "accent": accent(manual.info.game),
            "topics": topics(manual.graph, texts, SHEET_KINDS, manual.info.pages),
            "glossary": glossary(manual.graph.terms, texts.lang),
            "pages": page_label(manual.info.pages),
        }
        overflow: list[str] = []
        for size in SHEET_STEPS:
            for on_back in (True, False):
                document = self.layout("sheet.html", size=size, on_back=on_back, **context)
                if len(document.pages) == SHEET_PAGES:
                    return _pdf(document)
                # Only rules and headings carry ids: what is named here is rules running
                # past the back page, which no place for the glossary can help.
                overflow = list(
                    dict.fromkeys(n for page in document.pages[SHEET_PAGES:] for n in page.anchors)
                )
                if overflow:
                    break
        raise LayoutError(overflow or ["glossary"], where)

    def deck(
        self, manual: Manual, texts: Localization, where: str, where_a4: str
    ) -> tuple[bytes, bytes]:
        """The deck (one page per card, with bleed and crop marks) and its A4 imposition.

        The deck and the A4 pages are one document: the A4 file draws the card
        pages onto its sheets, so both show the very same layout.
        """
        context = {"info": manual.info, "lang": texts.lang, "accent": accent(manual.info.game)}
        cards = _numbered(
            self.plan(topics(manual.graph, texts, CARD_KINDS, manual.info.pages), context, where)
        )
        sheets = [cards[i : i + CARDS_PER_PAGE] for i in range(0, len(cards), CARDS_PER_PAGE)]
        document = self.layout("cards.html", cards=cards, sheets=sheets, galley=False, **context)
        # The galley has the same boxes, so this holds unless the stylesheet changes them.
        _check_cards(document, cards, where)
        deck = document.copy(document.pages[: len(cards)])
        return _pdf(deck), _pdf(document, finisher=_impose(len(cards)))

    def plan(self, found: list[Topic], context: dict[str, object], where: str) -> list[Card]:
        """The sections packed onto cards, each as few cards as fit at the smallest step,
        at the largest step that fits that many, its text spread evenly over them.

        Sections are set on galley cards (one per page, as tall as the text needs)
        and measured; each round measures only the steps still undecided.
        """
        measured: list[dict[int, Galley]] = [{} for _ in found]
        while wanted := [
            (index, step)
            for index, galleys in enumerate(measured)
            if (step := _wanted_step(galleys)) is not None
        ]:
            galley = _numbered([Card(found[i], found[i].entries, step) for i, step in wanted])
            document = self.layout("cards.html", cards=galley, sheets=[], galley=True, **context)
            for (index, step), result in zip(wanted, _measure(document, galley), strict=True):
                measured[index][step] = result
        return [
            card
            for topic, galleys in zip(found, measured, strict=True)
            for card in _pack(topic, galleys, where)
        ]


def _pdf(document: Document, finisher: Finisher | None = None) -> bytes:
    pdf = document.write_pdf(finisher=finisher)
    assert pdf is not None
    return pdf


def _impose(count: int) -> Finisher:
    """A WeasyPrint finisher that moves the first `count` pages (the cards) onto the A4
    pages after them, nine to a page and cut to their trim box.

    Each card page's content becomes a form XObject clipped to the trim, so bleed
    and crop marks stay off the A4 sheet; the card pages then leave the page tree.
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
                x, y = _card_origin(index % CARDS_PER_PAGE)
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


def _card_origin(place: int) -> tuple[float, float]:
    """Lower-left corner, in PDF points, of the card at `place` (0-8) on an A4 page."""
    left = IMPOSITION_ORIGIN[0] + place % 3 * CARD_MM[0]
    top = IMPOSITION_ORIGIN[1] + (place // 3 + 1) * CARD_MM[1]
    return left * MM, (A4_MM[1] - top) * MM


@dataclass(frozen=True)
class Galley:
    """A section's text set on one card at one step, measured in CSS px."""

    room: float  # height of the card's text area
    above: float  # from the top of the text area to the first entry
    below: float  # under the last entry
    boxes: tuple[tuple[float, float], ...]  # top and bottom of each entry; inf when cut off

    def height(self, first: int, last: int) -> float:
        """The text height of a card holding entries `first` to `last` (inclusive)."""
        if math.isinf(self.boxes[last][1]):
            return math.inf
        return self.above + self.boxes[last][1] - self.boxes[first][0] + self.below


def _measure(document: Document, cards: list[Card]) -> list[Galley]:
    """The galley of every card, each alone on a page tall enough for its text.

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
            )
        )
    return measured


def _wanted_step(galleys: dict[int, Galley]) -> int | None:
    """The step a section must be measured at next; None once its cards are decided.

    First the largest step (most sections fit one card there), then the smallest
    (how many cards it takes), then the steps between, largest first, until one
    fits on that many cards.
    """
    smallest = len(CARD_STEPS) - 1
    if 0 not in galleys:
        return 0
    if _greedy_count(galleys[0]) == 1:
        return None
    if smallest not in galleys:
        return smallest
    count = _greedy_count(galleys[smallest])
    if count > len(galleys[smallest].boxes):
        return None  # an entry too tall for any card: `_pack` names it
    for step in range(smallest):
        if step not in galleys:
            return step
        if _greedy_count(galleys[step]) <= count:
            return None
    return None


def _pack(topic: Topic, galleys: dict[int, Galley], where: str) -> list[Card]:
    """A section's cards, decided from its galleys (see `_wanted_step`)."""
    if _greedy_count(galleys[0]) == 1:
        return [Card(topic, topic.entries)]
    smallest = galleys[len(CARD_STEPS) - 1]
    too_tall = [
        e.id for i, e in enumerate(topic.entries) if smallest.height(i, i) > smallest.room + EPSILON
    ]
    if too_tall:
        raise LayoutError(too_tall, where)
    count = _greedy_count(smallest)
    step = next(s for s in sorted(galleys) if _greedy_count(galleys[s]) <= count)
    return [
        Card(topic, topic.entries[first:end], step)
        for first, end in _even_runs(galleys[step], count)
    ]


def _greedy_count(galley: Galley) -> int:
    """How many cards the entries need when each card is filled before the next."""
    count, first = 1, 0
    for last in range(len(galley.boxes)):
        if galley.height(first, last) > galley.room + EPSILON:
            count, first = count + 1, last
            if galley.height(first, last) > galley.room + EPSILON:
                return len(galley.boxes) + 1  # one entry alone does not fit at this step
    return count


def _even_runs(galley: Galley, count: int) -> list[tuple[int, int]]:
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


def _numbered(cards: list[Card]) -> list[Card]:
    """Cards with their number in the deck, and `part` of `parts` for split sections."""
    totals: dict[str, int] = {}
    for card in cards:
        totals[card.topic.heading.id] = totals.get(card.topic.heading.id, 0) + 1
    seen: dict[str, int] = {}
    numbered = []
    for number, card in enumerate(cards, start=1):
        key = card.topic.heading.id
        seen[key] = seen.get(key, 0) + 1
        numbered.append(replace(card, number=number, part=seen[key], parts=totals[key]))
    return numbered


def _check_cards(document: Document, cards: list[Card], where: str) -> None:
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


def _sort_key(text: str) -> str:
    """Alphabetical order that ignores case and accents (ä with a, ł with l)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("ł", "l"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))

"""The static site: every game in every language, with relative links only.

Page map (paths relative to the site root; `<lang>/` pages exist in every language):

    index.html                     the German home again (canonical: de/index.html)
    <lang>/index.html              games x languages with their translation status
    <lang>/<game>.html             the rules, each anchored by its rule id (`#<rule id>`)
    <lang>/<game>-glossary.html    the game's terms
    <lang>/<game>-graph.html       the rule graph drawn by Graphviz; nodes link to the rules
    <lang>/<game>-repairs.html     what extraction changed in the text, for editors
    <lang>/glossary.html           the terms of every game
    <lang>/trace.html              rule <-> engine code <-> tests
    downloads/<lang>/<game>-*.pdf  print files, placed there by the build
    pagefind/                      the search index, written by `index_site`

Relative links keep the site working from any folder, sub-path or file://.
"""

from __future__ import annotations

import json
import posixpath
import re
import subprocess
import sys
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import count
from pathlib import Path

from babel.support import NullTranslations
from jinja2 import Environment
from markupsafe import Markup

from rulekit.export import graph_dot
from rulekit.i18n.catalogs import SOURCE_LANGUAGE
from rulekit.model import (
    Localization,
    Manual,
    RuleGraph,
    RuleNode,
    SourceInfo,
    Term,
    TraceEntry,
    TraceReport,
)
from rulekit.output.cards import sections
from rulekit.output.templating import use_language

# Pages every language has besides the games' own; a game with one of these ids would clash.
SITE_PAGES = ("index", "glossary", "trace")
DOWNLOADS = ("sheet", "cards", "cards-a4")
STATIC_FILES = ("site.css", "site.js")


@dataclass(frozen=True)
class Alternate:
    """A link to the same page in another language."""

    lang: str
    href: str


@dataclass(frozen=True)
class Cell:
    """One game x language cell of the home matrix."""

    lang: str
    href: str
    percent: int
    missing: int
    fuzzy: int


@dataclass(frozen=True)
class GameRow:
    """One row of the home matrix."""

    info: SourceInfo
    cells: list[Cell]


@dataclass(frozen=True)
class Part:
    """A run of shown text; a mention of a glossary term when `term` is set."""

    text: str
    term: Term | None = None
    name: str = ""  # the term in the page's language
    tip: str = ""  # the id of the term's tooltip


@dataclass(frozen=True)
class Shown:
    """A node as one page shows it; `fallback` when it is German on another language's page."""

    node: RuleNode
    text: str
    parts: list[Part]
    fallback: bool


@dataclass(frozen=True)
class ShownSection:
    """A section heading and its nodes, as one page shows them."""

    heading: Shown
    children: list[Shown]


@dataclass(frozen=True)
class Entry:
    """A glossary entry as one language's glossary shows it."""

    term: Term
    name: str
    name_lang: str  # German where the term has no rendering in the page's language
    also: list[str]  # admitted renderings
    games: list[SourceInfo]


@dataclass(frozen=True)
class TraceGroup:
    """The trace entries of one game."""

    info: SourceInfo
    entries: list[TraceEntry]


def page_path(lang: str, game: str, page: str = "") -> str:
    """The site-relative path of a game's page ("" rules, "glossary", "graph", "repairs")."""
    return f"{lang}/{game}-{page}.html" if page else f"{lang}/{game}.html"


def relative_url(page: str, target: str) -> str:
    """The link from `page` to `target`, both site-relative; `target` may carry a #fragment."""
    path, hash_mark, fragment = target.partition("#")
    link = posixpath.relpath(path, posixpath.dirname(page) or ".")
    if path.endswith("/"):
        link += "/"
    return link + hash_mark + fragment


def translated_percent(texts: Localization) -> int:
    """How much of a game reads in its own language, rounded down."""
    total = len(texts.texts) + len(texts.missing)
    return 100 * len(texts.texts) // total if total else 100


def term_name(term: Term, lang: str) -> str:
    """A term as `lang` says it: its preferred translation, else the German term."""
    preferred = [t.term for t in term.translations.get(lang, []) if t.status == "preferred"]
    return preferred[0] if preferred and lang != SOURCE_LANGUAGE else term.de


def term_forms(term: Term, lang: str) -> list[str]:
    """The words that name a term in text of `lang` (deprecated renderings excluded)."""
    if lang == SOURCE_LANGUAGE:
        return [term.de, *term.variants]
    return [t.term for t in term.translations.get(lang, []) if t.status != "deprecated"]


def _form_pattern(form: str) -> str:
    """A loose regex for a term form: inflection changes the end of a word
    (Einheit/Einheiten, bitwa/bitwy), so the last letters of longer words may vary."""
    words = []
    for word in form.split():
        cut = 2 if len(word) >= 7 else 1 if len(word) >= 5 else 0
        words.append(re.escape(word[: len(word) - cut]) + r"\w*")
    return r"(?<!\w)" + r"[\s-]+".join(words)


def _common_start(one: str, other: str) -> int:
    """How many leading characters two strings share."""
    shared = 0
    for a, b in zip(one, other, strict=False):
        if a != b:
            break
        shared += 1
    return shared


def mark_terms(
    text: str, terms: list[Term], text_lang: str, page_lang: str, tips: Iterator[str]
) -> list[Part]:
    """Split `text` into plain runs and the first mention of each term.

    Where two terms claim the same words (befreien, Befreier), the one spelled
    most like them wins.
    """
    found = []
    for term in terms:
        for form in term_forms(term, text_lang):
            for match in re.finditer(_form_pattern(form), text, re.IGNORECASE):
                likeness = _common_start(match[0].casefold(), form.casefold())
                found.append(((match.start(), -len(match[0]), -likeness), term, match))
    parts: list[Part] = []
    end = 0
    marked: set[str] = set()
    for _key, term, match in sorted(found, key=lambda item: item[0]):
        if match.start() < end or term.id in marked:
            continue
        parts.append(Part(text[end : match.start()]))
        parts.append(Part(match[0], term, term_name(term, page_lang), next(tips)))
        marked.add(term.id)
        end = match.end()
    parts.append(Part(text[end:]))
    return [part for part in parts if part.text]


def shown_sections(graph: RuleGraph, texts: Localization) -> list[ShownSection]:
    """The game's sections as the page in `texts.lang` shows them, glossary terms marked."""
    terms = {term.id: term for term in graph.terms}
    missing = set(texts.missing)
    tips = (f"tip-{number}" for number in count(1))

    def shown(node: RuleNode, marks: bool) -> Shown:
        fallback = node.id in missing
        text = node.text if fallback else texts.texts.get(node.id, node.text)
        text_lang = SOURCE_LANGUAGE if fallback else texts.lang
        # Only a term with something to tell gets a tooltip: German pages show the
        # German definition, other pages at least the German term.
        useful = [
            terms[term_id]
            for term_id in node.terms
            if texts.lang != SOURCE_LANGUAGE or terms[term_id].definition
        ]
        parts = mark_terms(text, useful, text_lang, texts.lang, tips) if marks else [Part(text)]
        return Shown(node, text, parts, fallback)

    # Headings stay plain: they are repeated in the contents, where tooltips would be noise.
    return [
        ShownSection(shown(section.node, False), [shown(n, True) for n in section.children])
        for section in sections(graph)
    ]


def glossary_entries(
    terms: list[Term], games: dict[str, list[SourceInfo]], lang: str
) -> list[Entry]:
    """Glossary entries in `lang`, sorted by the name they have there."""
    entries = []
    for term in terms:
        name = term_name(term, lang)
        also = [t.term for t in term.translations.get(lang, []) if t.status == "admitted"]
        entries.append(
            Entry(
                term=term,
                name=name,
                name_lang=SOURCE_LANGUAGE if name == term.de else lang,
                also=also if lang != SOURCE_LANGUAGE else [],
                games=games[term.id],
            )
        )
    return sorted(entries, key=lambda entry: (entry.name.casefold(), entry.term.id))


def visible(text: str) -> str:
    """Text with control, format and private-use characters spelled out (⟨U+E00E⟩),
    so an editor sees what a repair replaced."""
    return "".join(
        f"⟨U+{ord(char):04X}⟩" if unicodedata.category(char) in ("Cc", "Cf", "Co", "Cn") else char
        for char in text
    )


def graph_svg(graph: RuleGraph, rules_page: str) -> Markup:
    """The rule graph drawn by Graphviz, as inline SVG whose nodes link to `rules_page#<id>`."""
    command = [
        "dot",
        "-Tsvg",
        f"-NURL={rules_page}#\\N",  # \N is the node's name: its rule id
        # Defaults only: graph_dot's own attributes win.  Compact, as the labels are long.
        "-Granksep=0.35",
        "-Gnodesep=0.15",
        "-Nfontname=DejaVu Sans",
        "-Nfontsize=10",
        "-Nheight=0.3",
        "-Nmargin=0.08,0.04",
        "-Efontname=DejaVu Sans",
        "-Efontsize=8",
    ]
    try:
        result = subprocess.run(
            command, input=graph_dot(graph), capture_output=True, text=True, check=False
        )
    except FileNotFoundError:
        raise RuntimeError("Graphviz 'dot' not found; install the graphviz package") from None
    if result.returncode != 0:
        raise RuntimeError(f"dot failed for {graph.game}: {result.stderr.strip()}")
    svg = result.stdout
    # Graphviz escapes every label and the ids follow NODE_ID_PATTERN, so the
    # markup is safe to embed; the XML prolog and doctype only suit a standalone file.
    return Markup(svg[svg.index("<svg") :])


def site_path(lang: str, name: str) -> str:
    """The site-relative path of one of a language's own pages ("index", "glossary", "trace")."""
    return f"{lang}/{name}.html"


class _Site:
    """Collects rendered pages; gives each page its relative `url()` and its alternates."""

    def __init__(self, env: Environment, languages: tuple[str, ...]) -> None:
        self.env = env
        self.languages = languages
        self.files: dict[str, bytes] = {}

    def add(
        self,
        path: str,
        template: str,
        lang: str,
        same_page: Callable[[str], str],
        context: dict[str, object],
        canonical: str | None = None,
    ) -> None:
        """Render `site/<template>` as `path`; `same_page(lang)` is its path in another language.

        x-default is the page in the first language, the one the root page has.
        """

        def url(target: str) -> str:
            return relative_url(path, target)

        html = self.env.get_template(f"site/{template}").render(
            lang=lang,
            url=url,
            page=path,
            languages=self.languages,
            alternates=[Alternate(other, url(same_page(other))) for other in self.languages],
            x_default=url(same_page(self.languages[0])),
            canonical=url(canonical) if canonical else None,
            game_page=page_path,
            **context,
        )
        self.files[path] = html.encode("utf-8")


def render_site(
    env: Environment,
    templates_dir: Path,
    manuals: list[Manual],
    texts: dict[tuple[str, str], Localization],
    ui: dict[str, NullTranslations],
    trace: TraceReport,
) -> dict[str, bytes]:
    """Every page of the site, as site-relative path -> content.

    `ui` holds the templates' own strings per language; its keys are the
    site's languages, the first being the one of the root page.
    """
    languages = tuple(ui)
    infos = [manual.info for manual in manuals]
    clashes = sorted(info.game for info in infos if info.game in SITE_PAGES)
    if clashes:
        raise ValueError(f"game ids {clashes} clash with the site's own pages")
    all_terms: dict[str, Term] = {}
    term_games: dict[str, list[SourceInfo]] = {}
    for manual in manuals:
        for term in manual.graph.terms:
            all_terms.setdefault(term.id, term)
            term_games.setdefault(term.id, []).append(manual.info)
    svgs = {m.info.game: graph_svg(m.graph, f"{m.info.game}.html") for m in manuals}
    groups = [
        TraceGroup(info, [e for e in trace.rules if e.id.split(".", 1)[0] == info.game])
        for info in infos
    ]
    rows = [
        GameRow(
            info=info,
            cells=[
                Cell(
                    lang,
                    page_path(lang, info.game),
                    translated_percent(texts[(info.game, lang)]),
                    len(texts[(info.game, lang)].missing),
                    len(texts[(info.game, lang)].fuzzy),
                )
                for lang in languages
            ],
        )
        for info in infos
    ]
    site = _Site(env, languages)
    for lang in languages:
        use_language(env, ui[lang])
        own_pages: dict[str, tuple[str, dict[str, object]]] = {
            "index": ("index.html", {"games": rows, "manuals": manuals, "trace": trace}),
            "glossary": (
                "glossary.html",
                {
                    "info": None,
                    "entries": glossary_entries(list(all_terms.values()), term_games, lang),
                },
            ),
            "trace": ("trace.html", {"groups": groups, "report": trace}),
        }
        for name, (template, context) in own_pages.items():
            same_page = partial(site_path, name=name)
            site.add(site_path(lang, name), template, lang, same_page, context)
        if lang == languages[0]:
            home, context = own_pages["index"]
            index = site_path(lang, "index")
            site.add("index.html", home, lang, partial(site_path, name="index"), context, index)
        for manual in manuals:
            info, graph = manual.info, manual.graph
            game_pages: dict[str, tuple[str, dict[str, object]]] = {
                "": (
                    "game.html",
                    {
                        "sections": shown_sections(graph, texts[(info.game, lang)]),
                        "downloads": [
                            (kind, f"downloads/{lang}/{info.game}-{kind}.pdf") for kind in DOWNLOADS
                        ],
                    },
                ),
                "glossary": (
                    "glossary.html",
                    {"entries": glossary_entries(graph.terms, term_games, lang)},
                ),
                "graph": ("graph.html", {"svg": svgs[info.game], "graph": graph}),
                "repairs": ("repairs.html", {"manual": manual, "visible": visible}),
            }
            for kind, (template, context) in game_pages.items():
                same_page = partial(page_path, game=info.game, page=kind)
                site.add(
                    page_path(lang, info.game, kind),
                    template,
                    lang,
                    same_page,
                    {"info": info, **context},
                )
    for name in STATIC_FILES:
        site.files[name] = (templates_dir / "site" / name).read_bytes()
    return site.files


def index_site(site_dir: Path) -> None:
    """Build the Pagefind search index of a rendered site, with the bundled binary."""
    command = [sys.executable, "-m", "pagefind", "--site", str(site_dir), "--silent"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"pagefind failed: {result.stderr.strip() or result.stdout.strip()}")
    # Pagefind lists languages in hash-map order; sorted, two builds are byte-identical.
    entry = site_dir / "pagefind" / "pagefind-entry.json"
    data = json.loads(entry.read_text("utf-8"))
    entry.write_text(
        json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")), "utf-8"
    )

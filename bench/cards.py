"""Time the print output of the bundled games: milliseconds per card and per sheet.

The games are analysed once, before timing.  A card's time is its share of its
deck: galley measurement, layout, the deck PDF and the A4 imposition.  A
sheet's time covers every type-scale step it needed and its PDF.  Target: the
cards of all games in one language (sheets, decks, impositions) within 3 s.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

import pdfplumber

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.build import (  # noqa: E402
    LANGUAGES,
    analyse,
    load_localizations,
    load_template_translations,
)
from rulekit.output.cards.printer import Printer  # noqa: E402
from rulekit.output.templating import make_environment, use_language  # noqa: E402
from rulekit.project import Project  # noqa: E402

TARGET_S_PER_LANGUAGE = 3.0


def main() -> None:
    project = Project(ROOT)
    manuals = analyse(project)
    texts = load_localizations(project, manuals)
    ui = load_template_translations(project)
    env = make_environment(project.templates_dir)
    printer = Printer(env, project.templates_dir)
    # One untimed deck first: fonts and hyphenation dictionaries load on first use.
    use_language(env, ui[LANGUAGES[0]])
    first = manuals[0]
    printer.deck(first, texts[(first.info.game, LANGUAGES[0])], "-", "-")

    sheet_s, deck_s, cards, per_language = 0.0, 0.0, 0, {}
    for lang in LANGUAGES:
        use_language(env, ui[lang])
        language_start = time.perf_counter()
        for manual in manuals:
            local = texts[(manual.info.game, lang)]
            start = time.perf_counter()
            printer.sheet(manual, local, "-")
            sheet_s += time.perf_counter() - start
            start = time.perf_counter()
            deck, _ = printer.deck(manual, local, "-", "-")
            deck_s += time.perf_counter() - start
            with pdfplumber.open(io.BytesIO(deck)) as pdf:
                cards += len(pdf.pages)
        per_language[lang] = time.perf_counter() - language_start

    sheets = len(manuals) * len(LANGUAGES)
    print(f"sheet: {sheet_s / sheets * 1000:.0f} ms per sheet ({sheets} sheets)")
    print(f"card:  {deck_s / cards * 1000:.0f} ms per card ({cards} cards, deck and A4 included)")
    for lang, seconds in per_language.items():
        share = seconds / TARGET_S_PER_LANGUAGE
        print(
            f"{lang}:    {seconds:.2f} s for {len(manuals)} games ({share:.2f} of the 3 s target)"
        )


if __name__ == "__main__":
    main()

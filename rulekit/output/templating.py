"""The one Jinja2 environment cards and site are rendered with."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel import Locale
from babel.support import NullTranslations
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape


def make_environment(templates_dir: Path) -> Environment:
    """Autoescaping, strict environment with the i18n extension.

    Catalog text comes from translators and manuals; autoescape keeps any
    markup in it inert, and StrictUndefined turns a template typo into an error
    instead of a silently empty field.
    """
    env = Environment(
        loader=FileSystemLoader(templates_dir),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    use_language(env, NullTranslations())
    env.filters["language_name"] = language_name
    return env


def use_language(env: Environment, translations: NullTranslations) -> None:
    """Render the templates' own strings in one language from now on.

    A translation is text, never markup: Jinja's newstyle gettext would mark
    whatever a catalog says as safe HTML under autoescape, so each one is
    escaped before Jinja sees it (the variables formatted into it are escaped
    by Jinja). A message that needs markup keeps the markup in the template.
    """

    def gettext(message: str) -> Markup:
        return escape(translations.gettext(message))

    def ngettext(singular: str, plural: str, count: int) -> Markup:
        return escape(translations.ngettext(singular, plural, count))

    def pgettext(context: str, message: str) -> Markup:
        return escape(translations.pgettext(context, message))

    def npgettext(context: str, singular: str, plural: str, count: int) -> Markup:
        return escape(translations.npgettext(context, singular, plural, count))

    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext
    )


@cache  # every page names every language; CLDR lookups cost a millisecond each
def language_name(code: str, in_language: str | None = None) -> str:
    """A language's name from Babel's CLDR data ("fr" -> "français", or in another language)."""
    name = Locale.parse(code).get_display_name(in_language or code) or code
    return name[:1].upper() + name[1:]

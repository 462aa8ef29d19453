"""The engines' refusal details in the `engines` catalogs, and what `rulekit check` says of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.checks import check_details
from rulekit.engines import detail, ndetail
from rulekit.errors import InputError
from rulekit.i18n.catalogs import DETAILS_DOMAIN, po_path
from rulekit.i18n.pofile import catalog_bytes, read_catalog
from rulekit.project import Project

UNITS = ("%(count)d unit", "%(count)d units")


def edit(
    project: Project, lang: str, msgid: str, forms: tuple[str, ...] | None, flagged: bool = True
) -> Path:
    """Give `msgid` of a language's engines catalog these forms, or drop it (None).

    Without `flagged`, the entry loses its python-format flag, as some translators'
    tools drop it: gettext then leaves its placeholders unchecked.
    """
    path = po_path(project.translations_dir, lang, DETAILS_DOMAIN)
    catalog = read_catalog(path, lang)
    if forms is None:
        del catalog[msgid]
    else:
        catalog[msgid].string = forms
        if flagged:
            catalog[msgid].flags.add("python-format")
        else:
            catalog[msgid].flags.discard("python-format")
    path.write_bytes(catalog_bytes(catalog))
    return path


def test_the_bundled_details_catalogs_have_no_problem(project: Project) -> None:
    assert check_details(project) == []


@pytest.mark.parametrize(
    ("lang", "count", "expected"),
    [
        ("en", 1, "1 unit"),
        ("en", 2, "2 units"),
        ("de", 1, "1 Einheit"),
        ("de", 5, "5 Einheiten"),
        ("fr", 2, "2 unités"),
        ("pl", 1, "1 jednostka"),
        ("pl", 3, "3 jednostki"),
        ("pl", 5, "5 jednostek"),
    ],
)
def test_a_count_takes_the_plural_form_of_each_language(
    lang: str, count: int, expected: str
) -> None:
    assert ndetail(*UNITS, count).text(lang) == expected


def test_a_value_that_is_a_detail_is_translated_too() -> None:
    moved = detail("%(rank)s on %(src)s", rank=detail("Spy"), src="a1")
    texts = [moved.text(lang) for lang in ("en", "fr", "pl")]
    assert texts == ["Spy on a1", "Espionne en a1", "Szpieg na a1"]


def test_check_names_a_broken_placeholder_in_any_plural_form(project: Project) -> None:
    broken = ("%(count)d jednostka", "%(cout)d jednostki", "%(count)d jednostek")
    path = edit(project, "pl", UNITS[0], broken, flagged=False)
    problems = check_details(project)
    assert any(
        p.startswith(f"{path}:") and "placeholders or markup differ" in p for p in problems
    ), problems
    edit(project, "pl", UNITS[0], broken)
    with pytest.raises(InputError, match="'count' doesn't exist in 'msgstr\\[1\\]'"):
        check_details(project)  # gettext's own check of a python-format entry


def test_check_counts_a_missing_plural_form_as_untranslated(project: Project) -> None:
    forms = ("%(count)d jednostka", "", "%(count)d jednostek")
    path = edit(project, "pl", UNITS[0], forms, flagged=False)
    assert f"{path}:0: 1 untranslated and 0 fuzzy entries" in check_details(project)


def test_check_names_a_lost_number(project: Project) -> None:
    msgid = "%(points)d points: a bid is 0 to 3"
    path = edit(project, "fr", msgid, ("%(points)d points : une mise va de 0 à 4",))
    problems = check_details(project)
    assert any(p.startswith(f"{path}:") and "numbers differ" in p for p in problems), problems


def test_check_asks_for_an_update_when_a_detail_is_missing(project: Project) -> None:
    path = edit(project, "de", UNITS[0], None)
    problems = check_details(project)
    assert any(
        p.startswith(f"{path}:0: 1 details changed or new") and "rulekit i18n update" in p
        for p in problems
    ), problems

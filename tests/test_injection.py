"""No markup from a catalog reaches a page or a card, and no translation stops a build.

Every catalog, the templates' included, is tried: a dangerous translation is
refused with its file and line before anything is rendered, and the renderers
escape translations even when one gets past that check.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from rulekit.build import rendered_catalog
from rulekit.errors import InputError
from rulekit.i18n.catalogs import gettext_translations
from rulekit.i18n.pofile import catalog_bytes, read_catalog
from rulekit.output.templating import make_environment, use_language
from rulekit.project import Project
from tests.conftest import ROOT, copy_project

SCRIPT = "<script>alert(1)</script>"
CATALOGS = sorted(
    str(path.relative_to(ROOT / "translations"))
    for path in (ROOT / "translations").glob("*/LC_MESSAGES/*.po")
)


def tamper(path: Path, change: str) -> int:
    """Put `change` into the first reviewed translation; return that msgstr's line."""
    catalog = read_catalog(path, path.parts[-3])
    message = next(m for m in catalog if m.id and m.string and not m.fuzzy)
    if isinstance(message.string, tuple):  # a plural message: its first form
        first, *others = message.string
        message.string = (change.replace("{}", first), *others)
    else:
        message.string = change.replace("{}", str(message.string))
    path.write_bytes(catalog_bytes(catalog))
    again = read_catalog(path, path.parts[-3])
    tampered = again.get(message.id, context=message.context)
    assert tampered is not None and tampered.lineno
    return tampered.lineno


@pytest.mark.parametrize("catalog", CATALOGS)
def test_markup_in_any_catalog_is_refused_with_its_line(tmp_path: Path, catalog: str) -> None:
    path = tmp_path / catalog
    path.parent.mkdir(parents=True)
    path.write_bytes((ROOT / "translations" / catalog).read_bytes())
    line = tamper(path, "{} " + SCRIPT)
    with pytest.raises(InputError) as refused:
        rendered_catalog(path, path.parts[-3])
    assert (refused.value.path, refused.value.line) == (str(path), line)
    assert "markup" in refused.value.message


@pytest.mark.parametrize(
    "translation",
    ["100% {}", "{} %(n)s", "{} %s", "{} %(n)"],
    ids=["lone-percent", "unknown-placeholder", "positional", "broken-placeholder"],
)
@pytest.mark.parametrize("flagged", [True, False], ids=["flagged", "flag-dropped"])
def test_a_template_translation_that_would_not_format_is_refused(
    tmp_path: Path, translation: str, flagged: bool
) -> None:
    path = tmp_path / "fr" / "LC_MESSAGES" / "templates.po"
    path.parent.mkdir(parents=True)
    catalog = read_catalog(ROOT / "translations" / "fr" / "LC_MESSAGES" / "templates.po", "fr")
    message = next(m for m in catalog if m.id and m.string and not m.fuzzy)
    message.string = translation.replace("{}", str(message.string))
    if not flagged:
        message.flags.discard("python-format")
    path.write_bytes(catalog_bytes(catalog))
    line = path.read_text("utf-8").split("\n").index(f'msgstr "{message.string}"') + 1
    with pytest.raises(InputError) as refused:
        rendered_catalog(path, "fr")
    assert (refused.value.path, refused.value.line) == (str(path), line)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rulekit", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "200"},
    )


@pytest.fixture
def tampered(tmp_path: Path) -> tuple[Project, Path, int]:
    project = copy_project(tmp_path / "project")
    path = project.translations_dir / "fr" / "LC_MESSAGES" / "templates.po"
    return project, path, tamper(path, "{} " + SCRIPT)


def test_build_refuses_a_dangerous_template_catalog_and_writes_nothing(
    tampered: tuple[Project, Path, int],
) -> None:
    project, path, line = tampered
    result = run_cli("build", "--project", str(project.root))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith(f"{path}:{line}: ")
    assert not project.build_dir.exists()
    assert not list(project.root.glob(".build*.new-*"))


def test_check_lists_what_build_refuses(tampered: tuple[Project, Path, int]) -> None:
    project, path, line = tampered
    result = run_cli("check", "--project", str(project.root))
    assert result.returncode == 1
    assert f"{path}:{line}: " in result.stderr
    assert "markup" in result.stderr


def test_a_translation_is_escaped_even_past_the_check() -> None:
    catalog = Catalog(locale="fr", domain="templates", fuzzy=False)
    catalog.add("Glossary", SCRIPT)
    catalog.add("Nodes: %(n)s", "<b>Nœuds</b> : %(n)s")
    env = make_environment(ROOT / "templates")
    use_language(env, gettext_translations(catalog))
    page = env.from_string('{{ _("Glossary") }}|{{ _("Nodes: %(n)s", n="<i>3</i>") }}').render()
    assert page == (
        "&lt;script&gt;alert(1)&lt;/script&gt;|&lt;b&gt;Nœuds&lt;/b&gt; : &lt;i&gt;3&lt;/i&gt;"
    )

"""Catalogs never lose a translator's work, whatever happens to the German text."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from typer.testing import CliRunner

from rulekit.build import analyse
from rulekit.cli import app
from rulekit.i18n.catalogs import catalog_stats, gettext_translations, update_catalog
from rulekit.i18n.pofile import catalog_bytes, read_catalog
from rulekit.i18n.xliff import catalog_xliff
from rulekit.project import Project
from tests.conftest import ROOT


def template(*entries: tuple[str, str]) -> Catalog:
    catalog = Catalog(domain="demo", fuzzy=False)
    for context, text in entries:
        catalog.add(text, context=context, auto_comments=["rule"])
    return catalog


def translated(*entries: tuple[str, str, str]) -> Catalog:
    catalog = Catalog(locale="en", domain="demo", fuzzy=False)
    for context, text, translation in entries:
        catalog.add(text, translation, context=context)
    return catalog


def through_file(catalog: Catalog, folder: Path) -> Catalog:
    """Write and read back, as the next update would see the file."""
    path = folder / "demo.po"
    path.write_bytes(catalog_bytes(catalog))
    return read_catalog(path, "en")


def entry(catalog: Catalog, context: str) -> tuple[str, bool, list[str]]:
    message = next(m for m in catalog if m.context == context)
    return str(message.string or ""), message.fuzzy, list(message.previous_id)


RULE = ("demo.kampf.tie", "Bei Gleichstand gewinnt der Verteidiger.")
OTHER = ("demo.kampf.dice", "Der Angreifer würfelt.")
CURRENT = translated(
    (*RULE, "The defender wins ties."),
    (*OTHER, "The attacker rolls."),
)


def test_an_edited_rule_keeps_its_translation_as_fuzzy_with_the_old_text(tmp_path: Path) -> None:
    edited = "Bei Gleichstand gewinnt immer der Verteidiger."
    merged = through_file(update_catalog(template((RULE[0], edited), OTHER), CURRENT), tmp_path)
    assert entry(merged, RULE[0]) == ("The defender wins ties.", True, [RULE[1]])
    assert entry(merged, OTHER[0]) == ("The attacker rolls.", False, [])
    assert b'#| msgid "Bei Gleichstand gewinnt der Verteidiger."' in catalog_bytes(merged)
    # A second update (the rule unchanged since) keeps the old text for review.
    again = through_file(update_catalog(template((RULE[0], edited), OTHER), merged), tmp_path)
    assert entry(again, RULE[0]) == ("The defender wins ties.", True, [RULE[1]])


def test_a_removed_rule_becomes_obsolete_and_returns_with_its_translation(tmp_path: Path) -> None:
    removed = through_file(update_catalog(template(OTHER), CURRENT), tmp_path)
    assert [m.context for m in removed if m.id] == [OTHER[0]]
    assert b'#~ msgctxt "demo.kampf.tie"' in catalog_bytes(removed)
    restored = through_file(update_catalog(template(RULE, OTHER), removed), tmp_path)
    assert entry(restored, RULE[0]) == ("The defender wins ties.", False, [])
    assert not restored.obsolete


def test_babel_alone_would_not_revive_the_removed_rule(tmp_path: Path) -> None:
    removed = through_file(update_catalog(template(OTHER), CURRENT), tmp_path)
    babel = through_file(removed, tmp_path)
    babel.update(template(RULE, OTHER))
    assert entry(babel, RULE[0])[0] == ""


def test_a_rule_whose_id_changed_keeps_its_translation(tmp_path: Path) -> None:
    renamed = ("demo.gleichstand.tie", RULE[1])
    merged = through_file(update_catalog(template(renamed, OTHER), CURRENT), tmp_path)
    assert entry(merged, renamed[0]) == ("The defender wins ties.", False, [])
    assert not merged.obsolete


def test_no_fuzzy_guess_is_borrowed_from_another_rule(tmp_path: Path) -> None:
    similar = ("demo.kampf.new", "Der Angreifer würfelt zweimal.")
    merged = update_catalog(template(RULE, OTHER, similar), CURRENT)
    assert entry(merged, similar[0]) == ("", False, [])
    babel = through_file(CURRENT, tmp_path)
    babel.update(template(RULE, OTHER, similar))
    assert entry(babel, similar[0])[1]  # Babel guesses from the other rule's context


def test_a_renamed_glossary_term_loses_no_translation(project: Project) -> None:
    before = {
        lang: catalog_stats(
            read_catalog(project.translations_dir / lang / "LC_MESSAGES" / "risiko.po", lang)
        ).translated
        for lang in ("en", "fr", "pl")
    }
    glossary = project.glossary_file.read_text("utf-8")
    project.glossary_file.write_text(
        glossary.replace("id: besatzer\n", "id: verteidiger\n"), "utf-8"
    )
    result = CliRunner().invoke(app, ["i18n", "update", "--quiet", "--project", str(project.root)])
    assert result.exit_code == 0, result.stderr
    for lang in ("en", "fr", "pl"):
        path = project.translations_dir / lang / "LC_MESSAGES" / "risiko.po"
        stats = catalog_stats(read_catalog(path, lang))
        assert (stats.fuzzy, stats.untranslated) == (0, 0)
        assert stats.translated == before[lang]


def test_update_after_editing_a_manual_keeps_every_translation(project: Project) -> None:
    """The edited rule and the card line that summarises it turn fuzzy; nothing is lost."""
    path = project.translations_dir / "en" / "LC_MESSAGES" / "stratego.po"
    update = ["i18n", "update", "--quiet", "--project", str(project.root)]
    assert CliRunner().invoke(app, update).exit_code == 0
    before = read_catalog(path, "en")
    manual = project.sources_dir / "stratego" / "manual.txt"
    manual.write_text(
        manual.read_text("utf-8").replace("Diagonal kann\nnie", "Diagonal darf\nnie"), "utf-8"
    )
    from tests.test_graph import _refresh_checksum

    _refresh_checksum(manual.parent)
    result = CliRunner().invoke(app, update)
    assert result.exit_code == 0, result.stderr
    catalog = read_catalog(path, "en")
    assert catalog_stats(catalog).untranslated == catalog_stats(before).untranslated
    fuzzy = [
        m for m in catalog if m.fuzzy and not getattr(before.get(m.id, m.context), "fuzzy", False)
    ]
    rule, line = sorted(fuzzy, key=lambda m: "#card." in str(m.context))
    assert rule.previous_id == ["Diagonal kann nie angegriffen werden."]
    assert str(line.context).startswith("stratego#card.")
    assert any(
        c.startswith("SUSPECT: stratego.angreifen.diagonal-kann") for c in line.auto_comments
    )
    assert line.string == before.get(line.id, line.context).string != ""


def test_stats_and_xliff_reflect_the_catalog() -> None:
    catalog = update_catalog(template(RULE, OTHER, ("demo.x", "Neu.")), CURRENT)
    assert catalog_stats(catalog).__dict__ == {"translated": 2, "fuzzy": 0, "untranslated": 1}
    xliff = catalog_xliff(catalog, "demo").decode()
    assert 'version="1.2"' in xliff and 'source-language="de"' in xliff
    assert 'id="demo.kampf.tie" approved="yes"' in xliff


def test_xliff_keeps_every_plural_form_of_the_target_language() -> None:
    catalog = Catalog(locale="pl", domain="engines", fuzzy=False)
    catalog.add(
        ("%(count)d unit", "%(count)d units"),
        ("%(count)d jednostka", "%(count)d jednostki", "%(count)d jednostek"),
    )
    xliff = catalog_xliff(catalog, "engines", "en").decode()
    assert 'source-language="en"' in xliff and 'target-language="pl"' in xliff
    assert '<group restype="x-gettext-plurals" id="%(count)d unit">' in xliff
    for form, target in enumerate(("jednostka", "jednostki", "jednostek")):
        assert f'id="%(count)d unit[{form}]"' in xliff
        assert f'<target state="translated">%(count)d {target}</target>' in xliff
    assert "(&apos;" not in xliff and "('" not in xliff


# Plural forms a translator chose that Babel's locale data does not give for French.
TRANSLATORS_PLURALS = "nplurals=2; plural=(n > 1);"
UNITS = ("%(count)d unit", "%(count)d units")


def test_update_and_rendering_keep_the_catalogs_own_plural_forms(tmp_path: Path) -> None:
    path = tmp_path / "engines.po"
    path.write_text(
        f'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: {TRANSLATORS_PLURALS}\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n\n#, python-format\n'
        f'msgid "{UNITS[0]}"\nmsgid_plural "{UNITS[1]}"\n'
        'msgstr[0] "%(count)d unité"\nmsgstr[1] "%(count)d unités"\n',
        "utf-8",
    )
    current = read_catalog(path, "fr")
    pot = Catalog(domain="engines", fuzzy=False)
    pot.add(UNITS, flags=["python-format"])
    merged = through_file(update_catalog(pot, current), tmp_path)
    assert merged.plural_forms == TRANSLATORS_PLURALS
    assert merged[UNITS[0]].string == ("%(count)d unité", "%(count)d unités")
    french = gettext_translations(merged)
    assert french.ngettext(*UNITS, 4) % {"count": 4} == "4 unités"
    assert french.ngettext(*UNITS, 1_000_000) % {"count": 1_000_000} == "1000000 unités"


def test_stats_and_xliff_cover_every_catalog_a_translator_keeps(tmp_path: Path) -> None:
    stats = CliRunner().invoke(app, ["i18n", "stats", "--json", "--project", str(ROOT)])
    assert stats.exit_code == 0, stats.output
    catalogs = {(row["catalog"], row["lang"]) for row in json.loads(stats.stdout)}
    assert {
        ("glossary", "pl"),
        ("templates", "de"),
        ("engines", "fr"),
        ("risiko", "en"),
    } <= catalogs
    out = tmp_path / "xliff"
    result = CliRunner().invoke(app, ["i18n", "xliff", "-o", str(out), "--project", str(ROOT)])
    assert result.exit_code == 0, result.output
    assert 'source-language="en"' in (out / "de" / "templates.xlf").read_text()
    assert 'source-language="de"' in (out / "fr" / "glossary.xlf").read_text()


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_gnu_msgfmt_accepts_every_catalog(lang: str) -> None:
    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "gettext's msgfmt is installed by make test"
    for path in sorted((ROOT / "translations" / lang / "LC_MESSAGES").glob("*.po")):
        result = subprocess.run(
            [msgfmt, "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr


def test_the_bundled_catalogs_are_complete_and_pass_every_check(project: Project) -> None:
    result = CliRunner().invoke(app, ["check", "--project", str(project.root)])
    assert result.exit_code == 0, result.stderr


def test_a_wrong_term_is_reported_with_file_and_line(project: Project) -> None:
    path = project.translations_dir / "en" / "LC_MESSAGES" / "risiko.po"
    text = path.read_text("utf-8")
    lines = text.split("\n")
    tie = next(i for i, line in enumerate(lines) if "wichtig-bei-einem-unentschieden" in line)
    msgstr = next(i for i in range(tie, len(lines)) if lines[i].startswith("msgstr"))
    # gettext wraps a long translation over the lines after `msgstr ""`.
    target = next(i for i in range(msgstr, len(lines)) if "defender" in lines[i])
    lines[target] = lines[target].replace("defender", "occupant")
    path.write_text("\n".join(lines), "utf-8")
    result = CliRunner().invoke(app, ["check", "--project", str(project.root)])
    assert result.exit_code == 1
    msgstr_line = msgstr + 1  # problems point at the translation
    assert f"{path}:{msgstr_line}: " in result.stderr
    assert "'defender' is missing" in result.stderr
    assert "deprecated term 'occupant'" in result.stderr


def test_check_fails_on_a_lost_number(project: Project) -> None:
    path = project.translations_dir / "fr" / "LC_MESSAGES" / "midway.po"
    text = path.read_text("utf-8")
    assert "3 points de commandement" in text
    path.write_text(
        text.replace("3 points de commandement", "trois points de commandement", 1), "utf-8"
    )
    result = CliRunner().invoke(app, ["check", "--project", str(project.root)])
    assert result.exit_code == 1
    assert "numbers differ from the German (missing 3)" in result.stderr


def test_an_editors_summary_is_translated_like_the_rest(project: Project) -> None:
    node = next(
        n
        for m in analyse(project)
        if m.info.game == "midway"
        for n in m.graph.nodes
        if n.kind == "rule"
    )
    overrides = project.sources_dir / "midway" / "graph.yaml"
    overrides.write_text(
        overrides.read_text("utf-8").replace(
            "edges:",
            f'nodes:\n  - id: {node.id}\n    fingerprint: "{node.fingerprint}"\n'
            "    summary: Aktivierungsmarker an jedes Flugzeug.\nedges:",
        ),
        "utf-8",
    )
    result = CliRunner().invoke(app, ["i18n", "update", "--quiet", "--project", str(project.root)])
    assert result.exit_code == 0, result.stderr
    catalog = read_catalog(project.translations_dir / "fr" / "LC_MESSAGES" / "midway.po", "fr")
    summary = catalog.get("Aktivierungsmarker an jedes Flugzeug.", context=f"{node.id}#summary")
    assert summary is not None and not summary.string
    assert catalog_stats(catalog).untranslated == 1

"""PO files: what gettext accepts is read, what it rejects is refused, and they are
written as gettext writes them."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from rulekit.errors import InputError
from rulekit.i18n.catalogs import template_catalog, update_catalog
from rulekit.i18n.pofile import catalog_bytes, read_catalog
from rulekit.model import Provenance, RuleGraph, RuleNode, SourceInfo

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: fr\\n"\n\n'
LONG_OLD = (
    "Ein Befreier muss mindestens zwei Einheiten im Ausgangsgebiet haben, "
    "um eine Befreiungsaktion zu starten, und eine bleibt dort stehen."
)
LONG_NEW = LONG_OLD.replace("Befreiungsaktion", "Befreiungsaktoin")


def write(tmp_path: Path, text: str, name: str = "game.po") -> Path:
    path = tmp_path / name
    path.write_text(HEADER + text, "utf-8")
    return path


def gettext_accepts(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["msgfmt", "--check", "--check-format", "-o", os.devnull, str(path)],
        capture_output=True,
        text=True,
    )


def catalog_with(*entries: tuple[str, str, str]) -> Catalog:
    catalog = Catalog(locale="fr", domain="game", fuzzy=False)
    for context, text, translation in entries:
        catalog.add(text, translation, context=context)
    return catalog


def test_a_long_changed_rule_is_written_as_valid_gettext(tmp_path: Path) -> None:
    current = catalog_with(("game.rule", LONG_OLD, "Un libérateur doit avoir deux unités."))
    template = catalog_with(("game.rule", LONG_NEW, ""))
    path = tmp_path / "game.po"
    path.write_bytes(catalog_bytes(update_catalog(template, current)))
    assert gettext_accepts(path).returncode == 0, gettext_accepts(path).stderr
    # msgcat, gettext's own formatter, leaves the file exactly as rulekit wrote it.
    assert subprocess.run(["msgcat", str(path)], capture_output=True).stdout == path.read_bytes()
    again = read_catalog(path, "fr")
    message = again.get(LONG_NEW, context="game.rule")
    assert message is not None and message.fuzzy
    assert message.previous_id == [LONG_OLD]
    assert message.user_comments == []
    assert catalog_bytes(again) == path.read_bytes()


def test_an_obsolete_fuzzy_entry_stays_fuzzy_and_returns_fuzzy(tmp_path: Path) -> None:
    current = catalog_with(("game.rule", LONG_OLD, "Un libérateur doit avoir deux unités."))
    edited = update_catalog(catalog_with(("game.rule", LONG_NEW, "")), current)
    removed = update_catalog(catalog_with(), edited)
    path = tmp_path / "game.po"
    path.write_bytes(catalog_bytes(removed))
    text = path.read_text("utf-8")
    assert "#, fuzzy\n#~| msgid" in text
    assert gettext_accepts(path).returncode == 0
    returned = update_catalog(catalog_with(("game.rule", LONG_NEW, "")), read_catalog(path, "fr"))
    message = returned.get(LONG_NEW, context="game.rule")
    assert message is not None and message.string and message.fuzzy
    assert message.previous_id == [LONG_OLD]


def test_the_previous_msgid_stays_the_text_that_was_translated() -> None:
    current = catalog_with(("game.rule", "Erste Fassung.", "First version."))
    second = update_catalog(catalog_with(("game.rule", "Zweite Fassung.", "")), current)
    third = update_catalog(catalog_with(("game.rule", "Dritte Fassung.", "")), second)
    message = third.get("Dritte Fassung.", context="game.rule")
    assert message is not None and message.previous_id == ["Erste Fassung."]


def test_what_msgmerge_writes_for_obsolete_entries_is_read(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '#, fuzzy\n#~| msgid "Alter Text"\n#~ msgctxt "game.gone"\n'
        '#~ msgid "Neuer Text"\n#~ msgstr "Texte"\n',
    )
    assert gettext_accepts(path).returncode == 0
    catalog = read_catalog(path, "fr")
    (message,) = catalog.obsolete.values()
    assert message.fuzzy and message.previous_id == ["Alter Text"]
    assert message.string == "Texte"


@pytest.mark.parametrize(
    ("entry", "line", "says"),
    [
        ('msgid "Ablauf"\nmsgstr "Déroulement\noops"\n', 8, "end-of-line within string"),
        (
            'msgctxt "a"\nmsgid "Zug"\nmsgstr "Tour"\n\nmsgctxt "a"\nmsgid "Zug"\nmsgstr "Coup"\n',
            11,
            "duplicate message definition",
        ),
        ('#, python-format\nmsgid "%(n)s Einheiten"\nmsgstr "%(n) unités"\n', 8, "format"),
        ('msgid "Ablauf"\nmsgstr "Déroulement"\nmsgstr "encore"\n', 8, ""),
        ('msgid "Ablauf\\n"\nmsgstr "Déroulement"\n', 7, "end with '\\n'"),
    ],
    ids=["broken-line", "duplicate", "python-format", "two-msgstr", "newline-mismatch"],
)
def test_what_gettext_rejects_is_refused_with_its_line(
    tmp_path: Path, entry: str, line: int, says: str
) -> None:
    path = write(tmp_path, entry)
    assert gettext_accepts(path).returncode != 0
    with pytest.raises(InputError) as caught:
        read_catalog(path, "fr")
    assert caught.value.path == str(path)
    assert caught.value.line == line
    assert says in caught.value.message
    assert "\n" not in str(caught.value)


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.po"
    path.write_bytes(HEADER.encode() + 'msgid "Würfel"\nmsgstr "dé"\n'.encode("latin-1"))
    with pytest.raises(InputError) as caught:
        read_catalog(path, "fr")
    assert caught.value.line > 0


def test_a_rule_with_a_percent_sign_is_no_format_string(tmp_path: Path) -> None:
    text = "50 % der Einheiten gehen verloren."
    node = RuleNode(
        id="game.rule",
        kind="rule",
        text=text,
        terms=[],
        fingerprint="0",
        source=Provenance(file="manual.txt", page=1, lines=(3, 3)),
    )
    info = SourceInfo(
        game="game",
        title="Spiel",
        publisher="Verlag",
        edition="1",
        pages=[1],
        file="manual.txt",
        sha256="0" * 64,
    )
    graph = RuleGraph(game="game", nodes=[node], edges=[], terms=[])
    template = template_catalog(graph, info)
    current = catalog_with(("game.rule", node.text, "50 % of the units are lost."))
    merged = update_catalog(template, current)
    message = merged.get(node.text, context="game.rule")
    assert message is not None and "python-format" not in message.flags
    path = tmp_path / "game.po"
    path.write_bytes(catalog_bytes(merged))
    assert gettext_accepts(path).returncode == 0

"""The termbase: lossless TBX exchange, YAML round trip, suggestions."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulekit.cli import app
from rulekit.errors import InputError
from rulekit.i18n.glossary import load_glossary, write_glossary
from rulekit.i18n.tbx import NAMESPACE, read_tbx, write_tbx
from rulekit.project import Project
from tests.conftest import ROOT

runner = CliRunner()
GLOSSARY = ROOT / "glossary" / "terms.yaml"


def test_tbx_round_trip_is_lossless(tmp_path: Path) -> None:
    terms = load_glossary(GLOSSARY)
    path = tmp_path / "terms.tbx"
    path.write_bytes(write_tbx(terms))
    assert read_tbx(path) == terms
    assert write_tbx(read_tbx(path)) == path.read_bytes()


def test_tbx_is_tbx_basic_with_concepts_languages_and_statuses() -> None:
    root = ET.fromstring(write_tbx(load_glossary(GLOSSARY)))
    ns = {"t": NAMESPACE}
    assert root.get("type") == "TBX-Basic"
    concept = root.find(".//t:conceptEntry[@id='befreier']", ns)
    assert concept is not None
    languages = [
        s.get("{http://www.w3.org/XML/1998/namespace}lang")
        for s in concept.findall("t:langSec", ns)
    ]
    assert languages == ["de", "en", "fr", "pl"]
    statuses = {
        n.text
        for n in concept.iter(f"{{{NAMESPACE}}}termNote")
        if n.get("type") == "administrativeStatus"
    }
    assert statuses <= {
        "preferredTerm-admn-sts",
        "admittedTerm-admn-sts",
        "deprecatedTerm-admn-sts",
    }
    english = concept.findall("t:langSec", ns)[1]
    assert english.find("t:termSec/t:term", ns).text == "attacker"  # type: ignore[union-attr]


def test_yaml_round_trip_is_lossless(tmp_path: Path) -> None:
    terms = load_glossary(GLOSSARY)
    path = tmp_path / "terms.yaml"
    path.write_text(write_glossary(terms, "a header"), "utf-8")
    assert load_glossary(path) == terms


def test_export_then_import_through_the_cli(project: Project, tmp_path: Path) -> None:
    tbx = tmp_path / "terms.tbx"
    exported = runner.invoke(
        app, ["glossary", "export", "-o", str(tbx), "--project", str(project.root)]
    )
    assert exported.exit_code == 0, exported.stderr
    imported = runner.invoke(app, ["glossary", "import", str(tbx), "--project", str(project.root)])
    assert imported.exit_code == 0, imported.stderr
    assert load_glossary(project.glossary_file) == load_glossary(GLOSSARY)


def test_a_malformed_tbx_is_one_line_of_bad_input(project: Project, tmp_path: Path) -> None:
    tbx = tmp_path / "broken.tbx"
    tbx.write_text('<?xml version="1.0"?>\n<tbx>\n<text>\n</tbx>\n', "utf-8")
    before = project.glossary_file.read_bytes()
    result = runner.invoke(app, ["glossary", "import", str(tbx), "--project", str(project.root)])
    assert result.exit_code == 2
    assert re.match(rf"^{re.escape(str(tbx))}:4: not well-formed XML", result.stderr)
    assert project.glossary_file.read_bytes() == before


def _concept_tbx(path: Path, german_term_section: str) -> Path:
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tbx xmlns="{NAMESPACE}" type="TBX-Basic" style="dca" xml:lang="de">\n'
        "<text><body>\n"
        '<conceptEntry id="wuerfel">\n'
        '<langSec xml:lang="de">\n'
        f"{german_term_section}\n"
        "</langSec>\n"
        "</conceptEntry>\n"
        "</body></text>\n</tbx>\n",
        "utf-8",
    )
    return path


def test_a_term_without_a_status_is_imported_as_preferred(tmp_path: Path) -> None:
    # TBX-Basic makes administrativeStatus optional; CAT tools often leave it out.
    path = _concept_tbx(tmp_path / "terms.tbx", "<termSec><term>Würfel</term></termSec>")
    [term] = read_tbx(path)
    assert (term.de, term.status) == ("Würfel", "preferred")


def test_an_unknown_status_names_its_line_and_the_allowed_values(tmp_path: Path) -> None:
    section = (
        "<termSec><term>Würfel</term>\n"
        '<termNote type="administrativeStatus">approved</termNote></termSec>'
    )
    path = _concept_tbx(tmp_path / "terms.tbx", section)
    with pytest.raises(InputError) as raised:
        read_tbx(path)
    assert raised.value.line == 6
    assert "administrativeStatus 'approved' is not one of" in str(raised.value)
    assert "preferredTerm-admn-sts" in str(raised.value)


def test_a_concept_without_german_term_names_its_line(tmp_path: Path) -> None:
    path = _concept_tbx(tmp_path / "terms.tbx", "")
    with pytest.raises(InputError, match="conceptEntry 1: no German term") as raised:
        read_tbx(path)
    assert raised.value.line == 5


def test_suggest_lists_uncovered_nouns_with_counts_and_contexts(project: Project) -> None:
    result = runner.invoke(app, ["glossary", "suggest", "--json", "--project", str(project.root)])
    assert result.exit_code == 0, result.stderr
    candidates = {c["word"]: c for c in json.loads(result.stdout)}
    assert "Spieler" in candidates and candidates["Spieler"]["count"] >= 10
    assert candidates["Spieler"]["contexts"]
    covered = {"Befreier", "Besatzer", "Anwerbungsplättchen", "Heroes", "Wenn"}
    assert not covered & set(candidates)


SNAIL_RACE = """\
Schneckenrennen
Jede Schnecke startet mit 20 Blättern. Für jedes Feld zahlt man Blätter.
Auf den Zielfeldern darf keine Schnecke mehr Blätter als 5 besitzen.
Wer zuerst eines der Zielfelder erreicht, gewinnt. Die Schnecken ziehen nie rückwärts.
"""


def test_suggested_terms_are_nouns_in_their_base_form(tmp_path: Path) -> None:
    # The lookup table reads "Blätter" as the verb "blättern" and knows neither
    # "Zielfeldern" nor "Schnecken"; each form of a noun counts for one term.
    from rulekit.extract.lexicon import german_lexicon
    from rulekit.i18n.glossary import suggest_terms
    from tests.conftest import read_copy

    _, graph = read_copy(tmp_path, SNAIL_RACE, "schnecken")
    words = {c.word: c.count for c in suggest_terms([graph], [], german_lexicon())}
    assert words["Zielfeld"] == 2
    assert words["Schnecke"] == 3
    assert "blättern" not in words and words["Blätter"] >= 2


def test_a_noun_in_capitals_is_suggested_as_it_is_written() -> None:
    from rulekit.extract.lexicon import german_lexicon
    from rulekit.i18n.glossary import noun_lemma

    # Not "INSELBauer": the compound's parts are read in the noun's own case.
    assert noun_lemma("INSELBAUERN", "INSELBAUERN", german_lexicon()) == "Inselbauer"

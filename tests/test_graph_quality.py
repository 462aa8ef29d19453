"""The metric definitions of the graph quality scorer (`bench/graph_quality.py`).

Small synthetic readings: what a match, a kind, a mechanical flag and a link count
as.  The scorer's figures on the real manuals are not asserted here; only that each
annotation still fits the gold text it was made on, so that a changed gold reading
cannot leave its annotation silently scoring something else.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.graph_quality import (
    DATA,
    IOU_MIN,
    UNMATCHED,
    Link,
    LinkScore,
    Reading,
    Unit,
    _join_line_hyphens,
    annotation,
    annotation_problems,
    gold_lines,
    main,
    match,
    place,
    score,
)
from rulekit.model import normalise_text

HEADING = "Aufbau"
RULE = "Jeder Spieler erhält zu Beginn 5 Karten."
OTHER_RULE = "Wer keine Karte mehr hat, scheidet aus."
EXAMPLE = "Beispiel: Rot erhält 5 Karten und legt sie verdeckt ab."
DOCUMENT = f"{HEADING}\n{RULE} {OTHER_RULE}\n{EXAMPLE}"


def gold_reading(links: list[Link] | None = None) -> Reading:
    return Reading(
        units=[
            Unit("u1", "section", HEADING),
            Unit("u2", "rule", RULE, mechanical=True),
            Unit("u3", "rule", OTHER_RULE, mechanical=True),
            Unit("u4", "example", EXAMPLE, mechanical=False),
        ],
        links=[Link("illustrates", "u4", "u2")] if links is None else links,
    )


def predicted_units() -> list[Unit]:
    return [
        Unit("g.aufbau", "section", HEADING),
        Unit("g.aufbau.jeder", "rule", RULE, mechanical=True),
        Unit("g.aufbau.wer", "rule", OTHER_RULE, mechanical=True),
        Unit("g.aufbau.beispiel", "example", EXAMPLE, mechanical=False),
    ]


def test_perfect_match() -> None:
    predicted = Reading(
        predicted_units(), [Link("illustrates", "g.aufbau.beispiel", "g.aufbau.jeder")]
    )
    scores = score(DOCUMENT, gold_reading(), predicted)
    assert scores.precision.value == scores.recall.value == 1.0
    assert scores.matches == {
        "u1": "g.aufbau",
        "u2": "g.aufbau.jeder",
        "u3": "g.aufbau.wer",
        "u4": "g.aufbau.beispiel",
    }
    assert (scores.kind.hits, scores.kind.total) == (4, 4)
    # Sections have no mechanical flag: only the three other units count.
    assert (scores.mechanical.hits, scores.mechanical.total) == (3, 3)
    assert scores.links["illustrates"] == LinkScore(tp=1, predicted=1, gold=1)
    # No exception in either reading: 0/0, shown as no figure rather than as 0 or 1.
    assert scores.links["exception-of"] == LinkScore(tp=0, predicted=0, gold=0)
    assert scores.links["exception-of"].precision.value is None
    assert scores.links["exception-of"].recall.value is None
    assert scores.confusion == {
        "section": {"section": 1},
        "rule": {"rule": 2},
        "example": {"example": 1},
    }
    assert not scores.spurious
    assert not scores.unplaced


def test_split_unit_matches_neither_part() -> None:
    gold = Reading(
        [Unit("u1", "section", HEADING), Unit("u2", "rule", f"{RULE} {OTHER_RULE}", True)]
    )
    predicted = Reading(
        [
            Unit("a", "section", HEADING),
            Unit("b", "rule", RULE, True),
            Unit("c", "rule", OTHER_RULE, True),
        ]
    )
    scores = score(f"{HEADING} {RULE} {OTHER_RULE}", gold, predicted)
    assert scores.matches == {"u1": "a"}
    assert (scores.precision.hits, scores.precision.total) == (1, 3)
    assert (scores.recall.hits, scores.recall.total) == (1, 2)
    assert scores.confusion["rule"] == {UNMATCHED: 1}
    assert scores.spurious == {"rule": 2}
    # Kind and mechanical accuracy are over matched pairs only.
    assert (scores.kind.hits, scores.kind.total) == (1, 1)
    assert scores.mechanical.total == 0


def test_match_needs_iou_of_at_least_the_threshold() -> None:
    assert IOU_MIN == 0.9
    assert match([(0, 100)], [(0, 90)]) == {0: 0}
    assert match([(0, 100)], [(0, 89)]) == {}
    assert match([(0, 100)], [(5, 100)]) == {0: 0}
    # One to one: the better of two candidates wins, the other stays unmatched.
    assert match([(0, 100)], [(0, 95), (0, 100)]) == {0: 1}


def test_nearly_equal_text_still_matches() -> None:
    """A node with a repaired word or a lost full stop is still the gold unit."""
    gold = Reading([Unit("u1", "rule", RULE, True), Unit("u2", "rule", OTHER_RULE, True)])
    predicted = Reading(
        [
            Unit("a", "rule", RULE.replace("erhält", "erhalt"), True),
            Unit("b", "rule", OTHER_RULE.rstrip("."), True),
        ]
    )
    scores = score(f"{RULE} {OTHER_RULE}", gold, predicted)
    assert scores.matches == {"u1": "a", "u2": "b"}


def test_repeated_text_is_placed_in_reading_order() -> None:
    document = "Würfle. Ziehe eine Karte. Würfle."
    assert place(document, ["Würfle.", "Ziehe eine Karte.", "Würfle."]) == [
        (0, 7),
        (8, 25),
        (26, 33),
    ]
    # A text the document lacks is not placed, and does not move the others.
    assert place(document, ["Würfle.", "Passe.", "Würfle."]) == [(0, 7), None, (26, 33)]


def test_wrong_kind() -> None:
    units = predicted_units()
    units[1] = Unit("g.aufbau.jeder", "note", RULE, mechanical=False)
    scores = score(DOCUMENT, gold_reading(links=[]), Reading(units))
    assert scores.precision.value == scores.recall.value == 1.0
    assert (scores.kind.hits, scores.kind.total) == (3, 4)
    assert (scores.mechanical.hits, scores.mechanical.total) == (2, 3)
    assert scores.confusion["rule"] == {"rule": 1, "note": 1}


def test_kinds_rulekit_lacks_count_as_misses() -> None:
    gold = Reading([Unit("u1", "lead-in", "Es gibt zwei Arten von Handel:", False)])
    predicted = Reading([Unit("a", "rule", "Es gibt zwei Arten von Handel:", False)])
    scores = score("Es gibt zwei Arten von Handel:", gold, predicted)
    assert (scores.kind.hits, scores.kind.total) == (0, 1)
    assert (scores.mechanical.hits, scores.mechanical.total) == (1, 1)
    assert scores.confusion == {"lead-in": {"rule": 1}}


def test_missing_and_wrong_links() -> None:
    gold = gold_reading(
        links=[
            Link("illustrates", "u4", "u2"),
            Link("illustrates", "u4", "u3"),
            Link("exception-of", "u3", "u2"),
        ]
    )
    units = predicted_units()
    predicted = Reading(
        units,
        [
            Link("illustrates", "g.aufbau.beispiel", "g.aufbau.jeder"),  # right
            Link("illustrates", "g.aufbau.beispiel", "g.aufbau"),  # not in the gold
            Link("illustrates", "g.aufbau.beispiel", "g.nowhere"),  # an end matches nothing
            Link("part-of", "g.aufbau.jeder", "g.aufbau"),  # not a scored type
        ],
    )
    scores = score(DOCUMENT, gold, predicted)
    illustrates = scores.links["illustrates"]
    assert illustrates == LinkScore(tp=1, predicted=3, gold=2)
    assert (illustrates.precision.hits, illustrates.precision.total) == (1, 3)
    assert illustrates.recall.value == 0.5
    exceptions = scores.links["exception-of"]
    assert exceptions == LinkScore(tp=0, predicted=0, gold=1)
    assert exceptions.precision.value is None
    assert exceptions.recall.value == 0.0


def test_link_between_unmatched_nodes_does_not_count() -> None:
    """Both ends must be matched: a link to a split unit's part is a miss."""
    gold = Reading(
        [
            Unit("u1", "rule", f"{RULE} {OTHER_RULE}", True),
            Unit("u2", "example", EXAMPLE, False),
        ],
        [Link("illustrates", "u2", "u1")],
    )
    predicted = Reading(
        [
            Unit("a", "rule", RULE, True),
            Unit("b", "rule", OTHER_RULE, True),
            Unit("c", "example", EXAMPLE, False),
        ],
        [Link("illustrates", "c", "a")],
    )
    scores = score(f"{RULE} {OTHER_RULE} {EXAMPLE}", gold, predicted)
    assert scores.matches == {"u2": "c"}
    assert scores.links["illustrates"] == LinkScore(tp=0, predicted=1, gold=1)


def test_example_over_several_lines_is_one_gold_unit() -> None:
    """A `continues` chain (a worked example over three gold lines) counts as one unit.

    Its span runs from the first part's start to the last part's end and its links are
    the first part's: a node holding the whole example matches it, the line-by-line
    parts do not.
    """
    label = "Beispiel 1:"
    first = "Rot spielt eine Karte und zieht auf das nächste Feld."
    second = "Danach erhält Rot 5 Karten vom Stapel."
    document = f"{RULE}\n{label}\n{first}\n{second}"
    gold = Reading(
        [
            Unit("u1", "rule", RULE, True),
            Unit("u2", "example", label, False),
            Unit("u3", "example", first, False, continues="u2"),
            Unit("u4", "example", second, False, continues="u2"),
        ],
        [Link("illustrates", "u2", "u1")],
    )
    whole = Reading(
        [
            Unit("a", "rule", RULE, True),
            Unit("b", "example", f"{label} {first} {second}", False),
        ],
        [Link("illustrates", "b", "a")],
    )
    scores = score(document, gold, whole)
    assert scores.gold == 2
    assert scores.matches == {"u1": "a", "u2": "b"}
    assert scores.precision.value == scores.recall.value == 1.0
    assert scores.confusion == {"rule": {"rule": 1}, "example": {"example": 1}}
    assert scores.links["illustrates"] == LinkScore(tp=1, predicted=1, gold=1)

    parts = Reading(
        [
            Unit("a", "rule", RULE, True),
            Unit("b", "example", label, False),
            Unit("c", "example", first, False),
            Unit("d", "example", second, False),
        ],
        [Link("illustrates", "b", "a")],
    )
    scores = score(document, gold, parts)
    assert scores.gold == 2
    assert scores.matches == {"u1": "a"}
    assert scores.confusion["example"] == {UNMATCHED: 1}
    assert scores.spurious == {"example": 3}
    assert scores.links["illustrates"] == LinkScore(tp=0, predicted=1, gold=1)


ANNOTATED = [
    *sorted((DATA / "graphs").glob("*.json")),
    *sorted((DATA / "invented" / "graphs").glob("*.json")),
]


@pytest.mark.parametrize("path", ANNOTATED, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_annotation_fits_its_gold_text(path: Path) -> None:
    """Every gold line is cut into units whole, in order: the README's segmentation rules.

    A unit is a whole gold line or a part of one; the units of a line, joined by single
    spaces, give the line.  Ids increase and a `continues` names an earlier unit.
    """
    data = json.loads(path.read_text("utf-8"))
    folder = path.parent.parent
    lines = [normalise_text(line) for line in gold_lines(path.stem, data["pages"], folder)]
    gold = annotation(data)
    assert annotation_problems(" ".join(lines), gold) == []
    texts = [normalise_text(unit.text) for unit in gold.units]
    position = 0
    for number, line in enumerate(lines, start=1):
        parts: list[str] = []
        while position < len(texts) and " ".join([*parts, texts[position]]) != line:
            if not line.startswith(" ".join([*parts, texts[position]]) + " "):
                break
            parts.append(texts[position])
            position += 1
        assert position < len(texts), f"gold line {number} is in no unit: {line[:60]!r}"
        assert " ".join([*parts, texts[position]]) == line, (
            f"the units do not cut gold line {number} whole: {line[:60]!r}"
        )
        position += 1
    assert position == len(texts)
    numbers = [int(unit.id.removeprefix("u")) for unit in gold.units]
    assert numbers == sorted(set(numbers))
    seen: set[str] = set()
    for unit in gold.units:
        assert unit.continues is None or unit.continues in seen, unit.id
        seen.add(unit.id)


def test_annotation_problems_name_a_changed_gold_text() -> None:
    """A gold reading changed after annotating shows up as units not found and text left over."""
    gold = Reading([Unit("u1", "section", HEADING), Unit("u2", "rule", RULE, True)])
    assert annotation_problems(f"{HEADING} {RULE}", gold) == []
    changed = RULE.replace("erhält", "bekommt")
    problems = annotation_problems(f"{HEADING} {changed} Impressum", gold)
    assert problems[0] == "u2 not found in the gold text after offset 6"
    assert problems[1].startswith("text after the last unit in no unit: ' Jeder Spieler bekommt")
    assert len(problems) == 2


def test_chrome_reading_joins_words_pdfium_found_broken_as_chromium_does() -> None:
    # PDFium keeps a hyphenated word's halves on one line with a mark between them;
    # Chromium drops the mark and breaks the line at the next space instead.
    text = "die Rohstoffkarten ein\ufffezutauschen, die ihm fehlen! \r\nEr darf Ritter\x02macht\r\n"
    assert _join_line_hyphens(text) == (
        "die Rohstoffkarten einzutauschen,\r\ndie ihm fehlen! \r\nEr darf Rittermacht\r\n"
    )


def test_manuals_annotated_outside_the_repository_are_scored_in_each_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [HEADING, RULE, EXAMPLE]
    (tmp_path / "corpus" / "probe").mkdir(parents=True)
    (tmp_path / "corpus" / "probe" / "page-01.txt").write_text("\n".join(lines) + "\n", "utf-8")
    (tmp_path / "copies").mkdir()
    (tmp_path / "copies" / "probe.txt").write_text("\n".join(lines) + "\n- 1 -\n", "utf-8")
    units = [
        {"id": "u1", "page": 1, "kind": "section", "level": 1, "text": HEADING},
        {"id": "u2", "page": 1, "kind": "rule", "mechanical": True, "text": RULE, "terms": []},
        {"id": "u3", "page": 1, "kind": "example", "mechanical": False, "text": EXAMPLE,
         "terms": []},
    ]  # fmt: skip
    data = {"manual": "probe", "pages": [1], "units": units,
            "links": [{"type": "illustrates", "from": "u3", "to": "u2"}]}  # fmt: skip
    (tmp_path / "graphs").mkdir()
    (tmp_path / "graphs" / "probe.json").write_text(json.dumps(data), "utf-8")
    main(["--annotations", str(tmp_path)])
    out = capsys.readouterr().out
    for title in ("Paragraphs:", "Wrapped:", "Copy:"):
        assert title in out
    rows = [line for line in out.splitlines() if line.startswith("probe ")]
    assert len(rows) == 3 and all("3/3/3" in row for row in rows)


def test_a_folder_without_annotations_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--annotations", str(tmp_path)])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.strip() == f"{tmp_path}: no graphs/ folder of annotations"

"""Where an example starts and ends inside running text, read through the text path
from small invented manuals."""

from __future__ import annotations

from pathlib import Path

from rulekit.extract import extract
from rulekit.graph.builder import GraphBuilder
from tests.conftest import invented_manual

INFO = invented_manual("wurf")


def kinds(builder: GraphBuilder, tmp_path: Path, paragraph: str) -> list[tuple[str, str]]:
    """The kind and text of each node under a heading over one paragraph."""
    manual = tmp_path / "manual.txt"
    manual.write_text(f"Wertung\n\n{paragraph}\n", encoding="utf-8")
    graph = builder.build(INFO, extract(manual, None, []))
    return [(node.kind, node.text) for node in graph.nodes if node.kind != "section"]


def test_a_labelled_example_ends_where_the_text_speaks_in_general_again(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = "Beispiel: 3 und 6 sind somit 63."
    definition = "Sind beide Zahlen gleich groß, so spricht man von einem Pasch."
    found = kinds(
        builder,
        tmp_path,
        f"Der höhere Würfel zählt als Zehner, der niedrigere als Einer. {example} {definition}",
    )
    assert ("example", example) in found
    assert ("definition", definition) in found


def test_an_instance_run_on_after_a_general_statement_leaves_it_a_rule(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    rule = (
        "Werden drei gleiche Zahlen gewürfelt, zählt das immer das 100-fache der "
        "Augenzahl, also z. B. zählen 3 gewürfelte Vierer 400 Punkte."
    )
    found = kinds(builder, tmp_path, f"Jede Eins zählt 100 Punkte. {rule}")
    assert ("rule", rule) in found


def test_a_sentence_that_names_itself_an_exception_never_goes_on_with_an_example(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = "Also zählen z. B. 4 gewürfelte Sechser 6000 Punkte."
    exception = "Einzige Ausnahme bilden die Einser: Hier zählen 3 Einser 1000 und 4 Einser 10.000."
    found = kinds(
        builder,
        tmp_path,
        f"Vier gleiche Zahlen zählen immer das 1000-fache der Augenzahl. {example} {exception}",
    )
    assert ("example", example) in found
    assert ("rule", exception) in found

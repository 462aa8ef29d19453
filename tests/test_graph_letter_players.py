"""Examples whose players are named by a letter, and pieces whose name no dictionary
knows: what a story is and what stays a rule, read from small invented manuals."""

from __future__ import annotations

from pathlib import Path

from rulekit.graph.builder import GraphBuilder
from tests.test_graph_kinds import graph_of, kind_of


def test_an_example_of_players_named_by_letter_keeps_its_sentences(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    example = (
        "Beispiel: Die Spieler A, B, C und D sitzen im Uhrzeigersinn. Spieler D legt eine "
        "Ruhetagkarte ab und bestimmt Spieler B. Spieler A spielt seinen Zug wie gewohnt."
    )
    move = "(Spieler B legt eine grüne 5 an seinen eigenen Drilling aus Fünfen.)"
    lines = [
        "Ruhetagkarten",
        "Wer eine Ruhetagkarte ablegt, bestimmt einen Mitspieler, der seinen nächsten Zug "
        "aussetzt.",
        example,
        "Nachlegen",
        f"Ein Spieler darf in einem Zug beliebig viele Karten nachlegen. {move}",
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [node.text for node in graph.nodes if node.kind == "example"] == [example, move]
    assert kind_of(graph, "Ein Spieler darf in einem Zug")[0] == "rule"


def test_a_piece_the_manual_writes_after_an_article_names_no_player(
    builder: GraphBuilder, tmp_path: Path
) -> None:
    rules = [
        "5. Entlein, die im Nest nicht mehr weiterrücken können, zählen nicht als Entlein "
        "im Weiher.",
        "Wer als erster alle vier Entlein in seinem Nest hat, hat das Spiel gewonnen.",
    ]
    lines = [
        "Spielverlauf",
        "Rot steht drei Felder hinter einem blauen Entlein und würfelt eine Drei. Rot "
        "schlägt das blaue Entlein.",
        "Sonderfälle",
        "4. Kann ein Spieler nicht ziehen, verfällt der Wurf.",
        rules[0],
        "Spielende",
        rules[1],
    ]
    graph = graph_of(builder, tmp_path, lines, blank=True)
    assert [kind_of(graph, rule[:30])[0] for rule in rules] == ["rule", "rule"]

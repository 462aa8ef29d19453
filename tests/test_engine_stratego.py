"""The Stratego engine: each mechanical rule of the excerpt, the repetition rules, scenarios."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulekit.engines import RuleViolation
from rulekit.engines.stratego import (
    ARMY,
    GAME_OVER,
    LAKES,
    NO_LAKES,
    ONE_PER_SQUARE,
    ONE_STEP,
    OWN_PIECE,
    RANKS,
    TWO_SQUARES,
    Engine,
    fight,
)

# A movable piece each, far from the action, so neither side runs out of moves.
RESERVES = {"j1": ["red", "sergeant"], "j10": ["blue", "sergeant"]}
MOVABLE = list(RANKS)


def game(pieces: dict[str, list[str]], to_move: str = "red") -> Engine:
    """A position with the reserves added."""
    return Engine.from_setup(
        {"pieces": {**RESERVES, **pieces}, "to_move": to_move}, iter([]), iter([])
    )


def play(engine: Engine, *moves: str) -> None:
    """Apply moves written "e4-e5"."""
    for move in moves:
        src, dst = move.split("-")
        engine.apply({"do": "move", "from": src, "to": dst})


def refusal(engine: Engine, move: str) -> RuleViolation:
    """The `RuleViolation` a move raises."""
    with pytest.raises(RuleViolation) as caught:
        play(engine, move)
    return caught.value


def board(engine: Engine) -> dict[str, Any]:
    """Square to [colour, rank]."""
    squares: dict[str, Any] = engine.state()["board"]
    return squares


# The board and the armies --------------------------------------------------------------


@pytest.mark.rule("stratego.ziehen-und-spielende.die-beiden-seen-in-der-mitte")
def test_the_board_has_ten_by_ten_squares_and_two_lakes() -> None:
    engine = game({"e4": ["red", "scout"]})
    reachable = {m["to"] for m in engine.legal_actions() if m["from"] == "e4"}
    assert reachable == {f"e{row}" for row in (1, 2, 3, 5, 6, 7, 8, 9, 10)} | {
        f"{file}4" for file in "abcdfghij"
    }
    assert sorted(LAKES) == ["c5", "c6", "d5", "d6", "g5", "g6", "h5", "h6"]
    violation = refusal(game({"c4": ["red", "miner"]}), "c4-c5")
    assert violation.rule_id == NO_LAKES
    assert violation.detail == "c5 is a lake"


def test_an_army_has_forty_pieces_and_no_more_of_a_rank() -> None:
    assert sum(ARMY.values()) == 40
    assert ARMY == {
        "marshal": 1,
        "general": 1,
        "colonel": 2,
        "major": 3,
        "captain": 4,
        "lieutenant": 4,
        "sergeant": 4,
        "miner": 5,
        "scout": 8,
        "spy": 1,
        "bomb": 6,
        "flag": 1,
    }
    with pytest.raises(ValueError, match="more than 1 marshal"):
        game({"a1": ["red", "marshal"], "a2": ["red", "marshal"]})
    with pytest.raises(ValueError, match="c5"):
        game({"c5": ["red", "scout"]})


def army(colour: str, rows: range) -> dict[str, list[str]]:
    """A whole army of `colour` filling `rows`, rank after rank."""
    squares = [f"{file}{row}" for row in rows for file in "abcdefghij"]
    ranks = [rank for rank, count in ARMY.items() for _ in range(count)]
    return {square: [colour, rank] for square, rank in zip(squares, ranks, strict=True)}


def opening(pieces: dict[str, list[str]]) -> Engine:
    """The players' own set-up before the first move."""
    return Engine.from_setup({"pieces": pieces, "opening": True}, iter([]), iter([]))


@pytest.mark.rule("stratego.aufstellung.jeder-spieler-fuehrt-ein-heer-aus")
def test_each_player_sets_up_a_whole_army_of_forty() -> None:
    engine = opening({**army("red", range(1, 5)), **army("blue", range(7, 11))})
    counts = engine.state()["counts"]
    assert counts["red"] == counts["blue"] == ARMY
    short = army("red", range(1, 5))
    del short["a1"]
    with pytest.raises(ValueError, match="red sets up 0 marshal, an army has 1"):
        opening({**short, **army("blue", range(7, 11))})


@pytest.mark.rule("stratego.aufstellung.vor-spielbeginn-stellt-jeder-spieler-alle")
def test_each_army_is_set_up_on_the_four_rows_nearest_its_player() -> None:
    red, blue = army("red", range(1, 5)), army("blue", range(7, 11))
    assert opening({**red, **blue}).state()["to_move"] == "red"
    red["a5"] = red.pop("a1")
    with pytest.raises(ValueError, match=r"pieces\.a5: red sets up on rows 1-4"):
        opening({**red, **blue})
    # A position from the middle of a game is not an opening: pieces stand anywhere.
    assert game({"a5": ["red", "marshal"]}).state()["board"]["a5"] == ["red", "marshal"]


@pytest.mark.rule("stratego.aufstellung.jede-figur-steht-mit-ihrem-rang")
def test_each_player_sees_only_the_backs_of_the_opponents_pieces() -> None:
    engine = opening({**army("red", range(1, 5)), **army("blue", range(7, 11))})
    seen = engine.view("red")["board"]
    assert seen["a1"] == ["red", "marshal"]
    assert {rank for colour, rank in seen.values() if colour == "blue"} == {None}


@pytest.mark.rule(
    "stratego.ziehen-und-spielende.rot-beginnt-danach-ziehen-die-spieler",
    "stratego.ziehen-und-spielende.wer-am-zug-ist-bewegt-genau",
)
def test_red_begins_and_the_players_take_turns() -> None:
    engine = game({})
    assert engine.state()["to_move"] == "red"
    assert refusal(engine, "j10-j9").rule_id == OWN_PIECE
    play(engine, "j1-j2")
    violation = refusal(engine, "j2-j3")
    assert (violation.rule_id, violation.detail) == (OWN_PIECE, "Blue has no piece on j2")
    assert violation.message("fr").endswith("(Bleu n'a pas de pièce en j2)")
    assert refusal(engine, "e5-e6").rule_id == OWN_PIECE  # an empty square
    play(engine, "j10-j9")
    assert engine.state()["to_move"] == "red"


def test_a_malformed_action_is_not_a_rule_violation() -> None:
    engine = game({})
    with pytest.raises(ValueError):
        engine.apply({"do": "pass"})
    with pytest.raises(ValueError):
        engine.apply({"do": "move", "from": "j1", "to": "k1"})
    with pytest.raises(ValueError):
        engine.apply({"do": "move", "from": "j1", "to": "j2", "piece": "sergeant"})
    with pytest.raises(ValueError):
        engine.apply({"do": "move", "from": ["j1"], "to": "j2"})


# Moving: bombs and flag, scouts, one step ---------------------------------------------


@pytest.mark.rule("stratego.stratego-original.die-bomben-und-die-fahne-sind")
def test_bombs_and_the_flag_have_no_moves() -> None:
    engine = game({"b2": ["red", "bomb"], "b3": ["red", "flag"], "b4": ["red", "miner"]})
    assert {m["from"] for m in engine.legal_actions()} == {"b4", "j1"}
    # A player left with bombs and the flag only cannot move, and has lost.
    stuck = Engine.from_setup(
        {"pieces": {"a1": ["red", "bomb"], "a2": ["red", "flag"], "j10": ["blue", "scout"]}},
        iter([]),
        iter([]),
    )
    assert stuck.state()["winner"] == "blue"
    assert stuck.state()["end"] == "no-legal-move"


@pytest.mark.rule(
    "stratego.stratego-original.das-ziehen-mit-einer-bombe-oder",
    "stratego.ziehen-und-spielende.ist-die-partie-entschieden-wird-kein",
)
def test_moving_a_bomb_or_the_flag_loses_the_game() -> None:
    for rank in ("bomb", "flag"):
        engine = game({"b2": ["red", rank]})
        violation = refusal(engine, "b2-b3")
        assert violation.rule_id == "stratego.stratego-original.das-ziehen-mit-einer-bombe-oder"
        assert engine.state()["winner"] == "blue"
        assert engine.state()["end"] == "bomb-or-flag-moved"
        assert board(engine)["b2"] == ["red", rank]
        over = refusal(engine, "j10-j9")
        assert (over.rule_id, over.detail) == (GAME_OVER, "the game is over; winner: Blue")
    assert violation.message() == (
        "stratego.stratego-original.das-ziehen-mit-einer-bombe-oder: Das Ziehen mit einer "
        "Bombe oder Fahne führt zum sofortigen Verlust der Partie. (Fahne auf b2)"
    )
    assert violation.message("en") == (
        "stratego.stratego-original.das-ziehen-mit-einer-bombe-oder: Moving a Bomb or the "
        "Flag means immediate loss of the game. (Flag on b2)"
    )


@pytest.mark.rule("stratego.stratego-original.sie-bleiben-waehrend-des-ganzen-spiels")
def test_bombs_and_the_flag_stay_on_their_setup_squares() -> None:
    engine = game({"e4": ["red", "captain"], "e5": ["blue", "bomb"], "f5": ["blue", "flag"]})
    play(engine, "e4-e5")
    assert board(engine)["e5"] == ["blue", "bomb"]
    assert refusal(engine, "e5-e4").rule_id.endswith("das-ziehen-mit-einer-bombe-oder")
    assert board(engine)["e5"] == ["blue", "bomb"]
    assert board(engine)["f5"] == ["blue", "flag"]


@pytest.mark.rule(
    "stratego.stratego-original.fuer-die-aufklaerer-2-gelten-besondere",
    "stratego.stratego-original.aufklaerer-sind-die-einzigen-figuren-die",
)
@pytest.mark.parametrize("rank", [r for r in MOVABLE if r != "scout"])
def test_only_scouts_move_further_than_one_square(rank: str) -> None:
    engine = game({"e2": ["red", rank], "a2": ["red", "scout"]})
    violation = refusal(engine, "e2-e4")
    assert (
        violation.rule_id == "stratego.stratego-original.aufklaerer-sind-die-einzigen-figuren-die"
    )
    assert violation.detail == f"{rank.capitalize()}: one square only, not e2-e4"
    play(engine, "a2-a4")
    assert board(engine)["a4"] == ["red", "scout"]


@pytest.mark.rule(
    "stratego.stratego-original.aufklaerer-duerfen-eine-unbegrenzte-anzahl-leere",
    "stratego.stratego-original.sie-duerfen-so-weit-springen-wie",
)
def test_a_scout_moves_any_number_of_empty_squares_in_four_directions() -> None:
    engine = game({"a1": ["red", "scout"], "j9": ["blue", "scout"]})
    # forwards 9, sideways 8 and 7, backwards 9: across the whole board
    play(engine, "a1-a10", "j9-b9", "a10-i10", "b9-b1", "i10-i1")
    assert board(engine)["i1"] == ["red", "scout"]
    assert board(engine)["b1"] == ["blue", "scout"]
    violation = refusal(game({"a1": ["red", "scout"]}), "a1-c3")
    assert violation.rule_id.endswith("aufklaerer-duerfen-eine-unbegrenzte-anzahl-leere")


@pytest.mark.rule("stratego.stratego-original.das-ueberspringen-von-eigenen-oder-gegnerischen")
@pytest.mark.parametrize("colour", ["red", "blue"])
def test_a_scout_never_jumps_over_a_piece(colour: str) -> None:
    engine = game({"a1": ["red", "scout"], "a3": [colour, "spy"]})
    violation = refusal(engine, "a1-a5")
    assert violation.rule_id.endswith("das-ueberspringen-von-eigenen-oder-gegnerischen")
    assert violation.detail == "a1-a5 jumps over a3"
    assert board(engine)["a1"] == ["red", "scout"]


@pytest.mark.rule("stratego.stratego-original.ebenso-wenig-koennen-sie-die-seen")
def test_a_scout_never_jumps_over_a_lake() -> None:
    engine = game({"c4": ["red", "scout"], "a5": ["red", "scout"]})
    violation = refusal(engine, "c4-c7")
    assert violation.rule_id == "stratego.stratego-original.ebenso-wenig-koennen-sie-die-seen"
    assert violation.detail == "c4-c7 crosses the lake c5"
    assert refusal(engine, "a5-e5").rule_id.endswith("ebenso-wenig-koennen-sie-die-seen")
    assert violation.message("en").endswith(
        "Nor can they jump over the lakes. (c4-c7 crosses the lake c5)"
    )


@pytest.mark.rule("stratego.stratego-original.aufklaerer-sind-die-einzigen-figuren-die")
def test_a_scout_moves_and_attacks_in_the_same_move() -> None:
    engine = game({"a1": ["red", "scout"], "a7": ["blue", "spy"]})
    play(engine, "a1-a7")
    assert board(engine)["a7"] == ["red", "scout"]
    assert engine.state()["last_attack"]["removed"] == [["blue", "spy"]]


@pytest.mark.rule("stratego.ziehen-und-spielende.eine-figur-zieht-ein-feld-weit")
@pytest.mark.parametrize("dst", ["d4", "f2", "e3", "c2"])  # e3: no move at all
def test_a_piece_moves_one_square_never_diagonally(dst: str) -> None:
    engine = game({"e3": ["red", "sergeant"]})
    violation = refusal(engine, f"e3-{dst}")
    assert violation.rule_id == ONE_STEP
    assert violation.message("pl").startswith(f"{ONE_STEP}: Pionek przesuwa się o jedno pole")
    play(engine, "e3-e4")


@pytest.mark.rule("stratego.ziehen-und-spielende.auf-jedem-feld-steht-hoechstens-eine")
def test_no_piece_moves_onto_its_own_side() -> None:
    engine = game({"e3": ["red", "sergeant"], "e4": ["red", "scout"]})
    violation = refusal(engine, "e3-e4")
    assert (violation.rule_id, violation.detail) == (
        ONE_PER_SQUARE,
        "Red already has a piece on e4",
    )
    assert violation.message("de").endswith("(Rot hat schon eine Figur auf e4)")


# Attacking --------------------------------------------------------------------------


@pytest.mark.rule("stratego.angreifen.wenn-eine-spielfigur-direkt-vor-neben")
@pytest.mark.parametrize("square", ["e2", "e4", "d3", "f3"])
def test_a_piece_attacks_in_front_behind_and_beside(square: str) -> None:
    engine = game({square: ["red", "major"], "e3": ["blue", "captain"]})
    play(engine, f"{square}-e3")
    assert board(engine)["e3"] == ["red", "major"]


@pytest.mark.rule("stratego.angreifen.diagonal-kann-nie-angegriffen-werden")
def test_no_attack_is_diagonal() -> None:
    engine = game({"c3": ["red", "marshal"], "d4": ["blue", "spy"], "a1": ["red", "scout"]})
    violation = refusal(engine, "c3-d4")
    assert violation.message() == (
        "stratego.angreifen.diagonal-kann-nie-angegriffen-werden: "
        "Diagonal kann nie angegriffen werden. (c3-d4 ist diagonal)"
    )
    assert violation.message("en") == (
        "stratego.angreifen.diagonal-kann-nie-angegriffen-werden: "
        "You can never attack diagonally. (c3-d4 is diagonal)"
    )
    assert refusal(engine, "a1-d4").rule_id == violation.rule_id
    assert board(engine)["d4"] == ["blue", "spy"]
    # Nor does any piece move diagonally onto an empty square.
    assert refusal(engine, "c3-b4").rule_id == ONE_STEP


@pytest.mark.rule("stratego.angreifen.die-figur-mit-dem-niedrigeren-rand")
def test_the_lower_rank_leaves_the_game() -> None:
    for attacker, defender in (("colonel", "lieutenant"), ("lieutenant", "colonel")):
        engine = game({"e4": ["red", attacker], "e5": ["blue", defender]})
        play(engine, "e4-e5")
        loser = ["red", attacker] if RANKS[attacker] < RANKS[defender] else ["blue", defender]
        assert engine.state()["last_attack"]["removed"] == [loser]
        assert engine.state()["counts"][loser[0]][loser[1]] == 0
        assert loser not in board(engine).values()


@pytest.mark.rule("stratego.angreifen.wenn-der-angreifer-gewinnt-rueckt-er")
def test_a_winning_attacker_moves_onto_the_square() -> None:
    engine = game({"e4": ["red", "general"], "e5": ["blue", "colonel"]})
    play(engine, "e4-e5")
    assert "e4" not in board(engine)
    assert board(engine)["e5"] == ["red", "general"]


@pytest.mark.rule("stratego.angreifen.gewinnt-die-angegriffene-figur-bleibt-sie")
def test_a_winning_defender_stays_where_it_is() -> None:
    engine = game({"e4": ["red", "sergeant"], "e5": ["blue", "captain"]})
    play(engine, "e4-e5")
    assert board(engine)["e5"] == ["blue", "captain"]
    assert "e4" not in board(engine)


@pytest.mark.rule("stratego.angreifen.wird-eine-figur-mit-dem-gleichen")
@pytest.mark.parametrize("rank", MOVABLE)
def test_equal_ranks_both_leave_the_game(rank: str) -> None:
    engine = game({"e4": ["red", rank], "e5": ["blue", rank]})
    play(engine, "e4-e5")
    assert "e4" not in board(engine)
    assert "e5" not in board(engine)
    assert engine.state()["last_attack"]["removed"] == [["blue", rank], ["red", rank]]


@pytest.mark.rule("stratego.angreifen.wichtig-ein-spieler-ist-nicht-zum")
def test_no_one_has_to_attack() -> None:
    engine = game({"e4": ["red", "marshal"], "e5": ["blue", "scout"]})
    assert {"do": "move", "from": "e4", "to": "e5"} in engine.legal_actions()
    play(engine, "e4-d4")
    assert board(engine)["e5"] == ["blue", "scout"]


@pytest.mark.rule("stratego.angreifen.spielfiguren-beider-spieler-koennen-beliebig-lan")
def test_pieces_may_stand_next_to_each_other_for_ever() -> None:
    engine = game({"e4": ["red", "marshal"], "e5": ["blue", "general"]})
    for _ in range(3):  # round four squares, so the Two-Squares rule never applies
        play(engine, "j1-j2", "j10-j9", "j2-i2", "j9-i9", "i2-i1", "i9-i10", "i1-j1", "i10-j10")
    assert board(engine)["e4"] == ["red", "marshal"]
    assert board(engine)["e5"] == ["blue", "general"]
    assert engine.state()["winner"] is None


@pytest.mark.rule("stratego.angreifen.beide-spieler-zeigen-sich-die-figuren")
def test_both_players_see_both_ranks_of_a_fight() -> None:
    engine = game({"e4": ["red", "miner"], "e5": ["blue", "major"]})
    assert engine.view("red")["board"]["e5"] == ["blue", None]
    play(engine, "e4-e5")
    for colour in ("red", "blue"):
        shown = engine.view(colour)["last_attack"]
        assert shown["attacker"] == ["red", "miner"]
        assert shown["defender"] == ["blue", "major"]


@pytest.mark.rule("stratego.angreifen.nach-einem-angriff-wird-die-figur")
def test_the_winner_of_a_fight_is_hidden_again() -> None:
    engine = game({"e4": ["red", "major"], "e5": ["blue", "miner"]})
    play(engine, "e4-e5")
    assert engine.view("red")["board"]["e5"] == ["red", "major"]
    assert engine.view("blue")["board"]["e5"] == ["red", None]
    play(engine, "j10-j9")
    assert engine.view("blue")["last_attack"] is None
    assert engine.view("blue")["board"]["e5"] == ["red", None]


# The ranks --------------------------------------------------------------------------


@pytest.mark.rule("stratego.die-raenge.der-feldmarschall-10-schlaegt-einen-general")
@pytest.mark.parametrize("rank", [r for r in MOVABLE if r != "marshal"])
def test_the_marshal_beats_the_general_and_every_lower_rank(rank: str) -> None:
    assert fight("marshal", rank) == "attacker"
    if rank != "spy":
        assert fight(rank, "marshal") == "defender"


@pytest.mark.rule("stratego.die-raenge.der-general-9-schlaegt-einen-oberst")
def test_each_rank_beats_every_lower_one_down_to_the_spy() -> None:
    for high in MOVABLE:
        for low in MOVABLE:
            if RANKS[high] > RANKS[low]:
                assert fight(high, low) == "attacker", (high, low)
                expected = "attacker" if (low, high) == ("spy", "marshal") else "defender"
                assert fight(low, high) == expected, (low, high)
    assert min(RANKS, key=RANKS.__getitem__) == "spy"


@pytest.mark.rule("stratego.die-raenge.greift-die-spionin-den-feldmarschall-an")
def test_the_spy_beats_the_marshal_only_when_she_attacks() -> None:
    engine = game({"e4": ["red", "spy"], "e5": ["blue", "marshal"]})
    play(engine, "e4-e5")
    assert board(engine)["e5"] == ["red", "spy"]
    engine = game({"e4": ["red", "marshal"], "e5": ["blue", "spy"]})
    play(engine, "e4-e5")
    assert board(engine)["e5"] == ["red", "marshal"]


@pytest.mark.rule("stratego.die-raenge.bomben-und-mineure-3-jede-spielfigur")
@pytest.mark.parametrize("rank", [r for r in MOVABLE if r != "miner"])
def test_every_piece_but_the_miner_loses_against_a_bomb(rank: str) -> None:
    engine = game({"e4": ["red", rank], "e5": ["blue", "bomb"]})
    play(engine, "e4-e5")
    assert engine.state()["last_attack"]["removed"] == [["red", rank]]
    assert "e4" not in board(engine)


@pytest.mark.rule("stratego.die-raenge.die-bombe-bleibt-einfach-stehen")
def test_the_bomb_stays_after_it_wins() -> None:
    engine = game({"a1": ["red", "scout"], "a6": ["blue", "bomb"]})
    play(engine, "a1-a6")
    assert board(engine)["a6"] == ["blue", "bomb"]
    assert engine.state()["counts"]["blue"]["bomb"] == 1


@pytest.mark.rule("stratego.die-raenge.dabei-gibt-es-eine-ausnahme-wenn")
def test_a_miner_defuses_a_bomb() -> None:
    engine = game({"e4": ["red", "miner"], "e5": ["blue", "bomb"]})
    play(engine, "e4-e5")
    assert engine.state()["last_attack"]["removed"] == [["blue", "bomb"]]
    assert engine.state()["counts"]["blue"]["bomb"] == 0


@pytest.mark.rule("stratego.die-raenge.der-mineur-rueckt-dann-auf-die")
def test_the_miner_moves_onto_the_defused_bombs_square() -> None:
    engine = game({"e4": ["red", "miner"], "e5": ["blue", "bomb"]})
    play(engine, "e4-e5")
    assert board(engine)["e5"] == ["red", "miner"]
    assert "e4" not in board(engine)


@pytest.mark.rule("stratego.ziehen-und-spielende.wer-die-fahne-des-gegners-angreift")
def test_capturing_the_flag_wins_even_from_afar() -> None:
    engine = game({"a1": ["red", "scout"], "a9": ["blue", "flag"]})
    play(engine, "a1-a9")
    assert engine.state()["winner"] == "red"
    assert engine.state()["end"] == "flag-captured"
    assert engine.legal_actions() == []


@pytest.mark.rule("stratego.ziehen-und-spielende.wer-am-zug-ist-und-keine")
def test_leaving_the_opponent_no_legal_move_wins() -> None:
    engine = Engine.from_setup(
        {"pieces": {"e4": ["red", "marshal"], "e5": ["blue", "general"]}}, iter([]), iter([])
    )
    play(engine, "e4-e5")
    assert engine.state()["winner"] == "red"
    assert engine.state()["end"] == "no-legal-move"


# The repetition rules ----------------------------------------------------------------

# Red chases a blue piece round the square b2-c2-c3-b3; red's fifth move would bring back the
# board after its first.
LOOP = ["b2-c2", "c3-b3", "c2-c3", "b3-b2", "c3-b3", "b2-c2", "b3-b2", "c2-c3"]


@pytest.mark.rule("stratego.ziehen-und-spielende.zwei-felder-regel-eine-figur-darf")
def test_the_two_squares_rule_allows_five_moves_back_and_forth() -> None:
    engine = game({"a1": ["red", "captain"], "a10": ["blue", "captain"]})
    play(engine, *["a1-a2", "a10-a9", "a2-a1", "a9-a10"] * 2, "a1-a2", "a10-a9")
    violation = refusal(engine, "a2-a1")
    assert violation.rule_id == TWO_SQUARES
    assert violation.detail == "a2-a1: moved between these squares 5 times in a row"
    assert violation.message("pl").endswith("(a2-a1: ruch między tymi polami 5 razy z rzędu)")
    play(engine, "j1-j2", "j10-j9", "a2-a1")  # a move in between starts the count afresh


@pytest.mark.rule("stratego.stratego-original.sollte-ein-zug-eine-situation-wiederholen")
def test_a_chasing_move_may_not_repeat_a_position() -> None:
    engine = game({"b2": ["red", "marshal"], "c3": ["blue", "captain"]})
    play(engine, *LOOP)
    violation = refusal(engine, "b2-c2")
    assert violation.message() == (
        "stratego.stratego-original.sollte-ein-zug-eine-situation-wiederholen: Sollte ein Zug "
        "eine Situation wiederholen, die vorher schon einmal auf dem Spielbrett war, ist dieser "
        "Zug nicht mehr erlaubt. (b2-c2 bringt eine Stellung dieser Verfolgung zurück)"
    )
    assert violation.message("en") == (
        "stratego.stratego-original.sollte-ein-zug-eine-situation-wiederholen: If a move would "
        "repeat a situation that has already occurred on the board, that move is no longer "
        "allowed. (b2-c2 brings back a board of this chase)"
    )
    assert {"do": "move", "from": "b2", "to": "c2"} not in engine.legal_actions()
    play(engine, "j1-j2")  # red breaks off the chase


@pytest.mark.rule("stratego.stratego-original.dabei-spielt-es-keine-rolle-ob")
@pytest.mark.parametrize(
    ("chaser", "chased"), [("marshal", "captain"), ("spy", "marshal"), ("scout", "scout")]
)
def test_the_more_squares_rule_ignores_the_ranks(chaser: str, chased: str) -> None:
    engine = game({"b2": ["red", chaser], "c3": ["blue", chased]})
    play(engine, *LOOP)
    assert refusal(engine, "b2-c2").rule_id.endswith("sollte-ein-zug-eine-situation-wiederholen")


@pytest.mark.rule("stratego.stratego-original.diese-regel-ist-nur-wichtig-wenn")
def test_positions_repeat_freely_without_a_chase() -> None:
    engine = game({"e4": ["red", "marshal"], "e7": ["blue", "marshal"]})
    for _ in range(3):  # the same four positions again and again, no one threatened
        play(engine, "e4-e3", "e7-e8", "e3-f3", "e8-f8", "f3-f4", "f8-f7", "f4-e4", "f7-e7")
    # A chase ends when the threatened piece does not evade; a new chase may then bring back
    # the positions of the old one.
    engine = game({"b2": ["red", "marshal"], "c3": ["blue", "captain"]})
    play(engine, *LOOP[:7], "j10-j9", "j1-j2", "j9-j10", "j2-j1")
    play(engine, "c2-c3", "b2-c2", "c3-b3", "c2-c3")
    assert board(engine)["c3"] == ["red", "marshal"]


@pytest.mark.rule("stratego.stratego-original.bedrohen-obwohl-diese-mehr-als-zwei")
def test_a_piece_with_two_squares_to_flee_is_left_to_the_two_squares_rule() -> None:
    # Red threatens from a2 and b2 in turn; blue flees between a3 and b3.  Red's moves back
    # repeat positions, yet only the Two-Squares rule stops the chase: blue began first.
    engine = game({"a1": ["red", "marshal"], "a3": ["blue", "captain"]})
    play(engine, "a1-a2", *["a3-b3", "a2-b2", "b3-a3", "b2-a2"] * 2, "a3-b3", "a2-b2")
    violation = refusal(engine, "b3-a3")
    assert violation.rule_id == TWO_SQUARES
    # Over more than two squares the More-Squares rule stops the chaser instead.
    engine = game({"b2": ["red", "marshal"], "c3": ["blue", "captain"]})
    play(engine, *LOOP)
    assert refusal(engine, "b2-c2").rule_id.endswith("sollte-ein-zug-eine-situation-wiederholen")


# Properties -------------------------------------------------------------------------

ARMY_PIECES = [rank for rank, count in ARMY.items() for _ in range(count)]
HOME = {
    "red": [f"{file}{row}" for row in range(1, 5) for file in "abcdefghij"],
    "blue": [f"{file}{row}" for row in range(7, 11) for file in "abcdefghij"],
}


@st.composite
def full_setups(draw: st.DrawFn) -> dict[str, Any]:
    """Both armies, each shuffled over its four home rows."""
    pieces = {}
    for colour, squares in HOME.items():
        ranks = draw(st.permutations(ARMY_PIECES))
        pieces.update({square: [colour, rank] for square, rank in zip(squares, ranks, strict=True)})
    return {"pieces": pieces}


@pytest.mark.rule("stratego.stratego-original.sie-bleiben-waehrend-des-ganzen-spiels")
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=full_setups(), data=st.data())
def test_random_games_keep_the_board_consistent(setup: dict[str, Any], data: st.DataObject) -> None:
    engine = Engine.from_setup(setup, iter([]), iter([]))
    immobile = {sq: p for sq, p in setup["pieces"].items() if p[1] in ("bomb", "flag")}
    actions = []
    for _ in range(150):
        moves = engine.legal_actions()
        if not moves:
            break
        before = len(board(engine))
        actions.append(moves[data.draw(st.integers(0, len(moves) - 1))])
        engine.apply(actions[-1])
        state = engine.state()
        assert not LAKES & state["board"].keys()
        for colour, counts in state["counts"].items():
            for rank, count in counts.items():
                assert 0 <= count <= ARMY[rank]
                assert count == list(state["board"].values()).count([colour, rank])
        for square, piece in state["board"].items():
            assert piece[1] not in ("bomb", "flag") or immobile[square] == piece
        removed = state["last_attack"]["removed"] if state["last_attack"] else []
        assert len(state["board"]) == before - len(removed)
    replay = Engine.from_setup(setup, iter([]), iter([]))
    for action in actions:
        replay.apply(action)
    assert replay.state() == engine.state()


@settings(max_examples=60, deadline=None)
@given(
    attacker=st.sampled_from(MOVABLE),
    defender=st.sampled_from(list(ARMY)),
    distance=st.integers(1, 4),
)
def test_a_fight_is_deterministic_and_removes_one_or_two_pieces(
    attacker: str, defender: str, distance: int
) -> None:
    distance = distance if attacker == "scout" else 1
    setup = {
        "pieces": {**RESERVES, f"e{5 - distance}": ["red", attacker], "e5": ["blue", defender]}
    }
    results = []
    for _ in range(2):
        engine = Engine.from_setup(setup, iter([]), iter([]))
        play(engine, f"e{5 - distance}-e5")
        results.append(engine.state())
    assert results[0] == results[1]
    assert len(results[0]["last_attack"]["removed"]) in (1, 2)
    assert len(results[0]["board"]) == 4 - len(results[0]["last_attack"]["removed"])

"""Every error the engine raises carries its catalog key and the values its message
fills in: the mutants that dropped or changed a value in an error (which no other test
noticed) are caught here, one case a ``raise``. ``docs/mutation.md`` says how the
mutation run is made; ``test_mutants.py`` holds the engine's other such tests.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from blockdomino import Chain, Round, Rules, Side, Tile
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.scoring import score

MATCH2 = Rules.preset("match", 2)
BLOCK2 = Rules.preset("block", 2)
DRAW2 = Rules.preset("draw", 2)

_OTHER_END = Chain.parse("[0|1]").open_ends[0]
_FOUR = next(end for end in Chain.parse("[1|4]").open_ends if end.pips == 4)
_MID = Round.from_hands(MATCH2, ["[2|3] [4|6] [1|1]", "[5|5]"], chain=Chain.parse("[1|4]"))

VALUES: list[tuple[str, Callable[[], Any], str, dict[str, Any]]] = [
    ("tile numbers", lambda: Tile(7, 1), "error.tile.numbers", {"a": 7, "b": 1, "highest": 6}),
    ("no half", lambda: Tile(1, 4).other(5), "error.tile.no_half", {"tile": "[1|4]", "number": 5}),
    (
        "unknown preset",
        lambda: Rules.preset("x"),
        "error.rules.unknown_preset",
        {"name": "x", "known": ("match", "block", "partnership", "draw")},
    ),
    (
        "partnership of 3",
        lambda: Rules.preset("partnership", 3),
        "error.rules.partnership_players",
        {"players": 3},
    ),
    (
        "3 players for a partnership",
        lambda: dataclasses.replace(Rules.preset("partnership"), players=3),
        "error.rules.partnership_players",
        {"players": 3},
    ),
    (
        "tiles each 0",
        lambda: dataclasses.replace(MATCH2, tiles_each=0),
        "error.rules.tiles_each",
        {"tiles_each": 0},
    ),
    (
        "too many tiles",
        lambda: dataclasses.replace(Rules.preset("block", 4), tiles_each=8),
        "error.rules.too_many_tiles",
        {"players": 4, "tiles_each": 8, "needed": 32},
    ),
    ("target 0", lambda: Rules.preset("match", target=0), "error.rules.target", {"target": 0}),
    (
        "preset players 5",
        lambda: Rules.preset("match", 5),
        "error.rules.players",
        {"allowed": (2, 3, 4), "players": 5},
    ),
    (
        "hands count",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[2|2]", "[3|3]"]),
        "error.round.hands_count",
        {"given": 3, "players": 2},
    ),
    (
        "tile twice",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[1|4]"]),
        "error.round.tile_twice",
        {"tile": Tile(1, 4)},
    ),
    (
        "tile twice out of play",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[2|2]"], out_of_play=[Tile(3, 4)] * 2),
        "error.round.tile_twice",
        {"tile": Tile(3, 4)},
    ),
    (
        "leader seat",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[2|2]"], leader=2),
        "error.round.bad_seat",
        {"seat": 2, "players": 2},
    ),
    (
        "deal leader seat",
        lambda: Round.deal(MATCH2, 1, leader=5),
        "error.round.bad_seat",
        {"seat": 5, "players": 2},
    ),
    ("not in hand", lambda: _MID.play(Tile(5, 5)), "error.round.not_in_hand", {"tile": Tile(5, 5)}),
    (
        "no match",
        lambda: _MID.play(Tile(2, 3)),
        "error.play.no_match",
        {"tile": Tile(2, 3), "left": 1, "right": 4},
    ),
    (
        "pass with moves",
        lambda: _MID.pass_turn(),
        "error.round.pass_with_move",
        {"tiles": (Tile(1, 1), Tile(4, 6))},
    ),
    (
        "block opening",
        lambda: Round.from_hands(BLOCK2, ["[2|2] [5|5]", "[3|3]"]).play(Tile(2, 2)),
        "error.round.opening_highest_double",
        {"required": Tile(5, 5)},
    ),
    (
        "no double",
        lambda: Round.from_hands(BLOCK2, ["[1|4]", "[2|2]"]),
        "error.round.leader_has_no_double",
        {"seat": 0},
    ),
    (
        "no [6|6]",
        lambda: Round.from_hands(Rules.preset("partnership"), ["[5|5]", "[6|6]", "[1|1]", "[2|2]"]),
        "error.round.leader_lacks_double_six",
        {"seat": 0},
    ),
    (
        "pass with pot",
        lambda: Round.from_hands(
            DRAW2,
            ["[5|5]", "[2|3]"],
            chain=Chain.parse("[1|1]"),
            out_of_play=[Tile(0, 1), Tile(0, 2)],
        ).pass_turn(),
        "error.round.pass_with_pot",
        {"count": 2},
    ),
    (
        "totals count",
        lambda: score(MATCH2, (1, 2, 3)),
        "error.score.totals_count",
        {"given": 3, "players": 2},
    ),
    ("negative total", lambda: score(MATCH2, (4, -1)), "error.score.negative_total", {"total": -1}),
    (
        "dominoer seat",
        lambda: score(MATCH2, (0, 2), dominoer=2),
        "error.round.bad_seat",
        {"seat": 2, "players": 2},
    ),
    (
        "dominoer holds",
        lambda: score(MATCH2, (3, 2), dominoer=0),
        "error.score.dominoer_holds_tiles",
        {"seat": 0, "pip_count": 3},
    ),
    (
        "already placed",
        lambda: Chain.parse("[1|4]").play(Tile(1, 4)),
        "error.play.already_in_chain",
        {"tile": Tile(1, 4)},
    ),
    (
        "ambiguous",
        lambda: Chain.parse("[2|2] [2|5]"),
        "error.play.ambiguous",
        {"tile": Tile(2, 5), "left": 2, "right": 2},
    ),
    (
        "end not open",
        lambda: Chain.parse("[1|4]").end(Tile(1, 1), Side.LINE_A),
        "error.play.end_not_open",
        {"tile": Tile(1, 1), "side": Side.LINE_A},
    ),
    (
        "end of another chain",
        lambda: Chain.parse("[1|4]").play(Tile(1, 1), _OTHER_END),
        "error.play.end_not_open",
        {"tile": Tile(0, 1), "side": _OTHER_END.side},
    ),
    (
        "end number",
        lambda: Chain.parse("[1|4]").play(Tile(4, 6), _FOUR._replace(pips=1)),
        "error.play.end_number",
        {"tile": Tile(1, 4), "side": _FOUR.side, "shown": 4, "given": 1},
    ),
    (
        "end mismatch",
        lambda: Chain.parse("[1|4]").play(Tile(1, 1), _FOUR),
        "error.play.end_mismatch",
        {"tile": Tile(1, 1), "number": 4},
    ),
    (
        "an end before the opening",
        lambda: Chain().play(Tile(1, 4), _FOUR),
        "error.play.end_before_opening",
        {"tile": Tile(1, 4)},
    ),
    ("a chain of None", lambda: Chain.parse(None), "error.tile.malformed", {"text": "None"}),
    ("a chain of 5", lambda: Chain.parse(5), "error.tile.malformed", {"text": "5"}),
    ("a mark after no tile", lambda: Chain.parse("> [1|4]"), "error.tile.malformed", {"text": ">"}),
    (
        "a mark at the opening",
        lambda: Chain.parse("[1|4]>"),
        "error.play.end_before_opening",
        {"tile": Tile(1, 4)},
    ),
    (
        "side of seat 2",
        lambda: MATCH2.side_of(2),
        "error.round.bad_seat",
        {"seat": 2, "players": 2},
    ),
    (
        "hand of a number",
        lambda: Round.from_hands(MATCH2, [[Tile(1, 4)], [7]]),
        "error.tile.malformed",
        {"text": "7"},
    ),
]


@pytest.mark.parametrize(
    ("refuse", "key", "params"), [case[1:] for case in VALUES], ids=[case[0] for case in VALUES]
)
def test_an_error_carries_its_key_and_the_values_its_message_fills_in(
    refuse: Callable[[], Any], key: str, params: dict[str, Any]
) -> None:
    with pytest.raises(BlockdominoError) as refused:
        refuse()
    assert refused.value.key == key
    assert refused.value.params == params

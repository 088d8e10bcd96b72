"""Impossible input refused at once: malformed tile text naming the input, and every
value no tile, chain, rule set, round, match, score, diagram or language can take (the
table ``CONSTRUCTION_REFUSALS``), each with its error class and its message worded in
every language (``conftest.assert_worded``). Refused actions are in ``test_bad_input``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from math import nan
from typing import Any

import pytest
from conftest import assert_worded
from test_bad_input import BLOCK2, MATCH2, PARTNERSHIP

from blockdomino import (
    BlockdominoError,
    Chain,
    Match,
    Round,
    Rules,
    RulesError,
    Tile,
    TileError,
    describe,
    score,
    svg,
)
from blockdomino.engine.tiles import parse_tiles
from blockdomino.words import explain
from blockdomino.words.i18n import LanguageError


@pytest.mark.parametrize("text", ["[7|1]", "1-4", "", "[1|4", "[-1|2]", "[1|4|5]", "[٣|4]"])
def test_malformed_tile_text_is_refused_naming_the_input(text: str) -> None:
    """The rule: "A malformed string ("[7|1]", "1-4", "") raises ValueError naming the input."
    Only the digits 0–6 written in ASCII make a tile."""
    with pytest.raises(TileError) as refused:
        Tile.parse(text)
    assert isinstance(refused.value, ValueError)
    assert refused.value.key == "error.tile.malformed"
    assert f"”{text}”" in explain(refused.value, "fi")
    assert_worded(refused.value)


CONSTRUCTION_REFUSALS: list[tuple[str, Callable[[], Any], type[BlockdominoError], str]] = [
    ("numbers out of range", lambda: Tile(7, 1), TileError, "error.tile.numbers"),
    ("no such half", lambda: Tile(1, 4).other(5), TileError, "error.tile.no_half"),
    ("text between tiles", lambda: parse_tiles("[1|4] x [2|2]"), TileError, "error.tile.malformed"),
    ("unknown preset", lambda: Rules.preset("domino"), RulesError, "error.rules.unknown_preset"),
    ("5 players", lambda: Rules.preset("match", 5), RulesError, "error.rules.players"),
    ("1 player", lambda: Rules.preset("block", 1), RulesError, "error.rules.players"),
    (
        "partnership of 3",
        lambda: Rules.preset("partnership", 3),
        RulesError,
        "error.rules.partnership_players",
    ),
    (
        "partnership rules of 3",
        lambda: dataclasses.replace(PARTNERSHIP, players=3),
        RulesError,
        "error.rules.partnership_players",
    ),
    (
        "more tiles than the set",
        lambda: dataclasses.replace(Rules.preset("block", 4), tiles_each=8),
        RulesError,
        "error.rules.too_many_tiles",
    ),
    (
        "no tiles each",
        lambda: dataclasses.replace(MATCH2, tiles_each=0),
        RulesError,
        "error.rules.tiles_each",
    ),
    ("target 0", lambda: Rules.preset("match", target=0), RulesError, "error.rules.target"),
    ("deal to seat 5", lambda: Round.deal(MATCH2, 1, leader=5), RulesError, "error.round.bad_seat"),
    (
        "duplicate in a hand",
        lambda: Round.from_hands(MATCH2, ["[1|4] [4|1]", "[2|2]"]),
        RulesError,
        "error.round.tile_twice",
    ),
    (
        "duplicate across hands",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[1|4]"]),
        RulesError,
        "error.round.tile_twice",
    ),
    (
        "hand tile in the chain",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[2|2]"], chain=Chain.parse("[1|4]")),
        RulesError,
        "error.round.tile_twice",
    ),
    (
        "hand tile out of play",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[2|2]"], out_of_play=[Tile(1, 4)]),
        RulesError,
        "error.round.tile_twice",
    ),
    (
        "duplicate out of play",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[2|2]"], out_of_play=[Tile(3, 4)] * 2),
        RulesError,
        "error.round.tile_twice",
    ),
    (
        "too many hands",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[2|2]", "[3|3]"]),
        RulesError,
        "error.round.hands_count",
    ),
    (
        "bad leader",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[2|2]"], leader=2),
        RulesError,
        "error.round.bad_seat",
    ),
    (
        "bad turn",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[2|2]"], turn=-1),
        RulesError,
        "error.round.bad_seat",
    ),
    (
        "empty hand",
        lambda: Round.from_hands(MATCH2, ["[1|4]", ""]),
        RulesError,
        "error.round.empty_hand",
    ),
    (
        "malformed hand",
        lambda: Round.from_hands(MATCH2, ["[1|4] [9|9]", "[2|2]"]),
        TileError,
        "error.tile.malformed",
    ),
    (
        "block leader without a double",
        lambda: Round.from_hands(BLOCK2, ["[1|4]", "[2|2]"]),
        RulesError,
        "error.round.leader_has_no_double",
    ),
    (
        "team leader without [6|6]",
        lambda: Round.from_hands(PARTNERSHIP, ["[5|5]", "[6|6]", "[1|1]", "[2|2]"]),
        RulesError,
        "error.round.leader_lacks_double_six",
    ),
    ("totals of 3 for 2", lambda: score(MATCH2, (1, 2, 3)), RulesError, "error.score.totals_count"),
    ("negative total", lambda: score(MATCH2, (-1, 2)), RulesError, "error.score.negative_total"),
    (
        "dominoer with tiles",
        lambda: score(MATCH2, (3, 2), dominoer=0),
        RulesError,
        "error.score.dominoer_holds_tiles",
    ),
    (
        "dominoer seat 2",
        lambda: score(MATCH2, (0, 2), dominoer=2),
        RulesError,
        "error.round.bad_seat",
    ),
    ("a match of one hand", lambda: Match.start(BLOCK2, 1), RulesError, "error.match.unscored"),
    ("unknown language", lambda: describe(Chain(), "de"), LanguageError, "error.language.unknown"),
    # The library's own error, never TypeError, AttributeError or ValueError.
    ("players 2.0", lambda: Rules.preset("match", players=2.0), RulesError, "error.rules.players"),
    ("players True", lambda: Rules.preset("block", True), RulesError, "error.rules.players"),
    ("target nan", lambda: Rules.preset("match", target=nan), RulesError, "error.rules.target"),
    ("target 1.5", lambda: Rules.preset("block", target=1.5), RulesError, "error.rules.target"),
    (
        "tiles_each 2.5",
        lambda: dataclasses.replace(MATCH2, tiles_each=2.5),
        RulesError,
        "error.rules.tiles_each",
    ),
    (
        "hands of numbers",
        lambda: Round.from_hands(MATCH2, [[1, 2], [3, 4]]),
        TileError,
        "error.tile.malformed",
    ),
    (
        "hands of None",
        lambda: Round.from_hands(MATCH2, [None, None]),
        TileError,
        "error.tile.malformed",
    ),
    ("chain of None", lambda: Chain.parse(None), TileError, "error.tile.malformed"),
    ("tiles of None", lambda: parse_tiles(None), TileError, "error.tile.malformed"),
    ("chain of a list", lambda: Chain.parse(["[1|4]"]), TileError, "error.tile.malformed"),
    ("text tiles", lambda: Chain.from_tiles(["[1|4]", "x"]), TileError, "error.tile.malformed"),
    ("hand of text", lambda: svg.chain(Chain(), hand=["x"]), TileError, "error.tile.malformed"),
    ("hand of numbers", lambda: svg.chain(Chain(), hand=[3]), TileError, "error.tile.malformed"),
    ("no chain", lambda: svg.chain(None), BlockdominoError, "svg.error.not_chain"),
    ("width nan", lambda: svg.chain(Chain(), width=nan), BlockdominoError, "svg.error.width"),
    ("width 0", lambda: svg.chain(Chain(), width=0), BlockdominoError, "svg.error.width"),
    ("width -5", lambda: svg.chain(Chain(), width=-5), BlockdominoError, "svg.error.width"),
    ("5,000 digits", lambda: Tile.parse(f"[{'1' * 5000}|2]"), TileError, "error.tile.malformed"),
    ("huge numbers", lambda: Tile(10**5000, 1), TileError, "error.tile.numbers"),
]


@pytest.mark.parametrize(
    ("build", "error", "key"),
    [case[1:] for case in CONSTRUCTION_REFUSALS],
    ids=[case[0] for case in CONSTRUCTION_REFUSALS],
)
def test_impossible_input_is_refused_with_a_message(
    build: Callable[[], Any], error: type[BlockdominoError], key: str
) -> None:
    """Impossible values are refused at once, with the error class and catalog message."""
    with pytest.raises(error) as refused:
        build()
    assert refused.value.key == key
    assert_worded(refused.value)

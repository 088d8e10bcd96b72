"""Refused input and refused actions: the right error, worded in every language, and no change.

Every refusal raises a ``BlockdominoError`` subclass (a ``ValueError``) whose message
comes from the catalogs in Finnish, Swedish and English with its values filled in
(``conftest.assert_worded``). A refused action leaves the position or match exactly as
it was (compared with a deep copy taken before). Impossible input, refused before any
action, is in ``test_impossible_input``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import assert_worded, snapshot

from blockdomino import (
    Chain,
    IllegalMoveError,
    Match,
    Round,
    Rules,
    RulesError,
    Side,
    Tile,
    TileError,
)
from blockdomino.analysis.players import play_match, play_round
from blockdomino.words import explain

MATCH2 = Rules.preset("match", 2)
BLOCK2 = Rules.preset("block", 2)
PARTNERSHIP = Rules.preset("partnership")


def _mid_round() -> Round:
    """Seat 0 to move with [2|3] [4|6] [1|1]; the chain [1|4] shows 1 and 4."""
    return Round.from_hands(MATCH2, ["[2|3] [4|6] [1|1]", "[5|5]"], chain=Chain.parse("[1|4]"))


def _both_ends_four() -> Round:
    """Seat 0 holds [4|6], which fits both ends of the chain [4|4]."""
    return Round.from_hands(MATCH2, ["[4|6]", "[5|5]"], chain=Chain.parse("[4|4]"))


def _over() -> Round:
    """Seat 0 has just dominoed."""
    return Round.from_hands(MATCH2, ["[2|3]", "[1|1] [1|5]"], chain=Chain.parse("[1|3]")).play(
        Tile(2, 3)
    )


def _block_opening() -> Round:
    """A ``block`` round before the opening: the leader must lay the highest double."""
    return Round.from_hands(BLOCK2, ["[2|2] [5|5] [1|4]", "[3|3]"])


def _team_opening() -> Round:
    """A team game before the opening: [6|6] opens."""
    return Round.from_hands(PARTNERSHIP, ["[6|6] [5|5]", "[1|1]", "[2|2]", "[3|3]"])


ROUND_REFUSALS: list[tuple[str, Callable[[], Round], Callable[[Round], Any], str]] = [
    ("illegal tile", _mid_round, lambda p: p.play(Tile(2, 3)), "error.play.no_match"),
    ("not in hand", _mid_round, lambda p: p.play(Tile(5, 5)), "error.round.not_in_hand"),
    (
        "wrong end",
        _mid_round,
        lambda p: p.play(Tile(4, 6), p.chain.end(Tile(1, 4), Side.LOWER_END)),
        "error.play.end_mismatch",
    ),
    (
        "end of another chain",
        _mid_round,
        lambda p: p.play(Tile(1, 1), Chain.parse("[0|1]").open_ends[0]),
        "error.play.end_not_open",
    ),
    (
        "ambiguous without end",
        _both_ends_four,
        lambda p: p.play(Tile(4, 6)),
        "error.play.ambiguous",
    ),
    ("pass while a move exists", _mid_round, lambda p: p.pass_turn(), "error.round.pass_with_move"),
    ("play after the end", _over, lambda p: p.play(Tile(1, 5)), "error.round.over"),
    ("pass after the end", _over, lambda p: p.pass_turn(), "error.round.over"),
    (
        "block opening not the highest double",
        _block_opening,
        lambda p: p.play(Tile(2, 2)),
        "error.round.opening_highest_double",
    ),
    (
        "block opening a non-double",
        _block_opening,
        lambda p: p.play(Tile(1, 4)),
        "error.round.opening_highest_double",
    ),
    (
        "team opening not [6|6]",
        _team_opening,
        lambda p: p.play(Tile(5, 5)),
        "error.round.opening_double_six",
    ),
    (
        "an end for the opening",
        lambda: Round.from_hands(MATCH2, ["[1|4]", "[2|2]"]),
        lambda p: p.play(Tile(1, 4), Chain.parse("[1|4]").open_ends[0]),
        "error.play.end_before_opening",
    ),
]


@pytest.mark.parametrize(
    ("make", "action", "key"),
    [case[1:] for case in ROUND_REFUSALS],
    ids=[case[0] for case in ROUND_REFUSALS],
)
def test_a_refused_action_leaves_the_round_as_it_was(
    make: Callable[[], Round], action: Callable[[Round], Any], key: str
) -> None:
    """The action raises ``IllegalMoveError`` with a message in fi/sv/en; nothing changes."""
    position = make()
    before = snapshot(position)
    moves = position.legal_moves()
    with pytest.raises(IllegalMoveError) as refused:
        action(position)
    assert refused.value.key == key
    assert_worded(refused.value)
    assert position == before
    assert position.legal_moves() == moves


def test_a_pass_names_the_tiles_that_could_be_played() -> None:
    """000: "Jos voit asettaa laatan, sinun on tehtävä se." — the refusal says which tiles."""
    with pytest.raises(IllegalMoveError) as refused:
        _mid_round().pass_turn()
    assert "[1|1], [4|6]" in explain(refused.value, "fi")
    assert explain(refused.value, "fi").endswith("Jos voit asettaa laatan, sinun on tehtävä se.")


def test_refused_match_actions_leave_the_match_as_it_was() -> None:
    """A match refuses the next round while one goes on, and anything once it is over."""
    going = Match.start(MATCH2, 4)
    over = play_match(Match.start(MATCH2, 4), seed=4)
    refusals: list[tuple[Match, Callable[[Match], Any], str]] = [
        (going, lambda m: m.next_round(), "error.match.round_not_over"),
        (over, lambda m: m.next_round(), "error.match.over"),
        (over, lambda m: m.pass_turn(), "error.round.over"),
        (over, lambda m: m.play(Tile(0, 0)), "error.round.over"),
    ]
    for match, action, key in refusals:
        before = snapshot(match)
        with pytest.raises(IllegalMoveError) as refused:
            action(match)
        assert refused.value.key == key
        assert_worded(refused.value)
        assert match == before


def test_a_refused_chain_play_leaves_the_chain_as_it_was() -> None:
    """A tile already placed, a tile that fits no end, or an end that is not open."""
    chain = Chain.parse("[1|4], [1|1]")
    before = snapshot(chain)
    for action, key in [
        (lambda: chain.play(Tile(1, 4)), "error.play.already_in_chain"),
        (lambda: chain.play(Tile(2, 3)), "error.play.no_match"),
        (lambda: chain.end(Tile(1, 1), Side.LINE_A), "error.play.end_not_open"),
        (lambda: Chain.parse("[2|2], [2|5]"), "error.play.ambiguous"),
    ]:
        with pytest.raises(IllegalMoveError) as refused:
            action()
        assert refused.value.key == key
        assert_worded(refused.value)
    assert chain == before


def test_a_given_leader_must_hold_the_opening_tile() -> None:
    """RULES.md, ``block``: the leader opens with their highest double. Dealing with a
    leader set from outside refuses a deal that leaves that leader without a double,
    instead of a position whose legal moves cannot be listed."""
    dealt = [Round.deal(BLOCK2, seed, leader=1) for seed in range(40) if _leader_has_double(seed)]
    for position in dealt:
        assert position.legal_moves()
    refused = [seed for seed in range(40) if not _leader_has_double(seed)]
    assert refused
    for seed in refused:
        with pytest.raises(RulesError) as error:
            Round.deal(BLOCK2, seed, leader=1)
        assert error.value.key == "error.round.leader_has_no_double"


def test_a_lesson_may_set_the_opening_rule_aside_but_only_by_saying_so() -> None:
    """RULES.md, ``block`` and ``partnership``: the leader opens with their highest
    double, or [6|6]. A lesson that wants another opening says so with
    ``waive_opening``; the leader then opens with any tile, and nothing else changes."""
    position = Round.from_hands(BLOCK2, ["[1|4] [2|5]", "[2|2]"], waive_opening=True)
    assert {move.tile for move in position.legal_moves()} == {Tile(1, 4), Tile(2, 5)}
    after = position.play(Tile(1, 4))
    assert after.lead is not None
    assert after.lead.opening_waived
    assert after.turn == 1
    assert not after.legal_moves()
    teams = Round.from_hands(
        PARTNERSHIP, ["[5|5]", "[6|6]", "[1|1]", "[2|2]"], leader=0, waive_opening=True
    )
    assert [move.tile for move in teams.legal_moves()] == [Tile(5, 5)]
    refused = next(seed for seed in range(40) if not _leader_has_double(seed))
    dealt = Round.deal(BLOCK2, refused, leader=1, waive_opening=True)
    assert {move.tile for move in dealt.legal_moves()} == set(dealt.hands[1])
    assert Round.deal(BLOCK2, refused) == Round.deal(BLOCK2, refused, waive_opening=True)


def _leader_has_double(seed: int) -> bool:
    """Whether seat 1 gets a double in the ``match`` deal of ``seed`` (the same shuffle)."""
    return any(tile.is_double for tile in Round.deal(MATCH2, seed, leader=1).hands[1])


def test_an_end_with_the_wrong_number_is_refused() -> None:
    """000: "the touching half matching that end's number": an end is its tile, side and number.

    An ``OpenEnd`` naming a free side but the wrong number is refused, and the round is
    unchanged (the history never records an end the chain does not show).
    """
    position = Round.from_hands(Rules.preset("match", 2), ["[1|4] [2|3]", "[4|6] [5|5]"])
    position = position.play(Tile(1, 4))
    true_end = position.chain.end(Tile(1, 4), Side.HIGHER_END)
    before = snapshot(position)
    with pytest.raises(IllegalMoveError) as refused:
        position.play(Tile(4, 6), true_end._replace(pips=1))
    assert refused.value.key == "error.play.end_number"
    assert_worded(refused.value)
    assert snapshot(position) == before


def test_a_message_quotes_huge_numbers_and_control_characters_briefly() -> None:
    """A message quotes at most a short line of the input, escaped."""
    with pytest.raises(TileError) as huge:
        Tile(10**5000, 1)
    assert "[100000…|1]" in explain(huge.value, "fi")
    with pytest.raises(TileError) as escaped:
        Tile.parse("\x1b[2J" + "x" * 1000)
    message = explain(escaped.value, "sv")
    assert "\\x1b[2J" in message
    assert "\x1b" not in message
    assert len(message) < 200


def test_a_round_that_ended_in_a_domino_is_not_blocked() -> None:
    """players=4, seed=263 once showed ``is_blocked`` after a domino. A hand
    is empty and nothing fits: the round is over, by a domino, not blocked."""
    over = _over()
    assert over.dominoer == 0
    assert over.chain.numbers == (1, 2)
    assert over.is_over
    assert not over.is_blocked
    rules = Rules.preset("block", 4)
    for seed in range(300):
        final = play_round(Round.deal(rules, seed), seed=seed)
        assert not (final.dominoer is not None and final.is_blocked), seed


def test_the_draw_refusal_reads_right_with_one_tile_and_with_two() -> None:
    """Once "[2|5], [2|6] fits" was said, wrongly; the refusal now names the tiles after
    "you can play", which agrees with one tile and with many in every language."""
    draw = Rules.preset("draw", 2)
    position = Round.from_hands(draw, ["[2|5] [2|6] [0|0]", "[3|3]"], chain=Chain.parse("[2|2]"))
    with pytest.raises(IllegalMoveError) as refused:
        position.draw()
    assert explain(refused.value, "en").startswith("You may not draw: you can play [2|5], [2|6].")
    assert "fits" not in explain(refused.value, "en")
    assert "sopii" not in explain(refused.value, "fi")

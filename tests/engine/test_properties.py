"""Properties of every round and match, over seeds, presets and player counts.

Rounds are dealt from a random seed and played out with random legal moves
(``blockdomino.analysis.players``); each property is checked at every step. The number of
examples comes from the Hypothesis profile in ``conftest``.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import pytest
from conftest import PRESET_PLAYERS, expected_result, positions, rules_strategy, seeds, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino import DOUBLE_SIX, IllegalMoveError, Match, Pass, Play, Round, Rules, Tile
from blockdomino.analysis.players import STRATEGIES, play_match, play_round
from blockdomino.engine.rules import Direction, Opening


def _played(rules: Rules, seed: int) -> list[Round]:
    return list(positions(Round.deal(rules, seed), seed))


@given(rules_strategy, seeds)
def test_the_28_tiles_are_conserved(rules: Rules, seed: int) -> None:
    """At every step, hands + chain + out of play hold each of the 28 tiles exactly once."""
    for position in _played(rules, seed):
        everywhere = [t for hand in position.hands for t in hand]
        everywhere += [*position.chain.tiles, *position.out_of_play]
        assert sorted(everywhere) == list(DOUBLE_SIX)


def _expected_moves(position: Round) -> set[tuple[Tile, object]]:
    """The (tile, end) pairs whose numbers match, or the tiles the rules allow to open."""
    hand = position.hand
    if not position.chain.tiles:
        opening = position.rules.opening
        if opening is Opening.ANY_TILE:
            return {(tile, None) for tile in hand}
        if opening is Opening.DOUBLE_SIX:
            return {(Tile(6, 6), None)}
        return {(max(tile for tile in hand if tile.is_double), None)}
    ends = position.chain.open_ends
    return {(tile, end) for tile in hand for end in ends if end.pips in (tile.low, tile.high)}


@given(rules_strategy, seeds)
def test_legal_moves_are_exactly_the_matching_pairs(rules: Rules, seed: int) -> None:
    """Until the round ends, the legal moves are every (tile in hand, open end) pair whose
    numbers match, each once; the opening follows the preset; after the end, none."""
    for position in _played(rules, seed):
        moves = position.legal_moves()
        if position.is_over:
            assert moves == ()
            continue
        assert len(set(moves)) == len(moves)
        assert {(move.tile, move.end) for move in moves} == _expected_moves(position)
        assert position.can_play() == bool(moves)


@given(rules_strategy, seeds)
def test_a_pass_only_without_a_legal_move(rules: Rules, seed: int) -> None:
    """Every pass in the history was made by a seat with no legal move; every play was legal."""
    for before, after in itertools.pairwise(_played(rules, seed)):
        event = after.history[-1]
        assert event.seat == before.turn
        if isinstance(event, Pass):
            assert before.legal_moves() == ()
        else:
            assert (event.tile, event.end) in {(m.tile, m.end) for m in before.legal_moves()}


@given(rules_strategy, seeds)
def test_every_round_ends_within_28_plays_and_bounded_passes(rules: Rules, seed: int) -> None:
    """A round ends after at most 28 plays (no more than were dealt); no full cycle of
    passes happens, since nobody being able to play blocks the round at once."""
    final = _played(rules, seed)[-1]
    assert final.is_over
    plays = sum(isinstance(event, Play) for event in final.history)
    assert plays <= min(28, rules.players * rules.tiles_each)
    longest = max(
        (
            len(list(run))
            for is_pass, run in itertools.groupby(
                final.history, key=lambda event: isinstance(event, Pass)
            )
            if is_pass
        ),
        default=0,
    )
    assert longest < rules.players
    assert len(final.history) - plays <= (plays - 1) * (rules.players - 1)
    assert isinstance(final.history[-1], Play)


@given(rules_strategy, seeds)
def test_turns_follow_the_presets_direction(rules: Rules, seed: int) -> None:
    """The leader moves first, then clockwise (+1) or to the right (−1) as the preset says."""
    step = 1 if rules.direction is Direction.CLOCKWISE else -1
    final = _played(rules, seed)[-1]
    seats = [event.seat for event in final.history]
    assert seats == [(final.leader + step * i) % rules.players for i in range(len(seats))]


@given(rules_strategy, seeds, st.sampled_from([None, 61, 100]))
def test_each_played_round_is_scored_by_its_formula(
    rules: Rules, seed: int, target: int | None
) -> None:
    """The result of a round played out matches RULES.md's formula, recomputed from the
    hands left (``conftest.expected_result``), scored or not."""
    if target is not None:
        rules = Rules.preset(rules.name, rules.players, target=target)
    final = play_round(Round.deal(rules, seed), seed=seed)
    result = final.result
    assert result is not None
    totals = tuple(sum(tile.pips for tile in hand) for hand in final.hands)
    dominoer = next((seat for seat, hand in enumerate(final.hands) if not hand), None)
    assert (result.totals, result.dominoer) == (totals, dominoer)
    assert (result.winners, result.points) == expected_result(rules, totals, dominoer)


SCORED = [*(Rules.preset(*pair) for pair in PRESET_PLAYERS if pair[0] == "match")]
SCORED += [Rules.preset("partnership", target=100), Rules.preset("block", 3, target=61)]


QUICK = sorted(name for name in STRATEGIES if "coach" not in name)
"""The strategies quick enough for whole matches (the coach's are in test_coach_player)."""


@settings(max_examples=12)
@given(st.sampled_from(SCORED), seeds, st.sampled_from(QUICK))
def test_match_scores_are_the_sums_of_round_awards(rules: Rules, seed: int, name: str) -> None:
    """Each side's score is the sum of its round awards; it never goes down; the match ends
    the first time a side reaches the target."""
    match = play_match(Match.start(rules, seed), STRATEGIES[name], seed=seed)
    sides = rules.sides()
    totals = [0] * len(sides)
    target = rules.target
    assert target is not None
    for number, record in enumerate(match.log, start=1):
        assert record.number == number
        assert max(totals) < target
        for index, side in enumerate(sides):
            totals[index] += record.result.points[side[0]]
        assert record.scores == tuple(totals)
    assert match.scores == tuple(totals)
    assert max(totals) >= target


@given(rules_strategy, seeds)
def test_a_held_position_never_changes(rules: Rules, seed: int) -> None:
    """Playing, passing and every refused action leave the position a caller holds exactly
    as it was (compared with a deep copy taken before)."""
    for position in _played(rules, seed):
        before = snapshot(position)
        moves = position.legal_moves()
        outsider = next(tile for tile in DOUBLE_SIX if tile not in position.hand)
        with pytest.raises(IllegalMoveError):
            position.play(outsider)
        if moves:
            with pytest.raises(IllegalMoveError):
                position.pass_turn()
            for move in moves:
                position.play(move)
        elif position.is_over:
            with pytest.raises(IllegalMoveError):
                position.pass_turn()
        else:
            position.pass_turn()
        assert position == before
        assert position.legal_moves() == moves
        assert position.chain.line == before.chain.line


def test_the_same_seed_deals_and_plays_the_same_round_in_another_process() -> None:
    """Determinism: a seed gives the same deal and the same play in a fresh interpreter,
    whatever its hash seed."""
    script = (
        "import json; from blockdomino import Round, Rules\n"
        "from blockdomino.analysis.players import "
        "play_round\nprint(json.dumps([[str(e) for e in play_round(Round.deal(Rules.preset(n, p),"
        " s), seed=s).history] for n, p, s in json.loads(input())]))"
    )
    cases = [[name, players, seed] for seed, (name, players) in enumerate(PRESET_PLAYERS)]
    here = [
        [str(event) for event in play_round(Round.deal(Rules.preset(n, p), s), seed=s).history]
        for n, p, s in cases
    ]
    there = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "12345"},
    ).stdout
    assert json.loads(there) == here

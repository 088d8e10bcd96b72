"""The exact solver agrees with a plain minimax over the engine's own ``Round``.

``coach.solve`` searches over bits with alpha-beta, a transposition table and move
ordering; every one of those could hide a mistake. The reference here is the simplest
possible search, written over the immutable engine (its legal moves, forced passes and
``result``), on small positions reached by random play from random deals.
"""

from __future__ import annotations

import random

import pytest
from conftest import PRESET_PLAYERS, draw_rules, rules_strategy, seeds
from hypothesis import given
from hypothesis import strategies as st

from blockdomino import Chain, Round, Rules, RulesError
from blockdomino.analysis.coach import solve
from blockdomino.analysis.players import random_move, step
from blockdomino.engine.scoring import RoundResult

SMALL = 9
"""Positions with at most this many tiles in all hands (and, in the draw game, three
more counting the pot): the engine's minimax is quick."""

any_rules = st.one_of(rules_strategy, draw_rules)
"""Every Block preset and the draw game, with every player count."""


def award_value(result: RoundResult, seat: int) -> int:
    """The finished round's value for ``seat``'s side, read off the engine's result:
    the award (1 when unscored) if that side won, minus it if another side did, else 0."""
    if not result.winners:
        return 0
    award = max(result.points) if result.rules.scored else 1
    return award if seat in result.winners else -award


def minimax(position: Round, seat: int) -> int:
    """The paranoid minimax value for ``seat``'s side: its seats maximise, all others minimise."""
    result = position.result
    if result is not None:
        return award_value(result, seat)
    moves = position.legal_moves()
    if not moves:
        return minimax(forced(position), seat)
    values = [minimax(position.play(move), seat) for move in moves]
    mine = position.turn in position.rules.side_of(seat)
    return max(values) if mine else min(values)


def forced(position: Round) -> Round:
    """The position after a seat that cannot play draws (the draw game, while the pot
    has tiles) or passes."""
    return position.draw() if position.can_draw() else position.pass_turn()


def small_position(rules: Rules, seed: int) -> Round:
    """A random deal played on at random until few tiles are left in the hands (and pot)."""
    rng = random.Random(seed)
    position = Round.deal(rules, rng)
    small = SMALL + 3 if rules.pot else SMALL
    while sum(map(len, position.hands)) + len(position.pot) > small and not position.is_over:
        position = step(position, random_move, rng)
    while not position.is_over and rng.random() < 0.5:
        position = step(position, random_move, rng)
    return position


@given(rules=any_rules, seed=seeds)
def test_every_move_value_is_the_minimax_value(rules: Rules, seed: int) -> None:
    """000 (points: domino, the opponents' pips; blocked, the opponents' pips minus your
    own) and 001/003 (one hand decides; partners win together): each legal move's value
    is what a plain minimax over the engine finds, forced passes included; and in 003's
    draw game, forced draws (until a tile fits; a pass only with the pot empty)."""
    position = small_position(rules, seed)
    if position.is_over:
        return
    evaluation = solve(position)
    seat = position.turn
    assert evaluation.seat == seat
    moves = position.legal_moves()
    assert [entry.move for entry in evaluation.moves] == list(moves)
    for entry in evaluation.moves:
        assert entry.value == minimax(position.play(entry.move), seat)
        assert entry.samples == 1
        assert entry.win_share == float(entry.value > 0)
    assert evaluation.value == minimax(position, seat)


@given(rules=any_rules, seed=seeds)
def test_value_is_reached_by_playing_the_best_moves_out(rules: Rules, seed: int) -> None:
    """000/001/003 (a player who can play must play; the round ends on a domino or a
    block; in the draw game one who cannot draws): when the root's side plays the
    solver's best move and the others the move that is worst for it, the round ends
    with exactly the value the solver promised."""
    position = small_position(rules, seed)
    if position.is_over:
        return
    seat = position.turn
    promised = solve(position).value
    side = rules.side_of(seat)
    while not position.is_over:
        moves = position.legal_moves()
        if not moves:
            position = forced(position)
        elif position.turn in side:
            position = position.play(solve(position).best[0].move)
        else:
            position = position.play(min(moves, key=lambda m: minimax(position.play(m), seat)))
    result = position.result
    assert result is not None
    assert award_value(result, seat) == promised


@pytest.mark.parametrize(
    ("preset", "players", "opening"), [("match", 2, 0), ("partnership", 4, 10)]
)
def test_zero_sum_best_play_from_both_sides(preset: str, players: int, opening: int) -> None:
    """001 (partners opposite win together) and 000 (two players): the game is zero-sum
    between two sides, so both sides playing the solver's best moves reach its value
    (the partnership from a round ``opening`` random turns old, to keep the test quick)."""
    for seed in range(3):
        rng = random.Random(seed)
        position = Round.deal(Rules.preset(preset, players), rng)
        for _ in range(opening):
            position = step(position, random_move, rng)
        promised = solve(position).value
        seat = position.turn
        while not position.is_over:
            if position.can_play():
                position = position.play(solve(position).best[0].move)
            else:
                position = position.pass_turn()
        assert position.result is not None
        assert award_value(position.result, seat) == promised


def test_a_forced_pass_to_come_is_valued_without_moves() -> None:
    """003: "Den som inte kan matcha någon av ändarna står över": a seat without a legal
    play has no move to value; the position's value is that after its pass."""
    rules = Rules.preset("match", 2)
    hands = ["[0|0] [1|1]", "[3|4] [4|4]"]
    position = Round.from_hands(rules, hands, chain=Chain.parse("[4|6]"), turn=0)
    assert not position.can_play()
    evaluation = solve(position)
    assert evaluation.moves == ()
    assert evaluation.best == ()
    assert evaluation.value == minimax(position, 0)


def test_a_finished_round_is_refused() -> None:
    """000: the round ends at once on a domino; there is nothing left to solve."""
    rules = Rules.preset(*PRESET_PLAYERS[0])
    position = Round.from_hands(rules, ["[0|1]", "[5|5]"])
    over = position.play(position.legal_moves()[0])
    with pytest.raises(RulesError):
        solve(over)

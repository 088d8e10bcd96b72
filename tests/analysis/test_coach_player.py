"""The ``coach`` computer player: the hint's best move, deterministic for a seed."""

from __future__ import annotations

import random

from blockdomino import Round, Rules
from blockdomino.analysis.coach import hint
from blockdomino.analysis.players import COACH_SAMPLES, STRATEGIES, play_round


def test_the_coach_plays_a_best_move_of_its_hint() -> None:
    """000 (a player who can play must play): the coach picks a legal move, one of the
    best of its hint from the seat's own view, seeded from the player's generator."""
    position = Round.deal(Rules.preset("match", 2), 4)
    position = position.play(position.legal_moves()[0])
    rng = random.Random(9)
    move = STRATEGIES["coach"](position, rng)
    seed = random.Random(9).getrandbits(32)
    best = hint(position, samples=COACH_SAMPLES, seed=seed).best
    assert move in [entry.move for entry in best]
    assert move in position.legal_moves()


def test_a_round_with_the_coach_is_the_same_for_a_seed() -> None:
    """001: a single-hand round played out by the coach against heaviest-first, twice
    from one seed, gives the same history and the same result."""
    rules = Rules.preset("block", 3)
    strategies = [STRATEGIES["coach"], STRATEGIES["heaviest"], STRATEGIES["heaviest"]]
    first = play_round(Round.deal(rules, 2), strategies, 2)
    second = play_round(Round.deal(rules, 2), strategies, 2)
    assert first.is_over
    assert first.history == second.history
    assert first.result == second.result

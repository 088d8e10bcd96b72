"""A strategy is handed the whole ``Round``: the coach must not read what its seat cannot
see, and the measurements hand every strategy rounds in which it could not anyway.

Hands are secret (003: "Brickor utanför spel" stay face down too): dealing the other
hands again from what the seat knows must change none of the coach's decisions.
"""

from __future__ import annotations

import random

import pytest

from blockdomino import Round, Rules
from blockdomino.analysis.coach import solve
from blockdomino.analysis.players import (
    STRATEGIES,
    Strategy,
    blindfolded,
    coach_player,
    redealt,
    step,
)
from blockdomino.engine.round import Move
from blockdomino.engine.view import seat_view

GAMES = [("block", 2), ("match", 2), ("block", 3), ("partnership", 4), ("draw", 2), ("draw", 4)]


def positions(preset: str, players: int) -> list[Round]:
    """Positions with a choice to make, some plays into seeded rounds of heaviest-first."""
    found = []
    rules = Rules.preset(preset, players)
    for seed in range(40):
        rng = random.Random(seed)
        position = Round.deal(rules, seed)
        for _ in range(rng.randrange(2, 9)):
            position = step(position, STRATEGIES["heaviest"], rng)
            if position.is_over:
                break
        if not position.is_over and len(position.legal_moves()) > 1:
            found.append(position)
        if len(found) == 2:
            break
    return found


def peeking(position: Round, rng: random.Random) -> Move:
    """A cheat: the best move with every hand turned up."""
    return solve(position).best[0].move


def decisions(strategy: Strategy, position: Round) -> set[Move]:
    """The strategy's moves on the round itself and on rounds dealt again, one seed."""
    moves = {strategy(position, random.Random(5))}
    for seed in range(2):
        moves.add(strategy(redealt(position, random.Random(seed)), random.Random(5)))
    return moves


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_a_redealt_round_looks_the_same_to_the_seat_to_move(preset: str, players: int) -> None:
    """The re-deal keeps all the seat sees: its hand, the chain, the history as it saw
    it (others' drawn tiles hidden), every hand size and the pot's size."""
    for position in positions(preset, players):
        again = redealt(position, random.Random(1))
        assert seat_view(again, position.turn) == seat_view(position, position.turn)
        assert again.rules == position.rules
        assert again.lead == position.lead


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_the_coaches_cannot_peek(preset: str, players: int) -> None:
    """The reading, the learning and the plain coach decide the same whichever way the
    hands they cannot see were dealt."""
    for position in positions(preset, players):
        coaches = (coach_player(3), coach_player(3, learns=True), coach_player(3, reads=False))
        for strategy in coaches:
            assert len(decisions(strategy, position)) == 1


def test_a_cheat_is_caught_and_blindfolded() -> None:
    """The check catches a strategy that reads the other hands; handed only re-dealt
    rounds, it plays legal moves but cannot know the true hands."""
    caught = [
        position
        for position in positions("block", 2) + positions("partnership", 4)
        if len(decisions(peeking, position)) > 1
    ]
    assert caught
    position = caught[0]
    move = blindfolded(peeking)(position, random.Random(0))
    assert move in position.legal_moves()

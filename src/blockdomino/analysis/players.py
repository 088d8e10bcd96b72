"""Computer players: strategies that choose a legal move, and loops that play rounds out.

A strategy is a function ``(position, rng) -> Move``, called only when the seat to move
has a legal play; passing when there is none is the rules' business, not a choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final, Protocol

from blockdomino.analysis.coach.hint import hint
from blockdomino.engine.match import Match
from blockdomino.engine.round import Move, Round, Seed, generator


class Strategy(Protocol):
    """Chooses one of ``position.legal_moves()`` for the seat to move."""

    def __call__(self, position: Round, rng: random.Random, /) -> Move: ...


def random_move(position: Round, rng: random.Random) -> Move:
    """Any legal move, each equally likely."""
    return rng.choice(position.legal_moves())


def heaviest_tile(position: Round, rng: random.Random) -> Move:
    """Get rid of the most pips first: the heaviest playable tile, at a random end it fits."""
    moves = position.legal_moves()
    heaviest = max(move.tile.pips for move in moves)
    return rng.choice([move for move in moves if move.tile.pips == heaviest])


COACH_SAMPLES: Final = 100
"""How many deals the ``coach`` player imagines per decision."""


def coach_player(samples: int = COACH_SAMPLES) -> Strategy:
    """The coach as a player: its pick from the seat's own view (``coach.hint`` over
    ``samples`` deals seeded from the player's generator); among equally good moves,
    one chosen by the generator."""

    def coach_move(position: Round, rng: random.Random) -> Move:
        moves = position.legal_moves()
        if len(moves) == 1:
            return moves[0]
        evaluation = hint(position, samples=samples, seed=rng.getrandbits(32))
        return rng.choice([entry.move for entry in evaluation.best])

    return coach_move


STRATEGIES: Final[Mapping[str, Strategy]] = {
    "random": random_move,
    "heaviest": heaviest_tile,
    "coach": coach_player(),
}
"""The strategies by name."""


def _seat_strategies(strategies: Strategy | Sequence[Strategy], players: int) -> Sequence[Strategy]:
    if isinstance(strategies, Sequence):
        return strategies
    return [strategies] * players


def step(position: Round, strategy: Strategy, rng: random.Random) -> Round:
    """The seat to move plays its strategy's choice; when it cannot play, it draws (the
    draw game, while the pot has tiles) or passes. Drawing involves no choice."""
    if position.can_play():
        return position.play(strategy(position, rng))
    if position.can_draw():
        return position.draw()
    return position.pass_turn()


def play_round(
    position: Round,
    strategies: Strategy | Sequence[Strategy] = random_move,
    seed: Seed | random.Random = None,
) -> Round:
    """The round played out to its end, each seat by its strategy (one for all, or a list).

    ``seed`` may be a ``random.Random`` to go on drawing from (see ``round.generator``).
    """
    rng = generator(seed)
    by_seat = _seat_strategies(strategies, position.rules.players)
    while not position.is_over:
        position = step(position, by_seat[position.turn], rng)
    return position


def play_match(
    match: Match,
    strategies: Strategy | Sequence[Strategy] = random_move,
    seed: Seed | random.Random = None,
) -> Match:
    """The match played out round after round until someone reaches the target."""
    rng = generator(seed)
    by_seat = _seat_strategies(strategies, match.rules.players)
    while not match.is_over:
        if match.round.is_over:
            match = match.next_round()
            continue
        position = match.round
        if position.can_play():
            match = match.play(by_seat[position.turn](position, rng))
        elif position.can_draw():
            match = match.draw()
        else:
            match = match.pass_turn()
    return match

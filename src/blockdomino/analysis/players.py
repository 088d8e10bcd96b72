"""Computer players: strategies that choose a legal move, and loops that play rounds out.

A strategy is a function ``(position, rng) -> Move``, called only when the seat to move
has a legal play; passing when there is none is the rules' business, not a choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Final, Protocol, TypeVar

from blockdomino.analysis.coach.hint import hint
from blockdomino.analysis.coach.knowledge import View
from blockdomino.analysis.coach.style import Styles
from blockdomino.analysis.coach.weighing import reading_sampler
from blockdomino.engine.events import Draw, Pass
from blockdomino.engine.game import NEXT_ROUND, Game
from blockdomino.engine.match import Match
from blockdomino.engine.round import Move, Round, Seed, generator
from blockdomino.engine.view import seat_view


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


def coach_player(
    samples: int = COACH_SAMPLES,
    *,
    reads: bool = True,
    learns: bool = False,
    follows: bool = True,
    grouped: bool = True,
) -> Strategy:
    """The coach as a player: its pick from the seat's own view (``coach.hint`` over
    ``samples`` deals seeded from the player's generator); among equally good moves,
    one chosen by the generator. ``reads``: the reading coach (the default), which also
    reads the lead and the other seats' plays; else the plain coach, for comparison.

    ``learns``: the reading coach that also learns the other seats' styles from round to
    round (``coach.style``). It remembers, so it is a new player for every game: one
    memory per seat it plays, which reads only what that seat saw. Once it is sure a
    seat plays as a kind it can follow (heaviest-first), its search answers that seat's
    plays as that kind makes them (``coach.following``); ``follows=False`` keeps
    minimax for every seat, for comparison. With two players in Block it then plans its
    later moves for the imagined deals that look alike to it together (``coach.grouped``);
    ``grouped=False`` plans each deal alone, for comparison.
    """
    styles: dict[int, Styles] = {}
    advice = partial(hint, samples=samples, reads=reads, follows=follows, grouped=grouped)

    def coach_move(position: Round, rng: random.Random) -> Move:
        moves = position.legal_moves()
        if len(moves) == 1:
            return moves[0]
        style = styles.setdefault(position.turn, Styles()) if learns and reads else None
        evaluation = advice(position, seed=rng.getrandbits(32), style=style)
        return rng.choice([entry.move for entry in evaluation.best])

    return coach_move


def redealt(position: Round, rng: random.Random) -> Round:
    """``position`` with the other hands dealt again from what the seat to move can know.

    The unseen tiles are dealt afresh, consistently with every pass, draw and the lead
    (``coach.sampling``; the draw game's pot shuffled), and the tiles the others drew
    are hidden from the history: a strategy handed this round can read only what its
    seat may see. Measurements hand strategies such rounds so that none can peek.
    """
    view = View.of(position)
    deal = reading_sampler(view).deal(rng)
    hands = tuple(
        position.hands[seat] if seat == view.seat else deal[seat]
        for seat in range(position.rules.players)
    )
    dealt = {tile for hand in hands for tile in hand}
    rest = [tile for tile in view.unseen if tile not in dealt]
    rng.shuffle(rest)
    seen = seat_view(position, view.seat).history
    rest_tiles = tuple(rest) if position.rules.pot else tuple(sorted(rest))
    return replace(position, hands=hands, out_of_play=rest_tiles, history=seen)


def blindfolded(strategy: Strategy) -> Strategy:
    """``strategy`` handed only ``redealt`` rounds, from its own generator's draws."""

    def blind_move(position: Round, rng: random.Random) -> Move:
        return strategy(redealt(position, rng), rng)

    return blind_move


G = TypeVar("G", bound=Game)

STRATEGIES: Final[Mapping[str, Strategy]] = {
    "random": random_move,
    "heaviest": heaviest_tile,
    "coach": coach_player(),
    "plain_coach": coach_player(reads=False),
}
"""The strategies by name."""


def _seat_strategies(strategies: Strategy | Sequence[Strategy], players: int) -> Sequence[Strategy]:
    if isinstance(strategies, Sequence):
        return strategies
    return [strategies] * players


def step(game: G, strategy: Strategy, rng: random.Random) -> G:
    """The one step of a computer seat, in a round or a match (any ``engine.game.Game``).

    The seat to move plays its strategy's choice; when it cannot play, it draws (the
    draw game, while the pot has tiles) or passes; between a match's rounds the next
    round is dealt. Only a play is a choice: the strategy is asked nothing else.
    """
    position = game.current_round
    if position.can_play():
        return game.apply(strategy(position, rng))
    if position.is_over:
        return game.apply(NEXT_ROUND)
    return game.apply(Draw(position.turn) if position.can_draw() else Pass(position.turn))


def play_round(
    position: Round,
    strategies: Strategy | Sequence[Strategy] = random_move,
    seed: Seed | random.Random = None,
) -> Round:
    """The round played out to its end, each seat by its strategy (one for all, or a list).

    ``seed`` may be a ``random.Random`` to go on drawing from (see ``round.generator``).
    """
    return _played(position, strategies, seed)


def play_match(
    match: Match,
    strategies: Strategy | Sequence[Strategy] = random_move,
    seed: Seed | random.Random = None,
) -> Match:
    """The match played out round after round until someone reaches the target."""
    return _played(match, strategies, seed)


def _played(game: G, strategies: Strategy | Sequence[Strategy], seed: Seed | random.Random) -> G:
    """``game`` stepped to its end, each seat by its strategy."""
    rng = generator(seed)
    by_seat = _seat_strategies(strategies, game.rules.players)
    while not game.is_over:
        game = step(game, by_seat[game.current_round.turn], rng)
    return game

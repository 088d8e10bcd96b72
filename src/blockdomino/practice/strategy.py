"""Topic: strategy. The best move with every hand shown, as the exact solver finds it.

Both players play as well as they can to the end of the round. In the single-hand game
(``block``) a move wins, draws or loses; in a match (``match``) the best move leaves
you the most points ahead (or the fewest behind) when the round ends; the question
names the kind of game and asks for the move best for your points, since every move
may leave you behind. The solver (``blockdomino.analysis.coach.solve``)
tries every way the round can go on.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final

from blockdomino.analysis.coach import solve
from blockdomino.engine.round import Round
from blockdomino.engine.tiles import Tile
from blockdomino.practice.drafts import Draft, dealt, first, game_phrase, given_ends, walk
from blockdomino.practice.items import Choice, Phrase, Points, Seat, phrase

HAND_SIZES = (3, 4, 6)
"""The largest hand to move at levels 1, 2 and 3: the fewer tiles, the shorter the sums."""

Placement = tuple[str, int]
"""A move as an answer: the tile and the number of the end it joins."""


def values(position: Round) -> dict[Placement, int]:
    """Each different move (a tile at an end showing a number) and its exact value."""
    return {
        (str(entry.move.tile), entry.move.end.pips if entry.move.end else -1): int(entry.value)
        for entry in solve(position).moves
    }


MAX_PLAYOUTS = 10
"""The most ways the round may still go to its end in a strategy item: few enough to
compare with pen and paper (a tile at an end showing a number counts once)."""


def playouts(position: Round, limit: int = MAX_PLAYOUTS) -> int:
    """How many different ways the round can still be played to its end, counted up to
    ``limit + 1`` (a larger count stops there). A seat that cannot play passes."""
    if position.is_over:
        return 1
    placements = {
        (move.tile, move.end.pips if move.end else -1): move for move in position.legal_moves()
    }
    if not placements:
        return playouts(position.pass_turn(), limit)
    count = 0
    for move in placements.values():
        count += playouts(position.play(move), limit - count)
        if count > limit:
            break
    return count


def _best_alone(position: Round) -> bool:
    """More than one move, and one better than every other."""
    if position.is_over or not position.chain.tiles or len(position.legal_moves()) < 2:
        return False
    ranked = sorted(values(position).values(), reverse=True)
    return len(ranked) > 1 and ranked[0] > ranked[1]


VALUE_KEYS: Final = {
    "win": "practice.value.win",
    "draw": "practice.value.draw",
    "loss": "practice.value.loss",
    "level": "practice.value.level",
    "ahead": "practice.value.ahead",
    "behind": "practice.value.behind",
}
"""A move's value as a label, in brackets after the move: "(4 points behind)"."""

OUTCOME_KEYS: Final = {
    "win": "practice.outcome.win",
    "draw": "practice.outcome.draw",
    "loss": "practice.outcome.loss",
    "level": "practice.outcome.level",
    "ahead": "practice.outcome.ahead",
    "behind": "practice.outcome.behind",
}
"""A move's value as what happens to you, to stand in a sentence: "you end 4 points
behind", "you lose"."""


def value_phrase(value: int, scored: bool, keys: Mapping[str, str] = VALUE_KEYS) -> Phrase:
    """A move's value in words (``keys``: as a label or as a clause): you win, draw or
    lose; or so many points ahead or behind."""
    if not scored:
        return phrase(keys[{1: "win", 0: "draw", -1: "loss"}[value]])
    if value == 0:
        return phrase(keys["level"])
    return phrase(keys["ahead" if value > 0 else "behind"], points=Points(abs(value)))


def _move(placement: Placement) -> Phrase:
    tile, number = placement
    return phrase("practice.move", tile=Tile.parse(tile), number=number)


def strategy(level: int, rng: random.Random) -> Draft | None:
    """The best move of a two-player round near its end: one hand decides (1), a match
    round with small (2) and bigger hands (3)."""
    preset = "block" if level == 1 else "match"
    position = first(
        walk(dealt(preset, 2, rng), rng),
        lambda p: (
            len(p.hand) <= HAND_SIZES[level - 1] and playouts(p) <= MAX_PLAYOUTS and _best_alone(p)
        ),
    )
    if position is None:
        return None
    scored = position.rules.scored
    valued = values(position)
    best = max(valued, key=lambda placement: valued[placement])
    worded = {placement: value_phrase(value, scored) for placement, value in valued.items()}
    outcome = {
        placement: value_phrase(value, scored, OUTCOME_KEYS) for placement, value in valued.items()
    }
    wrong = tuple(
        Choice(
            placement,
            phrase("practice.choice.move", move=_move(placement)),
            phrase("practice.mistake.worse_move", value=outcome[placement], best=outcome[best]),
        )
        for placement in valued
        if placement != best
    )
    listed = tuple(
        phrase("practice.move_value", move=_move(placement), value=worded[placement])
        for placement in valued
    )
    question = "practice.strategy.match" if scored else "practice.strategy.block"
    return Draft(
        position,
        (0, 1),
        (
            game_phrase(position.rules),
            given_ends(position),
            phrase(question, player=Seat(position.turn)),
        ),
        Choice(best, phrase("practice.choice.move", move=_move(best))),
        wrong,
        (phrase("practice.explain.solver", values=listed),),
    )

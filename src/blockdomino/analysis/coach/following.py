"""Which plays an opponent whose style the coach has read may make, in the search.

Minimax answers every imagined deal as if each opponent played perfectly, seeing every
hand. A player who always gets rid of its heaviest tile does not: against it the best
move is the best response to the plays it really makes. When the coach is confident
what kind of player a seat is (``coach.style``), the search lets that seat choose only
among its *plausible* plays: those its kind (``coach.reading``) picks at least
``PLAUSIBLE`` times as often as its favourite play there, and among those it still
takes the one worst for the coach (a cautious best response: ties of the heaviest-first
player, two tiles of the same pips, are not guessed). A kind that has no favourite, the
random player, keeps every play: that is minimax again.

Only a kind whose plays the model predicts is followed (``predictable``: the fitting
script marks it in ``choice.json``; the heaviest-first player's, nearly always its
heaviest tile). The coach kind's logit is a rough summary of a search: following it
would mistake the plain coach for a simpler player, so a seat read as the coach's kind
is searched by minimax, as is a seat of no sure kind.
"""

from __future__ import annotations

import math
from typing import Final

from blockdomino.engine.bits import BIT, DOUBLE, PIPS, SHOWING

PLAUSIBLE: Final = 0.05
"""A play is plausible for a followed seat when its kind picks it at least this share
as often as its favourite play. For the heaviest-first kind a tile a pip lighter is at
least 70 times less likely and one as heavy at most 2.2 times: exactly its heaviest
tiles are plausible."""

SPREAD: Final = (1, 1, 6, 1)
"""How far each feature of a play (``reading.FEATURES``: pips, double, followers,
closes) can differ between two plays of one seat besides the pips: a double or not,
0 to 6 of its other tiles matching, closing an end or not."""

CONFIDENT: Final = 0.9
"""The share of one kind from which the coach follows a seat's style in its search."""


def predictable(weights: tuple[float, ...]) -> bool:
    """Whether a kind with these fitted weights always lays one of its heaviest fitting
    tiles: a tile a pip lighter than another is never plausible (``PLAUSIBLE``), however
    much the other features favour it. Only such a kind is followed in the search."""
    pips, *others = weights
    favoured = sum(abs(weight) * spread for weight, spread in zip(others, SPREAD[1:], strict=True))
    return pips - favoured >= -math.log(PLAUSIBLE)


Scores = tuple[float, ...]
"""A kind's ``exp(w · f)`` for each code of a play's features (``reading.scores``)."""


def plausible(
    moves: list[int], scores: Scores, hand: int, elsewhere: int, a: int, b: int
) -> list[int]:
    """The plays among ``moves`` (the search's ``2 * tile + (1 at end a)``, from ``hand``
    at ends ``a``, ``b``) that a seat of the kind scored by ``scores`` may make, in the
    same order. ``elsewhere``: the tiles neither in the chain nor in that hand (whether a
    play closes an end)."""
    rated = _rated(moves, scores, hand, elsewhere, a, b)
    floor = max(rated) * PLAUSIBLE
    return [move for move, score in zip(moves, rated, strict=True) if score >= floor]


def chances(
    moves: list[int], scores: Scores, hand: int, elsewhere: int, a: int, b: int
) -> list[tuple[int, float]]:
    """The plausible plays among ``moves`` (as ``plausible``), each with its chance under
    the kind's model, the chances of the plausible plays summing to 1."""
    rated = _rated(moves, scores, hand, elsewhere, a, b)
    floor = max(rated) * PLAUSIBLE
    kept = [(move, score) for move, score in zip(moves, rated, strict=True) if score >= floor]
    total = sum(score for _, score in kept)
    return [(move, score / total) for move, score in kept]


def _rated(
    moves: list[int], scores: Scores, hand: int, elsewhere: int, a: int, b: int
) -> list[float]:
    """The kind's score of each play of ``moves``; the features are worked out as
    ``reading.features`` does."""
    rated = []
    for move in moves:
        tile = move >> 1
        showing = SHOWING[PIPS[tile] - (a if move & 1 else b)]
        followers = ((hand ^ BIT[tile]) & showing).bit_count()
        code = ((PIPS[tile] * 2 + DOUBLE[tile]) * 8 + followers) * 2 + (not showing & elsewhere)
        rated.append(scores[code])
    return rated

"""Topic: reading passes. Which numbers a player cannot hold, and which tiles they
could still have.

A player who passed when the ends showed x and y held no tile with an x or a y. In
Block nobody ever draws, so that stays true for the rest of the round: every pass adds
to what the table knows. The tiles a player may hold are among those you cannot see
(not in your hand, not in the chain) that show none of the numbers they passed on.
"""

from __future__ import annotations

import random

from blockdomino.engine.round import Round
from blockdomino.engine.tiles import DOUBLE_SIX, Tile
from blockdomino.practice.drafts import (
    Draft,
    dealt,
    first,
    number_choices,
    passes,
    tile_value,
    walk,
)
from blockdomino.practice.items import Choice, Either, Phrase, Seat, phrase


def _passer(position: Round) -> int | None:
    """The seat (not the one to move) that passed last, when the round goes on."""
    if position.is_over:
        return None
    seats = [seat for seat, _ in passes(position) if seat != position.turn]
    return seats[-1] if seats else None


def passed_on(position: Round, seat: int) -> tuple[tuple[int, int], ...]:
    """The pairs of numbers ``seat`` passed on, each once, in order."""
    return tuple(dict.fromkeys(numbers for passer, numbers in passes(position) if passer == seat))


def ruled_out(position: Round, seat: int) -> frozenset[int]:
    """Every number ``seat`` passed on."""
    return frozenset(number for pair in passed_on(position, seat) for number in pair)


def unseen(position: Round) -> tuple[Tile, ...]:
    """The tiles the seat to move cannot see: not in its hand, not in the chain."""
    seen = set(position.hand) | set(position.chain.tiles)
    return tuple(tile for tile in DOUBLE_SIX if tile not in seen)


def _shows_any(tile: Tile, numbers: frozenset[int]) -> bool:
    return any(tile.has(number) for number in numbers)


def pass_givens(position: Round, seat: int) -> tuple[Phrase, ...]:
    """The passes as the question says them: the player named once, at the first pass,
    and "the same player" at the second (an item asks about one pass or two)."""
    pairs = passed_on(position, seat)
    said = [
        phrase("practice.passes.passed", player=Seat(seat), left=pairs[0][0], right=pairs[0][1])
    ]
    said += [phrase("practice.passes.again", left=left, right=right) for left, right in pairs[1:]]
    return tuple(said)


Found = tuple[Round, int, frozenset[int]]
"""A position, the seat that passed and every number it passed on."""


def _found(rng: random.Random, players: int, passes_needed: int) -> Found | None:
    """A position where another seat has passed on exactly ``passes_needed`` different
    pairs (one or two: a third would be a sentence said again)."""

    def asks_well(position: Round) -> bool:
        seat = _passer(position)
        return seat is not None and len(passed_on(position, seat)) == passes_needed

    position = first(walk(dealt("match", players, rng), rng), asks_well)
    if position is None:
        return None
    seat = _passer(position)
    assert seat is not None
    return position, seat, ruled_out(position, seat)


def _still_possible(position: Round, numbers: frozenset[int]) -> tuple[Tile, ...]:
    """The unseen tiles that show none of ``numbers``."""
    return tuple(tile for tile in unseen(position) if not _shows_any(tile, numbers))


def _cannot_hold(rng: random.Random) -> Draft | None:
    """Level 1: which of these unseen tiles can the passer not hold?"""
    found = _found(rng, rng.choice((2, 3)), 1)
    if found is None:
        return None
    position, seat, numbers = found
    out = [tile for tile in unseen(position) if _shows_any(tile, numbers)]
    maybe = _still_possible(position, numbers)
    if not out or len(maybe) < 2:
        return None
    tile = rng.choice(out)
    listed = tuple(sorted(numbers))
    wrong = tuple(
        Choice(
            tile_value(other),
            phrase("practice.choice.tile", tile=other),
            phrase(
                "practice.mistake.could_hold", tile=other, numbers=Either(listed), player=Seat(seat)
            ),
        )
        for other in rng.sample(maybe, min(3, len(maybe)))
    )
    return Draft(
        position,
        (),
        (*pass_givens(position, seat), phrase("practice.passes.cannot_hold")),
        Choice(tile_value(tile), phrase("practice.choice.tile", tile=tile)),
        wrong,
        (phrase("practice.explain.pass_rules_out", player=Seat(seat), numbers=Either(listed)),),
    )


def _numbers_choice(numbers: tuple[int, ...], mistake: Phrase | None) -> Choice:
    return Choice(numbers, phrase("practice.choice.numbers", numbers=numbers), mistake)


def _numbers(rng: random.Random) -> Draft | None:
    """Level 2: two passes; which numbers can the passer not hold?"""
    found = _found(rng, 2, 2)
    if found is None:
        return None
    position, seat, numbers = found
    pairs = passed_on(position, seat)
    listed = tuple(sorted(numbers))
    forgot = phrase("practice.mistake.forgot_pass", player=Seat(seat))
    spare = [number for number in range(7) if number not in listed]
    if not spare:
        return None
    added = rng.choice(spare)
    extra = tuple(sorted((*listed, added)))
    return Draft(
        position,
        (),
        (*pass_givens(position, seat), phrase("practice.passes.numbers")),
        _numbers_choice(listed, None),
        (
            _numbers_choice(tuple(sorted(set(pairs[-1]))), forgot),
            _numbers_choice(tuple(sorted(set(pairs[0]))), forgot),
            _numbers_choice(
                extra, phrase("practice.mistake.not_passed", player=Seat(seat), number=added)
            ),
        ),
        (phrase("practice.explain.pass_rules_out", player=Seat(seat), numbers=Either(listed)),),
    )


def _how_many(rng: random.Random) -> Draft | None:
    """Level 3: how many of the tiles you cannot see could the passer still hold?"""
    found = _found(rng, rng.choice((2, 3)), 1)
    if found is None:
        return None
    position, seat, numbers = found
    maybe = _still_possible(position, numbers)
    own = sum(1 for tile in position.hand if not _shows_any(tile, numbers))
    right, wrong = number_choices(
        len(maybe),
        [
            (len(maybe) + own, phrase("practice.mistake.own_hand")),
            (len(unseen(position)), phrase("practice.mistake.ignored_pass", player=Seat(seat))),
        ],
    )
    listed = tuple(sorted(numbers))
    return Draft(
        position,
        (position.turn,),
        (
            *pass_givens(position, seat),
            phrase("practice.given.hand", tiles=position.hand),
            phrase("practice.passes.how_many"),
        ),
        right,
        wrong,
        (
            phrase("practice.explain.pass_rules_out", player=Seat(seat), numbers=Either(listed)),
            phrase("practice.explain.could_hold", count=len(unseen(position)), tiles=maybe),
        ),
    )


def reading_passes(level: int, rng: random.Random) -> Draft | None:
    """One tile ruled out (1), numbers from two passes (2), tiles still possible (3)."""
    return (_cannot_hold, _numbers, _how_many)[level - 1](rng)

"""Topics on the chain: matching (which tiles fit, and where) and doubles (where a
double goes and what it leaves open).

A tile joins an open end when its touching half shows that end's number; 0 matches
only 0. A double lies crosswise, joins with line A and leaves line B showing the same
number: no side branches, the chain always has two open ends. An opening double has
both lines free.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from blockdomino.engine.round import Round
from blockdomino.engine.tiles import Tile
from blockdomino.practice.drafts import (
    Draft,
    dealt,
    ends,
    first,
    given_ends,
    number_choices,
    playable,
    tile_value,
    walk,
)
from blockdomino.practice.items import Choice, Phrase, phrase
from blockdomino.practice.misfits import misfits


def _open(position: Round) -> bool:
    return not position.is_over and bool(position.chain.tiles)


def _hand(position: Round) -> Phrase:
    return phrase("practice.given.hand", tiles=position.hand)


def fits_phrase(position: Round, tile: Tile) -> Phrase:
    """Why ``tile`` fits: the end (or ends) whose number its touching half shows."""
    numbers = tuple(end.pips for end in position.chain.ends_for(tile))
    if len(numbers) == 2:
        return phrase("practice.explain.fits_both", tile=tile, left=numbers[0], right=numbers[1])
    return phrase("practice.explain.fits", tile=tile, number=numbers[0])


def _double_alone(position: Round) -> bool:
    """Whether the chain is the opening double alone: its two ends are its lines A and B."""
    tiles = position.chain.tiles
    return len(tiles) == 1 and tiles[0].is_double


def moves_phrase(position: Round) -> Phrase:
    """ "The moves: [1|3] on the 3, [3|5] on both ends showing 5 (2 moves), …"

    A tile that fits two ends showing the same number (an opening double's two lines,
    or two ends alike) is two moves: it is said once, as two, never as two equal lines;
    by an opening double alone, as its two lines, the word the explanation uses.
    """
    placements = Counter(
        (move.tile, move.end.pips) for move in position.legal_moves() if move.end is not None
    )
    both = "practice.move.both_lines" if _double_alone(position) else "practice.move.both"
    moves = tuple(
        phrase(both if count == 2 else "practice.move", tile=tile, number=number)
        for (tile, number), count in placements.items()
    )
    return phrase("practice.explain.moves", moves=moves)


def _count_moves(position: Round, givens: tuple[Phrase, ...], slip: tuple[int, Phrase]) -> Draft:
    """How many moves the seat to move has: each tile once for each end it fits."""
    right, wrong = number_choices(
        len(position.legal_moves()),
        [slip, (len(position.hand), phrase("practice.mistake.counted_hand"))],
    )
    return Draft(
        position,
        (position.turn,),
        (*givens, _hand(position), phrase("practice.question.moves")),
        right,
        wrong,
        (moves_phrase(position),),
    )


def _misfits(position: Round) -> tuple[tuple[Tile, Phrase], ...]:
    """The tiles of the hand that fit nowhere, one for each slip that explains it."""
    fitting = playable(position)
    return misfits((t for t in position.hand if t not in fitting), position.chain)


def _which_fits(rng: random.Random) -> Draft | None:
    """Level 1: exactly one tile of the hand fits; which one? The tiles offered besides
    it are each picked by a slip of their own (``practice.misfits``), two at least."""
    position = first(
        walk(dealt("match", 2, rng), rng),
        lambda p: _open(p) and len(playable(p)) == 1 and len(_misfits(p)) >= 2,
    )
    if position is None:
        return None
    tile = playable(position)[0]
    wrong = tuple(
        Choice(tile_value(other), phrase("practice.choice.tile", tile=other), slip)
        for other, slip in _misfits(position)
    )
    return Draft(
        position,
        (position.turn,),
        (given_ends(position), _hand(position), phrase("practice.matching.which_fits")),
        Choice(tile_value(tile), phrase("practice.choice.tile", tile=tile)),
        wrong,
        (fits_phrase(position, tile),),
    )


def _one_end(position: Round) -> tuple[Tile, ...]:
    """The tiles of the hand that fit exactly one of two different ends."""
    left, right = ends(position)
    return tuple(tile for tile in position.hand if tile.has(left) != tile.has(right))


def _where(rng: random.Random) -> Draft | None:
    """Level 2: a tile that fits one end only; which end does it go to?"""
    position = first(walk(dealt("match", 2, rng), rng), lambda p: _open(p) and bool(_one_end(p)))
    if position is None:
        return None
    tile = rng.choice(_one_end(position))
    left, right = ends(position)
    number, other = (left, right) if tile.has(left) else (right, left)
    wrong = (
        Choice(
            other,
            phrase("practice.choice.end", number=other),
            phrase("error.play.end_mismatch", tile=tile, number=other),
        ),
        Choice(
            "both",
            phrase("practice.choice.both_ends"),
            phrase("practice.mistake.only_one_end", tile=tile, number=other),
        ),
        Choice(
            "none",
            phrase("practice.choice.nowhere"),
            phrase("practice.mistake.it_fits", tile=tile, number=number),
        ),
    )
    return Draft(
        position,
        (),
        (given_ends(position), phrase("practice.matching.where", tile=tile)),
        Choice(number, phrase("practice.choice.end", number=number)),
        wrong,
        (fits_phrase(position, tile),),
    )


def _how_many_moves(rng: random.Random) -> Draft | None:
    """Level 3: how many moves, when a tile fits both ends."""
    position = first(
        walk(dealt("match", 2, rng), rng),
        lambda p: _open(p) and len(p.hand) >= 4 and len(p.legal_moves()) > len(playable(p)),
    )
    if position is None:
        return None
    slip = (len(playable(position)), phrase("practice.mistake.counted_tiles"))
    return _count_moves(position, (given_ends(position),), slip)


def matching(level: int, rng: random.Random) -> Draft | None:
    """Which tile fits (1), which end it goes to (2), how many moves there are (3)."""
    return (_which_fits, _where, _how_many_moves)[level - 1](rng)


def _fitting_double(position: Round) -> Tile | None:
    left, right = ends(position)
    doubles = [tile for tile in playable(position) if tile.is_double]
    return doubles[0] if doubles and left != right else None


def _double_leaves(rng: random.Random) -> Draft | None:
    """Level 1: a double joins an end; which numbers do the ends show then?"""
    position = first(
        walk(dealt("match", 2, rng), rng), lambda p: _open(p) and _fitting_double(p) is not None
    )
    if position is None:
        return None
    double = _fitting_double(position)
    assert double is not None
    number = double.low
    other = next(pips for pips in ends(position) if pips != number)
    shown = tuple(sorted((number, other)))
    wrong = (
        Choice((other,), phrase("practice.choice.numbers", numbers=(other,)), _closes(number)),
        Choice(
            tuple(sorted((number, number, other))),
            phrase("practice.choice.numbers", numbers=tuple(sorted((number, number, other)))),
            phrase("practice.mistake.side_branch"),
        ),
        Choice(
            tuple(sorted((2 * number, other))),
            phrase("practice.choice.numbers", numbers=tuple(sorted((2 * number, other)))),
            phrase("practice.mistake.double_pips", number=number),
        ),
    )
    return Draft(
        position,
        (),
        (given_ends(position), phrase("practice.doubles.after", tile=double, number=number)),
        Choice(shown, phrase("practice.choice.numbers", numbers=shown)),
        wrong,
        (phrase("practice.explain.double_stays", tile=double, left=shown[0], right=shown[1]),),
    )


def _closes(number: int) -> Phrase:
    return phrase("practice.mistake.double_closes", number=number)


def _opening_double(rng: random.Random) -> Draft | None:
    """Level 2: the chain is an opening double alone; how many moves are there?"""
    position = first(
        walk(dealt("block", 2, rng), rng),
        lambda p: len(p.chain) == 1 and not p.is_over and p.can_play(),
    )
    if position is None:
        return None
    double = position.chain.tiles[0]
    slip = (len(playable(position)), phrase("practice.mistake.double_two_ends", tile=double))
    draft = _count_moves(position, (phrase("practice.given.opening_double", tile=double),), slip)
    why = phrase("practice.explain.opening_double", number=double.low)
    return replace(draft, explanation=(why, *draft.explanation))


def _on_line_b(position: Round) -> tuple[Tile, ...]:
    """The tiles of the hand that fit only the free line of the opening double, when the
    other end lies elsewhere and shows another number."""
    if not _open(position) or len(position.chain) < 2:
        return ()
    opening = position.chain.tiles[0]
    lines = [end for end in position.chain.open_ends if end.tile is opening]
    if not opening.is_double or len(lines) != 1:
        return ()
    other = next(end.pips for end in position.chain.open_ends if end.tile is not opening)
    if other == opening.low:
        return ()
    return tuple(tile for tile in position.hand if tile.has(opening.low) and not tile.has(other))


def _playable_tiles(rng: random.Random) -> Draft | None:
    """Level 3: the opening double still has a free line; how many tiles can you play?"""
    position = first(walk(dealt("block", 2, rng), rng), lambda p: bool(_on_line_b(p)))
    if position is None:
        return None
    double = position.chain.tiles[0]
    count = len(playable(position))
    right, wrong = number_choices(
        count,
        [
            (
                count - len(_on_line_b(position)),
                phrase("practice.mistake.double_line_b", tile=double, number=double.low),
            ),
            (len(position.hand), phrase("practice.mistake.counted_hand")),
        ],
    )
    return Draft(
        position,
        (position.turn,),
        (given_ends(position), _hand(position), phrase("practice.question.tiles")),
        right,
        wrong,
        (
            phrase("practice.explain.double_line_b", tile=double, number=double.low),
            phrase("practice.explain.playable", tiles=playable(position)),
        ),
    )


def doubles(level: int, rng: random.Random) -> Draft | None:
    """What a double leaves open (1), moves on an opening double (2), the opening
    double's free line later in the round (3)."""
    return (_double_leaves, _opening_double, _playable_tiles)[level - 1](rng)

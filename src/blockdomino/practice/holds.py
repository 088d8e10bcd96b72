"""Topic: what does a player probably hold? Reading the other players' passes and plays.

A player who passed when the ends showed x and y surely holds no tile with an x or a y
(nobody draws in Block). A player who played another tile while an end showed x
probably has no x: with one, they would most likely have played it there. Every answer
is what the coach itself reads (``analysis.coach``): the numbers a pass rules out, and
the numbers the coach says a player probably lacks (``claims.read_hands``) because of a
tile they chose; every wrong choice is a number the coach does not claim.

Level 1 reads a pass (which numbers surely not), level 2 a choice (which number
probably not), level 3 both together.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from blockdomino.analysis.coach.claims import SeatReading, read_hands
from blockdomino.analysis.coach.knowledge import View
from blockdomino.engine.chain import Chain
from blockdomino.engine.round import Play, Round
from blockdomino.engine.tiles import HIGHEST_NUMBER, Tile
from blockdomino.practice.drafts import Draft, dealt, walk
from blockdomino.practice.items import Choice, Either, Phrase, Seat, phrase
from blockdomino.practice.passes import pass_givens, passed_on, ruled_out

NUMBERS = tuple(range(HIGHEST_NUMBER + 1))


@dataclass(frozen=True, slots=True)
class Read:
    """What the seat to move can read about one other seat: the numbers its passes rule
    out (``surely``) and the coach's claims about it (``reading``)."""

    position: Round
    seat: int
    surely: frozenset[int]
    reading: SeatReading

    @property
    def chosen(self) -> tuple[tuple[int, Tile], ...]:
        """The numbers the seat probably lacks because of a tile it chose, each with that
        tile (every claimed number, when each has such a tile; else none)."""
        lacks = self.reading.lacks
        if any(lack.played is None for lack in lacks):
            return ()
        return tuple((lack.number, lack.played) for lack in lacks if lack.played is not None)

    def doubtful(self, number: int) -> bool:
        """Whether the coach makes no claim that the seat lacks ``number``: no pass
        rules it out, and its chance is below ``claims.PROBABLY``."""
        return number not in self.surely and all(
            lack.number != number for lack in self.reading.lacks
        )


def faced(position: Round, seat: int) -> frozenset[int]:
    """Every number an end showed when ``seat`` chose a tile to play."""
    seen: set[int] = set()
    chain = Chain()
    for event in position.history:
        if isinstance(event, Play):
            if event.seat == seat and chain.numbers is not None:
                seen.update(chain.numbers)
            chain = chain.play(event.tile, event.end)
    return frozenset(seen)


def _turned_down(position: Round, seat: int) -> bool:
    """Whether ``seat`` ever played a tile while an end showed a number the tile lacks
    and that it never passed on: else no claim can name a tile it chose (a passed-on
    number is sure, not probable), and the coach need not read the position."""
    passed = ruled_out(position, seat)
    chain = Chain()
    for event in position.history:
        if isinstance(event, Play):
            shown = [number for number in chain.numbers or () if number not in passed]
            if event.seat == seat and any(not event.tile.has(number) for number in shown):
                return True
            chain = chain.play(event.tile, event.end)
    return False


Asks = Callable[[Round, int], bool]
"""Whether a level may ask about a seat of a position, from what was played alone."""


def _found(rng: random.Random, asks: Asks, takes: Callable[[Read], bool]) -> Read | None:
    """The first read, in a round played out by random moves, of a seat (not the one to
    move) that the level ``asks`` about and whose read it ``takes``; the coach reads
    only such seats."""
    for position in walk(dealt("match", rng.choice((2, 3)), rng), rng):
        if position.is_over or position.chain.numbers is None:
            continue
        seats = [seat for seat in range(position.rules.players) if seat != position.turn]
        if not any(asks(position, seat) for seat in seats):
            continue
        view = View.of(position)
        for reading in read_hands(view):
            read = Read(position, reading.seat, view.ruled_out[reading.seat], reading)
            if asks(position, read.seat) and takes(read):
                return read
    return None


def _one_pass(position: Round, seat: int) -> bool:
    """Level 1 asks about a player who passed once, on two different numbers."""
    pairs = passed_on(position, seat)
    return len(pairs) == 1 and pairs[0][0] != pairs[0][1]


def _any(read: Read) -> bool:
    """Level 1 takes what the coach reads of any such player (it offers a number the
    coach claims only as a "probably, not surely" mistake)."""
    return True


def _one_choice(read: Read) -> bool:
    """Level 2: a player who never passed, and one number the coach claims from a tile
    they chose (and nothing else)."""
    return not read.surely and len(read.chosen) == 1 and len(read.reading.lacks) == 1


def _chose(position: Round, seat: int) -> bool:
    return not passed_on(position, seat) and _turned_down(position, seat)


def _passed_and_chose(position: Round, seat: int) -> bool:
    return bool(passed_on(position, seat)) and _turned_down(position, seat)


def _both(read: Read) -> bool:
    """Level 3: a player who passed, and one number the coach claims from a tile they
    chose."""
    return bool(read.surely) and len(read.chosen) == 1


def _numbers(numbers: frozenset[int] | set[int], mistake: Phrase | None = None) -> Choice:
    listed = tuple(sorted(numbers))
    return Choice(listed, phrase("practice.choice.numbers", numbers=listed), mistake)


def _played(read: Read, number: int, tile: Tile) -> Phrase:
    return phrase("practice.holds.played", player=Seat(read.seat), tile=tile, number=number)


def _chose_other(read: Read, number: int, tile: Tile) -> Phrase:
    return phrase("practice.explain.chose_other", player=Seat(read.seat), tile=tile, number=number)


def _ruled_out(read: Read) -> Phrase:
    listed = Either(tuple(sorted(read.surely)))
    return phrase("practice.explain.pass_rules_out", player=Seat(read.seat), numbers=listed)


def _surely(rng: random.Random) -> Draft | None:
    """Level 1: one pass; which numbers are surely not in the player's hand?"""
    read = _found(rng, _one_pass, _any)
    if read is None:
        return None
    player, surely = Seat(read.seat), read.surely
    listed = Either(tuple(sorted(surely)))
    one_end = phrase("practice.mistake.one_end", player=player, numbers=listed)
    wrong = [_numbers({number}, one_end) for number in sorted(surely)]
    for number, tile in read.chosen[:1]:
        slip = phrase("practice.mistake.not_surely", player=player, tile=tile, number=number)
        wrong.append(_numbers(surely | {number}, slip))
    never = [number for number in NUMBERS if number not in surely and read.doubtful(number)]
    if never and len(wrong) < 3:
        added = rng.choice(never)
        slip = phrase("practice.mistake.not_passed", player=player, number=added)
        wrong.append(_numbers(surely | {added}, slip))
    return Draft(
        read.position,
        (),
        (*pass_givens(read.position, read.seat), phrase("practice.holds.surely")),
        _numbers(surely),
        tuple(wrong),
        (_ruled_out(read),),
    )


def _single(number: int, mistake: Phrase | None = None) -> Choice:
    return Choice(number, phrase("practice.choice.number", number=number), mistake)


def _probably(rng: random.Random) -> Draft | None:
    """Level 2: a tile chosen while an end showed another number; which number is
    probably not in the player's hand?"""
    read = _found(rng, _chose, _one_choice)
    if read is None:
        return None
    ((number, tile),) = read.chosen
    player = Seat(read.seat)
    wrong = [
        _single(
            shown, phrase("practice.mistake.played_shows", player=player, tile=tile, number=shown)
        )
        for shown in sorted({tile.low, tile.high})
        if read.doubtful(shown)
    ]
    unasked = faced(read.position, read.seat) | {tile.low, tile.high}
    never = [other for other in NUMBERS if other not in unasked and read.doubtful(other)]
    for other in rng.sample(never, min(len(never), 3 - len(wrong))):
        wrong.append(
            _single(other, phrase("practice.mistake.never_shown", player=player, number=other))
        )
    return Draft(
        read.position,
        (),
        (_played(read, number, tile), phrase("practice.holds.probably")),
        _single(number),
        tuple(wrong),
        (_chose_other(read, number, tile),),
    )


def _combined(rng: random.Random) -> Draft | None:
    """Level 3: passes and a chosen tile together; which numbers are surely or probably
    not in the player's hand?"""
    read = _found(rng, _passed_and_chose, _both)
    if read is None:
        return None
    player, surely = Seat(read.seat), read.surely
    ((number, tile),) = read.chosen
    probably = {number}
    wrong = [
        _numbers(
            surely, phrase("practice.mistake.forgot_play", player=player, tile=tile, number=number)
        ),
        _numbers(probably, phrase("practice.mistake.forgot_the_pass", player=player)),
    ]
    shown = [other for other in (tile.low, tile.high) if read.doubtful(other)]
    if shown:
        slip = phrase("practice.mistake.played_shows", player=player, tile=tile, number=shown[0])
        wrong.append(_numbers(surely | probably | {shown[0]}, slip))
    return Draft(
        read.position,
        (),
        (
            *pass_givens(read.position, read.seat),
            _played(read, number, tile),
            phrase("practice.holds.combined"),
        ),
        _numbers(surely | probably),
        tuple(wrong),
        (_ruled_out(read), _chose_other(read, number, tile)),
    )


def probably_holds(level: int, rng: random.Random) -> Draft | None:
    """A pass read (1), a chosen tile read (2), both together (3)."""
    return (_surely, _probably, _combined)[level - 1](rng)

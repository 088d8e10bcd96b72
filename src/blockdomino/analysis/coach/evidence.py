"""What a seat's passes and draws say about the tiles it holds now.

In Block nobody draws, so a seat that passed on x and y holds no x or y for the rest of
the round. In the draw game a seat draws only when nothing fits, and draws until a tile
fits, which it must then play: so when it drew on ends x and y, every tile it held then,
and every tile it drew there and kept, shows neither x nor y. But tiles it draws on a
later turn may show them, and nobody else sees which tiles those are.

So each tile a seat holds came from a *slot*: one of the tiles dealt to it, or one of
its later draws (a draw that was played at once is no secret: the tile is in the
chain). A tile still held from a slot shows none of the ends the seat drew or passed on
since that slot was filled; a tile the seat played from there showed none of them
before it was played. A hand is consistent with the history when its tiles and the
seat's played tiles can be given one slot each (a matching).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from blockdomino.engine.chain import Chain
from blockdomino.engine.round import Draw, Event, Pass, Play
from blockdomino.engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class Holdings:
    """One seat's slots and played tiles, as every other seat can read them.

    ``slots[j]``: the numbers a tile still held from slot ``j`` cannot show (the dealt
    slots first, then the kept draws, oldest first). ``played``: each tile the seat
    played (but not straight after drawing it) and the slots it may have come from.
    """

    slots: tuple[frozenset[int], ...]
    played: tuple[tuple[Tile, tuple[int, ...]], ...]

    @property
    def ruled_out(self) -> frozenset[int]:
        """The numbers no tile the seat holds can show, whichever slot it came from."""
        return frozenset.intersection(*self.slots) if self.slots else frozenset()

    @property
    def exact(self) -> bool:
        """Whether ``ruled_out`` alone says all: every slot rules out the same numbers
        and every played tile could have come from any slot."""
        everywhere = tuple(range(len(self.slots)))
        return len(set(self.slots)) <= 1 and all(places == everywhere for _, places in self.played)

    def allows(self, hand: Sequence[Tile]) -> bool:
        """Whether the seat may hold ``hand`` now: its tiles and the played ones can be
        given one slot each, every tile showing no number its slot rules out."""
        places = [
            tuple(j for j, ruled in enumerate(self.slots) if not tile.mask & _mask(ruled))
            for tile in hand
        ]
        places.extend(slots for _, slots in self.played)
        if len(places) != len(self.slots):
            return False
        taken: list[int | None] = [None] * len(self.slots)
        return all(_augment(places, item, taken, set()) for item in range(len(places)))


def _mask(numbers: frozenset[int]) -> int:
    """The numbers as a tile mask (bit ``n`` for number ``n``)."""
    return sum(1 << number for number in numbers)


def _augment(
    places: list[tuple[int, ...]], item: int, taken: list[int | None], seen: set[int]
) -> bool:
    """Give ``item`` a slot, moving earlier items along (Kuhn's augmenting path)."""
    for slot in places[item]:
        if slot in seen:
            continue
        seen.add(slot)
        holder = taken[slot]
        if holder is None or _augment(places, holder, taken, seen):
            taken[slot] = item
            return True
    return False


def starting_ends(chain: Chain, history: tuple[Event, ...]) -> tuple[int, ...]:
    """The numbers the chain showed before ``history``: none where the history opens it
    (or nothing lies yet), else the ends of a position set up mid-round, found by taking
    back each play of the history."""
    if chain.numbers is None:
        return ()
    ends = list(chain.numbers)
    for event in reversed(history):
        if isinstance(event, Play):
            if event.end is None:
                return ()
            ends[ends.index(event.tile.other(event.end.pips))] = event.end.pips
    return tuple(ends)


def holdings(
    players: int, dealt: int, history: tuple[Event, ...], *, chain: Chain | None = None
) -> tuple[Holdings, ...]:
    """Each seat's ``Holdings`` from the history; the tiles drawn are not read.

    The ends are followed through the history: the opening tile shows both its numbers;
    a tile joining the end showing ``n`` replaces ``n`` by its other number. ``chain``,
    the chain after the history, says which ends a position set up mid-round began with.
    """
    arrivals: list[list[int]] = [[-1] * dealt for _ in range(players)]
    refusals: list[list[tuple[int, frozenset[int]]]] = [[] for _ in range(players)]
    plays: list[list[tuple[int, Tile]]] = [[] for _ in range(players)]
    ends = list(starting_ends(chain, history)) if chain is not None else []
    for time, event in enumerate(history):
        following = history[time + 1] if time + 1 < len(history) else None
        if isinstance(event, Draw):
            refusals[event.seat].append((time, frozenset(ends)))
            if following is None:  # the drawer is still to move: the tile may fit
                arrivals[event.seat].append(time + 1)
            elif not (isinstance(following, Play) and following.seat == event.seat):
                arrivals[event.seat].append(time)
        elif isinstance(event, Pass):
            refusals[event.seat].append((time, frozenset(ends)))
        else:
            previous = history[time - 1] if time else None
            if not (isinstance(previous, Draw) and previous.seat == event.seat):
                plays[event.seat].append((time, event.tile))
            if event.end is None:
                ends = [event.tile.low, event.tile.high]
            else:
                ends[ends.index(event.end.pips)] = event.tile.other(event.end.pips)
    return tuple(
        _seat_holdings(arrivals[seat], refusals[seat], plays[seat]) for seat in range(players)
    )


def _seat_holdings(
    arrivals: list[int], refusals: list[tuple[int, frozenset[int]]], plays: list[tuple[int, Tile]]
) -> Holdings:
    def ruled(start: int, stop: float) -> frozenset[int]:
        numbers: set[int] = set()
        for time, ends in refusals:
            if start <= time < stop:
                numbers |= ends
        return frozenset(numbers)

    slots = tuple(ruled(arrival, float("inf")) for arrival in arrivals)
    played = tuple(
        (
            tile,
            tuple(
                j
                for j, arrival in enumerate(arrivals)
                if arrival < time and not tile.mask & _mask(ruled(arrival, time))
            ),
        )
        for time, tile in plays
    )
    return Holdings(slots, played)

"""What one seat can know: its own hand, the chain, who passed on what, how many tiles each holds.

Hands are secret and the tiles out of play stay face down all round, so the seat to
move sees only its hand, the tiles in the chain, the history of plays and passes, the
size of every hand and how many tiles lie out of play. A pass says much: a seat that
passed when the ends showed x and y held no tile showing x or y, and since nobody ever
draws, it holds none for the rest of the round. Counting tiles this way is the first
skill strong players name.
"""

from __future__ import annotations

from dataclasses import dataclass

from blockdomino.chain import Chain
from blockdomino.errors import RulesError
from blockdomino.round import Event, Move, Pass, Play, Round
from blockdomino.rules import Rules
from blockdomino.tiles import DOUBLE_SIX, Tile


@dataclass(frozen=True, slots=True)
class View:
    """A position as the seat to move sees it (nothing here is secret to that seat).

    ``sizes`` holds every seat's hand size; ``ruled_out[s]`` the numbers seat ``s`` is
    known not to hold (from its passes); ``moves`` the seat's legal moves.
    """

    rules: Rules
    seat: int
    hand: tuple[Tile, ...]
    chain: Chain
    sizes: tuple[int, ...]
    out_of_play: int
    ruled_out: tuple[frozenset[int], ...]
    moves: tuple[Move, ...]

    @classmethod
    def of(cls, position: Round) -> View:
        """What the seat to move of ``position`` sees; refused once the round is over."""
        if position.is_over:
            raise RulesError("error.coach.round_over")
        return cls(
            position.rules,
            position.turn,
            position.hand,
            position.chain,
            tuple(len(hand) for hand in position.hands),
            len(position.out_of_play),
            ruled_out_numbers(position.rules.players, position.history),
            position.legal_moves(),
        )

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """The tiles this seat has not seen: in the other hands or out of play."""
        seen = set(self.hand) | set(self.chain.tiles)
        return tuple(tile for tile in DOUBLE_SIX if tile not in seen)

    def could_hold(self, seat: int, tile: Tile) -> bool:
        """Whether ``seat`` may hold the unseen ``tile``: it shows no number ruled out."""
        return not any(tile.has(number) for number in self.ruled_out[seat])


def ruled_out_numbers(players: int, history: tuple[Event, ...]) -> tuple[frozenset[int], ...]:
    """For each seat, the numbers it passed on: the ends showing when it passed.

    The ends are followed through the history: the opening tile shows both its numbers;
    a tile joining the end showing ``n`` replaces ``n`` by its other number.
    """
    ruled: list[set[int]] = [set() for _ in range(players)]
    ends: list[int] = []
    for event in history:
        if isinstance(event, Pass):
            ruled[event.seat].update(ends)
        elif not isinstance(event, Play):
            continue
        elif event.end is None:
            ends = [event.tile.low, event.tile.high]
        else:
            ends[ends.index(event.end.pips)] = event.tile.other(event.end.pips)
    return tuple(frozenset(numbers) for numbers in ruled)


@dataclass(frozen=True, slots=True)
class SeatKnowledge:
    """What the learner knows about another seat's hand."""

    seat: int
    size: int
    ruled_out: tuple[int, ...]
    possible: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the seat to move knows: each other seat, and the count of tiles unseen.

    ``unseen`` is the number of tiles nobody has shown this seat (the other hands and
    the tiles out of play together); ``out_of_play`` how many of them lie face down.
    """

    seat: int
    others: tuple[SeatKnowledge, ...]
    unseen: int
    out_of_play: int


def knowledge(position: Round | View) -> Knowledge:
    """What the seat to move knows about each other seat and about the unseen tiles.

    For each other seat: how many tiles it holds, the numbers it cannot hold (it passed
    on them) and the unseen tiles that could be with it.
    """
    view = position if isinstance(position, View) else View.of(position)
    unseen = view.unseen
    players = view.rules.players
    others = tuple(
        SeatKnowledge(
            seat,
            view.sizes[seat],
            tuple(sorted(view.ruled_out[seat])),
            tuple(tile for tile in unseen if view.could_hold(seat, tile)),
        )
        for seat in (
            (view.seat + offset * view.rules.direction.value) % players
            for offset in range(1, players)
        )
    )
    return Knowledge(view.seat, others, len(unseen), view.out_of_play)

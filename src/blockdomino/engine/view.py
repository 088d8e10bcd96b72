"""What one seat may see of a round: the observer, decided in one place.

A seat sees its own hand, the chain, how many tiles every hand holds, the size of the
pot (or of the tiles out of play), every play and pass, and every draw from the pot,
but the drawn tile only when it drew it; once the round is over, every hand. A
spectator (seat ``None``) sees only what is public, and every hand at the end. The
pictures, the texts and the coach all read a round through a ``SeatView``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from blockdomino.engine.chain import Chain
from blockdomino.engine.events import Draw, Event, LeadDecision, Move
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import Tile

Reveal = bool | Iterable[int] | None
"""Which hands lie face up: by default the seat's own (all once the round is over);
``True`` all, ``False`` none, or the seats given, as a teacher shows a table."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """A round as one seat (``None``: a spectator) may see it; nothing here is hidden from it.

    ``hands[s]`` is seat ``s``'s hand where it lies face up to this seat, else ``None``;
    ``sizes`` every hand's size; ``out_of_play`` how many tiles lie face down (in the
    draw game: in the pot). In ``history`` a draw's tile is ``None`` unless the drawer's
    hand lies face up. ``moves`` are the legal plays of the seat to move where its hand
    lies face up. ``lead`` says how the leader was found, which every seat watched.
    """

    rules: Rules
    seat: int | None
    turn: int
    chain: Chain
    hands: tuple[tuple[Tile, ...] | None, ...]
    sizes: tuple[int, ...]
    out_of_play: int
    history: tuple[Event, ...]
    moves: tuple[Move, ...]
    is_over: bool
    dominoer: int | None
    lead: LeadDecision | None = None

    @property
    def hand(self) -> tuple[Tile, ...]:
        """This seat's own hand where it lies face up (a spectator's: none)."""
        own = None if self.seat is None else self.hands[self.seat]
        return own or ()

    @property
    def shown(self) -> frozenset[int]:
        """The seats whose hands lie face up."""
        return frozenset(seat for seat, hand in enumerate(self.hands) if hand is not None)


class Position(Protocol):
    """A round as a seat's view is drawn from it (``engine.round.Round``): the view is
    written over these values alone, so the round may use it."""

    @property
    def rules(self) -> Rules: ...
    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]: ...
    @property
    def chain(self) -> Chain: ...
    @property
    def out_of_play(self) -> tuple[Tile, ...]: ...
    @property
    def turn(self) -> int: ...
    @property
    def history(self) -> tuple[Event, ...]: ...
    @property
    def lead(self) -> LeadDecision | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def dominoer(self) -> int | None: ...
    def legal_moves(self) -> tuple[Move, ...]: ...
    def can_draw(self) -> bool: ...


def _face_up(position: Position, seat: int | None, reveal: Reveal) -> frozenset[int]:
    seats = range(position.rules.players)
    if reveal is None:
        return frozenset(seats if position.is_over else () if seat is None else (seat,))
    if isinstance(reveal, bool):
        return frozenset(seats if reveal else ())
    return frozenset(reveal)


def _seen(event: Event, shown: frozenset[int]) -> Event:
    """A draw as this view sees it: its tile only where the drawer's hand lies face up."""
    if isinstance(event, Draw) and event.seat not in shown:
        return Draw(event.seat)
    return event


def seat_view(position: Position, seat: int | None, *, reveal: Reveal = None) -> SeatView:
    """``position`` as ``seat`` sees it (``None``: a spectator).

    ``reveal`` overrides which hands lie face up (see ``Reveal``): a teacher's table,
    not a player's.
    """
    shown = _face_up(position, seat, reveal)
    history = position.history
    if any(isinstance(event, Draw) and event.seat not in shown for event in history):
        history = tuple(_seen(event, shown) for event in history)
    return SeatView(
        position.rules,
        seat,
        position.turn,
        position.chain,
        tuple(hand if number in shown else None for number, hand in enumerate(position.hands)),
        tuple(len(hand) for hand in position.hands),
        len(position.out_of_play),
        history,
        position.legal_moves() if position.turn in shown else (),
        position.is_over,
        position.dominoer,
        position.lead,
    )

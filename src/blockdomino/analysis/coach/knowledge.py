"""What one seat can know: its own hand, the chain, who passed on what, how many tiles each holds.

Hands are secret and the tiles out of play stay face down all round, so the seat to
move sees only its hand, the tiles in the chain, the history of plays and passes, the
size of every hand and how many tiles lie out of play. A pass says much: a seat that
passed when the ends showed x and y held no tile showing x or y, and since nobody ever
draws, it holds none for the rest of the round. Counting tiles this way is the first
skill strong players name. In the draw game the pot is more unseen tiles (its size
known), and a draw says what a pass says, but only of the tiles held or drawn then: a
later draw may bring x or y back (``coach.evidence``).
"""

from __future__ import annotations

from dataclasses import dataclass

from blockdomino.analysis.coach.evidence import Holdings, holdings
from blockdomino.engine.chain import Chain
from blockdomino.engine.errors import RulesError
from blockdomino.engine.events import Event, LeadDecision
from blockdomino.engine.round import Move, Round
from blockdomino.engine.rules import FirstLeader, Rules
from blockdomino.engine.tiles import DOUBLE_SIX, HIGHEST_NUMBER, Tile
from blockdomino.engine.view import SeatView, seat_view


@dataclass(frozen=True, slots=True)
class View:
    """A position as the seat to move sees it (nothing here is secret to that seat).

    ``sizes`` holds every seat's hand size; ``out_of_play`` how many tiles lie out of
    play (in the draw game, in the pot); ``ruled_out[s]`` the numbers seat ``s`` is known
    not to hold (from its passes and draws); ``moves`` the seat's legal moves;
    ``holdings[s]`` what seat ``s``'s draws say beyond ``ruled_out`` (empty: nothing);
    ``history`` the plays, passes and draws the seat saw (the reading coach reads the
    choices in it, ``coach.reading``); ``barred[s]`` the doubles seat ``s`` cannot hold
    because the lead said so (``lead_barred``; empty: none, or not read).
    """

    rules: Rules
    seat: int
    hand: tuple[Tile, ...]
    chain: Chain
    sizes: tuple[int, ...]
    out_of_play: int
    ruled_out: tuple[frozenset[int], ...]
    moves: tuple[Move, ...]
    holdings: tuple[Holdings, ...] = ()
    history: tuple[Event, ...] = ()
    barred: tuple[frozenset[Tile], ...] = ()

    @classmethod
    def of(cls, position: Round | SeatView) -> View:
        """What the seat to move of ``position`` sees (a round, or the seat to move's own
        view of it, ``engine.view``); refused once the round is over."""
        seen = seat_view(position, position.turn) if isinstance(position, Round) else position
        if seen.is_over:
            raise RulesError("error.coach.round_over")
        if seen.seat != seen.turn:
            raise RulesError("error.coach.not_to_move")
        rules = seen.rules
        read = holdings(rules.players, rules.tiles_each, seen.history, chain=seen.chain)
        return cls(
            rules,
            seen.turn,
            seen.hand,
            seen.chain,
            seen.sizes,
            seen.out_of_play,
            tuple(seat.ruled_out for seat in read),
            seen.moves,
            () if all(seat.exact for seat in read) else read,
            seen.history,
            lead_barred(rules, seen.lead, read),
        )

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """The tiles this seat has not seen: in the other hands or out of play."""
        seen = set(self.hand) | set(self.chain.tiles)
        return tuple(tile for tile in DOUBLE_SIX if tile not in seen)

    def could_hold(self, seat: int, tile: Tile) -> bool:
        """Whether ``seat`` may hold the unseen ``tile``: it shows no number ruled out."""
        return not any(tile.has(number) for number in self.ruled_out[seat])

    def may_be_dealt(self, seat: int, tile: Tile) -> bool:
        """Whether ``seat`` may hold the unseen ``tile`` once the lead is read too."""
        return self.could_hold(seat, tile) and not (self.barred and tile in self.barred[seat])


def lead_barred(
    rules: Rules, lead: LeadDecision | None, read: tuple[Holdings, ...]
) -> tuple[frozenset[Tile], ...]:
    """The doubles each seat cannot hold because of how the leader was found.

    When the holder of the highest double dealt leads (``FirstLeader.HIGHEST_DOUBLE``),
    the double that decided says that no hand was dealt a higher one. In the draw game a
    seat that kept a drawn tile may have drawn one since. Empty when the lead says
    nothing (a fair draw, [6|6], a leader set from outside).
    """
    if (
        lead is None
        or lead.given
        or lead.tile is None
        or rules.first_leader is not FirstLeader.HIGHEST_DOUBLE
    ):
        return ()
    higher = frozenset(Tile(n, n) for n in range(lead.tile.high + 1, HIGHEST_NUMBER + 1))
    return tuple(higher if len(seat.slots) <= rules.tiles_each else frozenset() for seat in read)


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
    the tiles out of play together); ``out_of_play`` how many of them lie face down
    (``pot``: in the draw game's pot).
    """

    seat: int
    others: tuple[SeatKnowledge, ...]
    unseen: int
    out_of_play: int
    pot: bool = False


def knowledge(position: Round | View) -> Knowledge:
    """What the seat to move knows about each other seat and about the unseen tiles.

    For each other seat: how many tiles it holds, the numbers it cannot hold (it passed
    or drew on them, and has drawn nothing since that could show them) and the unseen
    tiles that could be with it.
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
    return Knowledge(view.seat, others, len(unseen), view.out_of_play, view.rules.pot)

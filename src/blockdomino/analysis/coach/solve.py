"""``solve``: the exact value of a position and of each legal move, every hand known.

The round is turned into the search's bits (``coach.search``): hands as sets of tiles,
the chain as its two end numbers, the draw game's pot as its tiles in order. Each legal
move is played at the root and the rest searched with a full window, so every move gets
its exact value, not only the best.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from blockdomino.analysis.coach.following import Scores
from blockdomino.analysis.coach.search import Node, Outcome, Pot, after_play, fits, searcher
from blockdomino.analysis.coach.values import Evaluation, MoveValue
from blockdomino.engine.bits import BIT
from blockdomino.engine.errors import RulesError
from blockdomino.engine.round import Move, Round
from blockdomino.engine.rules import SET_SIZE, Rules

EVERY_TILE = (1 << SET_SIZE) - 1
"""The set of all the tiles."""


def tile_set(tiles: Sequence[object]) -> int:
    """A hand as the search's set of tiles."""
    bits = 0
    for tile in tiles:
        bits |= BIT[tile.index]  # type: ignore[attr-defined]
    return bits


class RootSearch:
    """The values of a list of root moves for the seat to move, over any deal of hands.

    One per (rules, seat): its transposition table is kept from deal to deal (a key
    holds every hand, so entries of one deal never answer for another); ``reset``
    empties it. ``followed``: the seats searched as their kind of player plays, with
    that kind's scores (``coach.following``); then every value asked needs the
    ``chain``'s tiles too (whether a play closes an end).
    """

    def __init__(
        self, rules: Rules, seat: int, followed: Mapping[int, Scores] | None = None
    ) -> None:
        self.rules, self.seat, self.followed = rules, seat, dict(followed or {})
        self.outcome = Outcome(rules, seat)
        self.node: Node = searcher(rules, seat, self.followed)
        self.next_seat = rules.next_seat(seat)

    def reset(self) -> None:
        """Forget the transposition table (a hint does so between deals to save memory)."""
        self.node = searcher(self.rules, self.seat, self.followed)

    def _rest(self, hands: list[int], chain: int) -> int:
        """The tiles in no hand and not in the chain, when a seat is followed (else 0)."""
        if not self.followed:
            return 0
        held = 0
        for hand in hands:
            held |= hand
        return EVERY_TILE & ~(held | chain)

    def move_values(
        self,
        hands: list[int],
        ends: tuple[int, int] | None,
        moves: Sequence[Move],
        pot: Pot = (),
        chain: int = 0,
    ) -> list[int]:
        """The exact value of each move in ``moves`` (legal for ``seat`` in ``hands``)."""
        values = []
        seat = self.seat
        hand = hands[seat]
        rest = self._rest(hands, chain)
        for move in moves:
            tile = move.tile.index
            end = None if move.end is None else move.end.pips
            new_ends = after_play(tile, end, ends)
            hands[seat] = hand ^ BIT[tile]
            if not hands[seat]:
                values.append(self.outcome.domino(hands, seat))
            elif not pot and not any(fits(other, new_ends) for other in hands):
                values.append(self.outcome.blocked(hands))
            else:
                values.append(self.node(hands, *new_ends, self.next_seat, pot, rest))
            hands[seat] = hand
        return values

    def forced_value(
        self, hands: list[int], ends: tuple[int, int], pot: Pot = (), chain: int = 0
    ) -> int:
        """The value when the seat to move cannot play: it draws from the pot as the rules
        force it, or with the pot empty passes (blocked if nobody can play)."""
        rest = self._rest(hands, chain)
        if pot:
            return self.node(hands, *ends, self.seat, pot, rest)
        if not any(fits(hand, ends) for hand in hands):
            return self.outcome.blocked(hands)
        return self.node(hands, *ends, self.next_seat, pot, rest)


def solve(position: Round, followed: Mapping[int, Scores] | None = None) -> Evaluation:
    """The exact value of ``position`` for the side of the seat to move, move by move.

    Every hand is read, and in the draw game the pot's order too, so this is the answer
    with the cards turned up (``hint`` is the one a player can use). A seat that cannot
    play has no move to value: the value is that of its forced draws or pass. In
    ``match`` values are points margins, in ``block``, ``partnership`` and ``draw`` +1
    win, 0 nobody wins, −1 loss; with three or four players each for themselves, the
    paranoid value (all others against the seat to move). ``followed``: opponents
    searched as their kind of player plays, each with its kind's scores
    (``coach.following``: the best response to such a player). A round already over is
    refused.
    """
    if position.is_over:
        raise RulesError("error.coach.round_over")
    seat, rules = position.turn, position.rules
    root = RootSearch(rules, seat, followed)
    hands = [tile_set(hand) for hand in position.hands]
    ends = position.chain.numbers
    moves = position.legal_moves()
    pot = tuple(tile.index for tile in position.pot)
    chain = tile_set(position.chain.tiles)
    if not moves:
        assert ends is not None  # the opening is never passed
        value = root.forced_value(hands, ends, pot, chain)
        return Evaluation(seat, value, (), 1)
    values = root.move_values(hands, ends, moves, pot, chain)
    entries = tuple(
        MoveValue(move, value, float(value > 0), 1)
        for move, value in zip(moves, values, strict=True)
    )
    return Evaluation(seat, max(values), entries, 1)

"""``solve``: the exact value of a position and of each legal move, every hand known.

The round is turned into the search's bits (``coach.search``): hands as sets of tiles,
the chain as its two end numbers, the draw game's pot as its tiles in order. Each legal
move is played at the root and the rest searched with a full window, so every move gets
its exact value, not only the best.
"""

from __future__ import annotations

from collections.abc import Sequence

from blockdomino.analysis.coach.search import Node, Outcome, Pot, after_play, fits, searcher
from blockdomino.analysis.coach.values import Evaluation, MoveValue
from blockdomino.engine.bits import BIT
from blockdomino.engine.errors import RulesError
from blockdomino.engine.round import Move, Round
from blockdomino.engine.rules import Rules


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
    empties it.
    """

    def __init__(self, rules: Rules, seat: int) -> None:
        self.rules, self.seat = rules, seat
        self.outcome = Outcome(rules, seat)
        self.node: Node = searcher(rules, seat)
        self.next_seat = rules.next_seat(seat)

    def reset(self) -> None:
        """Forget the transposition table (a hint does so between deals to save memory)."""
        self.node = searcher(self.rules, self.seat)

    def move_values(
        self,
        hands: list[int],
        ends: tuple[int, int] | None,
        moves: Sequence[Move],
        pot: Pot = (),
    ) -> list[int]:
        """The exact value of each move in ``moves`` (legal for ``seat`` in ``hands``)."""
        values = []
        seat = self.seat
        hand = hands[seat]
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
                values.append(self.node(hands, *new_ends, self.next_seat, pot))
            hands[seat] = hand
        return values

    def forced_value(self, hands: list[int], ends: tuple[int, int], pot: Pot = ()) -> int:
        """The value when the seat to move cannot play: it draws from the pot as the rules
        force it, or with the pot empty passes (blocked if nobody can play)."""
        if pot:
            return self.node(hands, *ends, self.seat, pot)
        if not any(fits(hand, ends) for hand in hands):
            return self.outcome.blocked(hands)
        return self.node(hands, *ends, self.next_seat, pot)


def solve(position: Round) -> Evaluation:
    """The exact value of ``position`` for the side of the seat to move, move by move.

    Every hand is read, and in the draw game the pot's order too, so this is the answer
    with the cards turned up (``hint`` is the one a player can use). A seat that cannot
    play has no move to value: the value is that of its forced draws or pass. In
    ``match`` values are points margins, in ``block``, ``partnership`` and ``draw`` +1
    win, 0 nobody wins, −1 loss; with three or four players each for themselves, the
    paranoid value (all others against the seat to move). A round
    already over is refused.
    """
    if position.is_over:
        raise RulesError("error.coach.round_over")
    seat, rules = position.turn, position.rules
    root = RootSearch(rules, seat)
    hands = [tile_set(hand) for hand in position.hands]
    ends = position.chain.numbers
    moves = position.legal_moves()
    pot = tuple(tile.index for tile in position.pot)
    if not moves:
        assert ends is not None  # the opening is never passed
        value = root.forced_value(hands, ends, pot)
        return Evaluation(seat, value, (), 1)
    values = root.move_values(hands, ends, moves, pot)
    entries = tuple(
        MoveValue(move, value, float(value > 0), 1)
        for move, value in zip(moves, values, strict=True)
    )
    return Evaluation(seat, max(values), entries, 1)

"""The exact value of a position in which every hand is known, by alpha-beta search.

A round of Block is a game of perfect information once the hands are turned up: the
tiles out of play never come back (no boneyard), passes are forced, and a round ends on
a domino or a block. In the draw game it is too once the pot's order is turned up as
well: a seat that cannot play draws, as the rules force it, until a tile fits (which it
then plays) or the pot is empty (then it passes). So its value can be computed exactly,
for the side of the seat to move, under the preset's own award:

- ``match`` (scored): the points margin, the points that side wins minus the points
  another side wins in the round (only one side scores, so it is ``+award``,
  ``-award`` or 0 for a tie);
- ``block`` and ``partnership`` (one hand decides): +1 a win, 0 nobody wins (a blocked
  round with equal lowest totals), −1 a loss.

With two players, and in a partnership (team against team), this is the exact value of
the game. With three or four players each for themselves it is the *paranoid* value:
every other seat is assumed to play against the seat to move, as one coalition. It is
exact for that assumption and a safe bound for the real game, where the others also
play against each other.

The search works over the kernel's representation (``blockdomino.engine.bits``):
each hand a set of tiles in an int (bit ``i`` is ``DOUBLE_SIX[i]``), the chain only its
two end numbers, the pot a tuple of tile indices (top first) and how many have been
drawn, since the value of what remains depends on nothing else. It uses alpha-beta with
a transposition table keyed on (hands, tiles drawn, end numbers, seat to move) and
orders moves heaviest tile first, the best move found before leading.

A seat whose style the coach has read may be *followed* (``coach.following``): it then
chooses only among the plays its kind of player makes (still the worst of them for the
side searched), a best response to that player instead of to a perfect one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from blockdomino.analysis.coach.following import Scores, plausible
from blockdomino.engine.bits import BIT, HIGH, LOW, PIPS, SHOWING, pips
from blockdomino.engine.rules import SET_SIZE, Rules

WIDEST: Final = 1000
"""Beyond any value: no round awards that many points."""

Ends = tuple[int, int]
"""The numbers the two open ends show."""

Pot = tuple[int, ...]
"""The draw game's pot as tile indices, top first; empty in Block."""

Node = Callable[[list[int], int, int, int, Pot, int], int]
"""``value(hands, a, b, seat, pot, rest)``: the value after a play left ends ``a``, ``b``
and it is ``seat``'s turn (to play, or when it cannot, to draw from ``pot`` or pass); the
round is not over. ``rest``: the tiles neither in the chain nor in a hand (out of play,
or in the pot), read only for a followed seat's plays."""


def fits(tiles: int, ends: Ends) -> int:
    """The tiles of a set that show either end's number."""
    return tiles & (SHOWING[ends[0]] | SHOWING[ends[1]])


def after_play(tile: int, end: int | None, ends: Ends | None) -> Ends:
    """The end numbers once ``tile`` joins the end showing ``end`` (``None``: it opens)."""
    if ends is None or end is None:
        low, high = LOW[tile], HIGH[tile]
        return low, high
    left, right = ends
    if left == end:
        return PIPS[tile] - end, right
    return left, PIPS[tile] - end


class Outcome:
    """The award of a finished round as a value for one side (see the module text)."""

    def __init__(self, rules: Rules, seat: int) -> None:
        self.players = rules.players
        side = rules.side_of(seat)
        self.mine = tuple(other in side for other in range(rules.players))
        self.side_index = tuple(
            next(i for i, members in enumerate(rules.sides()) if other in members)
            for other in range(rules.players)
        )
        self.sides = len(rules.sides())
        self.my_side = self.side_index[seat]
        self.scored = rules.scored

    def domino(self, hands: list[int], seat: int) -> int:
        """``seat`` played its last tile: its side wins the opponents' pips (or 1)."""
        if self.scored:
            side = self.side_index[seat]
            award = sum(
                pips(hand) for other, hand in enumerate(hands) if self.side_index[other] != side
            )
        else:
            award = 1
        return award if self.mine[seat] else -award

    def blocked(self, hands: list[int]) -> int:
        """Nobody can play: the side alone with the lowest total wins (none on a tie)."""
        if self.sides == self.players:  # one seat a side: the seats' totals
            totals = [pips(hand) for hand in hands]
        else:
            totals = [0] * self.sides
            for seat, hand in enumerate(hands):
                totals[self.side_index[seat]] += pips(hand)
        lowest = min(totals)
        if totals.count(lowest) > 1:
            return 0
        winner = totals.index(lowest)
        award = sum(totals) - 2 * lowest if self.scored else 1
        return award if winner == self.my_side else -award


def searcher(rules: Rules, seat: int, followed: Mapping[int, Scores] | None = None) -> Node:
    """The value function for the side of ``seat``, with its own transposition table.

    Seats of that side maximise, every other seat minimises (the paranoid coalition with
    three or four players each for themselves); a seat in ``followed`` minimises over the
    plays its kind makes only (``coach.following``; its scores of a play's features).
    Hands are changed in place while the search runs and restored before it returns.
    The search carries two sums along: the table key of the hands (each hand's bits
    shifted by 28 per seat, the count of tiles drawn above them) and the set of all
    tiles in hand. The table holds one pot order at a time: it is emptied when the value
    of a position with another is asked. The tiles out of play (``rest``) are part of
    the key, so one table serves many deals of a followed seat.
    """
    outcome = Outcome(rules, seat)
    players, step = rules.players, rules.direction.value
    following = tuple((other + step) % players for other in range(players))
    shift = tuple(SET_SIZE * other for other in range(players))
    drawn_shift = SET_SIZE * players
    salt_shift = drawn_shift + 5  # above the count of tiles drawn (fewer than 32)
    mine = outcome.mine
    domino, blocked = outcome.domino, outcome.blocked
    follows = tuple(
        None if mine[other] else (followed or {}).get(other) for other in range(players)
    )
    table: dict[int, tuple[int, int, int]] = {}
    plays = _PLAYS
    pot: Pot = ()
    pot_size = 0
    stacked: tuple[int, ...] = (0,)  # stacked[i]: the set of the pot's top i tiles
    outside = 0

    def value(hands: list[int], a: int, b: int, turn: int, new_pot: Pot, rest: int) -> int:
        nonlocal pot, pot_size, stacked, outside
        if new_pot != pot:
            table.clear()
            pot, pot_size, stacked = new_pot, len(new_pot), _stacked(new_pot)
        outside = rest
        key = rest << salt_shift
        in_hands = 0
        for other, hand in enumerate(hands):
            key |= hand << shift[other]
            in_hands |= hand
        return search(hands, key, in_hands, a, b, turn, 0, alpha=-WIDEST, beta=WIDEST)

    def draw(
        hands: list[int], key: int, in_hands: int, a: int, b: int, turn: int, drawn: int
    ) -> tuple[int, int, int, int]:
        """``turn`` cannot play: it draws until a tile fits or the pot is empty.

        Gives the key, the tiles in hand, the seat to move next (the drawer if a tile
        fits, else the next seat) and the count drawn; the drawer's hand grows in place.
        """
        wanted = SHOWING[a] | SHOWING[b]
        last = drawn
        while last < pot_size and not BIT[pot[last]] & wanted:
            last += 1
        taken = min(last + 1, pot_size)
        tiles = stacked[taken] ^ stacked[drawn]
        hands[turn] |= tiles
        key = (key ^ tiles << shift[turn]) + (taken - drawn << drawn_shift)
        after = turn if last < pot_size else following[turn]
        return key, in_hands | tiles, after, taken

    def search(
        hands: list[int],
        key: int,
        in_hands: int,
        a: int,
        b: int,
        turn: int,
        drawn: int,
        alpha: int,
        beta: int,
    ) -> int:
        wanted = SHOWING[a] | SHOWING[b]
        if drawn < pot_size and not hands[turn] & wanted:
            hand = hands[turn]
            drawer = turn
            key, in_hands, turn, drawn = draw(hands, key, in_hands, a, b, turn, drawn)
            if in_hands & wanted:
                result = search(hands, key, in_hands, a, b, turn, drawn, alpha, beta)
            else:
                result = blocked(hands)
            hands[drawer] = hand
            return result
        while not hands[turn] & wanted:  # forced passes
            turn = following[turn]
        if a > b:  # one order of the ends, so that a play's end bit means one end
            a, b = b, a
        entry_key = (key << 6 | a * 7 + b) << 3 | turn
        entry = table.get(entry_key)
        first = -1
        if entry is not None:
            lower, upper, first = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        start_alpha, start_beta = alpha, beta
        hand = hands[turn]
        fitting = hand & wanted
        moves = plays.get((fitting << 6 | a) << 3 | b)
        if moves is None:
            moves = plays[(fitting << 6 | a) << 3 | b] = ordered(fitting, a, b)
        scores = follows[turn]
        if scores is not None and len(moves) > 1:
            moves = plausible(moves, scores, hand, (in_hands | outside) & ~hand, a, b)
        if first >= 0 and moves[0] != first:
            moves = [first, *(move for move in moves if move != first)]
        maximising = mine[turn]
        best = -WIDEST - 1 if maximising else WIDEST + 1
        best_move = -1
        after = following[turn]
        shifted = shift[turn]
        pot_empty = drawn == pot_size
        for move in moves:
            tile = move >> 1
            bit = BIT[tile]
            hands[turn] = hand ^ bit
            if move & 1:
                na, nb = PIPS[tile] - a, b
            else:
                na, nb = a, PIPS[tile] - b
            if hand == bit:
                result = domino(hands, turn)
            elif pot_empty and not (in_hands ^ bit) & (SHOWING[na] | SHOWING[nb]):
                result = blocked(hands)
            else:
                result = search(
                    hands, key ^ bit << shifted, in_hands ^ bit, na, nb, after, drawn, alpha, beta
                )
            hands[turn] = hand
            if maximising:
                if result > best:
                    best, best_move = result, move
                    if result > alpha:
                        alpha = result
            elif result < best:
                best, best_move = result, move
                if result < beta:
                    beta = result
            if alpha >= beta:
                break
        lower, upper = (entry[0], entry[1]) if entry is not None else (-WIDEST, WIDEST)
        if best <= start_alpha:
            if best < upper:
                upper = best
        elif best >= start_beta:
            if best > lower:
                lower = best
        else:
            lower = upper = best
        table[entry_key] = (lower, upper, best_move)
        return best

    return value


def _stacked(pot: Pot) -> tuple[int, ...]:
    """For each count ``i`` from 0 to the pot's size, the set of its top ``i`` tiles."""
    sets = [0]
    for tile in pot:
        sets.append(sets[-1] | BIT[tile])
    return tuple(sets)


_PLAYS: Final[dict[int, list[int]]] = {}
"""The ordered plays of each set of fitting tiles at each pair of ends, remembered (a
hand's fitting tiles are a subset of the 13 tiles showing one of two numbers)."""


def ordered(fitting: int, a: int, b: int) -> list[int]:
    """The plays of the fitting tiles as ``2 * tile + (1 at end a, 0 at end b)``.

    A tile fitting both ends when both show the same number is listed once (the two
    plays leave the same ends). Heaviest tiles first (highest index first, nearly so).
    """
    show_a, show_b = SHOWING[a], SHOWING[b]
    moves = []
    while fitting:
        tile = fitting.bit_length() - 1
        bit = BIT[tile]
        fitting ^= bit
        if show_a & bit:
            moves.append(2 * tile + 1)
        if show_b & bit and (a != b or not show_a & bit):
            moves.append(2 * tile)
    return moves

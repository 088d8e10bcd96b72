"""Every topic's answer worked out again by another route than the generator's.

Tiles are tried at every open end through the engine's ``Chain.play`` (brute force);
scores are recomputed from the hands left; passes are read by the coach's
``View``, and what a player probably lacks by the coach's claims; strategy values come
from a plain minimax over the engine's legal moves.
Each function returns the machine-readable answer the item must have.
"""

from __future__ import annotations

from collections.abc import Callable

from blockdomino import Chain, IllegalMoveError, Round, Tile
from blockdomino.analysis.coach import View
from blockdomino.analysis.coach.claims import read_hands
from blockdomino.engine.tiles import DOUBLE_SIX
from blockdomino.practice import Item
from blockdomino.practice.items import Seat, Value


def fitting_ends(chain: Chain, tile: Tile) -> list[int]:
    """The numbers of the open ends ``tile`` can join, found by trying each."""
    found = []
    for end in chain.open_ends:
        try:
            chain.play(tile, end)
        except IllegalMoveError:
            continue
        found.append(end.pips)
    return found


def moves(position: Round) -> list[tuple[Tile, int]]:
    return [(tile, pips) for tile in position.hand for pips in fitting_ends(position.chain, tile)]


def fitting_tiles(position: Round, hand: tuple[Tile, ...] | None = None) -> list[Tile]:
    return [tile for tile in (hand or position.hand) if fitting_ends(position.chain, tile)]


def param(item: Item, name: str) -> object:
    """The value of ``name`` in the last question sentence that has it."""
    for sentence in reversed(item.question):
        values = dict(sentence.params)
        if name in values:
            return values[name]
    raise KeyError(name)


def matching(item: Item) -> Value:
    position = item.position
    if item.level == 1:
        (tile,) = fitting_tiles(position)
        return str(tile)
    if item.level == 2:
        tile = param(item, "tile")
        assert isinstance(tile, Tile)
        ends = fitting_ends(position.chain, tile)
        return {0: "none", 1: ends[0] if ends else 0, 2: "both"}[len(ends)]
    return len(moves(position))


def doubles(item: Item) -> Value:
    position = item.position
    if item.level == 1:
        double, number = param(item, "tile"), param(item, "number")
        assert isinstance(double, Tile)
        end = next(end for end in position.chain.open_ends if end.pips == number)
        after = position.chain.play(double, end).numbers
        assert after is not None
        return tuple(sorted(after))
    if item.level == 2:
        return len(moves(position))
    return len(fitting_tiles(position))


def passing(item: Item) -> Value:
    fitting = fitting_tiles(item.position)
    if not fitting:
        return "pass"
    if item.level == 1:
        return "play"
    (tile,) = fitting
    return str(tile)


def blocked(item: Item) -> Value:
    position = item.position
    anyone = any(fitting_tiles(position, hand) for hand in position.hands if hand)
    return "goes_on" if anyone else "blocked"


def match_round(item: Item) -> Value:
    """RULES.md, match: the award (domino: the opponents' pips; blocked: the one lowest
    total scores the others' totals minus its own, once; a tie: nothing) goes to the
    scores before; then the target is checked: at or over it, the highest score wins."""
    scores = param(item, "scores")
    assert isinstance(scores, tuple)
    now = [dict(score.params)["points"].count for score in scores]  # type: ignore[union-attr]
    target = param(item, "target")
    assert isinstance(target, int)
    hands = item.position.hands
    totals = [sum(tile.low + tile.high for tile in hand) for hand in hands]
    lowest = min(totals)
    empty = [seat for seat, hand in enumerate(hands) if not hand]
    if empty:
        now[empty[0]] += sum(totals)
    elif totals.count(lowest) == 1:
        now[totals.index(lowest)] += sum(totals) - 2 * lowest
    if item.question[-1].key == "practice.match.scores_now":
        return tuple(now)
    if max(now) < target:
        return "goes_on"
    top = [seat for seat, points in enumerate(now) if points == max(now)]
    return top[0] + 1 if len(top) == 1 else "drawn"


def scoring(item: Item) -> Value:
    if any(sentence.key == "practice.match.before" for sentence in item.question):
        return match_round(item)
    position = item.position
    rules = position.rules
    totals = [sum(tile.low + tile.high for tile in hand) for hand in position.hands]
    sides = [(0, 2), (1, 3)] if rules.partnership else [(seat,) for seat in range(rules.players)]
    side_totals = [sum(totals[seat] for seat in side) for side in sides]
    empty = [seat for seat, hand in enumerate(position.hands) if not hand]
    if empty:
        winner = next(index for index, side in enumerate(sides) if empty[0] in side)
        points = sum(side_totals) - side_totals[winner]
        return points if item.level == 1 else (winner + 1, points)
    lowest = min(side_totals)
    if side_totals.count(lowest) > 1:
        return "nobody"
    winner = side_totals.index(lowest)
    return (winner + 1, sum(side_totals) - 2 * lowest)


def leader(item: Item) -> Value:
    position = item.position
    if item.level == 1:
        double = max(
            (tile for hand in position.hands for tile in hand if tile.low == tile.high),
            key=lambda tile: tile.low,
        )
        holder = next(seat for seat, hand in enumerate(position.hands) if double in hand)
        return (holder + 1, str(double))
    if item.level == 2:
        opener = position.history[0].seat
        return (opener - 1) % 4 + 1
    assert position.lead is not None
    drawing = position.lead.draws[0]
    best = max(tile.low + tile.high for _, tile in drawing)
    top = [seat for seat, tile in drawing if tile.low + tile.high == best]
    return top[0] + 1 if len(top) == 1 else "again"


def passes(item: Item) -> Value:
    view = View.of(item.position)
    player = param(item, "player")
    assert isinstance(player, Seat)
    if item.level == 1:
        (out,) = [
            choice.value
            for choice in item.choices
            if not view.could_hold(player.index, Tile.parse(str(choice.value)))
        ]
        return out
    if item.level == 2:
        return tuple(sorted(view.ruled_out[player.index]))
    unseen = [tile for tile in DOUBLE_SIX if tile not in view.hand and tile not in view.chain]
    return sum(1 for tile in unseen if view.could_hold(player.index, tile))


def holds(item: Item) -> Value:
    """The numbers a pass rules out (the coach's ``View``) and those the coach claims a
    player probably lacks (``claims.read_hands``), for the player the question names."""
    view = View.of(item.position)
    player = param(item, "player")
    assert isinstance(player, Seat)
    (reading,) = [reading for reading in read_hands(view) if reading.seat == player.index]
    surely = view.ruled_out[player.index]
    probably = {lack.number for lack in reading.lacks}
    if item.level == 1:
        return tuple(sorted(surely))
    if item.level == 2:
        (number,) = probably
        return number
    return tuple(sorted(surely | probably))


def minimax(position: Round, seat: int) -> int:
    """The exact value for ``seat`` of a two-player round, trying every legal move:
    +1/0/−1 when one hand decides, the points margin in a match."""
    result = position.result
    if result is not None:
        if position.rules.scored:
            return result.points[seat] - result.points[1 - seat]
        return 0 if not result.winners else (1 if seat in result.winners else -1)
    options = position.legal_moves()
    if not options:
        return minimax(position.pass_turn(), seat)
    values = [minimax(position.play(move), seat) for move in options]
    return max(values) if position.turn == seat else min(values)


def strategy(item: Item) -> Value:
    position = item.position
    valued = {
        (str(move.tile), move.end.pips): minimax(position.play(move), position.turn)
        for move in position.legal_moves()
        if move.end is not None
    }
    best = max(valued.values())
    (answer,) = [placement for placement, value in valued.items() if value == best]
    return answer


ROUTES: dict[str, Callable[[Item], Value]] = {
    "matching": matching,
    "doubles": doubles,
    "passing": passing,
    "blocked": blocked,
    "scoring": scoring,
    "leader": leader,
    "passes": passes,
    "strategy": strategy,
    "holds": holds,
}
"""Each topic's independent route to its answer."""

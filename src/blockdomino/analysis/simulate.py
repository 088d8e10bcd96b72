"""Bulk play for measurement: thousands of rounds of any preset, summed up as figures.

The strategy remarks of the rules are claims to measure, not to assume (003: blocked
rounds "come much more often" than in the draw game; keeping heavy tiles is risky).
Measuring them takes tens of thousands of rounds. ``Round`` is made for learners and
widgets: every move builds a new immutable position with its chain, history and cached
moves. This module plays a whole round inside one function over plain numbers instead
(tiles as their index in ``DOUBLE_SIX``, each hand a set of tiles held in one int,
the chain as its two ends) and
hands back only a small immutable ``RoundSummary``; it plays several times faster.

It follows the rules exactly as ``Round`` does: the same shuffle and deal, the same
first-leader procedure (fair draw, highest double with redeals, or [6|6]), the same
opening tile, turn direction, a pass only without a legal play, in the draw game the
same draws from the pot, the same end (domino or blocked) and the award of
``blockdomino.engine.scoring.score``. It lists the legal plays in the
order ``Round.legal_moves`` does and draws on the generator in the same order as
``Round.deal`` followed by ``players.play_round`` with the same strategy, so one
generator state gives the same round, play for play. ``tests/test_simulate.py`` checks
that equivalence over many seeds, presets, player counts and strategies.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, NamedTuple

from blockdomino.engine._values import tuple_maker
from blockdomino.engine.bits import (
    BIT,
    DOUBLE,
    DOUBLE_SIX_INDEX,
    DOUBLES,
    HIGH,
    LOW,
    PIPS,
    SHOWING,
    pips,
)
from blockdomino.engine.errors import RulesError
from blockdomino.engine.round import Seed, generator
from blockdomino.engine.rules import FirstLeader, Opening, Rules
from blockdomino.engine.scoring import Ending, RoundResult, score
from blockdomino.engine.tiles import DOUBLE_SIX

_SET: Final = list(range(len(DOUBLE_SIX)))
"""The tiles by index (a list: ``random.sample`` takes one faster than a range)."""

KernelMove = tuple[int, int]
"""A legal play as the kernel lists it: (tile index, end key); the opening has key -1.

An open end's key is ``2 * index + rank`` of the tile lying there and its free side
(``Side.rank``), so keys sort the two ends in the canonical order of ``Chain.open_ends``.
"""

Choice = Callable[[list[KernelMove]], KernelMove]
"""A strategy over kernel moves, bound to a generator: picks one of a non-empty list."""

Event = tuple[int, int, int]
"""One turn: (seat, tile index, end key) for a play, (seat, -1, -1) for a pass, and
(seat, tile index, ``DRAWN``) for a tile drawn from the pot (the draw game)."""

DRAWN: Final = -2
"""The end key of a drawn tile in an ``Event``."""


def _random(rng: random.Random) -> Choice:
    """``players.random_move``: any legal play, each equally likely."""
    return rng.choice


def _heaviest(rng: random.Random) -> Choice:
    """``players.heaviest_tile``: the heaviest playable tile, at a random end it fits."""

    def choose(moves: list[KernelMove]) -> KernelMove:
        heaviest = max(PIPS[tile] for tile, _ in moves)
        return rng.choice([move for move in moves if PIPS[move[0]] == heaviest])

    return choose


KERNEL_STRATEGIES: Final[dict[str, Callable[[random.Random], Choice]]] = {
    "random": _random,
    "heaviest": _heaviest,
}
"""The kernel's twins of ``players.STRATEGIES``, by the same names, to bind to a generator."""

ResultOf = Callable[[tuple[int, ...], int | None], RoundResult]
"""The result of a round from its totals and its dominoer (``scoring.score``, remembered)."""


class RoundSummary(NamedTuple):
    """What bulk statistics need of one round played out.

    ``leader`` opened the round; ``last`` placed the last tile (the dominoer, or the
    player whose tile blocked the round; in the draw game a round may block on a draw
    after it); ``winners`` and ``points`` are as in ``RoundResult`` (empty winners: a
    blocked round with equal lowest totals); ``draws`` counts tiles drawn from the pot.
    """

    ending: Ending
    leader: int
    last: int
    dominoer: int | None
    totals: tuple[int, ...]
    plays: int
    passes: int
    winners: tuple[int, ...]
    points: tuple[int, ...]
    draws: int


_summary = tuple_maker(RoundSummary)


def _deal(players: int, size: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """``Round``'s deal: shuffle the 28, hand ``size`` to each seat; the rest, in shuffled
    order, stay out (or form the draw game's pot, top tile first)."""
    tiles = _SET[:]
    rng.shuffle(tiles)
    hands = []
    for seat in range(players):
        hand = 0
        for tile in tiles[seat * size : (seat + 1) * size]:
            hand |= BIT[tile]
        hands.append(hand)
    return hands, tiles[players * size :]


def _fair_draw(players: int, rng: random.Random) -> int:
    """Each contender draws a tile; the most pips leads; ties draw again among themselves."""
    contenders = list(range(players))
    while True:
        drawn = [PIPS[tile] for tile in rng.sample(_SET, len(contenders))]
        best = max(drawn)
        if drawn.count(best) == 1:
            return contenders[drawn.index(best)]
        contenders = [seat for seat, pips in zip(contenders, drawn, strict=True) if pips == best]


def _deal_and_lead(rules: Rules, rng: random.Random) -> tuple[list[int], int, list[int]]:
    """The hands, the leader and the pot (empty but in the draw game), found as
    ``Round.deal`` finds them."""
    if rules.first_leader is FirstLeader.FAIR_DRAW:
        leader = _fair_draw(rules.players, rng)
        hands, rest = _deal(rules.players, rules.tiles_each, rng)
        return hands, leader, rest if rules.pot else []
    while True:
        hands, rest = _deal(rules.players, rules.tiles_each, rng)
        if rules.first_leader is FirstLeader.DOUBLE_SIX:
            double = BIT[DOUBLE_SIX_INDEX]
        else:
            doubles = DOUBLES & sum(hands)
            double = 1 << (doubles.bit_length() - 1) if doubles else 0
        holders = [seat for seat, hand in enumerate(hands) if hand & double]
        if holders:
            return hands, holders[0], rest if rules.pot else []


def _openers(rules: Rules, hand: int, seat: int) -> list[KernelMove]:
    """The tiles the leader may open with, as ``Round`` requires them."""
    if rules.opening is Opening.ANY_TILE:
        return [(tile, -1) for tile in _SET if hand & BIT[tile]]
    if rules.opening is Opening.DOUBLE_SIX:
        if not hand & BIT[DOUBLE_SIX_INDEX]:
            raise RulesError("error.round.leader_lacks_double_six", seat=seat)
        return [(DOUBLE_SIX_INDEX, -1)]
    doubles = hand & DOUBLES
    if not doubles:
        raise RulesError("error.round.leader_has_no_double", seat=seat)
    return [(doubles.bit_length() - 1, -1)]


def simulate_round(
    rules: Rules,
    seed: Seed | random.Random = None,
    *,
    strategy: str | Sequence[str] = "random",
    events: list[Event] | None = None,
) -> RoundSummary:
    """One round dealt and played out, as ``play_round(Round.deal(rules, rng), …, rng)``.

    ``strategy`` names one strategy for every seat or one per seat ("random",
    "heaviest"); ``events``, when given, receives every turn in order.
    """
    rng = generator(seed)
    return _play_out(rules, rng, _choices(strategy, rules.players, rng), _scorer(rules), events)


def _play_out(
    rules: Rules,
    rng: random.Random,
    choices: Sequence[Choice],
    result_of: ResultOf,
    events: list[Event] | None,
) -> RoundSummary:
    """Deal a round and play it to its end, seat ``s`` choosing by ``choices[s]``.

    Hands are sets of tiles (ints, see ``SHOWING``); being disjoint, their sum is the
    set of all tiles in hand. The chain is kept as its two ends: the number each shows
    and its key (see ``KernelMove``). A tile joining an end showing ``n`` leaves its
    other half, ``pips - n``, open; the side left free is the lower end or line B when
    ``n`` was its higher half (every double), else the higher end. The round is blocked
    when no hand holds a tile showing either end's number (and, in the draw game, the pot
    is empty). Plays are listed as ``Round.legal_moves`` lists them: by tile, then the
    ends in canonical order. A seat with nothing to play draws the pot's top tile while
    there is one, then plays or passes.
    """
    hands, leader, pot = _deal_and_lead(rules, rng)
    taken, pot_size = 0, len(pot)
    players, step = rules.players, rules.direction.value
    tile, _ = choices[leader](_openers(rules, hands[leader], leader))
    if events is not None:
        events.append((leader, tile, -1))
    if DOUBLE[tile]:
        left, left_key, right, right_key = HIGH[tile], 2 * tile, HIGH[tile], 2 * tile + 1
    else:
        left, left_key = LOW[tile], 2 * tile + 1
        right, right_key = HIGH[tile], 2 * tile
    seat, plays, passes, in_hands = leader, 1, 0, sum(hands)
    blocked = False
    while True:  # the tile just placed leaves its player's hand; is the round over?
        hands[seat] ^= BIT[tile]
        in_hands ^= BIT[tile]
        last = seat
        wanted = SHOWING[left] | SHOWING[right]
        if not hands[seat] or (not in_hands & wanted and taken == pot_size):
            break
        seat = (seat + step) % players
        while not hands[seat] & wanted:
            if taken < pot_size:  # the draw game: take the top tile of the pot
                bit = BIT[pot[taken]]
                hands[seat] |= bit
                in_hands |= bit
                if events is not None:
                    events.append((seat, pot[taken], DRAWN))
                taken += 1
                blocked = taken == pot_size and not in_hands & wanted
                if blocked:
                    break
                continue
            passes += 1
            if events is not None:
                events.append((seat, -1, -1))
            seat = (seat + step) % players
        if blocked:
            break
        if left_key < right_key:
            first, first_key, second, second_key = left, left_key, right, right_key
        else:
            first, first_key, second, second_key = right, right_key, left, left_key
        at_first, at_second = hands[seat] & SHOWING[first], hands[seat] & SHOWING[second]
        moves = []
        fitting = at_first | at_second
        while fitting:  # tile by tile in set order, the first end before the second
            bit = fitting & -fitting
            fitting ^= bit
            if at_first & bit:
                moves.append((bit.bit_length() - 1, first_key))
            if at_second & bit:
                moves.append((bit.bit_length() - 1, second_key))
        tile, key = choices[seat](moves)
        if events is not None:
            events.append((seat, tile, key))
        plays += 1
        if key == left_key:
            left, left_key = PIPS[tile] - left, 2 * tile + (left == HIGH[tile])
        else:
            right, right_key = PIPS[tile] - right, 2 * tile + (right == HIGH[tile])
    totals = tuple([pips(hand) for hand in hands])
    dominoer = None if hands[seat] else seat
    result = result_of(totals, dominoer)
    return _summary(
        (
            result.ending,
            leader,
            last,
            dominoer,
            totals,
            plays,
            passes,
            result.winners,
            result.points,
            taken,
        )
    )


@lru_cache(maxsize=16)
def _scorer(rules: Rules) -> ResultOf:
    """``score`` under ``rules``, remembered: bulk play meets the same totals again and again.

    One per rule set, kept from call to call, so that short runs find it warm too.
    """

    @lru_cache(maxsize=1 << 16)
    def result_of(totals: tuple[int, ...], dominoer: int | None) -> RoundResult:
        return score(rules, totals, dominoer=dominoer)

    return result_of


def strategy_names(strategy: str | Sequence[str], players: int) -> tuple[str, ...]:
    """One strategy name per seat, from one name for all or a name per seat."""
    names = (strategy,) * players if isinstance(strategy, str) else tuple(strategy)
    if len(names) != players or any(name not in KERNEL_STRATEGIES for name in names):
        raise ValueError(
            f"need one strategy or {players}, from {sorted(KERNEL_STRATEGIES)}: got {strategy!r}"
        )
    return names


def _choices(strategy: str | Sequence[str], players: int, rng: random.Random) -> list[Choice]:
    return [KERNEL_STRATEGIES[name](rng) for name in strategy_names(strategy, players)]


@dataclass(frozen=True, slots=True)
class Stats:
    """Counts over many rounds of one rule set. Per-seat tuples are indexed by seat.

    A partnership's win counts for both partners. ``blocked_wins`` are the wins of
    blocked rounds; ``closer_wins`` the blocked rounds won by the side of the player
    whose tile blocked the round; ``leader_wins`` the rounds won by the leader's side;
    ``draws`` the tiles drawn from the pot (the draw game).
    """

    rules: Rules
    strategies: tuple[str, ...]
    rounds: int
    blocked: int
    drawn: int
    plays: int
    passes: int
    wins: tuple[int, ...]
    blocked_wins: tuple[int, ...]
    closer_wins: int
    leader_wins: int
    points: tuple[int, ...]
    draws: int

    @property
    def blocked_share(self) -> float:
        """The share of rounds that ended blocked rather than by a domino."""
        return self.blocked / self.rounds

    @property
    def drawn_share(self) -> float:
        """The share of rounds nobody won: blocked with equal lowest totals."""
        return self.drawn / self.rounds

    @property
    def win_shares(self) -> tuple[float, ...]:
        """Each seat's share of rounds won."""
        return tuple(wins / self.rounds for wins in self.wins)

    @property
    def closer_share(self) -> float:
        """Of the blocked rounds, the share won by the side whose tile blocked it."""
        return self.closer_wins / self.blocked if self.blocked else 0.0

    @property
    def mean_plays(self) -> float:
        """Tiles placed per round, the opening included."""
        return self.plays / self.rounds

    @property
    def mean_passes(self) -> float:
        """Passes per round."""
        return self.passes / self.rounds

    @property
    def mean_draws(self) -> float:
        """Tiles drawn from the pot per round (none but in the draw game)."""
        return self.draws / self.rounds


def simulate_rounds(
    rules: Rules,
    count: int,
    *,
    seed: Seed | random.Random = None,
    strategy: str | Sequence[str] = "random",
) -> Stats:
    """Play ``count`` rounds of ``rules`` from one generator and count what happened.

    ``strategy`` names one strategy for every seat or one per seat ("random",
    "heaviest"); the same seed gives the same figures.
    """
    rng = generator(seed)
    choices, result_of = _choices(strategy, rules.players, rng), _scorer(rules)
    seats = range(rules.players)
    wins, blocked_wins, points = [0] * rules.players, [0] * rules.players, [0] * rules.players
    blocked = drawn = plays = passes = closer_wins = leader_wins = draws = 0
    for _ in range(count):
        summary = _play_out(rules, rng, choices, result_of, None)
        plays += summary.plays
        passes += summary.passes
        draws += summary.draws
        winners = summary.winners
        for seat in winners:
            wins[seat] += 1
        if summary.leader in winners:
            leader_wins += 1
        if summary.ending is Ending.BLOCKED:
            blocked += 1
            drawn += not winners
            closer_wins += summary.last in winners
            for seat in winners:
                blocked_wins[seat] += 1
        for seat in seats:
            points[seat] += summary.points[seat]
    return Stats(
        rules,
        strategy_names(strategy, rules.players),
        count,
        blocked,
        drawn,
        plays,
        passes,
        tuple(wins),
        tuple(blocked_wins),
        closer_wins,
        leader_wins,
        tuple(points),
        draws,
    )

"""003's claims as measurements: rounds of Block and of the draw game, counted from a seed.

Every figure is an estimate with a 95% confidence interval: a share of rounds (or of
moves) with the Wilson score interval, a mean of pips with the normal interval. The
same seed, player counts and number of rounds give the same figures in any process:
each game and player count draws on its own generator, named by the seed.

What is measured, per player count, in Block (``block``) and the draw game (``draw``),
with random legal play (``simulate.simulate_round``):

- the share of rounds that block, and of rounds the pips left in hand decide (blocked
  with one winner);
- at a block, the pips left in the winner's hand and in each loser's hand;
- how often the player who made a move that left the next player unable to match
  either end (the next player passes, or in the draw game must draw; a move that
  blocks the round counts too) goes on to win the round, against any other move.
  Moves of one round are not independent, so this interval is a rough guide;
- and, in separate rounds, the share won by a heaviest-tile-first player (seat 1)
  against random players, beside the fair share 1/players;
- optionally (``coach_rounds``), the same for the coach (``players.coach_player`` with
  ``COACH_SAMPLES`` deals per decision) as seat 1, once as the reading coach and once as
  the plain coach (which reads passes only), on the same deals and with the same
  random players' generator: it is slow, so its rounds are few.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from blockdomino.analysis.players import (
    STRATEGIES,
    Strategy,
    coach_player,
    play_round,
    random_move,
)
from blockdomino.analysis.simulate import (
    DRAWN,
    Event,
    RoundSummary,
    simulate_round,
    simulate_rounds,
)
from blockdomino.engine.round import Round, Seed
from blockdomino.engine.rules import PLAYER_COUNTS, Rules
from blockdomino.engine.scoring import Ending

GAMES: Final = ("block", "draw")
"""The games compared: Block and the draw game that 003 sets it against."""

Z95: Final = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""

CHUNK: Final = 500
"""Rounds played between two progress reports (the figures do not depend on it)."""

Progress = Callable[[int], None]
"""Told how many more rounds have been played."""


@dataclass(frozen=True, slots=True)
class Share:
    """``hits`` out of ``count``, with the Wilson score 95% interval ``low``–``high``."""

    hits: int
    count: int

    @property
    def value(self) -> float:
        """The share itself, 0 when nothing was counted."""
        return self.hits / self.count if self.count else 0.0

    @property
    def low(self) -> float:
        """The lower end of the 95% interval."""
        return self._wilson()[0]

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return self._wilson()[1]

    def _wilson(self) -> tuple[float, float]:
        if not self.count:
            return 0.0, 1.0
        n, p, z2 = self.count, self.value, Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class Mean:
    """The mean of counted values (pips), with the normal 95% interval ``low``–``high``.

    ``histogram`` holds each value with how often it was counted, in value order.
    """

    histogram: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, counts: Counter[int]) -> Mean:
        """The mean of values counted in ``counts`` (value → how often)."""
        return cls(tuple(sorted(counts.items())))

    @property
    def count(self) -> int:
        """How many values were counted."""
        return sum(times for _, times in self.histogram)

    @property
    def value(self) -> float:
        """The mean, ``nan`` when nothing was counted."""
        count = self.count
        return sum(v * t for v, t in self.histogram) / count if count else math.nan

    def _half_width(self) -> float:
        count, mean = self.count, self.value
        if count < 2:
            return math.nan
        variance = sum(t * (v - mean) ** 2 for v, t in self.histogram) / (count - 1)
        return Z95 * math.sqrt(variance / count)

    @property
    def low(self) -> float:
        """The lower end of the 95% interval."""
        return self.value - self._half_width()

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return self.value + self._half_width()


@dataclass(frozen=True, slots=True)
class GameFigures:
    """One game with one player count, measured.

    ``blocked`` and ``decided`` are shares of ``rounds``; ``winner_pips`` and
    ``loser_pips`` are counted at blocks with a winner; ``closing`` and ``other`` are the
    shares of moves of each kind followed by a win of the player who made them;
    ``heaviest`` is seat 1's share of wins playing heaviest-first against random players;
    ``coach`` the same for the reading coach and ``plain_coach`` for the plain coach,
    when measured.
    """

    rules: Rules
    rounds: int
    blocked: Share
    decided: Share
    winner_pips: Mean
    loser_pips: Mean
    closing: Share
    other: Share
    heaviest: Share
    coach: Share | None = field(default=None, repr=False)
    """Left out of the text form, which the plots' ids hash: no plot shows the coach."""
    plain_coach: Share | None = field(default=None, repr=False)

    @property
    def fair_share(self) -> float:
        """The share of rounds each player would win if all played alike."""
        return 1 / self.rules.players


@dataclass(frozen=True, slots=True)
class Lab:
    """The measurements of one run: per player count, Block and the draw game."""

    seed: Seed
    rounds: int
    players: tuple[int, ...]
    figures: tuple[tuple[GameFigures, GameFigures], ...]

    def games(self, players: int) -> tuple[GameFigures, GameFigures]:
        """Block's figures and the draw game's with ``players`` players."""
        return self.figures[self.players.index(players)]


def _moves(events: Sequence[Event], summary: RoundSummary) -> list[tuple[int, bool]]:
    """Each play as (seat, whether the next player could not match either end).

    The next event tells: a pass or a draw means the next player had nothing to play.
    After the last play there is none: a block counts as closing, a domino not at all.
    """
    moves = []
    for index, (seat, tile, key) in enumerate(events):
        if tile < 0 or key == DRAWN:
            continue
        if index + 1 < len(events):
            _, next_tile, next_key = events[index + 1]
            moves.append((seat, next_tile < 0 or next_key == DRAWN))
        elif summary.ending is Ending.BLOCKED:
            moves.append((seat, True))
    return moves


class _Tally:
    """Running counts of one game with one player count."""

    def __init__(self) -> None:
        self.blocked = self.decided = 0
        self.winner_pips: Counter[int] = Counter()
        self.loser_pips: Counter[int] = Counter()
        self.moves = {True: [0, 0], False: [0, 0]}
        """Closing or not → [moves, moves followed by the mover's win]."""

    def add(self, summary: RoundSummary, events: Sequence[Event]) -> None:
        winners = summary.winners
        if summary.ending is Ending.BLOCKED:
            self.blocked += 1
            if winners:
                self.decided += 1
                for seat, total in enumerate(summary.totals):
                    pips = self.winner_pips if seat in winners else self.loser_pips
                    pips[total] += 1
        for seat, closing in _moves(events, summary):
            counts = self.moves[closing]
            counts[0] += 1
            counts[1] += seat in winners


def _chunks(rounds: int) -> list[int]:
    return [min(CHUNK, rounds - start) for start in range(0, rounds, CHUNK)]


COACH_SAMPLES: Final = 20
"""Deals the coach imagines per decision in the lab: few, for speed."""


def coach_wins(
    rules: Rules,
    rounds: int,
    seed: Seed,
    progress: Progress | None = None,
    *,
    reads: bool = True,
    opponents: Strategy = random_move,
) -> Share:
    """Seat 1's share of wins over ``rounds`` rounds as the coach against ``opponents``
    (random players unless told; seat 1 is the first seat, as for heaviest-first): the
    reading coach, or with ``reads=False`` the plain coach. Both get the same deals, each
    round played from its own seed, so the two coaches' figures differ by their play
    alone."""
    deals = random.Random(f"{seed}:{rules.name}:{rules.players}:coach")
    strategies: list[Strategy] = [opponents] * rules.players
    strategies[0] = coach_player(COACH_SAMPLES, reads=reads)
    wins = 0
    for _ in range(rounds):
        deal = deals.getrandbits(64)
        result = play_round(Round.deal(rules, deal), strategies, deal).result
        wins += result is not None and 0 in result.winners
        if progress is not None:
            progress(1)
    return Share(wins, rounds)


@dataclass(frozen=True, slots=True)
class Coaches:
    """The reading and the plain coach, each as seat 1 against the same opponents on the
    same deals: their shares of wins."""

    rules: Rules
    reading: Share
    plain: Share

    @property
    def fair_share(self) -> float:
        """The share of rounds each player would win if all played alike."""
        return 1 / self.rules.players


def coaches(rules: Rules, rounds: int, seed: Seed, *, opponents: str = "heaviest") -> Coaches:
    """Both coaches over ``rounds`` rounds of ``rules`` against ``opponents`` (a name of
    ``players.STRATEGIES``; heaviest-first unless told, whose choices say something,
    where a random player's say nothing)."""
    others = STRATEGIES[opponents]
    return Coaches(
        rules,
        coach_wins(rules, rounds, seed, opponents=others),
        coach_wins(rules, rounds, seed, reads=False, opponents=others),
    )


def measure_game(
    rules: Rules,
    rounds: int,
    seed: Seed,
    progress: Progress | None = None,
    coach_rounds: int = 0,
) -> GameFigures:
    """``rounds`` random rounds of ``rules``, and as many with a heaviest-first seat 1
    (and ``coach_rounds`` with each coach as seat 1)."""
    rng = random.Random(f"{seed}:{rules.name}:{rules.players}:random")
    tally = _Tally()
    for size in _chunks(rounds):
        for _ in range(size):
            events: list[Event] = []
            tally.add(simulate_round(rules, rng, events=events), events)
        if progress is not None:
            progress(size)
    heavy_rng = random.Random(f"{seed}:{rules.name}:{rules.players}:heaviest")
    names = ["heaviest"] + ["random"] * (rules.players - 1)
    wins = 0
    for size in _chunks(rounds):
        wins += simulate_rounds(rules, size, seed=heavy_rng, strategy=names).wins[0]
        if progress is not None:
            progress(size)
    closing, other = tally.moves[True], tally.moves[False]
    return GameFigures(
        rules,
        rounds,
        Share(tally.blocked, rounds),
        Share(tally.decided, rounds),
        Mean.of(tally.winner_pips),
        Mean.of(tally.loser_pips),
        Share(closing[1], closing[0]),
        Share(other[1], other[0]),
        Share(wins, rounds),
        coach_wins(rules, coach_rounds, seed, progress) if coach_rounds else None,
        coach_wins(rules, coach_rounds, seed, progress, reads=False) if coach_rounds else None,
    )


def total_rounds(players: Sequence[int], rounds: int, coach_rounds: int = 0) -> int:
    """How many rounds ``measure`` plays: random, heaviest-first and the two coaches', per
    game and count."""
    return len(GAMES) * len(players) * (2 * rounds + 2 * coach_rounds)


def measure(
    players: Sequence[int] = PLAYER_COUNTS,
    rounds: int = 2000,
    seed: Seed = 3,
    *,
    progress: Progress | None = None,
    coach_rounds: int = 0,
) -> Lab:
    """Measure 003's claims with ``players`` players (2, 3 and 4 by default), ``rounds``
    rounds per game and player count (and as many again with a heaviest-first player,
    and ``coach_rounds`` with each coach), from ``seed``. ``progress`` is told of every few
    hundred rounds played (of every round of the coach's)."""
    counts = tuple(dict.fromkeys(players))
    if rounds < 1 or not counts or coach_rounds < 0:
        raise ValueError(f"need at least one round and one player count: {rounds}, {players}")
    figures = tuple(
        (
            measure_game(Rules.preset("block", count), rounds, seed, progress, coach_rounds),
            measure_game(Rules.preset("draw", count), rounds, seed, progress, coach_rounds),
        )
        for count in counts
    )
    return Lab(seed, rounds, counts, figures)

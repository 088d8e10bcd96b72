"""Rounds per second of random play, per preset and player count, and 003's claims measured.

    python benchmarks/bench_rounds.py [--rounds N] [--strategy random|heaviest] [--stats N]

Speed, on one core (one thread; times are CPU time of this process, best of a few
repeats, since other work may share the machine):

- engine, seeded: ``Round.deal(rules, seed)`` and ``players.play_round(…, seed)``, a new
  generator per round: the immutable positions learners and widgets use.
- engine, shared: the same with one ``random.Random`` for all rounds.
- kernel: ``blockdomino.analysis.simulate``, the same rounds over plain numbers (its equivalence
  to the engine is tested in tests/test_simulate.py).

The bar is 20,000 two-player random rounds per second, and the
draw game (preset ``draw``) is to be played as fast per round as Block's kernel allows.
A shuffle of the 28 tiles is timed too, as a yardstick for how busy the machine is.

Then the strategy claims of 003, measured with the kernel: how often rounds block with
random and with heaviest-first play, who wins blocked rounds, and how a heaviest-first
player fares against random ones.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from blockdomino import Round, Rules
from blockdomino.analysis.players import STRATEGIES, play_round
from blockdomino.analysis.simulate import KERNEL_STRATEGIES, simulate_rounds
from blockdomino.engine.rules import PLAYER_COUNTS, PRESETS

REPEATS = 9


def configurations() -> list[Rules]:
    """Every preset with every player count it allows."""
    return [
        Rules.preset(name, players)
        for name in PRESETS
        for players in (PLAYER_COUNTS if name != "partnership" else (4,))
    ]


def rate(play: Callable[[int], None], rounds: int) -> float:
    """Rounds per CPU second of ``play(rounds)``, the best of a few repeats."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time()
        play(rounds)
        best = min(best, time.process_time() - start)
    return rounds / best


def engine_seeded(rules: Rules, strategy: str) -> Callable[[int], None]:
    def play(rounds: int) -> None:
        for seed in range(rounds):
            play_round(Round.deal(rules, seed), STRATEGIES[strategy], seed)

    return play


def engine_shared(rules: Rules, strategy: str) -> Callable[[int], None]:
    def play(rounds: int) -> None:
        rng = random.Random(1)
        for _ in range(rounds):
            play_round(Round.deal(rules, rng), STRATEGIES[strategy], rng)

    return play


def kernel(rules: Rules, strategy: str) -> Callable[[int], None]:
    def play(rounds: int) -> None:
        simulate_rounds(rules, rounds, seed=1, strategy=strategy)

    return play


def shuffles(count: int) -> None:
    tiles, rng = list(range(28)), random.Random(1)
    for _ in range(count):
        rng.shuffle(tiles)


def label(rules: Rules) -> str:
    return f"{rules.name} ×{rules.players}"


def speed(rounds: int, strategy: str) -> None:
    print(f"Rounds per second, {strategy} play, {rounds} rounds, best of {REPEATS}")
    shuffle = 1e6 / rate(shuffles, 20_000)
    print(f"(a shuffle of 28 tiles takes {shuffle:.1f} µs on this machine now, best of {REPEATS})")
    print(f"{'rules':<16}{'engine, seeded':>16}{'engine, shared':>16}{'kernel':>10}")
    for rules in configurations():
        figures = [
            rate(make(rules, strategy), rounds) for make in (engine_seeded, engine_shared, kernel)
        ]
        print(
            f"{label(rules):<16}" + "".join(f"{figure:>16,.0f}" for figure in figures[:2]), end=""
        )
        print(f"{figures[2]:>10,.0f}")


def claims(rounds: int) -> None:
    print(f"\n003's claims, {rounds:,} rounds per line (kernel)")
    print(
        f"{'rules':<16}{'play':<10}{'blocked':>8}{'drawn':>7}{'closer':>8}{'leader':>8}"
        f"{'plays':>7}{'passes':>8}{'draws':>7}"
    )
    for rules in configurations():
        for strategy in KERNEL_STRATEGIES:
            stats = simulate_rounds(rules, rounds, seed=3, strategy=strategy)
            print(
                f"{label(rules):<16}{strategy:<10}{stats.blocked_share:>8.1%}"
                f"{stats.drawn_share:>7.1%}{stats.closer_share:>8.1%}"
                f"{stats.leader_wins / rounds:>8.1%}"
                f"{stats.mean_plays:>7.1f}{stats.mean_passes:>8.2f}{stats.mean_draws:>7.2f}"
            )
    print(
        "blocked: share of rounds that block; drawn: blocked with equal lowest totals;\n"
        "closer: of blocked rounds, share won by the side whose tile blocked; leader: rounds\n"
        "won by the leader's side; plays, passes, draws (tiles from the pot): per round."
    )
    print("\nHeaviest-first (seat 0; in a partnership seats 0 and 2) against random players")
    print(f"{'rules':<16}{'fair share':>11}{'wins':>8}{'when blocked':>14}")
    for rules in configurations():
        names = [
            "heaviest" if seat in rules.side_of(0) else "random" for seat in range(rules.players)
        ]
        stats = simulate_rounds(rules, rounds, seed=5, strategy=names)
        fair = len(rules.side_of(0)) / rules.players
        blocked_wins = stats.blocked_wins[0] / stats.blocked if stats.blocked else 0.0
        print(f"{label(rules):<16}{fair:>11.1%}{stats.win_shares[0]:>8.1%}{blocked_wins:>14.1%}")
    print("wins: share of all rounds won by seat 0's side; when blocked: of blocked rounds.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per speed figure")
    parser.add_argument("--strategy", choices=sorted(KERNEL_STRATEGIES), default="random")
    parser.add_argument("--stats", type=int, default=20_000, help="rounds per line of claims")
    options = parser.parse_args()
    speed(options.rounds, options.strategy)
    if options.stats:
        claims(options.stats)


if __name__ == "__main__":
    main()

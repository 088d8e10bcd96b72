"""``blockdomino lab``: measure 003's claims from a seed, print them, write the plots.

A run of many rounds shows a progress bar (tqdm, on the error stream of a terminal);
the figures do not depend on it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from tqdm import tqdm  # type: ignore[import-untyped]

from blockdomino.analysis.lab import blocked_plot, heavy_plot, measure, pips_plot, report
from blockdomino.analysis.lab.measure import total_rounds
from blockdomino.analysis.lab.plots import can_plot
from blockdomino.cli._common import Subcommands
from blockdomino.engine.round import Seed
from blockdomino.engine.rules import PLAYER_COUNTS
from blockdomino.words.i18n import LANGUAGES

LONG_RUN: Final = 20_000
"""Runs of at least this many rounds in all show a progress bar."""

PLOTS: Final = {"blocked": blocked_plot, "pips": pips_plot, "heavy": heavy_plot}
"""The plots written, by file name stem."""

NO_MATPLOTLIB: Final = (
    "blockdomino: the lab's plots need matplotlib, an extra: "
    'pip install "blockdomino[lab]" (or -e ".[lab]" in a checkout)'
)


def measure_and_plot(
    *,
    players: Sequence[int] | None,
    rounds: int,
    seed: Seed,
    lang: str,
    out: Path,
    coach_rounds: int = 0,
) -> int:
    """Measure, print the report in ``lang``, write one SVG per plot into ``out``.

    ``coach_rounds`` adds that many rounds with the coach as seat 1. Returns 0, or 2
    (with a message) for fewer than one round, fewer than none with the coach, or
    without matplotlib.
    """
    counts = tuple(players or PLAYER_COUNTS)
    if rounds < 1:
        print(f"blockdomino: --rounds must be at least 1, not {rounds}", file=sys.stderr)
        return 2
    if not can_plot():
        print(NO_MATPLOTLIB, file=sys.stderr)
        return 2
    if coach_rounds < 0:
        print(
            f"blockdomino: --coach-rounds must be at least 0, not {coach_rounds}", file=sys.stderr
        )
        return 2
    total = total_rounds(counts, rounds, coach_rounds)
    with tqdm(
        total=total, unit=" rounds", disable=None if total >= LONG_RUN else True, file=sys.stderr
    ) as bar:
        lab = measure(counts, rounds, seed, progress=bar.update, coach_rounds=coach_rounds)
    print(report(lab, lang))
    out.mkdir(parents=True, exist_ok=True)
    print()
    for name, plot in PLOTS.items():
        path = out / f"{name}-{lang}.svg"
        path.write_text(plot(lab, lang), encoding="utf-8")
        print(path)
    return 0


def add(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "lab", help="measure 003's claims: Block against the draw game, with plots"
    )
    parser.add_argument(
        "--players", type=int, nargs="+", choices=(2, 3, 4), default=None, help="player counts"
    )
    parser.add_argument(
        "--rounds", type=int, default=10_000, help="rounds per game and player count"
    )
    parser.add_argument(
        "--coach-rounds",
        type=int,
        default=0,
        help="rounds per game and player count with the coach as a player (slow; default none)",
    )
    parser.add_argument("--seed", default="3", help="seed of every deal and choice")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the report")
    parser.add_argument(
        "--out", type=Path, default=Path("blockdomino-lab"), help="folder for the SVG plots"
    )

    def run(args: argparse.Namespace) -> int:
        """Print the figures and verdicts, write the plots; status 2 for unusable input."""
        return measure_and_plot(
            players=args.players,
            rounds=args.rounds,
            seed=int(args.seed) if args.seed.isdigit() else args.seed,
            lang=args.lang,
            out=args.out,
            coach_rounds=args.coach_rounds,
        )

    parser.set_defaults(run=run)

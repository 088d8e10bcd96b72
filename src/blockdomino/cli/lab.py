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
from blockdomino.cli._common import Subcommands, make_folder, write_output
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.round import Seed
from blockdomino.engine.rules import PLAYER_COUNTS
from blockdomino.words.i18n import LANGUAGES

LONG_RUN: Final = 20_000
"""Runs of at least this many rounds in all show a progress bar."""

PLOTS: Final = {"blocked": blocked_plot, "pips": pips_plot, "heavy": heavy_plot}
"""The plots written, by file name stem."""


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

    ``coach_rounds`` adds that many rounds with the coach as seat 1. Fewer than one
    round, fewer than none with the coach, no matplotlib, or a folder ``out`` that
    cannot take the plots are refused with a ``BlockdominoError`` before anything is
    measured.
    """
    counts = tuple(players or PLAYER_COUNTS)
    if rounds < 1:
        raise BlockdominoError("cli.error.at_least", option="--rounds", least=1, value=rounds)
    if coach_rounds < 0:
        raise BlockdominoError(
            "cli.error.at_least", option="--coach-rounds", least=0, value=coach_rounds
        )
    if not can_plot():
        raise BlockdominoError("cli.error.matplotlib")
    make_folder(out)
    total = total_rounds(counts, rounds, coach_rounds)
    with tqdm(
        total=total, unit=" rounds", disable=None if total >= LONG_RUN else True, file=sys.stderr
    ) as bar:
        lab = measure(counts, rounds, seed, progress=bar.update, coach_rounds=coach_rounds)
    print(report(lab, lang))
    print()
    for name, plot in PLOTS.items():
        print(write_output(out / f"{name}-{lang}.svg", plot(lab, lang)))
    return 0


LONGEST_SEED: Final = 100
"""A seed of more digits than this is taken as text, not as a number."""


def _seed(text: str) -> Seed:
    """The ``--seed`` given: a whole number, or text; bytes that are no text (an argument
    such as ``$'\\xff'``, which Python keeps as a lone surrogate) are refused."""
    if not _encodes(text):
        raise BlockdominoError("cli.error.seed", seed=text)
    return int(text) if text.isdigit() and text.isascii() and len(text) <= LONGEST_SEED else text


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


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
            seed=_seed(args.seed),
            lang=args.lang,
            out=args.out,
            coach_rounds=args.coach_rounds,
        )

    parser.set_defaults(run=run)

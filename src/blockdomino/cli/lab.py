"""``blockdomino lab``: measure 003's claims from a seed, print them, write the plots.

A run that takes more than a few seconds shows a progress bar (tqdm, on the error
stream of a terminal); the figures do not depend on it. How many rounds a run may play
is bounded (``MAX_ROUNDS``, ``MAX_COACH_ROUNDS``), so that no run goes on for hours.
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
from blockdomino.cli._common import (
    Subcommands,
    Words,
    add_lang_option,
    check_count,
    make_folder,
    write_output,
)
from blockdomino.cli._interrupts import stop_if_asked, stopping
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.round import Seed
from blockdomino.engine.rules import PLAYER_COUNTS

MAX_ROUNDS: Final = 100_000
"""The most ``--rounds``: the default three player counts then play 1.2 million rounds,
about two minutes on one core (a round takes about 0.1 ms); the verdicts' intervals are
then a few tenths of a percentage point wide, and more rounds would not change them."""
MAX_COACH_ROUNDS: Final = 100
"""The most ``--coach-rounds``: a round with the coach takes about half a second, so
100 of them per game and player count take about five minutes."""
ROUND_SECONDS: Final = 1e-4
COACH_ROUND_SECONDS: Final = 0.5
"""About how long one round takes, without the coach and with it (measured on one core)."""
LONG_RUN: Final = 3.0
"""Runs expected to take at least this many seconds show a progress bar."""

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

    ``coach_rounds`` adds that many rounds with the coach as seat 1. Rounds outside
    1 to ``MAX_ROUNDS``, coach rounds outside 0 to ``MAX_COACH_ROUNDS``, no matplotlib,
    or a folder ``out`` that cannot take the plots are refused with a
    ``BlockdominoError`` before anything is measured. A Ctrl-C that Python dropped
    (see ``_interrupts``) stops the run at its next few hundred rounds.
    """
    counts = tuple(players or PLAYER_COUNTS)
    check_count("--rounds", rounds, 1, MAX_ROUNDS)
    check_count("--coach-rounds", coach_rounds, 0, MAX_COACH_ROUNDS)
    plottable = can_plot()
    stop_if_asked()  # a Ctrl-C while matplotlib loads can make it look missing
    if not plottable:
        raise BlockdominoError("cli.error.matplotlib")
    make_folder(out)
    total = total_rounds(counts, rounds, coach_rounds)
    seconds = (
        total_rounds(counts, rounds) * ROUND_SECONDS
        + total_rounds(counts, 0, coach_rounds) * COACH_ROUND_SECONDS
    )
    with tqdm(
        total=total, unit=" rounds", disable=None if seconds >= LONG_RUN else True, file=sys.stderr
    ) as bar:
        lab = measure(
            counts, rounds, seed, progress=stopping(bar.update), coach_rounds=coach_rounds
        )
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


def add(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "lab", help=words("cli.help.lab"), description=words("cli.about.lab")
    )
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        choices=PLAYER_COUNTS,
        default=None,
        help=words("cli.help.lab.players", counts=", ".join(map(str, PLAYER_COUNTS))),
    )
    parser.add_argument(
        "--rounds", type=int, default=10_000, help=words("cli.help.lab.rounds", most=MAX_ROUNDS)
    )
    parser.add_argument(
        "--coach-rounds",
        type=int,
        default=0,
        help=words("cli.help.lab.coach_rounds", most=MAX_COACH_ROUNDS),
    )
    parser.add_argument("--seed", default="3", help=words("cli.help.lab.seed"))
    add_lang_option(parser, words("cli.help.lab.lang"))
    parser.add_argument(
        "--out", type=Path, default=Path("blockdomino-lab"), help=words("cli.help.lab.out")
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

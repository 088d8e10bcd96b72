"""The ``blockdomino`` command: open the tutorial, draw and describe chains, check documents,
measure the claims of the rules, ask the coach.

One module per command (or pair of commands), each with ``add(commands)`` that adds its
parser and the function it runs. Exit status 0 means success, 1 a failed check, 2
unusable input.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from blockdomino.cli import (
    chains,
    classroom,
    coach,
    lab,
    replay,
    score,
    serve,
    site,
    tutorial,
    verify,
    worksheet,
)

Command = Callable[[argparse.Namespace], int]

COMMANDS = (tutorial, chains, classroom, site, serve, verify, score, lab, replay, coach, worksheet)
"""The command modules, in the order ``blockdomino --help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="blockdomino", description="Learn and check the domino game Block."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    for module in COMMANDS:
        module.add(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    run: Command = args.run
    return run(args)

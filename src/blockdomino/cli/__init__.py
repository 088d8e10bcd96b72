"""The ``blockdomino`` command: open the tutorial, draw and describe chains, check documents,
measure the claims of the rules, ask the coach.

One module per command (or pair of commands), each with ``add(commands)`` that adds its
parser and the function it runs. Exit status 0 means success, 1 a failed check, 2
unusable input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Final

from blockdomino.cli import chains, classroom, coach, lab, replay, score, site, tutorial, verify
from blockdomino.cli._common import unusable
from blockdomino.engine.errors import BlockdominoError
from blockdomino.words.i18n import translate

Command = Callable[[argparse.Namespace], int]

COMMANDS = (tutorial, chains, classroom, site, verify, score, lab, replay, coach)
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


INTERRUPTED: Final = 130
"""The exit status after Ctrl-C, as shells report a process ended by SIGINT."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Input a command refuses (a ``BlockdominoError`` it did not word itself, such as a
    file it cannot read or write) is said in one line in the chosen language, status
    2; Ctrl-C stops any command with one line, status 130, never a traceback.
    """
    args = build_parser().parse_args(argv)
    run: Command = args.run
    lang = getattr(args, "lang", None) or "en"
    try:
        return run(args)
    except BlockdominoError as error:
        return unusable(error.message(lang))
    except KeyboardInterrupt:
        print(f"\nblockdomino: {translate('cli.interrupted', lang)}", file=sys.stderr)
        return INTERRUPTED

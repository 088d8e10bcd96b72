"""``blockdomino score``: who wins a round and what they score, worked out as a teacher would."""

from __future__ import annotations

import argparse

from blockdomino.cli._common import Subcommands, Words, add_lang_option
from blockdomino.engine.rules import PRESETS


def add(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "score", help=words("cli.help.score"), description=words("cli.about.score")
    )
    parser.add_argument(
        "--preset", choices=PRESETS, default="match", help=words("cli.help.score.preset")
    )
    parser.add_argument("--players", type=int, default=None, help=words("cli.help.score.players"))
    ending = parser.add_mutually_exclusive_group(required=True)
    ending.add_argument("--domino", type=int, metavar="PLAYER", help=words("cli.help.score.domino"))
    ending.add_argument("--blocked", action="store_true", help=words("cli.help.score.blocked"))
    left = parser.add_mutually_exclusive_group(required=True)
    left.add_argument("--hand", action="append", metavar="TILES", help=words("cli.help.score.hand"))
    left.add_argument(
        "--totals", type=int, nargs="+", metavar="PIPS", help=words("cli.help.score.totals")
    )
    add_lang_option(parser, words("cli.help.score.lang"))

    def run(args: argparse.Namespace) -> int:
        """Print winners, points and the explanation; status 2 for impossible input."""
        from blockdomino.analysis import calculator

        return calculator.run(
            args.preset,
            players=args.players,
            dominoer=None if args.blocked else args.domino - 1,
            hands=args.hand,
            totals=args.totals,
            lang=args.lang,
        )

    parser.set_defaults(run=run)

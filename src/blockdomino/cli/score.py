"""``blockdomino score``: who wins a round and what they score, worked out as a teacher would."""

from __future__ import annotations

import argparse

from blockdomino.cli._common import Subcommands, add_lang_option
from blockdomino.engine.rules import PRESETS


def add(commands: Subcommands) -> None:
    parser = commands.add_parser("score", help="who wins a round and what they score")
    parser.add_argument("--preset", choices=PRESETS, default="match", help="rules preset")
    parser.add_argument(
        "--players", type=int, default=None, help="players (default: as many as hands or totals)"
    )
    ending = parser.add_mutually_exclusive_group(required=True)
    ending.add_argument(
        "--domino", type=int, metavar="PLAYER", help="who played their last tile (from 1)"
    )
    ending.add_argument("--blocked", action="store_true", help="nobody could play")
    left = parser.add_mutually_exclusive_group(required=True)
    left.add_argument(
        "--hand",
        action="append",
        metavar="TILES",
        help='a hand left, e.g. "[0|0] [2|3]"; one per player',
    )
    left.add_argument(
        "--totals", type=int, nargs="+", metavar="PIPS", help="each player's pips left"
    )
    add_lang_option(parser, "language of the explanation")

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

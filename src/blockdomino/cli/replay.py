"""``blockdomino replay``: a game record as one HTML page to step through."""

from __future__ import annotations

import argparse
from pathlib import Path

from blockdomino.cli._common import Subcommands, unusable
from blockdomino.engine.errors import BlockdominoError
from blockdomino.words.i18n import LANGUAGES


def add(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "replay", help="write a game record as one HTML page to step through (no server needed)"
    )
    parser.add_argument("record", type=Path, metavar="RECORD.json", help="a game record")
    parser.add_argument("--out", type=Path, required=True, help="the HTML file to write")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the page")
    parser.add_argument("--reveal", action="store_true", help="show every hand face up")
    parser.add_argument("--large", action="store_true", help="projector size")

    def run(args: argparse.Namespace) -> int:
        """Write the page and print its path; status 2 for a record that cannot be read."""
        from blockdomino.play import walkthrough
        from blockdomino.publish import replay_page

        try:
            frames = walkthrough.frames(
                args.record.read_bytes(), reveal=args.reveal, lang=args.lang
            )
        except BlockdominoError as error:
            return unusable(error.message(args.lang))
        except OSError as error:
            return unusable(error)
        args.out.write_text(replay_page.page(frames, lang=args.lang, large=args.large), "utf-8")
        print(args.out)
        return 0

    parser.set_defaults(run=run)

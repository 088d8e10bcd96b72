"""``blockdomino replay``: a game record as one HTML page to step through."""

from __future__ import annotations

import argparse
from pathlib import Path

from blockdomino.cli._common import Output, Subcommands, check_outputs, read_input, write_output
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
        """Write the page and print its path; a record that cannot be read, a page
        that cannot be written or that would overwrite the record is refused (status 2,
        see ``cli.main``)."""
        check_outputs([Output("--out", args.out)], inputs=[("RECORD.json", args.record)])
        from blockdomino.play import walkthrough
        from blockdomino.publish import replay_page

        frames = walkthrough.frames(
            read_input(args.record), reveal=args.reveal, lang=args.lang, shared_faces=True
        )
        write_output(args.out, replay_page.page(frames, lang=args.lang, large=args.large))
        print(args.out)
        return 0

    parser.set_defaults(run=run)

"""``blockdomino replay``: a game record as one HTML page to step through."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tqdm import tqdm  # type: ignore[import-untyped]

from blockdomino.cli._common import (
    Output,
    Subcommands,
    Words,
    add_lang_option,
    check_outputs,
    file_problem,
    write_output,
)
from blockdomino.engine.errors import BlockdominoError
from blockdomino.files import FileTooLargeError, read_limited


def _read_record(path: Path) -> bytes:
    """The record's bytes; a file larger than a page is made from is refused unread."""
    from blockdomino.publish.replay_page import MAX_RECORD_BYTES

    try:
        return read_limited(path, limit=MAX_RECORD_BYTES)
    except FileTooLargeError:
        raise BlockdominoError(
            "replay.error.too_large", path=str(path), most=MAX_RECORD_BYTES // 2**20
        ) from None
    except OSError as error:
        raise file_problem(error, path, writing=False) from None


def add(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "replay", help=words("cli.help.replay"), description=words("cli.about.replay")
    )
    parser.add_argument(
        "record", type=Path, metavar="RECORD.json", help=words("cli.help.replay.record")
    )
    parser.add_argument("--out", type=Path, required=True, help=words("cli.help.replay.out"))
    add_lang_option(parser, words("cli.help.replay.lang"))
    parser.add_argument("--reveal", action="store_true", help=words("cli.help.replay.reveal"))
    parser.add_argument("--large", action="store_true", help=words("cli.help.replay.large"))

    def run(args: argparse.Namespace) -> int:
        """Write the page and print its path; a record that cannot be read or is too long
        for a page (refused before any work), a page that cannot be written or that would
        overwrite the record is refused (status 2, see ``cli.main``). A long record shows
        a progress bar."""
        check_outputs([Output("--out", args.out)], inputs=[("RECORD.json", args.record)])
        from blockdomino.play import walkthrough
        from blockdomino.publish import replay_page

        record = _read_record(args.record)
        steps = replay_page.check_length(record)
        long = steps >= replay_page.PROGRESS_STEPS
        with tqdm(
            total=steps, unit=" steps", disable=None if long else True, file=sys.stderr
        ) as bar:
            frames = walkthrough.frames(
                record, reveal=args.reveal, lang=args.lang, shared_faces=True, progress=bar.update
            )
        write_output(args.out, replay_page.page(frames, lang=args.lang, large=args.large))
        print(args.out)
        return 0

    parser.set_defaults(run=run)

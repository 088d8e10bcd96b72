"""``blockdomino worksheet``: printable practice sheets with answer keys, and the items
as JSON.

    blockdomino worksheet --topics matching,scoring --level 2 --count 12 --copies 30 \\
        --seed 7 --lang fi --out sheets.pdf --json sheets.json

One A4 sheet per pupil (each its own variant, numbered, with a line for the name),
then one compact answer key per variant; or, with ``--format moodle``, every item of
every variant as a Moodle XML question bank (``practice.moodle``). The same arguments
give the same bytes. Bad input (an unknown topic, a count of 0 or over 200, a level
outside 1–3, more than 500 copies, a file that cannot be written) is refused with exit
status 2 and a message in the chosen language, and no file is written.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any, Final

from blockdomino.cli._common import Subcommands, unusable
from blockdomino.engine.errors import BlockdominoError
from blockdomino.files import write_atomic
from blockdomino.practice.export import item_record
from blockdomino.practice.generator import PracticeError, check_request
from blockdomino.practice.items import TOPICS
from blockdomino.practice.moodle import question_bank
from blockdomino.practice.sheets import document, typeset, variants
from blockdomino.words.i18n import LANGUAGES, translate

MAX_COUNT: Final = 200
"""The most items one sheet may hold."""
MAX_COPIES: Final = 500
"""The most sheets one run may print."""


def _check_numbers(count: int, copies: int) -> None:
    if not 1 <= count <= MAX_COUNT:
        raise PracticeError("practice.error.count", count=count)
    if not 1 <= copies <= MAX_COPIES:
        raise PracticeError("practice.error.copies", copies=copies)


def _writable(path: Path, lang: str) -> str | None:
    """Why ``path`` cannot be written, or ``None`` when its folder takes a new file."""
    folder = path.parent
    if path.is_dir():
        return translate("practice.error.out", lang, path=path, reason=os.strerror(21))
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        reason = os.strerror(2 if not folder.is_dir() else 13)
        return translate("practice.error.out", lang, path=path, reason=reason)
    return None


def _json(sheets: list[list[Any]], lang: str) -> str:
    data = {
        "format": "blockdomino-worksheet",
        "sheets": [
            {"sheet": number, "items": [item_record(item, lang) for item in items]}
            for number, items in enumerate(sheets, 1)
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def run(args: argparse.Namespace) -> int:
    """Make the sheets and write the PDF or the Moodle XML (and the JSON); 0, or 2 with
    a message."""
    lang = args.lang
    topics = [topic.strip() for topic in args.topics.split(",") if topic.strip()]
    try:
        check_request(topics or [""], args.level)
        _check_numbers(args.count, args.copies)
    except BlockdominoError as error:
        return unusable(error.message(lang))
    targets = [path for path in (args.out, args.json) if path is not None]
    for path in targets:
        reason = _writable(path, lang)
        if reason is not None:
            return unusable(reason)
    try:
        sheets = variants(topics, args.level, args.count, args.copies, args.seed)
        if args.format == "moodle":
            data = question_bank(sheets, lang)
        else:
            data = typeset(document(topics, args.level, sheets, lang))
    except BlockdominoError as error:
        return unusable(error.message(lang))
    except ImportError:
        return unusable(translate("practice.error.typst", lang))
    try:
        write_atomic(args.out, data)
        if args.json is not None:
            write_atomic(args.json, _json(sheets, lang))
    except OSError as error:
        return unusable(
            translate("practice.error.out", lang, path=error.filename, reason=error.strerror)
        )
    return 0


def add(commands: Subcommands) -> None:
    """Add ``worksheet`` to the ``blockdomino`` command line."""
    parser = commands.add_parser("worksheet", help="print practice sheets with answer keys (PDF)")
    parser.add_argument(
        "--topics", default=",".join(TOPICS), help=f"comma-separated, from: {', '.join(TOPICS)}"
    )
    parser.add_argument("--level", type=int, default=1, help="1, 2 or 3")
    parser.add_argument("--count", type=int, default=12, help="items per sheet (1–200)")
    parser.add_argument(
        "--copies", type=int, default=1, help="sheets, each its own variant (1–500)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the same seed, the same sheets")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the sheets")
    parser.add_argument(
        "--format",
        choices=("pdf", "moodle"),
        default="pdf",
        help="PDF sheets with answer keys, or a Moodle XML question bank",
    )
    parser.add_argument(
        "--out", type=Path, required=True, help="the file to write (PDF or Moodle XML)"
    )
    parser.add_argument("--json", type=Path, default=None, help="also write every item as JSON")
    parser.set_defaults(run=run)

"""``blockdomino worksheet``: printable practice sheets with answer keys, and the items
as JSON.

    blockdomino worksheet --topics matching,scoring --level 2 --count 12 --copies 30 \\
        --seed 7 --lang fi --out sheets.pdf --key keys.pdf --json sheets.json

One A4 sheet per pupil (each its own variant, numbered, with a line for the name), then
an answer strip per variant (the sheet's number on top, the answers in a column), on
pages of their own or, with ``--key``, in a file of their own, so that printing the
sheets never hands out the answers; ``--explanations`` adds why each answer is right.
Or, with ``--format moodle``, every item of every variant as a Moodle XML question bank
(``practice.moodle``). Without ``--seed`` a new seed is drawn; every sheet and key
prints it, and the same arguments with that seed give the same bytes. The sheets are
typeset a batch at a time (``practice.typesetting``), so memory does not grow with the
copies; a run of over ``LONG_RUN`` items shows a progress bar on the error stream of a
terminal. Bad input (an unknown topic, a count of 0 or over 200, a level outside 1–3,
more than 500 copies or ``MAX_ITEMS`` items in all, a file that cannot be written,
two outputs naming one file, a file ending that is not the format's, ``--key`` with
Moodle) is refused with exit status 2 and a message in the chosen language, and no file
is written.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import Final

from tqdm import tqdm  # type: ignore[import-untyped]

from blockdomino.cli._common import (
    Output,
    Subcommands,
    Words,
    add_lang_option,
    check_outputs,
    unusable,
)
from blockdomino.cli._interrupts import stopping
from blockdomino.engine.errors import BlockdominoError
from blockdomino.files import write_atomic
from blockdomino.practice.export import sheet_json, worksheet_json
from blockdomino.practice.generator import PracticeError, check_request
from blockdomino.practice.moodle import question_bank
from blockdomino.practice.sheets import variants
from blockdomino.practice.topics import TOPICS
from blockdomino.practice.typesetting import Run, typeset
from blockdomino.words.errors import explain
from blockdomino.words.i18n import translate

MAX_COUNT: Final = 200
"""The most items one sheet may hold."""
MAX_COPIES: Final = 500
"""The most sheets one run may print."""
MAX_ITEMS: Final = 12_000
"""The most items one run may print in all (copies × count): a PDF of about 45 MB."""
LONG_RUN: Final = 1_000
"""Runs of at least this many items in all (a few seconds) show a progress bar."""
SEEDS: Final = 100_000
"""A run that names no seed draws one below this."""
FORMATS: Final = {"pdf": ("PDF", ".pdf"), "moodle": ("Moodle XML", ".xml")}
"""Each format's name and file ending."""


def _check_numbers(count: int, copies: int) -> None:
    if not 1 <= count <= MAX_COUNT:
        raise PracticeError("practice.error.count", count=count)
    if not 1 <= copies <= MAX_COPIES:
        raise PracticeError("practice.error.copies", copies=copies)
    if count * copies > MAX_ITEMS:
        raise PracticeError("practice.error.items", items=count * copies, most=MAX_ITEMS)


def _outputs(args: argparse.Namespace) -> list[Output]:
    """The files the command writes, each with its format."""
    outputs = [Output("--out", args.out, *FORMATS[args.format])]
    if args.key is not None:
        outputs.append(Output("--key", args.key, *FORMATS["pdf"]))
    if args.json is not None:
        outputs.append(Output("--json", args.json, "JSON", ".json"))
    return outputs


def _writable(path: Path, lang: str) -> str | None:
    """Why ``path`` cannot be written, or ``None`` when its folder takes a new file."""
    folder = path.parent
    if path.is_dir():
        return translate("practice.error.out", lang, path=path, reason=os.strerror(21))
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        reason = os.strerror(2 if not folder.is_dir() else 13)
        return translate("practice.error.out", lang, path=path, reason=reason)
    return None


def _refusal(args: argparse.Namespace, topics: list[str]) -> str | None:
    """Why the command cannot run as asked, in its language, or ``None``."""
    try:
        check_request(topics or [""], args.level)
        _check_numbers(args.count, args.copies)
        if args.key is not None and args.format != "pdf":
            raise PracticeError("practice.error.key_moodle")
        check_outputs(_outputs(args))
    except BlockdominoError as error:
        return explain(error, args.lang)
    for output in _outputs(args):
        reason = _writable(output.path, args.lang)
        if reason is not None:
            return reason
    return None


Made = tuple[bytes, list[str], bytes]
"""The file ``--out`` writes, the JSON of each sheet when ``--json`` asks for it, and
the answer keys when ``--key`` asks for them apart."""


def _sheets(run: Run) -> Made:
    """The PDF, with a progress bar for a long run; a Ctrl-C that Python dropped stops
    it at the next batch joined."""
    disable = None if run.count * run.copies >= LONG_RUN else True
    with tqdm(total=run.copies, unit=" sheets", disable=disable, file=sys.stderr) as bar:
        pdf = typeset(run, progress=stopping(bar.update))
    return pdf.pdf, pdf.sheets, pdf.key


def _bank(run: Run) -> Made:
    """The Moodle XML question bank."""
    sheets = variants(run.topics, run.level, run.count, run.copies, run.seed)
    numbered = enumerate(sheets, 1) if run.records else ()
    records = [sheet_json(n, its, run.lang) for n, its in numbered]
    return question_bank(sheets, run.lang), records, b""


def new_seed() -> int:
    """A seed for a run that names none: a new one each time, of at most five digits so
    that a teacher can copy it from a sheet."""
    return random.SystemRandom().randrange(1, SEEDS)


def run(args: argparse.Namespace) -> int:
    """Make the sheets and write the PDF or the Moodle XML (and the JSON); 0, or 2 with
    a message."""
    lang = args.lang
    topics = [topic.strip() for topic in args.topics.split(",") if topic.strip()]
    refusal = _refusal(args, topics)
    if refusal is not None:
        return unusable(refusal)
    seed = args.seed if args.seed is not None else new_seed()
    request = Run(
        tuple(topics),
        args.level,
        args.count,
        args.copies,
        seed,
        lang,
        records=args.json is not None,
        key_apart=args.key is not None,
        explanations=args.explanations,
    )
    try:
        data, sheets, keys = _bank(request) if args.format == "moodle" else _sheets(request)
    except BlockdominoError as error:
        return unusable(explain(error, lang))
    except ImportError:
        return unusable(translate("practice.error.typst", lang))
    try:
        write_atomic(args.out, data)
        if args.key is not None:
            write_atomic(args.key, keys)
        if args.json is not None:
            write_atomic(args.json, worksheet_json(sheets))
    except OSError as error:
        return unusable(
            translate("practice.error.out", lang, path=error.filename, reason=error.strerror)
        )
    return 0


def add(commands: Subcommands, words: Words) -> None:
    """Add ``worksheet`` to the ``blockdomino`` command line; its help shows every
    default."""
    parser = commands.add_parser(
        "worksheet", help=words("cli.help.worksheet"), description=words("cli.about.worksheet")
    )
    parser.add_argument(
        "--topics",
        default=", ".join(TOPICS),
        help=words("cli.help.worksheet.topics"),
    )
    parser.add_argument("--level", type=int, default=1, help=words("cli.help.worksheet.level"))
    parser.add_argument(
        "--count", type=int, default=12, help=words("cli.help.worksheet.count", most=MAX_COUNT)
    )
    parser.add_argument(
        "--copies",
        type=int,
        default=1,
        help=words("cli.help.worksheet.copies", most=MAX_COPIES, items=MAX_ITEMS),
    )
    parser.add_argument("--seed", type=int, default=None, help=words("cli.help.worksheet.seed"))
    add_lang_option(parser, words("cli.help.worksheet.lang"))
    parser.add_argument(
        "--format",
        choices=tuple(FORMATS),
        default="pdf",
        help=words("cli.help.worksheet.format"),
    )
    parser.add_argument("--out", type=Path, required=True, help=words("cli.help.worksheet.out"))
    parser.add_argument("--key", type=Path, default=None, help=words("cli.help.worksheet.key"))
    parser.add_argument(
        "--explanations", action="store_true", help=words("cli.help.worksheet.explanations")
    )
    parser.add_argument("--json", type=Path, default=None, help=words("cli.help.worksheet.json"))
    parser.set_defaults(run=run)

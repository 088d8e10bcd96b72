"""``blockdomino guide``: the teachers' guide in Finnish, Swedish or English, to print
(an A4 PDF, typeset by Typst as the worksheets are) or as one web page.

    blockdomino guide --lang fi --out opas.pdf

The same language and format give the same bytes. A file ending that is not the
format's is refused, and so is a PDF without Typst (the ``worksheet`` extra), with exit
status 2 and one line in ``--lang``.
"""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path
from typing import Final

from blockdomino.cli._common import (
    Output,
    Subcommands,
    Words,
    add_lang_option,
    check_outputs,
    needs,
    write_output,
)

FORMATS: Final = {"pdf": ("PDF", ".pdf"), "html": ("HTML", ".html")}
"""Each format's name and file ending."""


def _made(lang: str, chosen: str) -> str | bytes:
    """The guide in ``lang`` in the format ``chosen``."""
    if chosen == "pdf":
        from blockdomino.publish.guide_print import guide_pdf

        return guide_pdf(lang)
    from blockdomino.publish.guide_page import html_page

    return html_page(lang)


def run(args: argparse.Namespace) -> int:
    """Write the guide and print its path; 0, or 2 with a message."""
    kind, suffix = FORMATS[args.format]
    check_outputs([Output("--out", args.out, kind, suffix)])
    if args.format == "pdf" and importlib.util.find_spec("typst") is None:
        return needs("guide", "worksheet", args.lang)
    write_output(args.out, _made(args.lang, args.format))
    print(args.out)
    return 0


def add(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "guide", help=words("cli.help.guide"), description=words("cli.about.guide")
    )
    add_lang_option(parser, words("cli.help.guide.lang"))
    parser.add_argument(
        "--format", choices=tuple(FORMATS), default="pdf", help=words("cli.help.guide.format")
    )
    parser.add_argument("--out", type=Path, required=True, help=words("cli.help.guide.out"))
    parser.set_defaults(run=run)

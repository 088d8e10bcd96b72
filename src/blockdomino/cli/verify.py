"""``blockdomino verify``: check the worked chain examples of rules leaflets, in any format."""

from __future__ import annotations

import argparse

from blockdomino.cli._common import Subcommands, Words, add_lang_option
from blockdomino.engine.rules import PRESETS


def add(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "verify",
        help=words("cli.help.verify", formats=".txt .md .html .docx .odt .pdf"),
        description=words("cli.about.verify"),
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help=words("cli.help.verify.files"))
    add_lang_option(parser, words("cli.help.verify.lang"), default=None)
    parser.add_argument(
        "--rules",
        choices=PRESETS,
        default=None,
        help=words("cli.help.verify.rules", preset="match"),
    )
    parser.add_argument(
        "--html", metavar="REPORT.html", default=None, help=words("cli.help.verify.html")
    )
    parser.add_argument("--json", action="store_true", help=words("cli.help.verify.json"))

    def run(args: argparse.Namespace) -> int:
        """Report every example OK or what is wrong: status 0 all OK, 1 a fault, 2 unusable."""
        from blockdomino.verify import command

        return command.run(
            args.files, lang=args.lang, rules=args.rules, as_json=args.json, html=args.html
        )

    parser.set_defaults(run=run)

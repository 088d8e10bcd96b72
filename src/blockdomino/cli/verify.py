"""``blockdomino verify``: check the worked chain examples of rules leaflets, in any format."""

from __future__ import annotations

import argparse

from blockdomino.cli._common import Subcommands, add_lang_option
from blockdomino.engine.rules import PRESETS


def add(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "verify",
        help="check the worked examples of rules leaflets (.txt .md .html .docx .odt .pdf)",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="leaflets to check")
    add_lang_option(parser, "report language (default: the document's)", default=None)
    parser.add_argument(
        "--rules",
        choices=PRESETS,
        default=None,
        help="the rules claims of points are checked by (default: the document's, else match)",
    )
    parser.add_argument(
        "--html", metavar="REPORT.html", default=None, help="also write the report as one page"
    )
    parser.add_argument("--json", action="store_true", help="print the reports as JSON")

    def run(args: argparse.Namespace) -> int:
        """Report every example OK or what is wrong: status 0 all OK, 1 a fault, 2 unusable."""
        from blockdomino.verify import command

        return command.run(
            args.files, lang=args.lang, rules=args.rules, as_json=args.json, html=args.html
        )

    parser.set_defaults(run=run)

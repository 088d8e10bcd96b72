"""``blockdomino verify``: check the worked chain examples of rules leaflets, in any format."""

from __future__ import annotations

import argparse

from blockdomino.cli._common import Subcommands, add_lang_option


def add(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "verify",
        help="check the worked examples of rules leaflets (.txt .md .html .docx .odt .pdf)",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="leaflets to check")
    add_lang_option(parser, "report language (default: the document's)", default=None)
    parser.add_argument("--json", action="store_true", help="print the reports as JSON")

    def run(args: argparse.Namespace) -> int:
        """Report every example OK or what is wrong: status 0 all OK, 1 a fault, 2 unusable."""
        from blockdomino import verify

        return verify.run(args.files, lang=args.lang, as_json=args.json)

    parser.set_defaults(run=run)

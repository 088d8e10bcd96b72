"""``blockdomino classroom`` and ``blockdomino export``: the tutorial without code, served
by Voilà or written as static pages."""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

from blockdomino.cli._common import (
    FileError,
    Subcommands,
    add_lang_option,
    check_count,
    make_folder,
    needs,
    unusable,
)
from blockdomino.publish.limits import CULL_MINUTES, MAX_KERNELS, MOST_KERNELS, MOST_MINUTES
from blockdomino.publish.tutorial import notebooks_root
from blockdomino.words.errors import explain
from blockdomino.words.i18n import LANGS


def _add_classroom(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "classroom", help="serve the tutorial without code cells (Voilà), for a classroom"
    )
    add_lang_option(parser, "tutorial language")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8866, help="port to listen on")
    parser.add_argument("--token", default=None, help="access token (default: a random one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument(
        "--cull-minutes",
        type=int,
        default=CULL_MINUTES,
        help=f"shut a page's kernel down after this many idle minutes (default: {CULL_MINUTES})",
    )
    parser.add_argument(
        "--max-kernels",
        type=int,
        default=MAX_KERNELS,
        help=f"the most pages running Python at once (default: {MAX_KERNELS})",
    )

    def run(args: argparse.Namespace) -> int:
        """Serve the notebooks with Voilà and open the chosen language's welcome page."""
        check_count("--cull-minutes", args.cull_minutes, 1, MOST_MINUTES)
        check_count("--max-kernels", args.max_kernels, 1, MOST_KERNELS)
        if importlib.util.find_spec("voila") is None:
            return needs("the classroom", "classroom")
        from blockdomino.publish import classroom

        try:
            return classroom.serve(
                notebooks_root(),
                args.lang,
                host=args.host,
                port=args.port,
                token=args.token,
                open_browser=not args.no_browser,
                cull_minutes=args.cull_minutes,
                max_kernels=args.max_kernels,
            )
        except classroom.ClassroomError as error:
            return unusable(error)

    parser.set_defaults(run=run)


def _add_export(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "export", help="write the tutorial as static HTML pages (no server needed)"
    )
    parser.add_argument("--out", type=Path, required=True, help="folder to write the pages to")
    add_lang_option(parser, "a language to export (default: all)", default=None, many=True)

    def run(args: argparse.Namespace) -> int:
        """Export every notebook as HTML and print the index page written."""
        from blockdomino.publish import classroom

        langs = args.lang or LANGS
        try:
            make_folder(args.out)
            written = classroom.export(notebooks_root(), args.out, langs=langs)
        except FileError as error:
            return unusable(explain(error, args.lang[0] if args.lang else "en"))
        except classroom.ClassroomError as error:
            return unusable(error)
        print(written[0])
        return 0

    parser.set_defaults(run=run)


def add(commands: Subcommands) -> None:
    """Add ``classroom`` and ``export``."""
    _add_classroom(commands)
    _add_export(commands)

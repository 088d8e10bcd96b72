"""``blockdomino classroom`` and ``blockdomino export``: the tutorial without code, served
by Voilà or written as static pages."""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

from blockdomino.cli._common import (
    FileError,
    Subcommands,
    Words,
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


def _add_classroom(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "classroom", help=words("cli.help.classroom"), description=words("cli.about.classroom")
    )
    add_lang_option(parser, words("cli.help.classroom.lang"))
    parser.add_argument("--host", default="127.0.0.1", help=words("cli.help.classroom.host"))
    parser.add_argument("--port", type=int, default=8866, help=words("cli.help.classroom.port"))
    parser.add_argument("--token", default=None, help=words("cli.help.classroom.token"))
    parser.add_argument(
        "--no-browser", action="store_true", help=words("cli.help.classroom.no_browser")
    )
    parser.add_argument(
        "--cull-minutes",
        type=int,
        default=CULL_MINUTES,
        help=words("cli.help.classroom.cull_minutes", most=MOST_MINUTES),
    )
    parser.add_argument(
        "--max-kernels",
        type=int,
        default=MAX_KERNELS,
        help=words("cli.help.classroom.max_kernels", most=MOST_KERNELS),
    )

    def run(args: argparse.Namespace) -> int:
        """Serve the notebooks with Voilà and open the chosen language's welcome page."""
        check_count("--cull-minutes", args.cull_minutes, 1, MOST_MINUTES)
        check_count("--max-kernels", args.max_kernels, 1, MOST_KERNELS)
        if importlib.util.find_spec("voila") is None:
            return needs("classroom", "classroom", args.lang)
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


def _add_export(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "export", help=words("cli.help.export"), description=words("cli.about.export")
    )
    parser.add_argument("--out", type=Path, required=True, help=words("cli.help.export.out"))
    add_lang_option(parser, words("cli.help.export.lang"), default=None, many=True)

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


def add(commands: Subcommands, words: Words) -> None:
    """Add ``classroom`` and ``export``."""
    _add_classroom(commands, words)
    _add_export(commands, words)

"""``blockdomino site``: build the offline JupyterLite site."""

from __future__ import annotations

import argparse
import functools
import importlib.util
import sys
from pathlib import Path

from blockdomino.cli._common import INTERRUPTED, Subcommands, add_lang_option, unusable
from blockdomino.words.i18n import translate


def add(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "site", help="build the tutorial as an offline JupyterLite site (Python in the browser)"
    )
    parser.add_argument("--out", type=Path, required=True, help="folder to write the site to")
    parser.add_argument(
        "--cache",
        type=Path,
        default=None,
        help="folder keeping Pyodide between builds "
        "(default: $BLOCKDOMINO_CACHE, else the user's cache folder)",
    )
    add_lang_option(parser, "language of the messages")

    def run(args: argparse.Namespace) -> int:
        """Build the site clean (the app, then every file's compressed copies, last) and
        print its folder and size; stopped, say that the site built before is as it
        was."""
        if any(importlib.util.find_spec(name) is None for name in ("jupyterlite_core", "brotli")):
            return unusable(
                'the site needs: pip install "blockdomino[site]" (or -e ".[site]" in a checkout)'
            )
        from blockdomino.app.make import build_site_app
        from blockdomino.publish import site
        from blockdomino.server.precompress import site_part

        app = functools.partial(build_site_app, cache=args.cache, lang=args.lang)
        try:
            size = site.build(args.out, cache=args.cache, lang=args.lang, also=[app, site_part])
        except site.SiteError as error:  # the app's own ``AppError`` is worded by ``main``
            return unusable(error)
        except KeyboardInterrupt:
            said = translate("site.stopped", args.lang, path=args.out.resolve())
            print(f"blockdomino: {said}", file=sys.stderr)
            return INTERRUPTED
        print(f"{args.out.resolve()} ({size / 1e6:.1f} MB)")
        return 0

    parser.set_defaults(run=run)

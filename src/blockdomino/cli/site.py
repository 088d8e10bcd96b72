"""``blockdomino site``: build the offline JupyterLite site."""

from __future__ import annotations

import argparse
import functools
import importlib.util
import sys
from pathlib import Path

from blockdomino.cli._common import INTERRUPTED, Subcommands, Words, add_lang_option, unusable
from blockdomino.publish.downloads import CACHE_VARIABLE
from blockdomino.words.i18n import translate


def add(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "site", help=words("cli.help.site"), description=words("cli.about.site")
    )
    parser.add_argument("--out", type=Path, required=True, help=words("cli.help.site.out"))
    parser.add_argument(
        "--cache",
        type=Path,
        default=None,
        help=words("cli.help.site.cache", variable=f"${CACHE_VARIABLE}"),
    )
    add_lang_option(parser, words("cli.help.site.lang"))

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

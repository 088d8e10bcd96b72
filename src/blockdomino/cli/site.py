"""``blockdomino site``: build the offline JupyterLite site."""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

from blockdomino.cli._common import Subcommands, unusable


def add(commands: Subcommands) -> None:
    parser = commands.add_parser(
        "site", help="build the tutorial as an offline JupyterLite site (Python in the browser)"
    )
    parser.add_argument("--out", type=Path, required=True, help="folder to write the site to")
    parser.add_argument(
        "--cache", type=Path, default=None, help="folder keeping Pyodide between builds"
    )

    def run(args: argparse.Namespace) -> int:
        """Build the site clean and print its folder and size."""
        if importlib.util.find_spec("jupyterlite_core") is None:
            return unusable(
                'the site needs: pip install "blockdomino[site]" (or -e ".[site]" in a checkout)'
            )
        from blockdomino.app.make import build_site_app
        from blockdomino.publish import site

        try:
            size = site.build(args.out, cache=args.cache)
            size += build_site_app(args.out, cache=args.cache)
        except site.SiteError as error:  # the app's own ``AppError`` is worded by ``main``
            return unusable(error)
        print(f"{args.out.resolve()} ({size / 1e6:.1f} MB)")
        return 0

    parser.set_defaults(run=run)

"""The ``blockdomino`` command: open the tutorial, draw and describe chains, check documents.

Each subcommand is a small function over the library; exit status 0 means success,
1 a failed check, 2 unusable input.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from blockdomino.i18n import LANGUAGES

Command = Callable[[argparse.Namespace], int]


def notebooks_root() -> Path:
    """The folder of the tutorial notebooks in a source checkout."""
    return Path(__file__).resolve().parents[2] / "notebooks"


def _tutorial(args: argparse.Namespace) -> int:
    """Start JupyterLab on the welcome notebook of the chosen language."""
    folder = notebooks_root() / args.lang
    welcome = sorted(folder.glob("00_*.ipynb"))
    if not welcome:
        print(f"blockdomino: no tutorial notebooks in {folder}", file=sys.stderr)
        return 2
    os.chdir(notebooks_root())
    notebook = welcome[0].relative_to(notebooks_root())
    os.execv(sys.executable, [sys.executable, "-m", "jupyter", "lab", str(notebook)])


def _add_tutorial(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("tutorial", help="open the tutorial notebooks in JupyterLab")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="tutorial language")
    parser.set_defaults(run=_tutorial)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="blockdomino", description="Learn and check the domino game Block."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    _add_tutorial(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    run: Command = args.run
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())

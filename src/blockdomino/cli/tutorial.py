"""``blockdomino tutorial``: open the tutorial notebooks in JupyterLab."""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from blockdomino.cli._common import Subcommands, unusable
from blockdomino.words.i18n import LANGUAGES


def notebooks_root() -> Path:
    """The folder of the tutorial notebooks in a source checkout."""
    return Path(__file__).resolve().parents[3] / "notebooks"


def tutorial_command(lang: str) -> list[str]:
    """The JupyterLab command that opens the welcome notebook of ``lang``.

    The server's root is the notebooks folder, so the file browser and the links
    between the languages reach all three. JupyterLab refuses to start as root unless
    told to; a classroom machine or a container often runs as root, so the command
    says so there.
    """
    welcome = sorted((notebooks_root() / lang).glob("00_*.ipynb"))
    if not welcome:
        raise FileNotFoundError(f"no tutorial notebooks in {notebooks_root() / lang}")
    page = welcome[0].relative_to(notebooks_root()).as_posix()
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        f"--ServerApp.root_dir={notebooks_root()}",
        f"--LabApp.default_url=/lab/tree/{page}",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    return command


def _tutorial(args: argparse.Namespace) -> int:
    """Start JupyterLab on the welcome notebook of the chosen language.

    The tutorial's notebooks are first marked trusted on this machine (``jupyter
    trust``), so JupyterLab shows their saved diagrams before anything is run.
    JupyterLab is an extra (the library needs no server): without it, say how to get it.
    """
    if importlib.util.find_spec("jupyterlab") is None:
        return unusable('the tutorial needs JupyterLab: pip install -e ".[tutorial]"')
    try:
        command = tutorial_command(args.lang)
    except FileNotFoundError as missing:
        return unusable(missing)
    tutorial = sorted(str(path) for path in notebooks_root().glob("*/[0-9][0-9]_*.ipynb"))
    subprocess.run([sys.executable, "-m", "jupyter", "trust", *tutorial], check=True)
    os.execv(command[0], command)


def add(commands: Subcommands) -> None:
    parser = commands.add_parser("tutorial", help="open the tutorial notebooks in JupyterLab")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="tutorial language")
    parser.set_defaults(run=_tutorial)

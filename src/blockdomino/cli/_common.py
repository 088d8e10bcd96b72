"""What every command shares: the subparsers' type and the way unusable input is refused."""

from __future__ import annotations

import argparse
import sys
from typing import TypeAlias

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""The ``add_subparsers()`` object each command module adds its parser to."""


def needs(what: str, extra: str) -> int:
    """Refuse a command whose ``extra`` is not installed, and say how to install it."""
    return unusable(
        f'{what} needs the "{extra}" extra: '
        f'pip install "blockdomino[{extra}]" (or -e ".[{extra}]" in a checkout)'
    )


def unusable(reason: object) -> int:
    """Say on stderr why the command cannot run; the exit status of unusable input."""
    print(f"blockdomino: {reason}", file=sys.stderr)
    return 2

"""What every command shares: the subparsers' type and the way unusable input is refused."""

from __future__ import annotations

import argparse
import sys
from typing import TypeAlias

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""The ``add_subparsers()`` object each command module adds its parser to."""


def unusable(reason: object) -> int:
    """Say on stderr why the command cannot run; the exit status of unusable input."""
    print(f"blockdomino: {reason}", file=sys.stderr)
    return 2

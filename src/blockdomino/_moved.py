"""The module paths of earlier releases, kept working after the modules moved into layers.

``blockdomino.round`` is now ``blockdomino.engine.round``, ``blockdomino.coach`` is
``blockdomino.analysis.coach`` and so on (``MOVED``). Code and notebooks written for the
old paths go on working: importing an old name gives the very same module object as the
new one, so classes, ``isinstance`` and module state are shared. New code uses the new
paths; the layers contract (``pyproject.toml``) is written in them.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Final

MOVED: Final = {
    "blockdomino.coach.command": "blockdomino.cli.coach",
    "blockdomino.lab.command": "blockdomino.cli.lab",
    "blockdomino.tiles": "blockdomino.engine.tiles",
    "blockdomino.chain": "blockdomino.engine.chain",
    "blockdomino.rules": "blockdomino.engine.rules",
    "blockdomino.events": "blockdomino.engine.events",
    "blockdomino.round": "blockdomino.engine.round",
    "blockdomino.scoring": "blockdomino.engine.scoring",
    "blockdomino.match": "blockdomino.engine.match",
    "blockdomino.errors": "blockdomino.engine.errors",
    "blockdomino.leftovers": "blockdomino.engine.leftovers",
    "blockdomino.i18n": "blockdomino.words.i18n",
    "blockdomino.text": "blockdomino.words.text",
    "blockdomino.narration": "blockdomino.words.narration",
    "blockdomino.examples": "blockdomino.words.examples",
    "blockdomino.layout": "blockdomino.svg.layout",
    "blockdomino.award_view": "blockdomino.svg.award",
    "blockdomino.simulate": "blockdomino.analysis.simulate",
    "blockdomino.players": "blockdomino.analysis.players",
    "blockdomino.calculator": "blockdomino.analysis.calculator",
    "blockdomino.coach": "blockdomino.analysis.coach",
    "blockdomino.lab": "blockdomino.analysis.lab",
    "blockdomino.walkthrough": "blockdomino.play.walkthrough",
    "blockdomino.widgets.keeping": "blockdomino.play.keeping",
    "blockdomino.classroom": "blockdomino.publish.classroom",
    "blockdomino.site": "blockdomino.publish.site",
    "blockdomino.replay_page": "blockdomino.publish.replay_page",
}


def new_name(old: str) -> str | None:
    """The current path of a module imported by an old one (its submodules included)."""
    for before, after in MOVED.items():
        if old == before or old.startswith(before + "."):
            return after + old[len(before) :]
    return None


class _Alias(importlib.abc.Loader):
    """Loads an old name by importing the new one and handing back that module."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(self.target)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module was executed under its new name."""


class MovedFinder(importlib.abc.MetaPathFinder):
    """Finds the old module paths of ``MOVED`` and nothing else."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        current = new_name(fullname)
        if current is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(current))


def install() -> None:
    """Put the finder first on ``sys.meta_path``, once.

    First, so that an old submodule path (``blockdomino.coach.words``) is never found
    again by the path finder under its old name, as a second copy of the module.
    """
    if not any(isinstance(finder, MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())

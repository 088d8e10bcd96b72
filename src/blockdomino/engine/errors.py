"""Errors the rules raise, each carrying a message key so any language can word it.

The engine knows no language: an error holds a catalog key and the values to fill in
(``error.key``, ``error.params``). The words layer above turns that data into a sentence
and makes itself the wording of every error (``worded_by``) when it is imported, which
``import blockdomino`` always does; ``error.message("fi")`` then words it for a learner
and ``str(error)`` in English. The engine never imports the words layer.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

Wording = Callable[["BlockdominoError", str], str]

_wording: list[Wording] = []


def worded_by(wording: Wording) -> None:
    """Make ``wording(error, lang)`` the function that words every error (the words layer's)."""
    _wording[:] = [wording]


def deprecated(old: str, new: str) -> None:
    """Warn the caller of a deprecated name (``DeprecationWarning``) which name replaces it."""
    warnings.warn(f"{old} is deprecated; use {new}", DeprecationWarning, stacklevel=3)


class BlockdominoError(ValueError):
    """Something the rules or the input refuse. Nothing was changed by the refused action."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key, params)
        self.key = key
        self.params = params

    def message(self, lang: str = "en") -> str:
        """This error worded for a learner in ``lang`` ("fi", "sv" or "en").

        Without the words layer (never the case after ``import blockdomino``), the key
        and the values themselves.
        """
        if not _wording:
            return f"{self.key} {self.params}"
        return _wording[0](self, lang)

    def __str__(self) -> str:
        return self.message("en")


class TileError(BlockdominoError):
    """A malformed tile: numbers outside 0–6, or text that does not spell a tile."""


class IllegalMoveError(BlockdominoError):
    """A play or pass that the rules do not allow in the current position."""


class RulesError(BlockdominoError):
    """A combination of rule options that cannot be played, or an unknown preset."""

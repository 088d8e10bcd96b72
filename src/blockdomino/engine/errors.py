"""Errors the rules raise, each carrying a message key so any language can word it.

The engine knows no language: an error holds a catalog key and the values to fill in.
``str(error)`` words it in English through the catalogs (imported lazily, as a
``_repr_svg_`` imports its renderer); ``error.message("fi")`` words it for a learner.
"""

from __future__ import annotations

from typing import Any


class BlockdominoError(ValueError):
    """Something the rules or the input refuse. Nothing was changed by the refused action."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key, params)
        self.key = key
        self.params = params

    def message(self, lang: str = "en") -> str:
        """This error worded for a learner in ``lang`` ("fi", "sv" or "en")."""
        from blockdomino.words.text import error_message  # presentation, imported lazily

        return error_message(self, lang)

    def __str__(self) -> str:
        return self.message("en")


class TileError(BlockdominoError):
    """A malformed tile: numbers outside 0–6, or text that does not spell a tile."""


class IllegalMoveError(BlockdominoError):
    """A play or pass that the rules do not allow in the current position."""


class RulesError(BlockdominoError):
    """A combination of rule options that cannot be played, or an unknown preset."""

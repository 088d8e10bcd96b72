"""Errors the rules raise, each carrying a message key so any language can word it.

The engine knows no language: an error holds a catalog key and the values to fill in
(``error.key``, ``error.params``). The words layer above turns that data into a sentence
when asked: ``blockdomino.words.explain(error, "fi")`` words it for a learner, and every
place that shows an error to a user (the command line, the widgets, the app) asks it so,
in the user's language. ``str(error)`` is the developer's view and holds no language:
the key and the values, ``error.round.not_in_hand (tile=[1|2])``.
"""

from __future__ import annotations

from typing import Any


def _value_text(value: object) -> str:
    """A value as the developer's message shows it: text quoted, anything else as printed."""
    return repr(value) if isinstance(value, str) else str(value)


class BlockdominoError(ValueError):
    """Something the rules or the input refuse. Nothing was changed by the refused action."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key, params)
        self.key = key
        self.params = params

    def __str__(self) -> str:
        """The key and the values, in no language: ``error.rules.players (players=7)``."""
        if not self.params:
            return self.key
        values = ", ".join(f"{name}={_value_text(value)}" for name, value in self.params.items())
        return f"{self.key} ({values})"


class TileError(BlockdominoError):
    """A malformed tile: numbers outside 0–6, or text that does not spell a tile."""


class IllegalMoveError(BlockdominoError):
    """A play or pass that the rules do not allow in the current position."""


class RulesError(BlockdominoError):
    """A combination of rule options that cannot be played, or an unknown preset."""

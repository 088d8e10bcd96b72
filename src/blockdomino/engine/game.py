"""One game interface, as OpenSpiel's states have: a round and a match alike.

Who is to move (``to_move``), what they may do (``legal_actions``: a ``Move`` with its
end, a ``Draw`` from the pot, a ``Pass``; between a match's rounds, ``NEXT_ROUND``),
``apply`` an action for the next state (the one held stays as it was), whether the
game ``is_over``, what each seat got (``returns``) and what a seat sees (``view``).
``Round`` and ``Match`` (and the hot seat, which plays them) are ``Game`` values.
"""

from __future__ import annotations

from typing import Protocol, Self

from blockdomino.engine.playing import NEXT_ROUND, Action, NextRound, Playing
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.view import Reveal, SeatView

__all__ = ["NEXT_ROUND", "Action", "Game", "NextRound", "Playing"]


class Game(Protocol):
    """A game in progress, immutable: a ``Round`` or a ``Match``."""

    @property
    def rules(self) -> Rules: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def current_round(self) -> Round: ...

    def legal_actions(self) -> tuple[Action, ...]: ...

    def apply(self, action: Action) -> Self: ...

    def returns(self) -> tuple[int, ...]: ...

    def view(self, seat: int | None, *, reveal: Reveal = None) -> SeatView: ...

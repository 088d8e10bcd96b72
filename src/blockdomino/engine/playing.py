"""How a round and a match play, written once: ``Playing`` gives them the ``Game``
methods (``engine.game``) over their own play, draw, pass and next round.
"""

from __future__ import annotations

from typing import Final, NamedTuple, Protocol, Self, TypeVar

from blockdomino.engine.errors import IllegalMoveError
from blockdomino.engine.events import Draw, Move, Pass
from blockdomino.engine.view import Position, Reveal, SeatView, seat_view


class NextRound(NamedTuple):
    """Deal a match's next round: the action between rounds, nobody's choice."""


NEXT_ROUND: Final = NextRound()

Action = Move | Draw | Pass | NextRound
"""What a game may be told to do. A draw action names only its seat: the pot chooses the
tile (``Draw(seat)``)."""


class _Steps(Protocol):
    """What ``Playing`` is written over: the actions of ``Round`` and ``Match``."""

    @property
    def is_over(self) -> bool: ...

    @property
    def current_round(self) -> Position: ...

    def play(self, move: Move) -> Self: ...

    def draw(self) -> Self: ...

    def pass_turn(self) -> Self: ...

    def _next_round(self) -> Self: ...


G = TypeVar("G", bound=_Steps)


class Playing:
    """The ``Game`` methods, written once over a game's play, draw, pass and next round."""

    __slots__ = ()

    @property
    def to_move(self: _Steps) -> int | None:
        """The seat to move; ``None`` once the game is over or between a match's rounds."""
        current = self.current_round
        return None if current.is_over else current.turn

    def legal_actions(self: _Steps) -> tuple[Action, ...]:
        """Every action allowed now: the legal plays; else a draw while the pot has tiles
        (the draw game), else a pass; between a match's rounds, ``NEXT_ROUND``; once the
        game is over, none."""
        if self.is_over:
            return ()
        current = self.current_round
        if current.is_over:
            return (NEXT_ROUND,)
        moves = current.legal_moves()
        if moves:
            return moves
        return (Draw(current.turn) if current.can_draw() else Pass(current.turn),)

    def apply(self: G, action: Action) -> G:
        """The game after ``action``; an action the rules refuse raises ``IllegalMoveError``
        and changes nothing."""
        if isinstance(action, Move):
            return self.play(action)
        if isinstance(action, NextRound):
            return self._next_round()
        current = self.current_round
        if not current.is_over and action.seat != current.turn:
            raise IllegalMoveError("error.game.not_your_turn", seat=current.turn)
        if isinstance(action, Pass):
            return self.pass_turn()
        if action.tile is not None:
            raise IllegalMoveError("error.game.draw_chosen")
        return self.draw()

    def _next_round(self: G) -> G:
        """A round alone has no next one: refused (a match deals its next round)."""
        over = self.current_round.is_over
        raise IllegalMoveError("error.round.over" if over else "error.match.round_not_over")

    def view(self: _Steps, seat: int | None, *, reveal: Reveal = None) -> SeatView:
        """The round being played as ``seat`` sees it (``None``: a spectator); see
        ``engine.view``."""
        return seat_view(self.current_round, seat, reveal=reveal)

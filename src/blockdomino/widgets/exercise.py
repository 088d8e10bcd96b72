"""Exercises on single decisions: where a tile goes, and whether to play or pass.

``MoveExercise`` gives a chain and a hand: the learner places tile after tile, choosing
each tile and then the open end it joins, until the hand is empty or nothing fits.
``PassExercise`` walks through positions of a round: the learner to move either plays
or passes, and the rule decides ("if you can place a tile, you must"). What a click
does is ``blockdomino.play.exercises``; these widgets show its view model.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from blockdomino.engine.chain import Chain
from blockdomino.engine.round import Round
from blockdomino.engine.tiles import Tile
from blockdomino.play.exercises import MoveController, PassController, Placement
from blockdomino.widgets._base import View, heading, row, tiles_text

E = TypeVar("E", MoveController, PassController)


class _Exercise(View[E]):
    """What both exercises show besides their own: the tile chosen, Undo and Restart."""

    @property
    def selected(self) -> Tile | None:
        """The tile chosen and waiting for an end, if any."""
        return self.controller.state.selected

    def undo(self) -> None:
        """Take back the last move (nothing happens at the start)."""
        self.act("undo")

    def restart(self) -> None:
        """Back to the beginning."""
        self.act("restart")


class MoveExercise(_Exercise[MoveController]):
    """Place the tiles of a hand on a chain, one at a time: a tile, then an open end.

    The diagram marks the playable tiles and, once a tile is chosen, the ends it fits.
    A tile that fits no end, or an end the tile does not fit, is refused with the
    rules' reason and changes nothing. The exercise ends when the hand is empty or
    when nothing fits any more (then a player would pass).
    """

    def __init__(
        self,
        chain: Chain | str,
        hand: Iterable[Tile] | str,
        *,
        lang: str,
        title: str | None = None,
    ) -> None:
        super().__init__(MoveController(chain, hand, lang=lang, title=title), "message")
        self.title = title
        self.undo_button, self.restart_button = self.group("actions")
        top = [heading(title)] if title else []
        self.children = [
            *top,
            self.board,
            self.message,
            self.tiles_box,
            self.ends_box,
            row(self.undo_button, self.restart_button),
        ]

    def __repr__(self) -> str:
        placement = self.state
        return (
            f"MoveExercise(chain={tiles_text(placement.chain.tiles)}, "
            f"hand={tiles_text(placement.hand)}, lang={self.lang!r})"
        )

    @property
    def state(self) -> Placement:
        """The chain and the hand as they stand (an immutable value; moves replace it)."""
        return self.controller.state.position

    @property
    def is_finished(self) -> bool:
        """The hand is empty, or no tile left in it fits."""
        return self.controller.is_finished


class PassExercise(_Exercise[PassController]):
    """Positions of a round, one at a time: the player to move plays, or passes.

    "Play" lets the learner choose a tile and an end; "Pass" is refused while a tile
    fits, with the rule: whoever can place a tile must. A correct pass is confirmed:
    in Block nobody draws. "Next position" moves on once the position is decided.
    """

    def __init__(self, positions: Sequence[Round], *, lang: str) -> None:
        super().__init__(PassController(positions, lang=lang), "caption", "message")
        self.positions = self.controller.positions
        self.caption = self.areas["caption"]
        self.play_button, self.pass_button = self.group("decide")
        self.next_button, self.undo_button, self.restart_button = self.group("actions")
        self.children = [
            self.caption,
            self.board,
            self.message,
            row(self.play_button, self.pass_button),
            self.tiles_box,
            self.ends_box,
            row(self.next_button, self.undo_button, self.restart_button),
        ]

    def __repr__(self) -> str:
        return f"PassExercise(position={self.index + 1}/{len(self.positions)}, lang={self.lang!r})"

    @property
    def state(self) -> Round:
        """The position as it stands (an immutable engine value; a decision replaces it)."""
        return self.controller.state.position

    @property
    def index(self) -> int:
        """The number of the position shown, from 0."""
        return self.controller.state.index

    @property
    def is_decided(self) -> bool:
        """The learner has played or passed correctly in this position."""
        return self.controller.state.started

    def choose_play(self) -> None:
        """The learner means to play: the tile buttons open, or the rules say none fits."""
        self.act("play")

    def pass_turn(self) -> None:
        """The learner passes: confirmed when nothing fits, refused with the rule otherwise."""
        self.act("pass")

    def next_position(self) -> None:
        """On to the next position, once this one is decided (the last one stays)."""
        self.act("next")

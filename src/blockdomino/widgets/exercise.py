"""Exercises on single decisions: where a tile goes, and whether to play or pass.

``MoveExercise`` gives a chain and a hand: the learner places tile after tile, choosing
each tile and then the open end it joins, until the hand is empty or nothing fits.
``PassExercise`` walks through positions of a round: the learner to move either plays
or passes, and the rule decides ("if you can place a tile, you must").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from blockdomino import svg
from blockdomino.engine.chain import Chain, OpenEnd
from blockdomino.engine.round import Round
from blockdomino.engine.tiles import Tile, parse_tiles
from blockdomino.play.view_model import heading_html
from blockdomino.widgets._base import Panel, button, heading, row, tiles_text
from blockdomino.words.i18n import translate
from blockdomino.words.text import describe, player_name


@dataclass(frozen=True, slots=True)
class Practice:
    """A chain and the tiles a learner still holds: a one-player exercise position."""

    chain: Chain
    hand: tuple[Tile, ...]

    @property
    def playable(self) -> tuple[Tile, ...]:
        """The tiles of the hand that fit the chain now."""
        return tuple(tile for tile in self.hand if self.chain.fits(tile))

    def play(self, tile: Tile, end: OpenEnd | None = None) -> Practice:
        """The position after ``tile`` joins ``end``; refused as ``Chain.play`` refuses."""
        return Practice(
            self.chain.play(tile, end), tuple(held for held in self.hand if held is not tile)
        )


def _ends_numbers(chain: Chain) -> dict[str, int]:
    left, right = chain.numbers or (0, 0)
    return {"left": left, "right": right}


class MoveExercise(Panel[Practice]):
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
        start = Practice(
            Chain.parse(chain) if isinstance(chain, str) else chain,
            parse_tiles(hand) if isinstance(hand, str) else tuple(hand),
        )
        super().__init__(start, lang=lang)
        self.title = title
        self.restart_button = button(
            translate("widgets.button.restart", self.lang),
            translate("widgets.button.restart.tooltip", self.lang),
            self.restart,
        )
        top = [heading(title)] if title else []
        self.children = [
            *top,
            self.board,
            self.message,
            self.chooser.tiles_box,
            self.chooser.ends_box,
            row(self.undo_button, self.restart_button),
        ]
        self.say(self._prompt())
        self._refresh()

    def __repr__(self) -> str:
        practice = self.state
        return (
            f"MoveExercise(chain={tiles_text(practice.chain.tiles)}, "
            f"hand={tiles_text(practice.hand)}, lang={self.lang!r})"
        )

    @property
    def is_finished(self) -> bool:
        """The hand is empty, or no tile left in it fits."""
        return not self.state.playable

    def restart(self) -> None:
        """Back to the chain and hand the exercise began with."""
        self._reset(self._states[0])
        self.say(self._prompt())
        self._refresh()

    def _prompt(self) -> str:
        practice = self.state
        if not practice.hand:
            return translate("widgets.move.done", self.lang)
        if not practice.playable:
            return translate("widgets.move.stuck", self.lang, **_ends_numbers(practice.chain))
        return translate("widgets.move.prompt", self.lang)

    def _chain(self) -> Chain:
        return self.state.chain

    def _place(self, tile: Tile, end: OpenEnd | None) -> None:
        if self.attempt(lambda practice: practice.play(tile, end)):
            self.say(
                translate("widgets.move.placed", self.lang, tile=tile),
                describe(self.state.chain, self.lang),
                self._prompt(),
            )
            self._refresh()

    def _refresh(self) -> None:
        practice = self.state
        self.board.value = svg.chain(
            practice.chain,
            hand=practice.hand,
            selected=self._selected,
            lang=self.lang,
            title=self.title,
        )
        self.chooser.show(
            practice.chain,
            practice.hand,
            playable=practice.playable,
            selected=self._selected,
            enabled=not self.is_finished,
        )
        started = len(self._states) > 1
        self.undo_button.disabled = not started
        self.restart_button.disabled = not started


class PassExercise(Panel[Round]):
    """Positions of a round, one at a time: the player to move plays, or passes.

    "Play" lets the learner choose a tile and an end; "Pass" is refused while a tile
    fits, with the rule: whoever can place a tile must. A correct pass is confirmed:
    in Block nobody draws. "Next position" moves on once the position is decided.
    """

    def __init__(self, positions: Sequence[Round], *, lang: str) -> None:
        if not positions:
            raise ValueError("PassExercise needs at least one position")
        self.positions = tuple(positions)
        super().__init__(self.positions[0], lang=lang)
        self._index = 0
        self._playing = False
        self.caption = heading("")
        self.play_button = button(
            translate("widgets.button.play", self.lang),
            translate("widgets.button.play.tooltip", self.lang),
            self.choose_play,
        )
        self.pass_button = button(
            translate("widgets.button.pass", self.lang),
            translate("widgets.button.pass.tooltip", self.lang),
            self.pass_turn,
        )
        self.next_button = button(
            translate("widgets.button.next_position", self.lang),
            translate("widgets.button.next_position.tooltip", self.lang),
            self.next_position,
        )
        self.restart_button = button(
            translate("widgets.button.restart", self.lang),
            translate("widgets.button.restart_positions.tooltip", self.lang),
            self.restart,
        )
        self.children = [
            self.caption,
            self.board,
            self.message,
            row(self.play_button, self.pass_button),
            self.chooser.tiles_box,
            self.chooser.ends_box,
            row(self.next_button, self.undo_button, self.restart_button),
        ]
        self._show_position()

    def __repr__(self) -> str:
        return f"PassExercise(position={self._index + 1}/{len(self.positions)}, lang={self.lang!r})"

    @property
    def index(self) -> int:
        """The number of the position shown, from 0."""
        return self._index

    @property
    def is_decided(self) -> bool:
        """The learner has played or passed correctly in this position."""
        return len(self._states) > 1

    @property
    def _seat(self) -> int:
        return self.positions[self._index].turn

    def choose_play(self) -> None:
        """The learner means to play: the tile buttons open, or the rules say none fits."""
        position = self.state
        if not position.can_play():
            self.say(
                translate("widgets.pass.cannot_play", self.lang, **_ends_numbers(position.chain))
            )
        else:
            self._playing = True
            self.say(translate("widgets.pass.choose_tile", self.lang))
        self._refresh()

    def pass_turn(self) -> None:
        """The learner passes: confirmed when nothing fits, refused with the rule otherwise."""
        if self.attempt(lambda position: position.pass_turn()):
            self.say(translate("widgets.pass.passed", self.lang), self._closing())
            self._refresh()

    def next_position(self) -> None:
        """On to the next position, once this one is decided (the last one stays)."""
        if self.is_decided and self._index + 1 < len(self.positions):
            self._index += 1
            self._show_position()

    def restart(self) -> None:
        """Back to the first position, undecided."""
        self._index = 0
        self._show_position()

    def undo(self) -> None:
        """Take back the decision in this position."""
        self._playing = False
        super().undo()

    def _show_position(self) -> None:
        self._reset(self.positions[self._index])
        self._playing = False
        self.caption.value = heading_html(
            translate(
                "widgets.pass.heading",
                self.lang,
                number=self._index + 1,
                count=len(self.positions),
                player=player_name(self._seat, self.lang),
            )
        )
        self.say(translate("widgets.pass.prompt", self.lang))
        self._refresh()

    def _closing(self) -> str:
        if self._index + 1 < len(self.positions):
            return translate("widgets.pass.go_on", self.lang)
        return translate("widgets.pass.finished", self.lang)

    def _chain(self) -> Chain:
        return self.state.chain

    def _place(self, tile: Tile, end: OpenEnd | None) -> None:
        if self.attempt(lambda position: position.play(tile, end)):
            self._playing = False
            self.say(translate("widgets.pass.played", self.lang, tile=tile), self._closing())
            self._refresh()

    def _refresh(self) -> None:
        position = self.state
        hand = position.hands[self._seat]
        self.board.value = svg.chain(
            position.chain, hand=hand, selected=self._selected, lang=self.lang
        )
        decided = self.is_decided
        self.chooser.show(
            position.chain,
            hand,
            playable={move.tile for move in position.legal_moves()} if not decided else (),
            selected=self._selected,
            enabled=self._playing and not decided,
        )
        self.play_button.disabled = decided
        self.pass_button.disabled = decided
        self.next_button.disabled = not decided or self._index + 1 == len(self.positions)
        self.undo_button.disabled = not decided
        self.restart_button.disabled = self._index == 0 and not decided

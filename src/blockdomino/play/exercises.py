"""The exercises on single decisions as controllers: where a tile goes, and whether to
play or pass.

:class:`MoveController` gives a chain and a hand: the learner places tile after tile,
choosing each tile and then the open end it joins, until the hand is empty or nothing
fits. :class:`PassController` walks through positions of a round: the learner to move
either plays or passes, and the rule decides ("if you can place a tile, you must").

Actions: ``tile:[a|b]`` and ``end:<i>`` (as at the table), ``undo`` and ``restart``;
the pass exercise adds ``play`` (the learner means to play), ``pass`` and ``next``.
A tile that fits no end, an end the tile does not fit, a pass while a tile fits: each
is refused with the rules' reason and changes nothing.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from blockdomino import svg
from blockdomino.engine.chain import Chain, OpenEnd
from blockdomino.engine.round import Round
from blockdomino.engine.tiles import Tile, parse_tiles
from blockdomino.play.choosing import choice_buttons, end_actions
from blockdomino.play.view_model import (
    Action,
    Button,
    Controller,
    ViewModel,
    catalog_button,
    heading_html,
    paragraphs,
)
from blockdomino.words.i18n import parse_lang, translate
from blockdomino.words.text import describe, player_name, tile_in_words


@dataclass(frozen=True, slots=True)
class Placement:
    """A chain and the tiles a learner still holds: a one-player exercise position."""

    chain: Chain
    hand: tuple[Tile, ...]

    @property
    def playable(self) -> tuple[Tile, ...]:
        """The tiles of the hand that fit the chain now."""
        return tuple(tile for tile in self.hand if self.chain.fits(tile))

    def play(self, tile: Tile, end: OpenEnd | None = None) -> Placement:
        """The position after ``tile`` joins ``end``; refused as ``Chain.play`` refuses."""
        return Placement(
            self.chain.play(tile, end), tuple(held for held in self.hand if held is not tile)
        )


P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class ExerciseState(Generic[P]):
    """An exercise as one immutable value: the positions since the start (the last is
    shown; Undo drops it), the tile chosen and waiting for an end, and what the last
    action said. The pass exercise adds which given position is shown (``index``) and
    whether the learner chose to play (``playing``)."""

    positions: tuple[P, ...]
    selected: Tile | None = None
    note: tuple[str, ...] = ()
    index: int = 0
    playing: bool = False

    @property
    def position(self) -> P:
        """The position shown."""
        return self.positions[-1]

    @property
    def started(self) -> bool:
        """Whether anything was placed (or passed) since the start."""
        return len(self.positions) > 1

    def moved(self, position: P, *note: str) -> ExerciseState[P]:
        """The state after a move to ``position``, saying ``note``."""
        return replace(self, positions=(*self.positions, position), selected=None, note=note)


def _ends_numbers(chain: Chain) -> dict[str, int]:
    left, right = chain.numbers or (0, 0)
    return {"left": left, "right": right}


class _Placing(Controller[ExerciseState[P]]):
    """What both exercises share: a tile, then an end; undo; a refusal said."""

    def __init__(self, lang: str) -> None:
        self.lang = parse_lang(lang)
        self.actions = {
            "tile": self._choose_tile,
            "end": self._choose_end,
            "undo": self._undo,
            "restart": self._restart,
        }

    @abstractmethod
    def _chain(self, position: P) -> Chain:
        """The chain tiles are being placed on."""

    @abstractmethod
    def _place(self, state: ExerciseState[P], tile: Tile, end: OpenEnd | None) -> ExerciseState[P]:
        """The state after ``tile`` is placed at ``end`` (``None``: where it alone fits)."""

    @abstractmethod
    def _restart(self, state: ExerciseState[P], _: str) -> ExerciseState[P]:
        """Back to the beginning."""

    def refused(self, state: ExerciseState[P], reason: str) -> ExerciseState[P]:
        """The exercise saying why the rules refused the last action."""
        return replace(state, note=(reason,))

    def end_actions(self) -> tuple[tuple[OpenEnd, Action], ...]:
        """The chain's open ends, each placing the chosen tile there."""
        return end_actions(self._chain(self.state.position))

    def _choose_tile(self, state: ExerciseState[P], argument: str) -> ExerciseState[P]:
        tile = Tile.parse(argument)
        chain = self._chain(state.position)
        if chain.tiles and chain.ends_for(tile):
            chosen = translate(
                "widgets.tile.chosen", self.lang, tile=tile_in_words(tile, self.lang)
            )
            return replace(state, selected=tile, note=(chosen,))
        return self._place(state, tile, None)

    def _choose_end(self, state: ExerciseState[P], argument: str) -> ExerciseState[P]:
        if state.selected is None:
            return state
        end = self._chain(state.position).open_ends[int(argument)]
        return self._place(state, state.selected, end)

    def _undo(self, state: ExerciseState[P], _: str) -> ExerciseState[P]:
        if not state.started:
            return state
        undone = translate("widgets.undone", self.lang)
        return replace(
            state, positions=state.positions[:-1], selected=None, note=(undone,), playing=False
        )

    def _view(self, image: str, texts: dict[str, str], buttons: Iterable[Button]) -> ViewModel:
        state = self.state
        return ViewModel(
            svg=image,
            texts=tuple(texts.items()),
            buttons=tuple(buttons),
            announcement=" ".join(state.note),
            refusal=self.refusal,
            selected=None if state.selected is None else str(state.selected),
        )

    def _undo_button(self, *, enabled: bool) -> Button:
        return catalog_button(
            "widgets.button.undo",
            "widgets.button.undo.tooltip",
            self.lang,
            id="undo",
            enabled=enabled,
            icon="undo",
        )


class MoveController(_Placing[Placement]):
    """Place the tiles of a hand on a chain, one at a time: a tile, then an open end.

    The diagram marks the playable tiles and, once a tile is chosen, the ends it fits.
    The exercise ends when the hand is empty or when nothing fits any more (then a
    player would pass).
    """

    def __init__(
        self, chain: Chain | str, hand: Iterable[Tile] | str, *, lang: str, title: str | None
    ) -> None:
        super().__init__(lang)
        self.title = title
        self.start = Placement(
            Chain.parse(chain) if isinstance(chain, str) else chain,
            parse_tiles(hand) if isinstance(hand, str) else tuple(hand),
        )
        self.state = ExerciseState((self.start,), note=(self._prompt(self.start),))

    def _chain(self, position: Placement) -> Chain:
        return position.chain

    @property
    def is_finished(self) -> bool:
        """The hand is empty, or no tile left in it fits."""
        return not self.state.position.playable

    def _prompt(self, placement: Placement) -> str:
        if not placement.hand:
            return translate("widgets.move.done", self.lang)
        if not placement.playable:
            return translate("widgets.move.stuck", self.lang, **_ends_numbers(placement.chain))
        return translate("widgets.move.prompt", self.lang)

    def _place(
        self, state: ExerciseState[Placement], tile: Tile, end: OpenEnd | None
    ) -> ExerciseState[Placement]:
        after = state.position.play(tile, end)
        placed = translate("widgets.move.placed", self.lang, tile=tile_in_words(tile, self.lang))
        chain = describe(after.chain, self.lang, spoken=True)
        return state.moved(after, placed, chain, self._prompt(after))

    def _restart(self, state: ExerciseState[Placement], _: str) -> ExerciseState[Placement]:
        return ExerciseState((self.start,), note=(self._prompt(self.start),))

    def view(self) -> ViewModel:
        """The chain with the hand under it, the message, the tiles and ends, Undo and
        Restart."""
        state = self.state
        placement = state.position
        image = svg.chain(
            placement.chain,
            hand=placement.hand,
            selected=state.selected,
            lang=self.lang,
            title=self.title,
            width=self.width,
        )
        choices = choice_buttons(
            placement.chain,
            placement.hand,
            playable=placement.playable,
            selected=state.selected,
            enabled=not self.is_finished,
            lang=self.lang,
        )
        restart = catalog_button(
            "widgets.button.restart",
            "widgets.button.restart.tooltip",
            self.lang,
            id="restart",
            enabled=state.started,
        )
        buttons = (*choices, self._undo_button(enabled=state.started), restart)
        return self._view(str(image), {"message": paragraphs(state.note)}, buttons)


class PassController(_Placing[Round]):
    """Positions of a round, one at a time: the player to move plays, or passes.

    "Play" lets the learner choose a tile and an end; "Pass" is refused while a tile
    fits, with the rule: whoever can place a tile must. A correct pass is confirmed:
    in Block nobody draws. "Next position" moves on once the position is decided.
    """

    def __init__(self, positions: Sequence[Round], *, lang: str) -> None:
        if not positions:
            raise ValueError("PassExercise needs at least one position")
        super().__init__(lang)
        self.positions = tuple(positions)
        self.actions = {
            **self.actions,
            "play": self._choose_play,
            "pass": self._pass,
            "next": self._next,
        }
        self.state = self._shown(0)

    def _chain(self, position: Round) -> Chain:
        return position.chain

    def _shown(self, index: int) -> ExerciseState[Round]:
        prompt = translate("widgets.pass.prompt", self.lang)
        return ExerciseState((self.positions[index],), note=(prompt,), index=index)

    def _closing(self, state: ExerciseState[Round]) -> str:
        if state.index + 1 < len(self.positions):
            return translate("widgets.pass.go_on", self.lang)
        return translate("widgets.pass.finished", self.lang)

    def _choose_play(self, state: ExerciseState[Round], _: str) -> ExerciseState[Round]:
        position = state.position
        if not position.can_play():
            numbers = _ends_numbers(position.chain)
            return replace(
                state, note=(translate("widgets.pass.cannot_play", self.lang, **numbers),)
            )
        chosen = translate("widgets.pass.choose_tile", self.lang)
        return replace(state, playing=True, note=(chosen,))

    def _pass(self, state: ExerciseState[Round], _: str) -> ExerciseState[Round]:
        passed = translate("widgets.pass.passed", self.lang)
        return state.moved(state.position.pass_turn(), passed, self._closing(state))

    def _place(
        self, state: ExerciseState[Round], tile: Tile, end: OpenEnd | None
    ) -> ExerciseState[Round]:
        after = state.position.play(tile, end)
        played = translate("widgets.pass.played", self.lang, tile=tile_in_words(tile, self.lang))
        return replace(state.moved(after, played, self._closing(state)), playing=False)

    def _next(self, state: ExerciseState[Round], _: str) -> ExerciseState[Round]:
        if state.started and state.index + 1 < len(self.positions):
            return self._shown(state.index + 1)
        return state

    def _restart(self, state: ExerciseState[Round], _: str) -> ExerciseState[Round]:
        return self._shown(0)

    def view(self) -> ViewModel:
        """The caption, the chain with the mover's hand, the message, Play and Pass, the
        tiles and ends, then Next position, Undo and Restart."""
        state = self.state
        position, decided, lang = state.position, state.started, self.lang
        hand = position.hands[self.positions[state.index].turn]
        image = svg.chain(
            position.chain, hand=hand, selected=state.selected, lang=lang, width=self.width
        )
        caption = translate(
            "widgets.pass.heading",
            lang,
            number=state.index + 1,
            count=len(self.positions),
            player=player_name(self.positions[state.index].turn, lang),
        )
        last = state.index + 1 == len(self.positions)
        buttons = (
            catalog_button(
                "widgets.button.play",
                "widgets.button.play.tooltip",
                lang,
                id="play",
                enabled=not decided,
                group="decide",
            ),
            catalog_button(
                "widgets.button.pass",
                "widgets.button.pass.tooltip",
                lang,
                id="pass",
                enabled=not decided,
                group="decide",
            ),
            *choice_buttons(
                position.chain,
                hand,
                playable={move.tile for move in position.legal_moves()} if not decided else (),
                selected=state.selected,
                enabled=state.playing and not decided,
                lang=lang,
            ),
            catalog_button(
                "widgets.button.next_position",
                "widgets.button.next_position.tooltip",
                lang,
                id="next",
                enabled=decided and not last,
            ),
            self._undo_button(enabled=decided),
            catalog_button(
                "widgets.button.restart",
                "widgets.button.restart_positions.tooltip",
                lang,
                id="restart",
                enabled=state.index > 0 or decided,
            ),
        )
        texts = {"caption": heading_html(caption), "message": paragraphs(state.note)}
        return self._view(str(image), texts, buttons)

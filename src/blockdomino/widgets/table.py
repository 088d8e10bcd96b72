"""The table a learner plays at: the board, the hand, Pass, Draw, Undo and the turn log.

``_TablePlayer`` is what ``RoundPlayer``, ``MatchPlayer`` and the hot-seat tables share:
the learner sits at one seat and the computer plays every other seat with a strategy
from ``blockdomino.analysis.players``, seeded by the position, so the same seed plays the same
way (and an undone move, made again, gets the same answers). The widget holds only
positions where the learner is to move (or the round is over): "Undo" goes back to
the learner's previous turn. Its game can be saved, kept and resumed
(``blockdomino.play.keeping``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, Self, TypeVar, cast

import ipywidgets  # type: ignore[import-untyped]

from blockdomino import records, svg
from blockdomino.analysis.players import STRATEGIES, Strategy
from blockdomino.engine.chain import Chain, OpenEnd
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.round import Draw, Move, Pass, Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import Tile
from blockdomino.play import keeping
from blockdomino.svg.award import award
from blockdomino.widgets._base import (
    Panel,
    Widget,
    button,
    numbered,
    paragraphs,
    preset_name,
    row,
    tiles_text,
)
from blockdomino.widgets.coach import CoachPanel
from blockdomino.words.i18n import translate
from blockdomino.words.narration import player_label
from blockdomino.words.text import drawing, player_name


class Table(Protocol):
    """A game the seat to move can play on or pass in: a ``Round`` or a ``Match``."""

    def play(self, move: Move | Tile, end: OpenEnd | None = None) -> Self: ...

    def pass_turn(self) -> Self: ...

    def draw(self) -> Self: ...


T = TypeVar("T", bound=Table)


def _strategy(name: str) -> Strategy:
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r}; known: {', '.join(STRATEGIES)}")
    return STRATEGIES[name]


class _TablePlayer(Panel[T]):
    """The board, the learner's tile and end buttons, Pass, Undo, and the turn log.

    A game says how it is dealt (``_dealt``: a round, a match) and which controls it
    adds (``_controls``: New round; the scores, Next round and New match).
    """

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int,
        lang: str,
        seat: int = 0,
        strategy: str = "random",
        coach: bool = False,
    ) -> None:
        first = self._dealt(rules, seed)
        super().__init__(first, lang=lang)
        self.rules = rules
        self.seed = seed
        self.seat = seat
        self.strategy = strategy
        self._strategy = _strategy(strategy)
        self.info: Widget = ipywidgets.HTML()
        self.turns: Widget = ipywidgets.HTML()
        self.pass_button = self._button(
            "widgets.button.pass", "widgets.button.pass.tooltip", self.pass_turn, "forward"
        )
        self.draw_button = self._button(
            "widgets.button.draw", "widgets.button.draw.tooltip", self.draw, "download"
        )
        self.save_button = self._button(
            "records.button.save", "records.button.save.tooltip", self.save_record, "save"
        )
        self.resume_button = button(
            translate("records.button.resume", self.lang),
            translate("records.button.resume.tooltip", self.lang),
            self.resume,
        )
        self.resume_button.layout.display = "none"
        self.kept: Path | None = None
        self.coach = (
            CoachPanel(
                lambda: self.position,
                self._may_ask,
                lang,
                seed,
                self._draw_board,
                names=self._names(),
            )
            if coach
            else None
        )
        self._reset(self._computer_turns(first))
        above, buttons = self._controls()
        self._lay_out(above=above, buttons=buttons)

    def _button(self, key: str, tooltip: str, action: Callable[[], object], icon: str) -> Widget:
        """A button worded and explained by the catalog messages ``key`` and ``tooltip``."""
        widget = button(translate(key, self.lang), translate(tooltip, self.lang), action)
        widget.icon = icon
        return widget

    # -- what the subclasses say --------------------------------------------------------

    def _dealt(self, rules: Rules, seed: int) -> T:
        """A new game dealt from ``seed``: one round, or a match's first round."""
        raise NotImplementedError

    def _controls(self) -> tuple[tuple[Widget, ...], tuple[Widget, ...]]:
        """The widgets the game adds (made here): those above the board, and the buttons
        beside Undo."""
        raise NotImplementedError

    def _position(self, state: T) -> Round:
        """The round being played in ``state``."""
        raise NotImplementedError

    def _round_number(self, state: T) -> int:
        """Which round of the game ``state`` is in, from 1."""
        raise NotImplementedError

    # -- the game ----------------------------------------------------------------------

    @property
    def position(self) -> Round:
        """The round being played, as it stands."""
        return self._position(self.state)

    def play(self, tile: Tile | str, end: OpenEnd | None = None) -> None:
        """The learner places ``tile`` (at ``end`` where it fits two places); the computer
        players answer. Refused moves are reported and change nothing."""
        chosen = Tile.parse(tile) if isinstance(tile, str) else tile
        self._place(chosen, end)

    def pass_turn(self) -> None:
        """The learner passes: allowed only when no tile fits."""
        if self.attempt(lambda state: self._computer_turns(state.pass_turn())):
            self._announce()

    def draw(self) -> None:
        """The learner draws a tile from the pot (the draw game): allowed only when no
        tile fits and the pot has tiles; refused with the reason otherwise."""
        if self.attempt(lambda state: self._computer_turns(state.draw())):
            self._announce()

    def _deal_again(self) -> None:
        """A new game, dealt from the next seed."""
        self.seed += 1
        self._reset(self._computer_turns(self._dealt(self.rules, self.seed)))
        self._announce()

    def _computer_turns(self, state: T) -> T:
        """Let the computer play every seat until the learner is to move or the round ends.

        Each computer move draws from a generator seeded by the game's seed, the round
        and the move number: the same position always gets the same answer.
        """
        position = self._position(state)
        while not position.is_over and not self._waits_for(position):
            if position.can_play():
                rng = random.Random(
                    f"{self.seed}:{self._round_number(state)}:{len(position.history)}"
                )
                state = state.play(self._strategy_of(position.turn)(position, rng))
            elif position.can_draw():
                state = state.draw()
            else:
                state = state.pass_turn()
            position = self._position(state)
        return state

    def _waits_for(self, position: Round) -> bool:
        """Whether a person is to choose the next move (else the computer plays or passes)."""
        return position.turn == self.seat

    def _strategy_of(self, seat: int) -> Strategy:
        """The strategy the computer plays ``seat`` with."""
        return self._strategy

    def _viewer(self, position: Round) -> int | None:
        """The seat whose hand lies face up and can be played from (none: all hidden)."""
        return self.seat

    def _may_ask(self, position: Round) -> bool:
        """Whether the seat to move may consult the coach: its hand lies face up to it."""
        return self._viewer(position) == position.turn

    def _chain(self) -> Chain:
        return self.position.chain

    def _place(self, tile: Tile, end: OpenEnd | None) -> None:
        if self.attempt(lambda state: self._computer_turns(state.play(tile, end))):
            self._announce()

    def undo(self) -> None:
        """Back to the learner's previous turn."""
        super().undo()
        self._announce()

    # -- what the learner sees ------------------------------------------------------------

    def _names(self) -> tuple[str, ...] | None:
        """The players' own names, if they gave them."""
        return None

    def _players(self) -> tuple[str, ...] | None:
        """Each seat as the texts call it ("Aino (Pelaaja 1)"), where names were given."""
        names = self._names()
        seats = range(self.rules.players)
        return None if names is None else tuple(player_label(s, self.lang, names) for s in seats)

    def _you(self, seat: int) -> str:
        name = player_name(seat, self.lang)
        if seat == self.seat:
            return translate("widgets.round.you", self.lang, player=name)
        return name

    def _turn_lines(self) -> list[str]:
        """The round so far, one line per turn: who played what, who passed; a run of
        draws is one line, naming the tiles only to the learner who drew them."""
        position = self.position
        lines = []
        drawn: list[Tile | None] = []
        for number, event in enumerate(position.history):
            player = self._you(event.seat)
            if isinstance(event, Draw):
                drawn.append(event.tile)
                following = position.history[number + 1 : number + 2]
                if not (following and isinstance(following[0], Draw)):
                    lines.append(
                        drawing(event.seat, drawn, self.lang, viewer=self.seat, player=player)
                    )
                    drawn = []
            elif isinstance(event, Pass):
                lines.append(translate("widgets.log.passed", self.lang, player=player))
            elif number == 0:
                lines.append(
                    translate("widgets.log.opened", self.lang, player=player, tile=event.tile)
                )
            else:
                lines.append(
                    translate("widgets.log.played", self.lang, player=player, tile=event.tile)
                )
        return lines

    def _prompt(self) -> list[str]:
        """What the learner should do now, or that the round is over (its award follows
        as a figure)."""
        position = self.position
        if position.is_over:
            return [translate("widgets.round.over", self.lang)]
        if not position.chain.tiles:
            return [translate("widgets.round.your_opening", self.lang)]
        if position.can_play():
            return [translate("widgets.round.your_turn", self.lang)]
        left, right = position.chain.numbers or (0, 0)
        if position.can_draw():
            count = len(position.pot)
            return [
                translate("widgets.round.must_draw", self.lang, left=left, right=right, count=count)
            ]
        return [translate("widgets.round.must_pass", self.lang, left=left, right=right)]

    def _lay_out(self, *, above: tuple[Widget, ...], buttons: tuple[Widget, ...]) -> None:
        """The table: ``above`` the board, the hand, then Pass, Draw where the rules have a
        pot, Undo, ``buttons`` and Save in one row, the coach and the turn log; then say
        what to do."""
        drawing = (self.draw_button,) if self.rules.pot else ()
        self.children = [
            self.info,
            *above,
            self.board,
            self.message,
            self.chooser.tiles_box,
            self.chooser.ends_box,
            row(self.pass_button, *drawing, self.undo_button, *buttons, self.save_button),
            self.resume_button,
            *self._coach_widgets(),
            self.turns,
        ]
        self._announce()

    def _announce(self) -> None:
        """Say what to do now (the board and buttons follow); keep the game if told to.

        At the end of a round: every hand left, drawn as tiles with its pips counted, the
        award as arithmetic and walked through step by step (``award_view.award``; the
        diagram's title and description and the numbered steps are its text alternative).
        """
        lead, *rest = self._prompt()
        position = self.position
        if position.is_over:
            figure = award(position, lang=self.lang, names=self._names()).html()
            self.message.value = paragraphs([lead]) + figure + paragraphs(rest)
        else:
            self.say_steps(lead, rest)
        self._refresh()
        if self.kept is not None:
            keeping.write(self.record(), self.kept)

    # -- records ---------------------------------------------------------------------------

    def _seats(self) -> list[dict[str, str]]:
        """Who sits where, for the record: the learner, and the computer's strategy."""
        return [
            {"name": ""} if seat == self.seat else {"strategy": self.strategy}
            for seat in range(self.rules.players)
        ]

    def record(self) -> dict[str, Any]:
        """The game so far as a game record (see ``blockdomino.records``)."""
        game = cast(records.Game, self.state)
        return records.to_record(game, seats=self._seats(), seed=self.seed)

    def save_record(self, path: str | Path | None = None) -> Path:
        """Write the game's record beside the notebook (or to ``path``) and say where."""
        target = keeping.write(self.record(), path or self.kept or keeping.DEFAULT_FILE)
        self.say(translate("records.saved", self.lang, path=target.name))
        return target

    def keep(self, path: str | Path) -> None:
        """Keep the game in progress at ``path``, rewritten after every move; if a game
        under these rules is in progress there already, offer to resume it. A file that
        is no readable record is refused and left alone. Like every change of a table,
        it returns nothing: a notebook cell that keeps a game shows no second table."""
        try:
            found = keeping.unfinished(path, self.rules)
        except BlockdominoError as error:
            self.refuse(error)
            return
        self.kept = Path(path)
        self.resume_button.layout.display = "inline-block" if found else "none"
        if found:
            self.say(translate("records.resume_offer", self.lang, path=self.kept.name))
        else:
            keeping.write(self.record(), self.kept)

    def resume(self) -> None:
        """Go on with the game in progress kept in the file given to ``keep``."""
        found = None if self.kept is None else keeping.unfinished(self.kept, self.rules)
        self.resume_button.layout.display = "none"
        if found is None or not isinstance(found[0], type(self.state)):
            return
        game, seed, _ = found
        if isinstance(seed, int):
            self.seed = seed
        self._reset(self._computer_turns(cast(T, game)))
        self._announce()

    def _info_lines(self) -> list[str]:
        rules = self.rules
        lines = [
            translate(
                "widgets.round.info",
                self.lang,
                preset=preset_name(rules, self.lang),
                players=rules.players,
                player=player_name(self.seat, self.lang),
            )
        ]
        if rules.partnership:
            side = rules.side_of(self.seat)
            partner = next(seat for seat in side if seat != self.seat)
            lines.append(
                translate(
                    "widgets.round.partner", self.lang, player=player_name(partner, self.lang)
                )
            )
        return lines

    def _draw_board(self) -> None:
        """The table as it stands, the coach's hint written under the tiles while shown."""
        position = self.position
        viewer = self._viewer(position)
        shown = () if viewer is None else (viewer,)
        notes, best = self.coach.notes() if self.coach is not None else ({}, frozenset())
        self.board.value = svg.table(
            position,
            lang=self.lang,
            reveal=True if position.is_over else shown,
            names=self._names(),
            notes=notes,
            best=best,
        )

    def _refresh(self) -> None:
        position = self.position
        over = position.is_over
        viewer = self._viewer(position)
        if self.coach is not None:
            self.coach.refresh()
        self._draw_board()
        mine = () if viewer is None else position.hands[viewer]
        self.chooser.show(
            position.chain,
            mine,
            playable={move.tile for move in position.legal_moves()},
            selected=self._selected,
            enabled=not over,
        )
        self.pass_button.disabled = over or position.can_play() or bool(position.pot)
        self.draw_button.disabled = over or not position.pot
        self.undo_button.disabled = len(self._states) == 1
        self.info.value = paragraphs(self._info_lines())
        self.turns.value = numbered(self._turn_lines())

    def _coach_widgets(self) -> tuple[Widget, ...]:
        """The Hint button, "What do we know?" and their answer, with ``coach=True``."""
        return () if self.coach is None else self.coach.widgets

    def _summary(self) -> str:
        position = self.position
        return (
            f"preset={self.rules.name!r}, players={self.rules.players}, seed={self.seed}, "
            f"seat={self.seat}, strategy={self.strategy!r}, "
            f"chain={tiles_text(position.chain.tiles)}, lang={self.lang!r}"
        )

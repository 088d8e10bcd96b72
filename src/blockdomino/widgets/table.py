"""The table a learner plays at, as a view: it shows the view model of its controller
(``blockdomino.play.table``) and sends it the id of every button pressed.

``_TableView`` is what ``RoundPlayer``, ``MatchPlayer`` and the hot-seat tables share:
the board, the message, the hand's tiles and the open ends, a row of buttons, Resume
and Keep both, the coach's buttons and answer, and the turn log. The game itself (who
plays, what a click does, what is kept) lives in the controller.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from blockdomino.analysis.coach import Evaluation
from blockdomino.engine.chain import OpenEnd
from blockdomino.engine.match import Match
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import Tile
from blockdomino.play import keeping
from blockdomino.play.table import TableController
from blockdomino.play.view_model import ViewModel
from blockdomino.records import Game, Record
from blockdomino.widgets._base import View, Widget, row, tiles_text


class CoachView:
    """The coach's Hint and "What do we know?" buttons and its answer area."""

    def __init__(self, view: _TableView) -> None:
        self._controller = view.controller
        self.hint_button = view.buttons["hint"]
        self.knowledge_button = view.buttons["knowledge"]
        self.answer: Widget = view.areas["answer"]
        self.widgets: tuple[Widget, ...] = (
            row(self.hint_button, self.knowledge_button),
            self.answer,
        )

    @property
    def shown(self) -> Evaluation | None:
        """The hint written on the table now, if any."""
        state = self._controller.state
        answer = state.answer
        if answer is None or not answer.about(state.position):
            return None
        return answer.shown


class _TableView(View[TableController]):
    """A table's widgets, set from its controller's view model after every action; a
    round or a match (``SCORED``)."""

    SCORED: ClassVar[bool]

    def __init__(self, controller: TableController) -> None:
        coach = ("answer",) if controller.coach else ()
        super().__init__(controller, "info", "message", "turns", "scores", *coach)
        self.strategy = next((plays for plays in controller.seating.strategies if plays), "")
        self.info, self.turns, self.scores = (self.areas[a] for a in ("info", "turns", "scores"))
        self.coach = CoachView(self) if controller.coach else None
        self.resume_button = self.buttons["resume"]
        self.keep_both_button = self.buttons["keep_both"]
        self.save_button = self.buttons["save"]
        self._lay_out()

    def show(self, view: ViewModel) -> None:
        """Show a view model; Resume and Keep both only when a game is offered."""
        super().show(view)
        for model in view.group("resume"):
            self.buttons[model.id].layout.display = "inline-block" if model.visible else "none"

    # -- the game --------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of the game at the table."""
        return self.controller.state.rules

    @property
    def seed(self) -> int:
        """The seed the game was dealt from."""
        return self.controller.state.seed

    @property
    def seat(self) -> int:
        """The seat of the learner (at a hot seat: of the first person)."""
        return self.controller.seating.people[0]

    @property
    def state(self) -> Game:
        """The game as it stands (an immutable engine value; actions replace it)."""
        return self.controller.state.game

    @property
    def position(self) -> Round:
        """The round being played, as it stands."""
        return self.controller.state.position

    @property
    def selected(self) -> Tile | None:
        """The tile chosen and waiting for an end, if any."""
        return self.controller.state.selected

    @property
    def kept(self) -> Path | None:
        """The file the game is kept in, if any."""
        return self.controller.state.kept

    def play(self, tile: Tile | str, end: OpenEnd | None = None) -> None:
        """The learner places ``tile`` (at ``end`` where it fits two places); the computer
        players answer. Refused moves are reported and change nothing."""
        chosen = Tile.parse(tile) if isinstance(tile, str) else tile
        ends = self.position.chain.open_ends
        self.act(f"play:{chosen}" if end is None else f"play:{chosen}:{ends.index(end)}")

    def pass_turn(self) -> None:
        """The learner passes: allowed only when no tile fits."""
        self.act("pass")

    def draw(self) -> None:
        """The learner draws a tile from the pot (the draw game): allowed only when no
        tile fits and the pot has tiles; refused with the reason otherwise."""
        self.act("draw")

    def undo(self) -> None:
        """Back to the learner's previous turn."""
        self.act("undo")

    # -- records ---------------------------------------------------------------------------

    def record(self) -> Record:
        """The game so far as a game record (see ``blockdomino.records``)."""
        return self.controller.record()

    def save_record(self, path: str | Path | None = None) -> Path:
        """Write the game's record beside the notebook (or to ``path``) and say where."""
        target = Path(path or self.kept or keeping.DEFAULT_FILE)
        self.act(f"save:{target}")
        return target

    def keep(self, path: str | Path) -> None:
        """Keep the game in progress at ``path``, rewritten after every move. A game in
        progress found there is offered: under these rules, resume it or play on; under
        others, resume it or keep both. A file that is no readable record is moved
        aside, and saving goes on. Like every change of a table, it returns nothing: a
        notebook cell that keeps a game shows no second table."""
        self.act(f"keep:{path}")

    def resume(self) -> None:
        """Go on with the game in progress kept in the file given to ``keep``."""
        self.act("resume")

    def _summary(self) -> str:
        position = self.position
        return (
            f"preset={self.rules.name!r}, players={self.rules.players}, seed={self.seed}, "
            f"seat={self.seat}, strategy={self.strategy!r}, "
            f"chain={tiles_text(position.chain.tiles)}, lang={self.lang!r}"
        )

    def _lay_out(self) -> None:
        """The table: the rules, a match's scores, the board, the message, (at a hot
        seat) Show my hand, the hand, the row of actions, Resume and Keep both, the
        coach and the turn log."""
        coach = self.coach.widgets if self.coach is not None else ()
        scores = (self.scores,) if self.controller.match else ()
        self.children = [
            self.info,
            *scores,
            self.board,
            self.message,
            *self.group("show"),
            self.tiles_box,
            self.ends_box,
            row(*self.group("actions")),
            row(self.resume_button, self.keep_both_button),
            *coach,
            self.turns,
        ]


class _OneRound(_TableView):
    """A table for one round at a time: "New round" deals the next seed."""

    SCORED = False

    @property
    def new_button(self) -> Widget:
        """New round."""
        return self.buttons["new_round"]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._summary()})"

    def new_round(self) -> None:
        """A new round, dealt from the next seed."""
        self.act("new_round")


class _WholeMatch(_TableView):
    """A table for a scored match: "Next round" once a round is over, "New match"."""

    SCORED = True

    @property
    def next_button(self) -> Widget:
        """Next round."""
        return self.buttons["next_round"]

    @property
    def new_button(self) -> Widget:
        """New match."""
        return self.buttons["new_match"]

    @property
    def state(self) -> Match:
        """The match as it stands."""
        match = self.controller.state.game
        assert isinstance(match, Match)
        return match

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._summary()}, round={self.state.number})"

    def next_round(self) -> None:
        """Deal the next round once this one is over (refused while it goes on)."""
        self.act("next_round")

    def new_match(self) -> None:
        """A new match, dealt from the next seed."""
        self.act("new_match")


class _ComputerTable(_TableView):
    """One learner against computer players: a round or a match (``SCORED``)."""

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
        super().__init__(
            TableController.against_computer(
                rules,
                seed=seed,
                lang=lang,
                match=self.SCORED,
                seat=seat,
                strategy=strategy,
                coach=coach,
            )
        )
        self.pass_button, self.undo_button = self.buttons["pass"], self.buttons["undo"]
        self.draw_button = self.buttons["draw"]

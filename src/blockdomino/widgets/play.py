"""Play Block against computer players: one round (``RoundPlayer``), or a whole match
(``MatchPlayer``), at the table of ``blockdomino.widgets.table``."""

from __future__ import annotations

from blockdomino.engine.match import Match
from blockdomino.engine.rules import Rules
from blockdomino.widgets.table import _TableView, table_controller


class RoundPlayer(_TableView):
    """One round of Block against computer players, in any preset and player count.

    Every turn the learner's playable tiles are marked; "Pass" is pressable only when
    none fits, and the message says which numbers the ends need. The computer's turns
    follow at once, each a line in the log. At the end the award is explained step by
    step; "New round" deals the next seed. ``coach=True`` adds Hint and "What do we know?".
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
        super().__init__(
            table_controller(
                rules, seed=seed, lang=lang, seat=seat, strategy=strategy, coach=coach, match=False
            )
        )
        self.pass_button, self.undo_button = self.buttons["pass"], self.buttons["undo"]
        self.draw_button, self.new_button = self.buttons["draw"], self.buttons["new_round"]
        drawing = (self.draw_button,) if rules.pot else ()
        self._lay_out(
            buttons=(
                self.pass_button,
                *drawing,
                self.undo_button,
                self.new_button,
                self.save_button,
            )
        )

    def __repr__(self) -> str:
        return f"RoundPlayer({self._summary()})"

    def new_round(self) -> None:
        """A new round, dealt from the next seed."""
        self.act("new_round")


class MatchPlayer(_TableView):
    """A scored match against computer players: rounds until someone reaches the target.

    Beside the round: each side's score, the target and a line per finished round.
    When a round ends its award is explained; "Next round" deals the next one (the lead
    moves on). At the end, the winner, or a drawn match.
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
        super().__init__(
            table_controller(
                rules, seed=seed, lang=lang, seat=seat, strategy=strategy, coach=coach, match=True
            )
        )
        self.pass_button, self.undo_button = self.buttons["pass"], self.buttons["undo"]
        self.draw_button, self.next_button = self.buttons["draw"], self.buttons["next_round"]
        self.new_button = self.buttons["new_match"]
        drawing = (self.draw_button,) if rules.pot else ()
        buttons = (self.pass_button, *drawing, self.undo_button, self.next_button)
        self._lay_out(self.scores, buttons=(*buttons, self.new_button, self.save_button))

    @property
    def state(self) -> Match:
        """The match as it stands."""
        match = self.controller.state.game
        assert isinstance(match, Match)
        return match

    def __repr__(self) -> str:
        return f"MatchPlayer({self._summary()}, round={self.state.number})"

    def next_round(self) -> None:
        """Deal the next round once this one is over (refused while it goes on)."""
        self.act("next_round")

    def new_match(self) -> None:
        """A new match, dealt from the next seed."""
        self.act("new_match")

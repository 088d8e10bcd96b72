"""Play Block against computer players: one round (``RoundPlayer``), or a whole match
(``MatchPlayer``), at the table of ``blockdomino.widgets.table``."""

from __future__ import annotations

from blockdomino.engine.match import Match
from blockdomino.widgets._base import Widget
from blockdomino.widgets.table import _ComputerTable


class RoundPlayer(_ComputerTable):
    """One round of Block against computer players, in any preset and player count.

    Every turn the learner's playable tiles are marked; "Pass" is pressable only when
    none fits, and the message says which numbers the ends need. The computer's turns
    follow at once, each a line in the log. At the end the award is explained step by
    step; "New round" deals the next seed. ``coach=True`` adds Hint and "What do we know?".
    """

    SCORED = False

    @property
    def new_button(self) -> Widget:
        """New round."""
        return self.buttons["new_round"]

    def __repr__(self) -> str:
        return f"RoundPlayer({self._summary()})"

    def new_round(self) -> None:
        """A new round, dealt from the next seed."""
        self.act("new_round")


class MatchPlayer(_ComputerTable):
    """A scored match against computer players: rounds until someone reaches the target.

    Beside the round: each side's score, the target and a line per finished round.
    When a round ends its award is explained; "Next round" deals the next one (the lead
    moves on). At the end, the winner, or a drawn match.
    """

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
        return f"MatchPlayer({self._summary()}, round={self.state.number})"

    def next_round(self) -> None:
        """Deal the next round once this one is over (refused while it goes on)."""
        self.act("next_round")

    def new_match(self) -> None:
        """A new match, dealt from the next seed."""
        self.act("new_match")

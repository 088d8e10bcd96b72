"""Play Block against computer players: one round (``RoundPlayer``), or a whole match
(``MatchPlayer``), at the table of ``blockdomino.widgets.table``."""

from __future__ import annotations

from blockdomino.widgets.table import _ComputerTable, _OneRound, _WholeMatch


class RoundPlayer(_ComputerTable, _OneRound):
    """One round of Block against computer players, in any preset and player count.

    Every turn the learner's playable tiles are marked; "Pass" is pressable only when
    none fits, and the message says which numbers the ends need. The computer's turns
    follow at once, each a line in the log. At the end the award is explained step by
    step; "New round" deals the next seed. ``coach=True`` adds Hint and "What do we know?".
    """


class MatchPlayer(_ComputerTable, _WholeMatch):
    """A scored match against computer players: rounds until someone reaches the target.

    Beside the round: each side's score, the target and a line per finished round.
    When a round ends its award is explained; "Next round" deals the next one (the lead
    moves on). At the end, the winner, or a drawn match.
    """

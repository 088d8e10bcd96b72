"""The lab, live: choose how many rounds, a seed, measure, and read the chart and report.

What each button does is ``blockdomino.play.lab``'s controller; this widget shows its
view model: the number of rounds to choose, the seed, Measure and "Measure with a new
seed", the chart (blocked rounds or the heaviest-first player's wins, drawn without
matplotlib) with its two buttons, and the report.
"""

from __future__ import annotations

from blockdomino.play.lab import ROUND_SIZES, LabController
from blockdomino.widgets._base import View, row


class LiveLab(View[LabController]):
    """003's claims measured on the spot: ``rounds`` per game and player count (one of
    100, 300 and 1000), from ``seed``; "Measure with a new seed" draws the next seed of
    a sequence named by ``seed``, so a notebook run again shows the same figures."""

    def __init__(self, *, rounds: int = ROUND_SIZES[1], seed: int = 3, lang: str) -> None:
        super().__init__(LabController(rounds=rounds, seed=seed, lang=lang), "message", "answer")
        self.report = self.areas["answer"]
        self.run_button, self.again_button = self.buttons["run"], self.buttons["again"]
        self.children = [
            row(*self.group("choices")),
            row(self.fields["seed"], self.run_button, self.again_button),
            self.message,
            self.board,
            row(*self.group("show")),
            self.report,
        ]

    def __repr__(self) -> str:
        state = self.controller.state
        measured = state.lab is not None
        return (
            f"LiveLab(rounds={state.rounds}, seed={state.seed}, measured={measured}, "
            f"lang={self.lang!r})"
        )

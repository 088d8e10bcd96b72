"""Hot-seat play: two to four learners at one screen, computer players in any other seat.

Every hand stays hidden from the others. When the turn passes from one person to
another, the table is covered ("Pass the screen to Aino") and the hand of the seat to
move lies face up only after that seat asks for it. A person who cannot play passes
at once, announced to everyone without showing the hand. At the end of the round all
hands are revealed and the award shown as a figure, as in ``RoundPlayer``. With
``coach=True`` the person to move may ask the coach for a hint once their hand is
shown; the answer is cleared when the screen is handed over.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from blockdomino.engine.rules import Rules
from blockdomino.play.table import TableController
from blockdomino.play.view_model import ViewModel
from blockdomino.widgets.table import _OneRound, _TableView, _WholeMatch


class _HotSeat(_TableView):
    """A table of people at one screen: Show my hand above the hand, no Pass and no
    Undo (people pass by themselves, and nobody takes back another's move); a round or
    a match (``SCORED``)."""

    def __init__(
        self,
        rules: Rules,
        *,
        names: Sequence[str] | None = None,
        seed: int,
        lang: str,
        coach: bool = False,
    ) -> None:
        super().__init__(
            TableController.hot_seat(
                rules, names=names, seed=seed, lang=lang, match=self.SCORED, coach=coach
            )
        )
        self.show_button = self.buttons["show_hand"]

    @property
    def player_names(self) -> tuple[str, ...]:
        """The names shown, one per seat ("Computer" for a computer player)."""
        names = self.controller.seating.names
        assert names is not None
        return names

    @property
    def covered(self) -> bool:
        """Whether the hand-over screen covers the table: a person is to move and has not
        yet asked to see their hand."""
        return self.controller.covered(self.controller.state)

    def show_hand(self) -> None:
        """The person to move asks to see their hand (the others have looked away)."""
        self.act("show_hand")

    def show(self, view: ViewModel) -> None:
        """Show a view model; the show-hand button keeps its place while hidden."""
        super().show(view)
        shown = view.button("show_hand").visible
        self.buttons["show_hand"].layout.visibility = "visible" if shown else "hidden"

    def _summary(self) -> str:
        strategies = self.controller.seating.strategies
        seats = ", ".join(plays or "person" for plays in strategies)
        return f"preset={self.rules.name!r}, seats=[{seats}], seed={self.seed}, lang={self.lang!r}"


class HotSeatRound(_HotSeat, _OneRound):
    """One round of Block between people at one screen (and computer players)."""


class HotSeatMatch(_HotSeat, _WholeMatch):
    """A scored match between people at one screen (and computer players)."""


def HotSeat(  # noqa: N802 - a learner calls it as the widget's class
    rules: Rules,
    *,
    names: Sequence[str] | None = None,
    seed: int | None = None,
    lang: str,
    match: bool | None = None,
    coach: bool = False,
) -> HotSeatRound | HotSeatMatch:
    """A hot-seat table for ``rules``: a match when the rules are scored, else one round.

    ``names``: one per seat, the learners' own names; a seat named after a strategy
    (``"random"``, ``"heaviest"``) is a computer player. ``match`` overrides the choice
    of a match or a single round. Without a ``seed`` every game is dealt afresh.
    ``coach=True`` adds the coach's Hint and "What do we know?": they answer only the
    person to move, once that person has asked to see the hand, from that seat's view.
    """
    seed = random.randrange(2**31) if seed is None else seed
    scored = rules.scored if match is None else match
    table = HotSeatMatch if scored else HotSeatRound
    return table(rules, names=names, seed=seed, lang=lang, coach=coach)

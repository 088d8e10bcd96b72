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
from itertools import pairwise
from typing import TypeVar

from blockdomino.analysis.players import STRATEGIES, Strategy
from blockdomino.engine.match import Match
from blockdomino.engine.round import Pass, Round
from blockdomino.engine.rules import Rules
from blockdomino.records import replayed
from blockdomino.widgets._base import Widget, button, preset_name, row
from blockdomino.widgets.play import MatchPlayer, RoundPlayer
from blockdomino.widgets.table import Table, _TablePlayer
from blockdomino.words.i18n import format_list, translate
from blockdomino.words.narration import event_sentence, player_label

T = TypeVar("T", bound=Table)
Names = Sequence[str] | None
"""The learners' names, one per seat (a strategy's name for a computer player)."""


class _HotSeat(_TablePlayer[T]):
    """What a hot-seat table adds to a computer table: people at several seats."""

    def __init__(
        self, rules: Rules, *, names: Names = None, seed: int, lang: str, coach: bool = False
    ) -> None:
        first = self._seat_players(rules, names, lang)
        super().__init__(rules, seed=seed, lang=lang, seat=first, coach=coach)

    def _seat_players(self, rules: Rules, names: Sequence[str] | None, lang: str) -> int:
        """Sort the seats into people and computer players; the first person's seat.

        A seat named after a strategy (``"random"``, ``"heaviest"``) is a computer player.
        """
        given = list(names) if names is not None else [""] * rules.players
        if len(given) != rules.players:
            raise ValueError(f"{rules.players} names needed, one per seat; got {len(given)}")
        self.names_given = tuple(given)
        self.strategies = {seat: name for seat, name in enumerate(given) if name in STRATEGIES}
        self.people = tuple(seat for seat in range(rules.players) if seat not in self.strategies)
        if not self.people:
            raise ValueError("a hot-seat game needs at least one person")
        computer = translate("hotseat.computer", lang)
        self.player_names = tuple(
            computer if seat in self.strategies else name for seat, name in enumerate(given)
        )
        self._open: int | None = None
        self.show_button = button(
            "", translate("hotseat.button.show.tooltip", lang), self.show_hand
        )
        self.show_button.icon = "eye"
        return self.people[0]

    # -- the game ----------------------------------------------------------------------

    def _waits_for(self, position: Round) -> bool:
        return position.turn in self.people and position.can_play()

    def _strategy_of(self, seat: int) -> Strategy:
        return STRATEGIES[self.strategies[seat]]

    def _viewer(self, position: Round) -> int | None:
        return position.turn if self._open == position.turn else None

    def _names(self) -> tuple[str, ...]:
        return self.player_names

    def _you(self, seat: int) -> str:
        return player_label(seat, self.lang, self.player_names)

    @property
    def covered(self) -> bool:
        """Whether the hand-over screen covers the table: a person is to move and has not
        yet asked to see their hand."""
        position = self.position
        return self._waits_for(position) and self._viewer(position) is None

    def show_hand(self) -> None:
        """The person to move asks to see their hand (the others have looked away)."""
        position = self.position
        if self._waits_for(position):
            self._open = position.turn
        self._announce()

    # -- what the players see ------------------------------------------------------------

    def _since_last_person(self) -> list[str]:
        """What happened since a person last played: computer moves and forced passes."""
        steps = replayed(self.position)
        said: list[str] = []
        for before, after in reversed(list(pairwise(steps))):
            event = after.history[-1]
            if event.seat in self.people and not isinstance(event, Pass):
                break
            said.insert(0, event_sentence(before, event, self.lang, self.player_names))
        return said

    def _prompt(self) -> list[str]:
        position = self.position
        if position.is_over:
            return super()._prompt()
        player = self._you(position.turn)
        if self.covered:
            return [
                translate("hotseat.hand_over", self.lang, player=player),
                *self._since_last_person(),
            ]
        return [
            translate("hotseat.turn", self.lang, player=player),
            *self._since_last_person(),
            *super()._prompt(),
        ]

    def _info_lines(self) -> list[str]:
        rules = self.rules
        seating = format_list((self._you(seat) for seat in range(rules.players)), self.lang)
        return [
            translate(
                "hotseat.info",
                self.lang,
                preset=preset_name(rules, self.lang),
                players=rules.players,
                seating=seating,
            )
        ]

    def _refresh(self) -> None:
        super()._refresh()
        position = self.position
        covered = self.covered
        self.show_button.disabled = not covered
        self.show_button.description = translate(
            "hotseat.button.show", self.lang, player=self._you(position.turn)
        )
        self.show_button.layout.visibility = "visible" if covered else "hidden"

    def _lay_out(self, *, above: tuple[Widget, ...], buttons: tuple[Widget, ...]) -> None:
        """The table without Pass and Undo (people pass by themselves, and nobody takes
        back another's move), with the show-hand button above the hand; then say who
        is to move."""
        self.children = [
            self.info,
            *above,
            self.board,
            self.message,
            self.show_button,
            self.chooser.tiles_box,
            self.chooser.ends_box,
            row(*buttons, self.save_button),
            self.resume_button,
            *self._coach_widgets(),
            self.turns,
        ]
        self._announce()

    def _seats(self) -> list[dict[str, str]]:
        return [
            {"strategy": self.strategies[seat]} if seat in self.strategies else {"name": name}
            for seat, name in enumerate(self.names_given)
        ]

    def _summary(self) -> str:
        seats = ", ".join(self.strategies.get(seat, "person") for seat in range(self.rules.players))
        return f"preset={self.rules.name!r}, seats=[{seats}], seed={self.seed}, lang={self.lang!r}"


class HotSeatRound(_HotSeat[Round], RoundPlayer):
    """One round of Block between people at one screen (and computer players)."""

    def __repr__(self) -> str:
        return f"HotSeatRound({self._summary()})"


class HotSeatMatch(_HotSeat[Match], MatchPlayer):
    """A scored match between people at one screen (and computer players)."""

    def __repr__(self) -> str:
        return f"HotSeatMatch({self._summary()}, round={self.state.number})"


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

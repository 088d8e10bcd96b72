"""Play Block against computer players: one round (``RoundPlayer``), or a whole match
(``MatchPlayer``), at the table of ``blockdomino.widgets.table``."""

from __future__ import annotations

import ipywidgets  # type: ignore[import-untyped]

from blockdomino.engine.match import Match
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.widgets._base import Widget, button, paragraphs
from blockdomino.widgets.table import _TablePlayer
from blockdomino.words.i18n import format_list, points, translate
from blockdomino.words.text import side_label


class RoundPlayer(_TablePlayer[Round]):
    """One round of Block against computer players, in any preset and player count.

    Every turn the learner's playable tiles are marked; "Pass" is pressable only when
    none fits, and the message says which numbers the ends need. The computer's turns
    follow at once, each a line in the log. At the end the award is explained step by
    step; "New round" deals the next seed.
    """

    def _dealt(self, rules: Rules, seed: int) -> Round:
        return Round.deal(rules, seed)

    def _controls(self) -> tuple[tuple[Widget, ...], tuple[Widget, ...]]:
        self.new_button = button(
            translate("widgets.button.new_round", self.lang),
            translate("widgets.button.new_round.tooltip", self.lang),
            self.new_round,
        )
        return (), (self.new_button,)

    def __repr__(self) -> str:
        return f"RoundPlayer({self._summary()})"

    def _position(self, state: Round) -> Round:
        return state

    def _round_number(self, state: Round) -> int:
        return 1

    def new_round(self) -> None:
        """A new round, dealt from the next seed."""
        self._deal_again()


class MatchPlayer(_TablePlayer[Match]):
    """A scored match against computer players: rounds until someone reaches the target.

    Beside the round: each side's score, the target and a line per finished round.
    When a round ends its award is explained; "Next round" deals the next one (the lead
    moves on). At the end, the winner, or a drawn match.
    """

    def _dealt(self, rules: Rules, seed: int) -> Match:
        return Match.start(rules, seed)

    def _controls(self) -> tuple[tuple[Widget, ...], tuple[Widget, ...]]:
        self.scores: Widget = ipywidgets.HTML()
        self.next_button = button(
            translate("widgets.button.next_round", self.lang),
            translate("widgets.button.next_round.tooltip", self.lang),
            self.next_round,
        )
        self.new_button = button(
            translate("widgets.button.new_match", self.lang),
            translate("widgets.button.new_match.tooltip", self.lang),
            self.new_match,
        )
        return (self.scores,), (self.next_button, self.new_button)

    def __repr__(self) -> str:
        return f"MatchPlayer({self._summary()}, round={self.state.number})"

    def _position(self, state: Match) -> Round:
        return state.round

    def _round_number(self, state: Match) -> int:
        return state.number

    def next_round(self) -> None:
        """Deal the next round once this one is over (refused while it goes on)."""
        if self.attempt(lambda match: self._computer_turns(match.next_round())):
            self._announce()

    def new_match(self) -> None:
        """A new match, dealt from the next seed."""
        self._deal_again()

    def _prompt(self) -> list[str]:
        match = self.state
        lines = super()._prompt()
        if match.winner is not None:
            result = match.round.result
            assert result is not None
            winner = side_label(result, match.winner, self.lang, players=self._players())
            lines.append(
                translate("widgets.match.won", self.lang, winner=winner, points=max(match.scores))
            )
        elif match.is_drawn:
            lines.append(translate("widgets.match.drawn", self.lang, points=max(match.scores)))
        elif match.round.is_over:
            lines.append(translate("widgets.match.next", self.lang))
        return lines

    def _score_lines(self) -> list[str]:
        match = self.state
        lines = [translate("widgets.match.target", self.lang, target=self.rules.target)]
        for side, score in zip(self.rules.sides(), match.scores, strict=True):
            name = self._side_name(side) if self.rules.partnership else self._you(side[0])
            lines.append(
                translate(
                    "widgets.match.score", self.lang, side=name, points=points(score, self.lang)
                )
            )
        for record in match.log:
            result = record.result
            if result.award is None:
                lines.append(
                    translate("widgets.match.record_none", self.lang, number=record.number)
                )
            else:
                lines.append(
                    translate(
                        "widgets.match.record",
                        self.lang,
                        number=record.number,
                        winner=side_label(
                            result, result.award.side, self.lang, players=self._players()
                        ),
                        points=points(result.award.points, self.lang),
                    )
                )
        return lines

    def _side_name(self, side: tuple[int, ...]) -> str:
        """A team as "Pari 1 (Pelaaja 1 (sinä) ja Pelaaja 3)"."""
        members = format_list((self._you(seat) for seat in side), self.lang)
        team = self.rules.sides().index(side) + 1
        return translate("term.team_members", self.lang, team=team, members=members)

    def _refresh(self) -> None:
        super()._refresh()
        match = self.state
        self.next_button.disabled = not match.round.is_over or match.is_over
        self.scores.value = paragraphs(self._score_lines())

"""What a coached seat learns of the other seats' styles over the rounds it plays.

Within one round the reading coach does not know which kind of player another seat is
(``coach.reading``): it weighs the kinds by how well they explain that seat's plays in
this round, starting from the model's shares. But a player keeps its style from round
to round, so a coach that plays a whole match against it can learn it. After each round,
Bayes' rule multiplies each kind's share by the chance of the seat's plays in that
round under the kind, averaged over the hands it may have held (``Reader.evidence``);
the next round starts from those shares. Against a heaviest-first player the
heaviest-first kind's share grows towards 1 round after round.

A ``Styles`` is the memory of one seat in one game: it reads only what that seat saw,
and a new game needs a new one (``players.coach_player(learns=True)`` makes a player
that keeps one per seat it plays).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

from blockdomino.analysis.coach.following import CONFIDENT, Scores
from blockdomino.analysis.coach.knowledge import View
from blockdomino.analysis.coach.reading import ChoiceModel, choice_model
from blockdomino.engine.events import Play

SMALLEST: Final = 1e-300
"""A chance treated as this when it is 0 (a play no deal drawn explains), so that no
kind is ruled out for ever by one round's sampling."""


class Styles:
    """One seat's memory of the other seats' kinds: shares learnt in the rounds before
    this one, and what this round has shown so far."""

    def __init__(self, model: ChoiceModel | None = None) -> None:
        self.model = model or choice_model()
        self._learnt: dict[int, tuple[float, ...]] = {}  # log shares, rounds finished
        self._shown: dict[int, tuple[float, ...]] = {}  # this round's latest evidence
        self._round: tuple[int, frozenset[int]] | None = None
        self._seen = 0

    def priors(self, view: View) -> dict[int, tuple[float, ...]]:
        """The shares of the kinds for each other seat at the start of ``view``'s round
        (the model's for a seat not yet learnt). A new round takes the last one's
        evidence in first."""
        self._follow(view)
        return {seat: shares(logs) for seat, logs in self._learnt.items()}

    def followed(self, view: View) -> dict[int, Scores]:
        """The seats the coach is confident it has read as a kind it can follow in its
        search (``coach.following``), each with its kind's scores of a play."""
        self._follow(view)
        side = view.rules.side_of(view.seat)
        found = {}
        model = self.model
        for seat in range(view.rules.players):
            if seat in side:
                continue
            shown = self.learnt(seat)
            top = max(range(len(shown)), key=shown.__getitem__)
            if shown[top] >= CONFIDENT and model.kinds[top].followed:
                found[seat] = model.tables[top]
        return found

    def learn(self, evidence: Mapping[int, tuple[float, ...]]) -> None:
        """What this round's plays say so far (``Reader.evidence``): it replaces what the
        round said before, since it reads every play of the round again."""
        self._shown = dict(evidence)

    def learnt(self, seat: int) -> tuple[float, ...]:
        """The shares learnt for ``seat`` from the rounds finished (the model's at first)."""
        logs = self._learnt.get(seat)
        return shares(logs) if logs else tuple(kind.prior for kind in self.model.kinds)

    def _follow(self, view: View) -> None:
        """Notice a new round (another hand dealt, or a shorter history) and take the
        finished round's evidence into the learnt shares."""
        mine = {
            event.tile.index
            for event in view.history
            if isinstance(event, Play) and event.seat == view.seat
        }
        dealt = frozenset({tile.index for tile in view.hand} | mine)
        this_round = (view.seat, dealt)
        if this_round == self._round and len(view.history) >= self._seen:
            self._seen = len(view.history)
            return
        start = tuple(math.log(kind.prior) for kind in self.model.kinds)
        for seat, chances in self._shown.items():
            before = self._learnt.get(seat, start)
            self._learnt[seat] = tuple(
                log + math.log(max(chance, SMALLEST))
                for log, chance in zip(before, chances, strict=True)
            )
        self._shown = {}
        self._round, self._seen = this_round, len(view.history)


def shares(logs: tuple[float, ...]) -> tuple[float, ...]:
    """Log shares (up to one added constant) as shares that sum to 1."""
    top = max(logs)
    weights = [math.exp(log - top) for log in logs]
    total = sum(weights)
    return tuple(weight / total for weight in weights)

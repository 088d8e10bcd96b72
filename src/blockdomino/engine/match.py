"""A scored match: rounds until someone reaches the target, with the lead moving round.

After each round the lead moves one seat clockwise from the previous leader, whoever
won, and all 28 tiles are reshuffled and dealt again. The target (100 points with two
players, 61 with three or four) is checked only after a round's whole award; points over
the target are kept; the highest score wins, and a tie for it is a drawn match.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from blockdomino.engine.chain import OpenEnd
from blockdomino.engine.errors import IllegalMoveError, RulesError
from blockdomino.engine.playing import Playing
from blockdomino.engine.round import Move, Round, Seed
from blockdomino.engine.rules import Rules
from blockdomino.engine.scoring import RoundResult
from blockdomino.engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One scored round of the match: its leader, its result and the scores after it.

    ``final`` is the round as it ended, its deal and every event kept for the record.
    """

    number: int
    leader: int
    result: RoundResult
    scores: tuple[int, ...]
    final: Round | None = None


def _round_seed(seed: Seed, number: int) -> Seed:
    return None if seed is None else f"{seed}:{number}"


@dataclass(frozen=True, slots=True)
class Match(Playing):
    """A match in progress: the round being played and the log of rounds scored.

    Scores are kept per side (``rules.sides()``: one seat each, or a partnership). A
    round's award is logged the moment the round ends; ``next_round`` deals the next.
    A ``Game`` (``engine.game``).
    """

    rules: Rules
    seed: Seed
    round: Round
    log: tuple[RoundRecord, ...] = ()

    @classmethod
    def start(cls, rules: Rules, seed: Seed = None) -> Match:
        """The match's first round, dealt and led as the rules say."""
        if not rules.scored:
            raise RulesError("error.match.unscored", preset=rules.name)
        return cls(rules, seed, Round.deal(rules, _round_seed(seed, 1)))

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's points so far: the sum of its round awards."""
        return self.log[-1].scores if self.log else (0,) * len(self.rules.sides())

    @property
    def number(self) -> int:
        """The number of the round being played (or last played), from 1."""
        return len(self.log) + (0 if self.round.is_over else 1)

    @property
    def is_over(self) -> bool:
        """Someone reached the target after a round's whole award."""
        target = self.rules.target
        return target is not None and self.round.is_over and max(self.scores) >= target

    @property
    def leaders(self) -> tuple[tuple[int, ...], ...]:
        """The sides with the highest score."""
        top = max(self.scores)
        return tuple(
            side
            for side, score in zip(self.rules.sides(), self.scores, strict=True)
            if score == top
        )

    @property
    def winner(self) -> tuple[int, ...] | None:
        """The side that won the match; ``None`` while it goes on or when it is drawn."""
        leaders = self.leaders
        return leaders[0] if self.is_over and len(leaders) == 1 else None

    @property
    def is_drawn(self) -> bool:
        """The match ended with a tie for the highest score."""
        return self.is_over and len(self.leaders) > 1

    def play(self, move: Move | Tile, end: OpenEnd | None = None) -> Match:
        """The match after the seat to move plays (see ``Round.play``)."""
        return self._after(self.round.play(move, end))

    def pass_turn(self) -> Match:
        """The match after the seat to move passes (see ``Round.pass_turn``)."""
        return self._after(self.round.pass_turn())

    def draw(self) -> Match:
        """The match after the seat to move draws from the pot (see ``Round.draw``)."""
        return self._after(self.round.draw())

    def _after(self, position: Round) -> Match:
        result = position.result
        if result is None:
            return replace(self, round=position)
        return replace(self, round=position, log=(*self.log, self._record(position, result)))

    def _record(self, position: Round, result: RoundResult) -> RoundRecord:
        awards = tuple(result.points[side[0]] for side in self.rules.sides())
        scores = tuple(score + award for score, award in zip(self.scores, awards, strict=True))
        return RoundRecord(len(self.log) + 1, position.leader, result, scores, position)

    def next_round(self) -> Match:
        """The next round, dealt afresh; the lead moves one seat clockwise.

        Refused while the round goes on or once the match is over.
        """
        if not self.round.is_over:
            raise IllegalMoveError("error.match.round_not_over")
        if self.is_over:
            raise IllegalMoveError("error.match.over")
        seed = _round_seed(self.seed, len(self.log) + 1)
        if self.rules.rotate_lead:
            leader = (self.round.leader + 1) % self.rules.players
            return replace(self, round=Round.deal(self.rules, seed, leader=leader))
        return replace(self, round=Round.deal(self.rules, seed))

    # -- the game interface (``engine.game``) ------------------------------------------

    @property
    def current_round(self) -> Round:
        """The round being played, or the one just ended."""
        return self.round

    def returns(self) -> tuple[int, ...]:
        """Each seat's points so far: its side's score."""
        sides = self.rules.sides()
        return tuple(
            self.scores[sides.index(self.rules.side_of(seat))] for seat in range(self.rules.players)
        )

    def _next_round(self) -> Match:
        return self.next_round()

"""Scoring, level 3: a round of a scored match. Who wins the match, what are the scores?

A match is played out by random moves, and one of its last rounds is asked about: the
scores before it, the round as it ended, the target (100 with two players, 61 with three
or four). The round's award is added to the winner's score; only then is the target
checked. Points over the target are kept, and the highest score wins. Only one player
scores in a round, and everybody was under the target before it, so a tie for the
highest score happens only under the target, where the match goes on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from blockdomino.analysis.players import random_move, step
from blockdomino.engine.match import Match
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.scoring import Ending
from blockdomino.practice.drafts import Draft, game_phrase
from blockdomino.practice.items import Choice, Phrase, Points, Seat, phrase

LAST_ROUNDS = 4
"""The item asks about one of the match's last rounds, where the target is near."""


def _rounds_ended(players: int, rng: random.Random) -> list[Match]:
    """A match of ``players`` played out by random moves: the match as each round ended."""
    match = Match.start(Rules.preset("match", players), rng.getrandbits(32))
    ended = []
    while not match.is_over:
        match = step(match, random_move, rng)
        if match.round.is_over:
            ended.append(match)
    return ended


def _scores(scores: Sequence[int]) -> tuple[Phrase, ...]:
    """ "Player 1: 87 points, Player 2: 60 points" as phrases."""
    return tuple(
        phrase("practice.match.score", player=Seat(seat), points=Points(points))
        for seat, points in enumerate(scores)
    )


def _with(scores: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    return tuple(points if index == seat else score for index, score in enumerate(scores))


def _scores_choice(scores: tuple[int, ...], mistake: Phrase | None) -> Choice:
    return Choice(scores, phrase("practice.choice.scores", scores=_scores(scores)), mistake)


def _award_slips(before: tuple[int, ...], final: Round, target: int) -> list[Choice]:
    """The scores after the round as pupils miscount them."""
    result = final.result
    assert result is not None
    if not result.winners:
        lowest = min(result.totals)
        return [
            _scores_choice(
                _with(before, seat, before[seat] + sum(result.totals) - 2 * lowest),
                phrase("practice.mistake.tie_scores", total=lowest),
            )
            for seat, total in enumerate(result.totals)
            if total == lowest
        ]
    (winner,) = result.winners
    assert result.award is not None
    award, own = result.award.points, result.totals[winner]
    tiles = sum(len(hand) for seat, hand in enumerate(final.hands) if seat != winner)
    slips = [
        (min(before[winner] + award, target), "practice.mistake.excess_dropped"),
        (before[winner] + tiles, "practice.mistake.counted_tiles_not_pips"),
    ]
    if result.ending is Ending.BLOCKED:
        slips += [
            (before[winner] + award - own, "practice.mistake.own_pips_twice"),
            (before[winner] + award + 2 * own, "practice.mistake.own_pips"),
        ]
    return [_scores_choice(_with(before, winner, points), phrase(key)) for points, key in slips]


def _standing_choice(value: int | str, mistake: Phrase | None) -> Choice:
    if value == "goes_on":
        return Choice(value, phrase("practice.choice.match_goes_on"), mistake)
    if value == "drawn":
        return Choice(value, phrase("practice.choice.match_drawn"), mistake)
    assert isinstance(value, int)
    return Choice(value, phrase("practice.choice.match_won", player=Seat(value - 1)), mistake)


def _standing_slips(before: tuple[int, ...], match: Match, target: int) -> list[Choice]:
    """How the match stands as pupils misjudge it."""
    scores = match.scores
    top = max(scores)
    (leader, *tied) = [seat for seat, score in enumerate(scores) if score == top]
    result = match.log[-1].result
    slips = []
    if match.is_over:
        slips.append(
            _standing_choice(
                "goes_on",
                phrase(
                    "practice.mistake.target_reached",
                    player=Seat(leader),
                    points=Points(top),
                    target=Points(target),
                ),
            )
        )
    elif tied:
        slips += [
            _standing_choice("drawn", phrase("practice.mistake.drawn_below_target")),
            _standing_choice(leader + 1, phrase("practice.mistake.tie_at_top")),
        ]
    else:
        note = phrase("practice.mistake.below_target", target=Points(target))
        slips.append(_standing_choice(leader + 1, note))
    if result.ending is Ending.BLOCKED and result.award is not None:
        (winner,) = result.winners
        added = sum(points for _, points in result.award.added)
        if before[winner] + added >= target > scores[winner]:
            note = phrase("practice.mistake.target_mid_award")
            slips.append(_standing_choice(winner + 1, note))
    return slips


def _standing(match: Match) -> int | str:
    """The engine's verdict: the winner's seat (from 1), or "goes_on"."""
    assert not match.is_drawn  # one seat scores a round: a tie at the top is under the target
    return "goes_on" if match.winner is None else match.winner[0] + 1


def _verdict(match: Match, target: int) -> Phrase:
    if match.winner is None:
        return phrase("practice.match.goes_on", target=Points(target))
    return phrase("practice.match.won", player=Seat(match.winner[0]), target=Points(target))


def match_round(rng: random.Random) -> Draft | None:
    """Scores before a round, the round as it ended, the target: the scores now, or how
    the match stands (over or not, and who wins)."""
    ended = _rounds_ended(rng.choice((2, 3, 4)), rng)
    match = rng.choice(ended[-LAST_ROUNDS:])
    record = match.log[-1]
    before = match.log[-2].scores if len(match.log) > 1 else (0,) * len(record.scores)
    target = match.rules.target
    assert target is not None
    assert record.final is not None
    givens = phrase("practice.match.before", scores=_scores(before))
    if rng.random() < 0.5:
        question = phrase("practice.match.scores_now")
        right = _scores_choice(match.scores, None)
        wrong = _award_slips(before, record.final, target)
    else:
        question = phrase("practice.match.standing")
        right = _standing_choice(_standing(match), None)
        wrong = _standing_slips(before, match, target)
    return Draft(
        record.final,
        tuple(range(match.rules.players)),
        (game_phrase(match.rules), givens, question),
        right,
        tuple(wrong),
        (
            record.result,
            phrase("practice.match.after", scores=_scores(match.scores)),
            _verdict(match, target),
        ),
    )

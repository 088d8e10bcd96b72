"""Topic: scoring. Who wins a round, and how many points: domino, blocked, team, and a
round of a match (``practice.match_round``).

Placing a tile never scores. After a domino the dominoer scores the pips of all
opponents' hands together. In a blocked round the one player alone with the lowest
total wins and scores the opponents' pips minus their own, once; equal lowest totals:
nobody wins and nobody scores. In a team game both partners' hands count together.
"""

from __future__ import annotations

import random

from blockdomino.analysis.players import play_round, random_move
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.scoring import Ending, RoundResult
from blockdomino.practice.drafts import Draft, game_phrase, number_choices
from blockdomino.practice.items import Choice, Phrase, Points, Seat, Team, Value, phrase
from blockdomino.practice.match_round import match_round


def _ended(
    preset: str, players: int | None, rng: random.Random, *, target: int | None = None
) -> Round:
    """A round dealt from ``rng`` and played out by random moves."""
    position = Round.deal(Rules.preset(preset, players, target=target), rng)
    return play_round(position, random_move, rng)


def _opponents(result: RoundResult, side: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(seat for seat in range(result.rules.players) if seat not in side)


def _pips(result: RoundResult, seats: tuple[int, ...]) -> int:
    return sum(result.totals[seat] for seat in seats)


def _tile_count(position: Round, seats: tuple[int, ...]) -> int:
    return sum(len(position.hands[seat]) for seat in seats)


def _domino_points(rng: random.Random) -> Draft | None:
    """Level 1: somebody dominoed; how many points do they score?"""
    position = _ended("match", rng.choice((2, 3)), rng)
    result = position.result
    if result is None or result.dominoer is None or result.award is None:
        return None
    winner = result.dominoer
    opponents = _opponents(result, (winner,))
    one_half = sum(tile.high for seat in opponents for tile in position.hands[seat])
    slips = [
        (_tile_count(position, opponents), phrase("practice.mistake.counted_tiles_not_pips")),
        (one_half, phrase("practice.mistake.one_half")),
    ]
    if len(opponents) > 1:
        slips.append((result.totals[opponents[0]], phrase("practice.mistake.one_opponent")))
    right, wrong = number_choices(result.points[winner], slips)
    return Draft(
        position,
        tuple(range(position.rules.players)),
        (
            game_phrase(position.rules),
            phrase("explain.domino", seat=Seat(winner)),
            phrase("practice.scoring.how_many", player=Seat(winner)),
        ),
        right,
        wrong,
        (result,),
    )


def _side_name(rules: Rules, side: tuple[int, ...]) -> Seat | Team:
    return Team(rules.sides().index(side)) if rules.partnership else Seat(side[0])


def _scores(rules: Rules, side: tuple[int, ...], points: int, mistake: Phrase | None) -> Choice:
    """ "Player 2 scores 12 points", as the value (2, 12)."""
    name = _side_name(rules, side)
    value: Value = (name.index + 1, points)
    key = "practice.choice.team_points" if rules.partnership else "widgets.quiz.seat_points"
    return Choice(value, phrase(key, player=name, points=Points(points, won=True)), mistake)


def _nobody(mistake: Phrase | None) -> Choice:
    return Choice("nobody", phrase("practice.choice.nobody_scores"), mistake)


def _winner_slips(position: Round, result: RoundResult) -> list[Choice]:
    """The winners' award as pupils miscount it."""
    side = result.winners
    rules = result.rules
    opponents = _opponents(result, side)
    added, own = _pips(result, opponents), _pips(result, side)
    slips = [
        _scores(
            rules,
            side,
            _tile_count(position, opponents),
            phrase("practice.mistake.counted_tiles_not_pips"),
        ),
        _nobody(phrase("practice.mistake.somebody_wins")),
    ]
    if result.ending is Ending.BLOCKED:
        slips += [
            _scores(rules, side, added + own, phrase("practice.mistake.own_pips")),
            _scores(rules, side, added, phrase("practice.mistake.blocked_not_domino")),
        ]
    if rules.partnership:
        slips.append(
            _scores(
                rules, side, result.totals[opponents[0]], phrase("practice.mistake.one_partner")
            )
        )
    return slips


def _fewest_tiles_slip(position: Round, result: RoundResult) -> list[Choice]:
    """The side with the fewest tiles taken for the winner of a blocked round."""
    rules = result.rules
    side = min(rules.sides(), key=lambda seats: _tile_count(position, seats))
    if side == result.winners or result.ending is Ending.DOMINO:
        return []
    points = _pips(result, _opponents(result, side)) - _pips(result, side)
    return [_scores(rules, side, points, phrase("practice.mistake.fewest_tiles"))]


def _tie_slips(result: RoundResult) -> list[Choice]:
    """A tie for the lowest total taken for a win."""
    rules = result.rules
    side_totals = [(_pips(result, side), side) for side in rules.sides()]
    lowest = min(total for total, _ in side_totals)
    return [
        _scores(
            rules,
            side,
            _pips(result, _opponents(result, side)) - lowest,
            phrase("practice.mistake.tie_scores", total=lowest),
        )
        for total, side in side_totals
        if total == lowest
    ]


def _who_scores(position: Round) -> Draft | None:
    """Who scores and how many points, in a round that has ended."""
    result = position.result
    if result is None:
        return None
    rules = result.rules
    if result.winners:
        assert result.award is not None
        right = _scores(rules, result.winners, result.award.points, None)
        wrong = [*_winner_slips(position, result), *_fewest_tiles_slip(position, result)]
    else:
        right, wrong = _nobody(None), _tie_slips(result)
    ending = (
        phrase("explain.domino", seat=Seat(result.dominoer))
        if result.dominoer is not None
        else phrase("explain.blocked")
    )
    return Draft(
        position,
        tuple(range(rules.players)),
        (game_phrase(rules), ending, phrase("practice.scoring.who_scores")),
        right,
        tuple(wrong),
        (result,),
    )


def _coin(rng: random.Random) -> bool:
    """A coin tossed on a copy of ``rng``, which goes on unchanged: a seed whose coin
    falls for the team game makes the same team game as before match rounds came."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy.random() < 0.5


def scoring(level: int, rng: random.Random) -> Draft | None:
    """Points after a domino (1), who scores what in a blocked match round (2), and at
    level 3, by the toss of a coin, who scores what in a scored team game to 100, or a
    match round: the scores now, or who wins the match."""
    if level == 1:
        return _domino_points(rng)
    if level == 2:
        position = _ended("match", rng.choice((2, 3, 4)), rng)
        return _who_scores(position) if position.dominoer is None else None
    if _coin(rng):
        return match_round(rng)
    return _who_scores(_ended("partnership", None, rng, target=100))

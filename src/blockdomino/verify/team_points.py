"""Points claimed for a round of a team game named in prose, checked by RULES.md's
partnership rules.

The partnership game of the documents (001's "lagspel", 003's partner option) scores no
points: one round decides who wins. Points claimed in such a team game are a claim
against the game itself, and reported so, whatever the figure. When the text plays the
team game to a target ("in a match to 100 points": RULES.md's scored partnership match)
a round is awarded as in ``match``, to the team:

- after a domino, the team of the player who went out scores the pips left in the other
  team's two hands (the partner's own hand is not counted);
- after a blocked round, the team with the lower sum of both partners' hands scores the
  other team's sum minus its own, once; equal sums: the round is drawn, nobody scores.

The round is the one told in the sentence and the two before it, from the last of them
that says how it ended ("Ben went out", "Nobody could play"); each player's pips are
given by name ("Anna has 5 pips left, Ben 6, …", ``winners.held``). Where the sentences
do not tell how the round ended, or not every hand the award needs, the claim is listed
as not checked, with the reason; so is every claim after a sentence that begins a new
game or deal without naming its teams (``teams.Teams.doubted``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from blockdomino.verify.findings import Finding, Problem, _finding
from blockdomino.verify.scores import MINUS, Claimed, claimed_award
from blockdomino.verify.team_hands import Counts, team_counts
from blockdomino.verify.teams import LABEL, NAME, Teams, same_player
from blockdomino.verify.vocabulary import alternatives, phrases

_LABEL: Final = re.compile(LABEL)
_ENDED: Final = phrases("went_out", "blocked", "nobody_played")
_WENT_OUT: Final = re.compile(
    rf"(?<!\w)(?=(?P<name>{NAME})\s+(?:[^\W\d]+\s+){{0,2}}?(?:{alternatives('went_out')}))"
)
"""A player who went out, by name: "Ben went out", "Matti pelasi viimeisen laattansa"
(looked for at every word, so that "Then Lee went out" finds Lee, not "Then")."""

TEAMS_DOUBTED: Final = "verify.unchecked.team_doubted"
"""Why a claim after a new game or deal whose teams the text does not say is not
checked."""
Team = tuple[str, str]
_Wrong = tuple[Problem, dict[str, object]]
"""What an award of another figure is reported as: the problem, and the values that
show how the right figure is found."""


@dataclass(frozen=True, slots=True)
class TeamVerdict:
    """What came of the points a sentence claims for a round of a team game: where the
    claim starts, what is wrong, and whether it could be checked (and if not, why: a
    catalog key)."""

    at: int
    findings: tuple[Finding, ...] = ()
    checked: bool = True
    reason: str = "verify.unchecked.team_points"


def team_points(before: Sequence[str], sentence: str, teams: Teams) -> TeamVerdict | None:
    """The verdict on the points ``sentence`` awards in the team game of ``teams``
    (``None`` when it awards none); ``before`` are the sentences before it, which may
    tell how the round ended and give the players' pips."""
    claim = claimed_award(sentence)
    if claim is None:
        return None
    labels = list(_LABEL.finditer(sentence, 0, claim.at))
    if claim.scorer is None and labels and teams.labelled(labels[-1][0]) is not None:
        claim = replace(claim, scorer=labels[-1][0])  # "Team A scores 2 points"
    if teams.doubted:
        return TeamVerdict(claim.at, checked=False, reason=TEAMS_DOUBTED)
    if not teams.scored:
        unscored = _finding(Problem.CLAIM_TEAM_UNSCORED, claimed=claim.points)
        return TeamVerdict(claim.at, (unscored,))
    told = _this_round((*before, sentence))
    hands = team_counts(told, teams)
    if hands is None:
        return TeamVerdict(claim.at, checked=False, reason="verify.unchecked.team_hands")
    went_out = _gone_out(told, teams)
    blocked = phrases("blocked", "nobody_played").search(told) is not None
    if blocked == bool(went_out):
        return TeamVerdict(claim.at, checked=False, reason="verify.unchecked.team_round")
    if went_out:
        return _after_domino(claim, went_out[-1], hands, (teams, told))
    return _after_block(claim, hands, (teams, told))


def _gone_out(told: str, teams: Teams) -> list[str]:
    """The players of the teams ``told`` says went out, by name, in its order."""
    found = (match["name"] for match in _WENT_OUT.finditer(told))
    return [name for name in found if teams.team_of(name) is not None]


def went_out(texts: Sequence[str], teams: Teams) -> str | None:
    """The player of the teams who went out in the round ``texts`` tell (from the last
    sentence that says how a round ended), if one did and the round is not told as
    blocked as well."""
    told = _this_round(texts)
    gone = _gone_out(told, teams)
    if not gone or phrases("blocked", "nobody_played").search(told):
        return None
    return gone[-1]


def _this_round(texts: Sequence[str]) -> str:
    """The sentences that tell one round: from the last that says how a round ended."""
    starts = [index for index, text in enumerate(texts) if _ENDED.search(text)]
    return " ".join(texts[starts[-1] if starts else 0 :])


def _called(team: Team, told: str) -> Team:
    """The two partners' names as the report says them: each player's shortest form in
    the sentences or the teams' (a Finnish name's own form is its shortest: "Matti",
    not "Mattia" or "Matilla")."""
    written = re.findall(NAME, told)
    first, second = (
        min((name for name in (player, *written) if same_player(name, player)), key=len)
        for player in team
    )
    return first, second


def _scorer_wrong(claim: Claimed, winners: Team, teams: Teams, told: str) -> Finding | None:
    """Points given by name to a player of the team that does not win the round."""
    scorer = None if claim.scorer is None else teams.labelled(claim.scorer)
    if claim.scorer is not None and scorer is None:
        scorer = teams.team_of(claim.scorer)
    if scorer is None or scorer != teams.other(winners):
        return None
    first, second = _called(winners, told)
    return _finding(Problem.CLAIM_TEAM_SCORER, named=claim.scorer, first=first, second=second)


def _after_domino(
    claim: Claimed, dominoer: str, hands: Counts, game: tuple[Teams, str]
) -> TeamVerdict:
    """The points after ``dominoer`` went out: the other team's two hands added (``game``:
    the teams, and the sentences that tell the round)."""
    teams = game[0]
    winners = teams.team_of(dominoer)
    assert winners is not None  # the dominoer was found among the teams' players
    losers = teams.other(winners)
    points = hands.sum_of(losers)
    out = next(player for player in winners if same_player(dominoer, player))
    if points is None or hands.players.get(out, 0):
        return TeamVerdict(claim.at, checked=False, reason="verify.unchecked.team_hands")
    worked = hands.worked(losers)
    wrong: _Wrong = Problem.CLAIM_TEAM_POINTS, {"dominoer": dominoer, "sum": worked}
    return _award(claim, (winners, points), game, wrong)


def _after_block(claim: Claimed, hands: Counts, game: tuple[Teams, str]) -> TeamVerdict:
    """The points of a blocked round: the other team's sum minus the winners' own, once;
    nothing on equal sums (``game``: the teams, and the sentences that tell the round)."""
    teams = game[0]
    given = {team: hands.sum_of(team) for team in (teams.first, teams.second)}
    sums = {team: total for team, total in given.items() if total is not None}
    if len(sums) != 2:
        return TeamVerdict(claim.at, checked=False, reason="verify.unchecked.team_hands")
    if sums[teams.first] == sums[teams.second]:
        drawn = _finding(
            Problem.CLAIM_TEAM_DRAWN_POINTS, claimed=claim.points, total=sums[teams.first]
        )
        return TeamVerdict(claim.at, (drawn,))
    winners = min(sums, key=lambda team: sums[team])
    ours, theirs = sums[winners], sums[teams.other(winners)]
    worked = f"{theirs} {MINUS} {ours} = {theirs - ours}"
    wrong: _Wrong = (
        Problem.CLAIM_TEAM_BLOCKED_POINTS,
        {"ours": ours, "theirs": theirs, "sum": worked},
    )
    return _award(claim, (winners, theirs - ours), game, wrong)


def _award(
    claim: Claimed,
    due: tuple[Team, int],
    game: tuple[Teams, str],
    wrong: _Wrong,
) -> TeamVerdict:
    """The verdict on points claimed where the rules give the team that wins the round
    so many (``due``): wrong when given by name to the other team, or of another figure
    (said as ``wrong``: the problem, and the values that show how the figure is found)."""
    teams, told = game
    winners, points = due
    found = _scorer_wrong(claim, winners, teams, told)
    if found is None and claim.points != points:
        first, second = _called(winners, told)
        problem, values = wrong
        found = _finding(problem, claimed=claim.points, first=first, second=second, **values)
    return TeamVerdict(claim.at, () if found is None else (found,))

"""The pips a story of a team game gives its hands: by player, by two partners, or by
a team's label.

"Anna has 5 pips left, Ben 6, …" gives each player's hand (``winners.held``). A team's
hands are also written for both partners at once, in the teams' own names: "Anna and
Cecilia have 8 pips" (the two hands' sum), "Anna and Cecilia have 5 and 3 pips" (each
partner's, in the order named), "Ainolla ja Eerolla on yhteensä 8 silmää", "Anna och
Cecilia har 8 prickar", then ", Ben and Dan 10" after it; or by the label the text gave
the team ("Team A (Anna and Cecilia) plays against team B (Ben and Dan)": "Team A has 8
pips left and team B 10"). A count given so is read only when the two names are two
partners of one team, or the label is one the text gave a team: "we", "our team", "the
other pair", "laget" say no team by name and are not read (a claim that needs them is
listed as not checked).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final, TypeVar

from blockdomino.verify.numbers import AND
from blockdomino.verify.teams import LABEL, NAME, Teams, same_player
from blockdomino.verify.vocabulary import alternatives
from blockdomino.verify.winners import held

Team = tuple[str, str]
_Key = TypeVar("_Key", str, Team)
_WHO: Final = rf"(?:(?P<label>{LABEL})|(?P<a>{NAME})\s+{AND}\s+(?P<b>{NAME}))"
_COUNTS: Final = r"(?P<n>\d{1,2})(?:\s+" + AND + r"\s+(?P<m>\d{1,2}))?\b(?![|\]\-:])"
_TEAM_HOLDS: Final = re.compile(
    rf"(?<!\w){_WHO}\s+(?:{alternatives('team_holds')})\s+(?:[^\W\d]+\s+){{0,2}}?{_COUNTS}"
)
"""Two partners or a team's label holding pips: "Anna and Cecilia have 8", "Team A has 8
pips", "Ainolla ja Eerolla on yhteensä 8"."""
_NEXT: Final = re.compile(
    rf"(?:\s+[^\W\d]+){{0,3}}?(?:\s*,\s*|\s+{AND}\s+)(?:(?i:{alternatives('team_label')})\s+)?{_WHO}\s+{_COUNTS}"
)
"""The other team's count right after (maybe past the word for pips): ", Ben and Dan
10", "pips left and team B 10"."""


@dataclass(slots=True)
class Counts:
    """The pips a story gives: each player's, and each team's sum where it is given
    for the team."""

    players: dict[str, int] = field(default_factory=dict)
    teams: dict[Team, int] = field(default_factory=dict)

    def sum_of(self, team: Team) -> int | None:
        """The team's pips: as given for the team, else both partners' added."""
        if team in self.teams:
            return self.teams[team]
        if all(player in self.players for player in team):
            return sum(self.players[player] for player in team)
        return None

    def worked(self, team: Team) -> str:
        """How the team's pips are found: "8 + 5 = 13", or "13" when given as a sum."""
        total = self.sum_of(team)
        if team in self.teams:
            return str(total)
        return f"{self.players[team[0]]} + {self.players[team[1]]} = {total}"


def team_counts(told: str, teams: Teams) -> Counts | None:
    """The pips ``told`` gives the players and teams of ``teams`` (``None`` when a player
    or a team is given two counts, or a count is not of a player or a team of theirs)."""
    counts = Counts()
    pieces: list[str] = []
    read = 0
    for match in _team_holds(told):
        if not _add(counts, match, teams):
            return None
        pieces += [told[read : match.start()], "."]
        read = match.end()
    for hand in held("".join((*pieces, told[read:]))):
        players = [p for p in (*teams.first, *teams.second) if same_player(hand.name, p)]
        if len(players) != 1 or counts.players.get(players[0], hand.pips) != hand.pips:
            return None
        counts.players[players[0]] = hand.pips
    return counts


def _team_holds(told: str) -> list[re.Match[str]]:
    """Every count ``told`` gives two partners or a team, with the one right after it."""
    found: list[re.Match[str]] = []
    for match in _TEAM_HOLDS.finditer(told):
        found.append(match)
        after = _NEXT.match(told, match.end())
        if after is not None:
            found.append(after)
    return found


def _add(counts: Counts, match: re.Match[str], teams: Teams) -> bool:
    """Add the count ``match`` gives to ``counts``; whether it is of one of the teams."""
    if match["label"] is not None:
        team = teams.labelled(match["label"])
        if team is None or match["m"] is not None:
            return False
        return _put(counts.teams, team, int(match["n"]))
    team = teams.team_of(match["a"])
    if team is None or teams.team_of(match["b"]) != team:
        return False
    first = next(player for player in team if same_player(match["a"], player))
    second = next(player for player in team if same_player(match["b"], player))
    if first == second:
        return False
    if match["m"] is None:
        return _put(counts.teams, team, int(match["n"]))
    return _put(counts.players, first, int(match["n"])) and _put(
        counts.players, second, int(match["m"])
    )


def _put(into: dict[_Key, int], key: _Key, count: int) -> bool:
    """Record a count; whether it agrees with one recorded before for the same key."""
    before = into.setdefault(key, count)
    return before == count

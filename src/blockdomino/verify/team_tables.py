"""A table of a team match's rounds: the pips left and the points each team scores,
checked by RULES.md's scored partnership match.

| Round | Went out | Anna | Cecilia | Ben | Dan | Anna & Cecilia points | Ben & Dan points |
| 1     | Ben      | 8    | 5       | 0   | 4   |                       | 13                |

The heading names the two teams, each as two partners joined ("Anna & Cecilia", "Aino
ja Eero", "Anna + Cecilia"), in the heading of a column of their points ("Anna &
Cecilia points", "Pisteet Aino ja Eero") or of their pips ("Ben & Dan pips"). The pips
are each player's, in a column headed by the player's name (maybe with a word for pips),
or each team's. The points are in a column for each team, or in one column of points
beside one naming the round's winner ("Winner": a team or one of its partners). A column
headed by a word of going out ("Went out", "Dominoi", "Gick ut") names who went out;
a dash, an empty cell or a word of a blocked round there: nobody did.

Each round is awarded as in ``match``, to the team (``team_points``): after a domino,
the other team's two hands; after a blocked round, the other team's sum minus the
winners' own, once; equal sums: drawn, nobody scores. Without a column of who went out,
a player with no pips left went out (or, with only [0|0] left, the round was blocked: a
row right by either is not called wrong), and with no player at nought the round was
blocked; a table of the teams' pips alone does not tell, and its rows are listed as not
checked, as is a row missing a count.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.verify.findings import ExampleReport, Finding, Problem, Unchecked, _finding
from blockdomino.verify.scores import MINUS
from blockdomino.verify.table_teams import TableTeams
from blockdomino.verify.tables import JOIN, Row, Table, row_text
from blockdomino.verify.teams import LABEL, NAME, Teams
from blockdomino.verify.vocabulary import phrases

_TEAM: Final = re.compile(rf"(?<!\w)(?P<a>{NAME}){JOIN.pattern}(?P<b>{NAME})(?!\w)")
"""Two partners' names joined into a team's in a heading cell: "Anna & Cecilia"."""
_PLAYER: Final = re.compile(rf"(?<!\w){NAME}(?!\w)")
_LABEL: Final = re.compile(LABEL)
_COUNT: Final = re.compile(r"\s*(?:\*\*)?(\d{1,3})(?:\*\*)?\s*")
_NOUGHT: Final = re.compile(r"\s*(?:[-–—]|0)?\s*")
"""An empty cell, a dash or a nought: no points."""
_NOBODY_OUT: Final = re.compile(r"\s*[-–—]?\s*")
Team = tuple[str, str]
_UNCHECKED: Final = "verify.unchecked.team_table_row"
_UNSURE: Final = "verify.unchecked.team_table"
"""Why a table whose heading names some of the teams' players, but not the four of the
teams in play each once, is not checked."""


@dataclass(frozen=True, slots=True)
class TeamTable:
    """Where a team match's table has what: the teams as its heading names them, the
    columns of each player's (or each team's) pips, of each team's points, or of the
    points and the winner, and of who went out."""

    teams: Teams
    pips: dict[int, str | Team]
    points: dict[int, Team]
    winner: tuple[int, int] | None
    """The column of points and the column of the winner, when one column has all."""
    went_out: int | None


def team_table(table: Table, prose: Teams | None = None) -> TeamTable | None:
    """``table`` read as the table of a team match's rounds, if its heading is one's: it
    names the two teams, or (``prose``: the teams the text names) only their four
    players, each once, and the teams' labels maybe ("Team A points")."""
    heading = table.rows[0].cells
    pairs = _pairs(heading, None)
    distinct = list(dict.fromkeys(pairs.values()))
    if len(distinct) == 2 and len({*distinct[0], *distinct[1]}) == 4:
        teams = Teams(distinct[0], distinct[1], scored=True)
    elif prose is not None and not pairs and prose.plays(heading_players(table, prose)):
        teams = Teams(prose.first, prose.second, scored=True, labels=prose.labels)
        pairs = _pairs(heading, prose)
    else:
        return None
    pip_words, point_words = phrases("column_pips"), phrases("column_points")
    points = {i: pair for i, pair in pairs.items() if point_words.search(heading[i])}
    pips: dict[int, str | Team] = {
        i: pair for i, pair in pairs.items() if pip_words.search(heading[i]) and i not in points
    }
    for i, cell in enumerate(heading):
        players = _PLAYER.findall(cell)
        if i not in pairs and len(players) == 1 and teams.team_of(players[0]) is not None:
            pips[i] = players[0]
    winner = _winner_columns(heading, set(pairs))
    went = next((i for i, cell in enumerate(heading) if phrases("went_out").search(cell)), None)
    has_points = len(set(points.values())) == 2 or (winner is not None and not points)
    if not has_points or len(pips) not in (2, 4):
        return None
    return TeamTable(teams, pips, points, winner, went)


def _pairs(heading: Sequence[str], prose: Teams | None) -> dict[int, Team]:
    """The heading's cells that name a team: two partners joined ("Anna & Cecilia"), or
    a label the prose gave a team with its players ("Team A points")."""
    pairs: dict[int, Team] = {}
    for i, cell in enumerate(heading):
        joined = _TEAM.search(cell)
        label = _LABEL.search(cell) if prose is not None else None
        team = None if label is None or prose is None else prose.labelled(label[0])
        if joined is not None:
            pairs[i] = (joined["a"], joined["b"])
        elif team is not None:
            pairs[i] = team
    return pairs


def heading_players(table: Table, teams: Teams) -> list[str]:
    """The heading's cells that are one player of ``teams`` each, by name."""
    named = [_PLAYER.findall(cell) for cell in table.rows[0].cells]
    return [names[0] for names in named if len(names) == 1 and teams.team_of(names[0])]


def _winner_columns(heading: Sequence[str], teams: set[int]) -> tuple[int, int] | None:
    """The column of a round's points and the one naming its winner, neither a team's."""
    points = phrases("column_points")
    winners = phrases("column_winner")
    point = next((i for i, c in enumerate(heading) if i not in teams and points.search(c)), None)
    won = next((i for i, c in enumerate(heading) if i not in teams and winners.search(c)), None)
    return None if point is None or won is None or point == won else (point, won)


@dataclass(frozen=True, slots=True)
class _Round:
    """A row's round as the table tells it: the pips (by player or by team), the points
    claimed for each team, and the endings the row may tell (who went out, or ``None``
    for a blocked round)."""

    pips: dict[str | Team, int]
    claimed: dict[Team, int]
    endings: tuple[str | None, ...]


def team_table_reports(
    tables: Sequence[Table],
    lang: str,
    document_lang: str,
    prose: Mapping[int, TableTeams] | None = None,
) -> tuple[list[ExampleReport], list[Unchecked]]:
    """A report on every round of each team match's table, and the rows that could not
    be checked (listed with the reason); ``prose``: the teams the text names at each
    table whose heading names none (``table_teams``)."""
    reports: list[ExampleReport] = []
    unchecked: list[Unchecked] = []
    for table in tables:
        at = None if prose is None else prose.get(table.number)
        read = team_table(table, _in_play(at))
        if read is None:
            if at is not None and _of_named_players(table, at):
                said = " ".join(row_text(table.rows[0].cells).split())
                unchecked.append(Unchecked(table.rows[0].line, said, _UNSURE))
            continue
        for row in table.rows[1:]:
            if phrases("column_total").search(row.cells[0]):
                continue
            said = " ".join(row_text(row.cells).split())
            told = _round(read, row)
            if told is None or not told.endings:
                unchecked.append(Unchecked(row.line, said, _UNCHECKED))
                continue
            found = _verdict(read.teams, told)
            reports.append(ExampleReport(row.line, document_lang, lang, found, None, "claim", said))
    return reports, unchecked


def _in_play(at: TableTeams | None) -> Teams | None:
    """The teams in play at a table, when the text names their players for sure."""
    teams = None if at is None else at.in_play
    return teams if teams is not None and any(teams.first) and not teams.doubted else None


def _of_named_players(table: Table, at: TableTeams) -> bool:
    """Whether the heading names two players or more of the teams the text named last
    (a table that may be of their game, not read as it)."""
    teams = at.in_play if at.in_play is not None and any(at.in_play.first) else at.named
    return teams is not None and len(heading_players(table, teams)) >= 2


def _count(cell: str) -> int | None:
    match = _COUNT.fullmatch(cell)
    return None if match is None else int(match[1])


def _round(table: TeamTable, row: Row) -> _Round | None:
    """The round ``row`` tells, or ``None`` when a count is missing or unreadable."""
    pips: dict[str | Team, int] = {}
    for i, whose in table.pips.items():
        count = _count(row.cells[i])
        if count is None:
            return None
        pips[whose] = count
    claimed = _claimed(table, row)
    if claimed is None:
        return None
    return _Round(pips, claimed, _endings(table, row, pips))


def _claimed(table: TeamTable, row: Row) -> dict[Team, int] | None:
    """The points the row gives each team."""
    teams = table.teams
    if table.points:
        claimed: dict[Team, int] = {}
        for i, team in table.points.items():
            count = _count(row.cells[i])
            if count is None and not _NOUGHT.fullmatch(row.cells[i]):
                return None
            claimed[team] = count or 0
        return claimed
    assert table.winner is not None  # a team table has columns of points or a winner
    point, won = table.winner
    count = _count(row.cells[point])
    names = _PLAYER.findall(row.cells[won])
    found = {teams.team_of(name) for name in names}
    if count is None and _NOUGHT.fullmatch(row.cells[point]) and not names:
        return dict.fromkeys((teams.first, teams.second), 0)
    scorer = found.pop() if len(found) == 1 else None
    if count is None or scorer is None:
        return None
    return {scorer: count, teams.other(scorer): 0}


def _endings(table: TeamTable, row: Row, pips: dict[str | Team, int]) -> tuple[str | None, ...]:
    """How the row's round may have ended: who went out (a name), or ``None`` for a
    blocked round; nothing when the row does not tell."""
    if table.went_out is not None:
        cell = row.cells[table.went_out]
        names = [name for name in _PLAYER.findall(cell) if table.teams.team_of(name)]
        if len(names) == 1 and not phrases("blocked", "nobody_played").search(cell):
            return (names[0],)
        blocked = phrases("blocked", "nobody_played").search(cell)
        return (None,) if not names and (blocked or _NOBODY_OUT.fullmatch(cell)) else ()
    players = [whose for whose in pips if isinstance(whose, str)]
    if len(players) != 4:
        return ()
    out = [player for player in players if pips[player] == 0]
    if len(out) > 1:
        return ()
    return (*out, None)


def _verdict(teams: Teams, told: _Round) -> tuple[Finding, ...]:
    """What is wrong with the points the row claims: nothing when they are right by any
    ending the row may tell; else what the first ending gives."""
    wrongs = [_wrong(teams, told, ending) for ending in told.endings]
    first = wrongs[0]
    return () if first is None or None in wrongs else (first,)


def _sums(teams: Teams, pips: dict[str | Team, int]) -> dict[Team, tuple[int, ...]]:
    """Each team's hands as the row gives them: both partners', or the team's sum."""
    hands: dict[Team, tuple[int, ...]] = {teams.first: (), teams.second: ()}
    for whose, count in pips.items():
        team = whose if isinstance(whose, tuple) else teams.team_of(whose)
        if team is not None:
            hands[team] += (count,)
    return hands


def _wrong(teams: Teams, told: _Round, ending: str | None) -> Finding | None:
    """What is wrong with the row's points if the round ended so: ``ending`` went out,
    or (``None``) nobody could play."""
    hands = _sums(teams, told.pips)
    sums = {team: sum(counts) for team, counts in hands.items()}
    if ending is None and sums[teams.first] == sums[teams.second]:
        given = max(told.claimed.values())
        total = sums[teams.first]
        drawn = _finding(Problem.CLAIM_TEAM_DRAWN_POINTS, claimed=given, total=total)
        return drawn if given else None
    if ending is not None:
        winners = teams.team_of(ending)
        assert winners is not None  # who went out is one of the teams' players
    else:
        winners = min(sums, key=lambda team: sums[team])
    losers = teams.other(winners)
    if told.claimed[losers]:
        return _finding(
            Problem.CLAIM_TEAM_SCORER, named=" & ".join(losers), first=winners[0], second=winners[1]
        )
    claimed = told.claimed[winners]
    if ending is not None:
        due = sums[losers]
        terms = " + ".join(map(str, hands[losers]))
        worked = f"{terms} = {due}" if len(hands[losers]) > 1 else str(due)
        values: dict[str, object] = {"dominoer": ending, "sum": worked}
        problem = Problem.CLAIM_TEAM_POINTS
    else:
        due = sums[losers] - sums[winners]
        worked = f"{sums[losers]} {MINUS} {sums[winners]} = {due}"
        values = {"ours": sums[winners], "theirs": sums[losers], "sum": worked}
        problem = Problem.CLAIM_TEAM_BLOCKED_POINTS
    if claimed == due:
        return None
    return _finding(problem, claimed=claimed, first=winners[0], second=winners[1], **values)

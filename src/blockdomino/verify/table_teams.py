"""The teams a table of a team match is of, when its heading names only players.

| Round | Went out | Anna | Cecilia | Ben | Dan | Points | Winner |

A heading like this does not say who plays with whom: the prose does ("Anna and Cecilia
play against Ben and Dan", ``teams``). The table is read as the team match's
(``team_tables``) when the teams in play where it starts, named in its own section (or
the section a sub-heading above the table is part of: ``Outline``) and not ended since,
have the heading's players exactly: each of the four once, no one else.
Otherwise, where the heading names players of the teams the text named last, the table
is listed as not checked: it may be of the team game, but whose team each column is
cannot be told for sure.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

from blockdomino.verify.headings import Outline, Sections
from blockdomino.verify.places import LineCounter
from blockdomino.verify.sentences import sentences
from blockdomino.verify.tables import Table, table_spans
from blockdomino.verify.teams import TargetsSaid, Teams, named_teams, newly_named, teams_after
from blockdomino.verify.vocabulary import phrases


@dataclass(frozen=True, slots=True)
class TableTeams:
    """The teams in play where a table starts (in its section), and the teams the text
    named last before it, wherever."""

    in_play: Teams | None
    named: Teams | None


def players_only(table: Table) -> bool:
    """Whether ``table``'s heading has a column of points and names no team: a table of
    a team match whose teams the prose may give."""
    heading = table.rows[0].cells
    return any(phrases("column_points").search(cell) for cell in heading)


def teams_at_tables(
    text: str, tables: Sequence[Table], sections: Sections
) -> dict[int, TableTeams]:
    """The teams at each table whose heading names no team (``players_only``), by the
    table's number, read from the prose before it in one pass."""
    wanted = sorted((t for t in tables if players_only(t)), key=lambda t: t.rows[0].start)
    if not wanted:
        return {}
    starts = [table.rows[0].start for table in wanted]
    found: dict[int, TableTeams] = {}
    lines = LineCounter(text)
    targets = TargetsSaid(text)
    in_play: Teams | None = None
    named: Teams | None = None
    section = 0
    outline = Outline(sections)
    for sentence in sentences(text[: starts[-1]], table_spans(tables)):
        for table in wanted[len(found) : bisect.bisect_right(starts, sentence.start)]:
            found[table.number] = TableTeams(in_play, named)
        line = lines.at(sentence.start)
        if outline.passed(line, sentence.line(line, -1))[1]:
            in_play, section = None, sentence.start
        after = teams_after(sentence.text, in_play, (targets, section, sentence.start))
        outline.teams(newly_named(in_play, after), after is not None)
        in_play = after
        named = named_teams(sentence.text) or named
    for table in wanted[len(found) :]:
        found[table.number] = TableTeams(in_play, named)
    return found

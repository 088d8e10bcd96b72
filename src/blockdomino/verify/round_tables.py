"""A match's table headed only by the players' names, read as its running totals.

| Round | Anna | Ben | Cecilia |      | Kierros | Aino | Eero |
| 1     | 12   | 0   | 0       |      | 1       | 0    | 25   |
| Total | 12   | 0   | 0       |      | Yhteensä | 0   | 25   |

Every cell of the heading row names a player or a team ("Anna & Cecilia"), but the first
may count the rounds ("Round", "Kierros", "Omgång") or be empty; the other rows hold
whole numbers, and a last row may be the match's total ("Total", "Yhteensä", "Summa").

A row is one round's points or the running totals after it: in Block only the winner of
a round scores, so a table whose every round gives points to one player at most is read
as points by the round, and one whose every column only grows as running totals. A
total row says which of the two the author meant when both would do; where neither
does, or the rows fit neither, the table is listed as not checked.

Then, as for a table with a column of points (``tables``): the total row must be the
rounds' points added up (or the last running totals), no round may be played after a
row where someone reached the target of a match (``match``: 100 points with two players
or teams, 61 with three or four), and the sentence after the table naming who won the
match is checked against the totals at the end.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.engine.rules import target_for
from blockdomino.verify.findings import ExampleReport, Finding, Problem, Unchecked, _finding
from blockdomino.verify.tables import JOIN, Row, Table, row_text, winner_said
from blockdomino.verify.teams import NAME
from blockdomino.verify.vocabulary import phrases

_PLAYER: Final = re.compile(rf"{NAME}(?:{JOIN.pattern}{NAME})?", re.IGNORECASE)
"""A player's or a team's name in a heading cell: "Anna", "Anna & Cecilia"."""
_COUNT: Final = re.compile(r"\s*(?:\*\*)?(\d{1,4}|[-–—]?)(?:\*\*)?\s*")
"""A whole number in a cell (maybe in bold); an empty cell or a dash is nought."""
_MATCH: Final = "match"
_POINTS: Final = "points"
_RUNNING: Final = "running"


@dataclass(frozen=True, slots=True)
class NameTable:
    """A table headed by the players' names: the players by column, its rounds' rows
    and numbers, and its total row if it has one."""

    players: dict[int, str]
    rounds: tuple[tuple[Row, tuple[int, ...]], ...]
    total: tuple[Row, tuple[int, ...]] | None


def _is_player(cell: str) -> bool:
    """Whether a heading cell names only a player or a team, no word of another column."""
    if not _PLAYER.fullmatch(cell.strip()):
        return False
    return not phrases("column_total", "column_points", "column_winner", "column_pips").search(cell)


def _number(cell: str) -> int | None:
    match = _COUNT.fullmatch(cell)
    return None if match is None else int(match[1]) if match[1].isdigit() else 0


def name_table(table: Table) -> NameTable | None:
    """``table`` read as a table headed by the players' names, if it is one."""
    heading = table.rows[0].cells
    first = heading[0].strip()
    counted = not first or phrases("column_round").fullmatch(first) is not None
    players = {i: cell.strip() for i, cell in enumerate(heading) if i or not counted}
    if len(players) < 2 or not all(_is_player(name) for name in players.values()):
        return None
    rounds: list[tuple[Row, tuple[int, ...]]] = []
    total = None
    for row in table.rows[1:]:
        numbers = tuple(_number(row.cells[i]) for i in players)
        if any(n is None for n in numbers) or total is not None:
            return None
        said = tuple(n or 0 for n in numbers)
        if counted and phrases("column_total").search(row.cells[0]):
            total = (row, said)
        else:
            rounds.append((row, said))
    return NameTable(players, tuple(rounds), total) if rounds else None


def _running(table: NameTable, reading: str) -> list[tuple[int, ...]]:
    """Each player's total after each round, in the reading ``reading``."""
    if reading == _RUNNING:
        return [numbers for _, numbers in table.rounds]
    totals: list[tuple[int, ...]] = []
    so_far = (0,) * len(table.players)
    for _, numbers in table.rounds:
        so_far = tuple(a + b for a, b in zip(so_far, numbers, strict=True))
        totals.append(so_far)
    return totals


def _readings(table: NameTable) -> list[str]:
    """The readings the rounds' rows fit: one scorer a round, or totals that only grow
    by one scorer a round."""
    rows = [numbers for _, numbers in table.rounds]
    fits = []
    if all(sum(n > 0 for n in numbers) <= 1 for numbers in rows):
        fits.append(_POINTS)
    steps = zip([(0,) * len(table.players), *rows], rows, strict=False)
    if all(
        all(b >= a for a, b in zip(before, after, strict=True))
        and sum(b > a for a, b in zip(before, after, strict=True)) <= 1
        for before, after in steps
    ):
        fits.append(_RUNNING)
    if table.total is not None:
        fits = [
            reading for reading in fits if _running(table, reading)[-1] == table.total[1]
        ] or fits
    return fits


def name_table_reports(
    text: str, tables: Sequence[Table], rules: str, lang: str, document_lang: str
) -> tuple[list[ExampleReport], list[Unchecked]]:
    """A report on the total row and every round of each table headed by the players'
    names in ``text``, and on the sentence after it naming who won the match; the tables
    that fit no reading, listed as not checked."""
    reports: list[ExampleReport] = []
    unchecked: list[Unchecked] = []
    for table in tables:
        read = name_table(table)
        if read is None:
            continue
        readings = _readings(read)
        heading = row_text(table.rows[0].cells)
        if not readings:
            unchecked.append(Unchecked(table.rows[0].line, heading, "verify.unchecked.name_table"))
            continue
        checked = [_checked(read, reading, rules) for reading in readings]
        if any(other != checked[0] for other in checked[1:]):
            unchecked.append(Unchecked(table.rows[0].line, heading, "verify.unchecked.name_table"))
            continue
        found, totals = checked[0]
        for row in [row for row, _ in read.rounds] + ([read.total[0]] if read.total else []):
            said = " ".join(row_text(row.cells).split())
            findings = tuple(found.get(row.line, ()))
            reports.append(
                ExampleReport(row.line, document_lang, lang, findings, None, "claim", said)
            )
        won = winner_said(text, table, read.players, totals, rules)
        if won is not None:
            line, said, findings = won
            reports.append(ExampleReport(line, document_lang, lang, findings, None, "claim", said))
    return reports, unchecked


def _checked(
    table: NameTable, reading: str, rules: str
) -> tuple[dict[int, list[Finding]], dict[int, int]]:
    """What is wrong with ``table`` read as ``reading``, by the line of its row, and each
    player's total at its end (as its total row has it, or its last round)."""
    running = _running(table, reading)
    found: dict[int, list[Finding]] = {}
    target = target_for(len(table.players)) if rules == _MATCH else None
    columns = list(table.players)
    for index, totals in enumerate(running[:-1]):
        best = max(totals)
        if target is not None and best >= target:
            row = table.rounds[index + 1][0]
            leader = table.players[columns[totals.index(best)]]
            over = _finding(
                Problem.TABLE_MATCH_OVER, column=leader, row=index + 2, total=best, target=target
            )
            found.setdefault(row.line, []).append(over)
            break
    end = running[-1]
    if table.total is not None:
        row, said = table.total
        for column, claimed, true in zip(columns, said, end, strict=True):
            if claimed != true:
                wrong = _finding(
                    Problem.TABLE_COLUMN_TOTAL,
                    column=table.players[column],
                    claimed=claimed,
                    expected=true,
                )
                found.setdefault(row.line, []).append(wrong)
        end = said
    return found, dict(zip(columns, end, strict=True))

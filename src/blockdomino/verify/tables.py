"""Tables read as tables: their rows and cells, never one paragraph of words.

Every format puts a table's row on a line of its own, its cells parted by bars
(``| Alva | 12 | 12 |``; ``formats``); a text or a PDF that draws its rows so is read
the same. Two or more such lines one after the other, each with as many cells, are a
table; a Markdown line of dashes under the first row belongs to it and is no row. Rows
are counted from 1, the first (the heading row) included, as the author sees them.

What a table claims is checked by the words of its heading row (``vocabulary``):

- a hand in a row: a cell of tiles and a column of pips ("Prickar") must agree, and a
  tile is in one hand only;
- the running totals of a match: a column of points ("Pisteet"), a column naming each
  round's winner ("Voittaja") and a total for each player ("Aino yhteensä"): each row's
  total is the row before it plus the points, for the winner alone; and in a match
  (``match``) no round is played after a row where someone reached the target (100
  points with two players, 61 with three or four).

A table whose heading names none of these is not checked.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.engine.rules import target_for
from blockdomino.engine.tiles import Tile
from blockdomino.verify.chains import tiles_in
from blockdomino.verify.findings import ExampleReport, Finding, Problem, _finding
from blockdomino.verify.numbers import AND
from blockdomino.verify.places import LineCounter
from blockdomino.verify.vocabulary import phrases

_ROW_MARK: Final = re.compile(r"(?m)\|(?:(?<=[ \t]\|)(?=[ \t])|(?<=^\|))")
"""What only a line drawn as a table's row has: a bar with space on both sides, or one
that starts the line (a tile's bar, ``[1|4]``, has neither). The pattern starts with the
bar, which the engine looks for first."""
_CELL_BAR: Final = re.compile(r"(?<=\s)\|(?=\s)")
_RULE: Final = re.compile(r"\s*\|?(?:\s*:?-{3,}:?\s*\|?)+\s*")
"""A Markdown table's line of dashes under its heading row."""
_WHOLE_NUMBER: Final = re.compile(r"\s*(\d{1,4})\s*")
_MATCH: Final = "match"
JOIN: Final = re.compile(rf"\s*(?:[&+/]|\b{AND}\b)\s*", re.IGNORECASE)
_JOINED: Final = rf"\s*(?:[&+/]|\b{AND}\b)\s*"
"""How two partners' names are joined into a team's: "Anna & Cecilia", "Aino ja Oona"."""
_FOLLOWING: Final = 400
"""How far after a table of running totals a sentence naming the match's winner is
looked for (its next two lines with text)."""


def row_text(cells: Sequence[str]) -> str:
    """A table's row as one line: its cells parted by bars, ``| Alva | 12 | 12 |``."""
    return "| " + " | ".join(" ".join(cell.split()) for cell in cells) + " |"


@dataclass(frozen=True, slots=True)
class Row:
    """A table's row: the line it is on, where it lies in the text, and its cells."""

    line: int
    start: int
    end: int
    cells: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Table:
    """A table's rows, the heading row first."""

    number: int
    rows: tuple[Row, ...]


def _cells(line: str) -> tuple[str, ...] | None:
    """The cells of a line drawn as a table's row, or ``None``: bars with space around
    them part the cells (a tile's bar, ``[6|1]``, has none); a bar may open and close it."""
    inner = line.strip()
    edged = inner.startswith("|") and inner.endswith("|") and len(inner) > 1
    if edged:
        inner = inner[1:-1]
    elif _CELL_BAR.search(inner) is None:
        return None
    cells = tuple(cell.strip() for cell in _CELL_BAR.split(f" {inner} "))
    return cells if len(cells) >= 2 else None


@functools.lru_cache(maxsize=4)
def find_tables(text: str) -> tuple[Table, ...]:
    """Every table of ``text``, in order: a run of lines drawn as rows of as many cells."""
    tables: list[Table] = []
    run: list[Row] = []
    lines = LineCounter(text)
    previous = -1

    def close() -> None:
        if len(run) >= 2:
            tables.append(Table(len(tables) + 1, tuple(run)))
        run.clear()

    for start, end in _marked_lines(text):
        line = lines.at(start)
        if _RULE.fullmatch(text, start, end) and run and line == previous + 1:
            previous = line
            continue
        cells = _cells(text[start:end])
        if cells is None or line != previous + 1 or (run and len(cells) != len(run[0].cells)):
            close()
        if cells is not None:
            run.append(Row(line, start, end, cells))
        previous = line
    close()
    return tuple(tables)


def _marked_lines(text: str) -> Iterator[tuple[int, int]]:
    """Where each line of ``text`` that may be a table's row starts and ends, in order."""
    position = 0
    while (mark := _ROW_MARK.search(text, position)) is not None:
        start = text.rfind("\n", 0, mark.start()) + 1
        end = text.find("\n", mark.end())
        end = len(text) if end < 0 else end
        yield start, end
        position = end + 1


def table_spans(tables: Sequence[Table]) -> list[tuple[int, int]]:
    """Where the rows of the tables lie: no sentence of the prose is read there."""
    return [(row.start, row.end) for table in tables for row in table.rows]


def table_reports(
    text: str, tables: Sequence[Table], rules: str, lang: str, document_lang: str
) -> list[ExampleReport]:
    """A report on each row of a table in ``text`` that claims something checkable, and
    on the sentence after a match's table that names who won it."""
    reports = []
    for table in tables:
        for row, findings in _checked_rows(table, rules):
            said = " ".join(row_text(row.cells).split())
            reports.append(
                ExampleReport(row.line, document_lang, lang, findings, None, "claim", said)
            )
        won = match_winner(text, table, rules)
        if won is not None:
            line, said, findings = won
            reports.append(ExampleReport(line, document_lang, lang, findings, None, "claim", said))
    return reports


def _checked_rows(table: Table, rules: str) -> list[tuple[Row, tuple[Finding, ...]]]:
    """The rows of ``table`` that claim something, each with what is wrong in it."""
    findings: dict[int, list[Finding]] = {}
    claiming: set[int] = set()
    for index, finding in _hands(table, claiming):
        findings.setdefault(index, []).append(finding)
    for index, finding in _totals(table, rules, claiming):
        findings.setdefault(index, []).append(finding)
    return [(table.rows[index], tuple(findings.get(index, ()))) for index in sorted(claiming)]


def _column(heading: Sequence[str], kind: str) -> int | None:
    """The first column whose heading has a word of ``kind``."""
    pattern = phrases(kind)
    return next((i for i, cell in enumerate(heading) if pattern.search(cell)), None)


def _count(cell: str) -> int | None:
    match = _WHOLE_NUMBER.fullmatch(cell)
    return None if match is None else int(match[1])


def _hands(table: Table, claiming: set[int]) -> list[tuple[int, Finding]]:
    """A hand in each row: the pips its tiles have against the pips the row gives, and
    each tile in one hand only."""
    heading = table.rows[0].cells
    pips = _column(heading, "column_pips")
    if pips is None:
        return []
    found: list[tuple[int, Finding]] = []
    held: dict[Tile, int] = {}
    for index, row in enumerate(table.rows[1:], start=1):
        tiles = tuple(
            tile for i, cell in enumerate(row.cells) if i != pips for tile in tiles_in(cell)
        )
        claimed = _count(row.cells[pips])
        if not tiles or claimed is None:
            continue
        claiming.add(index)
        actual = sum(tile.pips for tile in tiles)
        if actual != claimed:
            found.append(
                (index, _finding(Problem.CLAIM_PIPS, tiles=tiles, claimed=claimed, actual=actual))
            )
        for tile in tiles:
            if tile in held:
                twice = _finding(
                    Problem.TABLE_TILE_TWICE, tile=tile, first=held[tile] + 1, second=index + 1
                )
                found.append((index, twice))
            held.setdefault(tile, index)
    return found


@dataclass(frozen=True, slots=True)
class Totals:
    """The columns of a match's running totals: the winner's, the points', each player's."""

    winner: int
    points: int
    players: dict[int, str]
    """Each player's total column, and the player's name as its heading writes it."""

    def player(self, column: int) -> str:
        """The player of a total column, in the case of any other word."""
        return self.players[column].casefold()


def totals_columns(heading: Sequence[str]) -> Totals | None:
    winner = _column(heading, "column_winner")
    totals = phrases("column_total")
    players = {
        i: " ".join(totals.sub(" ", cell).split())
        for i, cell in enumerate(heading)
        if totals.search(cell) and totals.sub(" ", cell).strip()
    }
    points = next(
        (
            i
            for i, cell in enumerate(heading)
            if i not in players and phrases("column_points").search(cell)
        ),
        None,
    )
    if winner is None or points is None or len(players) < 2:
        return None
    return Totals(winner, points, players)


def _totals(table: Table, rules: str, claiming: set[int]) -> list[tuple[int, Finding]]:
    """Each row's totals against the row before it and the points its winner scored;
    and no round after one where someone reached the target."""
    heading = table.rows[0].cells
    columns = totals_columns(heading)
    if columns is None:
        return []
    found: list[tuple[int, Finding]] = []
    previous = dict.fromkeys(columns.players, (0, 0))
    """Each total as the row before has it, and as it should be: a row may go on from
    either, so one wrong total is said once, not again in every row after it."""
    target = target_for(len(columns.players)) if rules == _MATCH else None
    over: tuple[int, int, int] | None = None
    for index, row in enumerate(table.rows[1:], start=1):
        points = _count(row.cells[columns.points])
        winner = row.cells[columns.winner].casefold().strip()
        totals = {i: _count(row.cells[i]) for i in columns.players}
        if points is None or any(total is None for total in totals.values()):
            continue
        claiming.add(index)
        if over is not None:
            found.append((index, _over(heading, *over, target)))
            over, target = None, None
        for column in columns.players:
            added = points if columns.player(column) == winner else 0
            written, true = previous[column]
            claimed = totals[column]
            assert claimed is not None
            if claimed not in (written + added, true + added):
                found.append((index, _wrong_total(heading[column], claimed, true, added)))
            previous[column] = (claimed, true + added)
        leader = max(columns.players, key=lambda column: previous[column][0])
        if target is not None and previous[leader][0] >= target:
            over = (index + 1, leader, previous[leader][0])
    return found


def _wrong_total(column: str, claimed: int, previous: int, added: int) -> Finding:
    return _finding(
        Problem.TABLE_RUNNING_TOTAL,
        column=column,
        claimed=claimed,
        previous=previous,
        added=added,
        expected=previous + added,
    )


def _over(heading: Sequence[str], row: int, column: int, total: int, target: int | None) -> Finding:
    """A round played after the match was over: in ``row`` the total of ``column``
    reached the target."""
    return _finding(
        Problem.TABLE_MATCH_OVER, column=heading[column], row=row, total=total, target=target
    )


def match_winner(
    text: str, table: Table, rules: str
) -> tuple[int, str, tuple[Finding, ...]] | None:
    """The sentence just after a match's table of running totals that names who won the
    match ("Aino voitti ottelun"): its line, its words quoted and what is wrong with it
    (``winner_said``). ``None`` when no such sentence names one player of the table."""
    columns = totals_columns(table.rows[0].cells)
    last = (
        next(
            (
                row
                for row in reversed(table.rows[1:])
                if all(_count(row.cells[column]) is not None for column in columns.players)
            ),
            None,
        )
        if columns is not None
        else None
    )
    if columns is None or last is None:
        return None
    totals = {column: _count(last.cells[column]) or 0 for column in columns.players}
    return winner_said(text, table, columns.players, totals, rules)


def winner_said(
    text: str, table: Table, players: dict[int, str], totals: dict[int, int], rules: str
) -> tuple[int, str, tuple[Finding, ...]] | None:
    """The sentence in the two lines with text after ``table`` that names who won the
    match, the ``players`` of its columns ending it with these ``totals``: its line, its
    words quoted and what is wrong with it. The winner is the one with the highest total
    at the end; in a match (``match``) only once someone has reached the target, and a
    tie for the highest is a drawn match."""
    end = table.rows[-1]
    following = text[end.end : end.end + _FOLLOWING].split("\n")
    for offset, sentence in [(i, line) for i, line in enumerate(following) if line.strip()][:2]:
        named = _named(sentence, players)
        if named is not None and phrases("match_won").search(sentence):
            finding = _winner_finding(players, totals, named, rules)
            said = " ".join(sentence.split())
            return end.line + offset, said, () if finding is None else (finding,)
    return None


def _named(sentence: str, players: dict[int, str]) -> int | None:
    """The total column of the one player (or team) of the table a sentence names, if
    one. A team's two names may be joined by "&", "+", "/" or a word for "and" in the
    heading and otherwise in the sentence ("Anna & Cecilia", "Anna and Cecilia")."""
    words = sentence.casefold()
    named = [
        column
        for column, name in players.items()
        if re.search(rf"(?<!\w){_name_pattern(name.casefold())}(?!\w)", words)
    ]
    return named[0] if len(named) == 1 else None


def _name_pattern(name: str) -> str:
    """An expression of a player's or a team's name, its partners' names joined by any
    of the ways to join them."""
    return _JOINED.join(re.escape(part) for part in JOIN.split(name))


def _winner_finding(
    players: dict[int, str], totals: dict[int, int], named: int, rules: str
) -> Finding | None:
    """What is wrong with naming the player of column ``named`` the match's winner."""
    best = max(totals.values())
    leaders = [column for column, total in totals.items() if total == best]
    target = target_for(len(totals)) if rules == _MATCH else None
    name = players[named]
    if target is not None and best < target:
        return _finding(Problem.TABLE_MATCH_UNDECIDED, named=name, target=target, total=best)
    if len(leaders) > 1:
        first, second = (players[column] for column in leaders[:2])
        return _finding(
            Problem.TABLE_MATCH_DRAWN, named=name, first=first, second=second, total=best
        )
    if leaders[0] != named:
        winner = players[leaders[0]]
        return _finding(Problem.TABLE_MATCH_WINNER, named=name, winner=winner, total=best)
    return None

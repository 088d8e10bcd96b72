"""Tiles listed in the order they were played, and examples shown wrong on purpose.

An author often lists the tiles of a round in the order they were played, not in the
order they lie: "Pelausjärjestys: [3|3], [3|5], [3|1], [5|6]" (the [3|1] goes on the
other side of the double). Each tile then joins either open end of the chain so far.
Such a list is legal when some way of placing its tiles one after the other, each at an
open end it fits, places them all; its open ends are known when every such way ends
with the same two numbers.

A list written without arrows that is no line as it lies ("[5|5] [5|6] [5|2]") may be
such a list too: it is called wrong only when no way of playing it works.

An example an author labels as wrong on purpose ("Väärin:", "Fel sätt:", "The wrong
way:", "Not allowed:", the label first in its sentence) is never an error of the
document: the report says what makes it illegal, or, if its tiles do join, that it was
not checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from blockdomino.engine.chain import Chain
from blockdomino.engine.tiles import Tile
from blockdomino.verify.findings import Finding, Problem, _finding
from blockdomino.verify.vocabulary import phrases

MAX_WAYS: Final = 64
"""The most ways of playing a list followed at once; the tiles of a round rarely fit
both ends, and a list that branches more is read only as far as these ways go."""
_CLAUSE_START: Final = re.compile(r"[.!?](?=\s)|\n\s*\n|^", re.MULTILINE)
_LABEL_START: Final = re.compile(r"[\W_]*")
"""What may stand before a label: space, a bullet, Markdown's marks."""
_LEAD: Final = 120
"""How far before a list the words that say how to read it may stand."""


@dataclass(frozen=True, slots=True)
class Played:
    """A list of tiles read in the order of play: what cannot be placed, and the chain
    (``None`` when the ways of playing it end with different open ends)."""

    findings: tuple[Finding, ...]
    chain: Chain | None


def lead_in(text: str, start: int) -> str:
    """The words before a list of tiles in its own sentence ("Väärin:", "Spelordning:")."""
    before = text[max(0, start - _LEAD) : start]
    cut = 0
    for match in _CLAUSE_START.finditer(before):
        cut = match.end()
    return before[cut:]


def marked_wrong(lead: str) -> bool:
    """The words before a list start with a label that it is an example of what is
    wrong ("Väärin:", "The wrong way:"); "En kedja med ett fel:" only says that the
    list has a mistake, which is the document's own."""
    start = _LABEL_START.match(lead)
    at = 0 if start is None else start.end()
    return phrases("wrong_on_purpose").match(lead, at) is not None


def marked_in_order(lead: str) -> bool:
    """The words before a list say its tiles are in the order they were played."""
    return phrases("order_of_play").search(lead) is not None


def play_in_order(tiles: tuple[Tile, ...]) -> Played:
    """The tiles played one after the other, each at an open end it fits."""
    return play_on(Chain().play(tiles[0]), tiles[1:])


def play_on(chain: Chain, tiles: tuple[Tile, ...]) -> Played:
    """``tiles`` played on ``chain`` one after the other, each at an open end it fits."""
    ways = [chain]
    findings: list[Finding] = []
    for tile in tiles:
        if tile in chain.tiles or tile in ways[0].tiles:
            findings.append(_finding(Problem.CHAIN_TILE_TWICE, tile=tile))
            continue
        after = [way.play(tile, end) for way in ways for end in way.ends_for(tile)]
        if not after:
            shown = tuple(sorted({end.pips for end in ways[0].open_ends}))
            findings.append(_finding(Problem.CHAIN_NO_END, tile=tile, ends=shown))
            return Played(tuple(findings), ways[0])
        ways = after[:MAX_WAYS]
    outcomes = {tuple(sorted(end.pips for end in way.open_ends)) for way in ways}
    return Played(tuple(findings), ways[0] if len(outcomes) == 1 else None)

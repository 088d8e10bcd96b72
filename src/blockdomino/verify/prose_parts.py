"""The prose of a text read part by part: its hands, lines of play, stories and claims.

Once a text's descriptions, tables and sentence ends are found, the rest of its prose
can be read in parts, each on its own (``ProseRead.part``): the counts of pips tied to
hands, the lines of play, the play told in sentences and the claims of the sentences
that start in the part. A part starts and ends at a blank line that ends a sentence
(``ProseRead.cut``): no line of play goes on over one, and stories are read line by line.
What a part's reading needs from beyond it is read again there: the examples of the few
lines around it (a claim of open ends speaks of an example up to ``open_ends.REACH``
lines off), and the sentences before it, for what they carry ahead (``claim_reports``).
So the parts' reports, joined in order, are the report of the whole text read at once.
"""

from __future__ import annotations

import bisect
import itertools
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.verify.chains import line_reports
from blockdomino.verify.claims import claim_reports
from blockdomino.verify.findings import ExampleReport, Unchecked
from blockdomino.verify.headings import Sections
from blockdomino.verify.open_ends import REACH
from blockdomino.verify.places import line_of
from blockdomino.verify.prose_rules import Game
from blockdomino.verify.sentences import Prose, hand_spans, hands_read, sentences
from blockdomino.verify.told import story_reports

_AROUND: Final = REACH + 1
"""The lines before and after a part whose examples its claims may speak of."""


@dataclass(frozen=True, slots=True)
class PartRead:
    """What a part of a text's prose holds, each in the order of the text."""

    lines: list[ExampleReport]
    """The lines of play and the stories, reported."""
    shown_wrong: list[ExampleReport]
    """The examples shown wrong on purpose (no error of the document)."""
    tiles_left: list[Unchecked]
    """The runs of tiles not read as a line of play, and the examples shown wrong."""
    claims: list[ExampleReport]
    """The claims checked."""
    claims_left: list[Unchecked]
    """The claims that could not be checked."""

    def joined(self, after: PartRead) -> PartRead:
        """This part's reports, then those of the part ``after`` it."""
        return PartRead(
            self.lines + after.lines,
            self.shown_wrong + after.shown_wrong,
            self.tiles_left + after.tiles_left,
            self.claims + after.claims,
            self.claims_left + after.claims_left,
        )


@dataclass(frozen=True, slots=True)
class ProseRead:
    """A text whose descriptions, tables and sentence ends are found, to read in parts."""

    text: str
    spans: Sequence[tuple[int, int]]
    """Where the descriptions are."""
    rows: Sequence[tuple[int, int]]
    """Where the rows of the tables are."""
    stops: array[int]
    """The ends of the sentences outside them (``sentences.sentence_ends``)."""
    descriptions: Sequence[ExampleReport]
    rules: tuple[str, Game]
    """The preset the claims are checked against, and the game the document describes."""
    langs: tuple[str, str]
    """The language of the reports, and the document's."""
    sections: Sections | None

    def part(self, start: int, end: int | None) -> PartRead:
        """What the sentences and lines that start from ``start`` up to ``end`` (``None``:
        the end of the text) hold; ``start`` and ``end`` are 0, the text's end or places
        ``cut`` gave."""
        text = self.text
        last = len(text) if end is None else end
        around = (
            self._blank_before(_lines_back(text, start, _AROUND)) if start else 0,
            self._blank_after(_lines_on(text, last, _AROUND)),
        )
        not_prose = [*self.spans, *self.rows]
        hands = hands_read(text, not_prose, self.stops, around)
        outside = [(0, around[0]), (around[1], len(text))]
        speaks, document_lang = self.langs
        lines, tiles_left, shown_wrong = line_reports(
            text, [*self.spans, *hand_spans(hands), *self.rows, *outside], speaks, document_lang
        )
        shown = {report.line for report in (*self.descriptions, *lines, *shown_wrong)}
        stories = [
            report
            for report in story_reports(text, speaks, document_lang, around)
            if report.line not in shown
        ]
        examples = sorted((*self.descriptions, *lines, *stories), key=lambda r: r.line)
        claims, claims_left = claim_reports(
            text,
            sentences(text, not_prose, Prose(self.stops, hands)),
            [*examples, *shown_wrong],
            self.rules,
            speaks,
            document_lang,
            self.sections,
            part=(start, end),
        )
        first, after = line_of(text, start), line_of(text, last) if end is not None else None

        def inside(line: int) -> bool:
            return first <= line and (after is None or line < after)

        return PartRead(
            sorted((r for r in (*lines, *stories) if inside(r.line)), key=lambda r: r.line),
            [report for report in shown_wrong if inside(report.line)],
            [item for item in tiles_left if inside(item.line)],
            claims,
            claims_left,
        )

    def cut(self, share: float) -> int | None:
        """The first place at or after ``share`` of the text where a part may start: the
        end of a sentence at a blank line; ``None`` if there is none."""
        place = self._blank_after(int(len(self.text) * share))
        return place if 0 < place < len(self.text) else None

    def _blank_after(self, position: int) -> int:
        """The first end of a sentence at a blank line at or after ``position``; else the
        text's end."""
        index = bisect.bisect_left(self.stops, position, key=abs)
        after = itertools.islice(self.stops, index, None)  # (a slice would copy them)
        return next((stop for stop in after if self._blank(stop)), len(self.text))

    def _blank_before(self, position: int) -> int:
        """The last end of a sentence at a blank line at or before ``position``; else the
        text's start."""
        index = bisect.bisect_right(self.stops, position, key=abs)
        before = (self.stops[place] for place in range(index - 1, -1, -1))
        return next((stop for stop in before if self._blank(stop)), 0)

    def _blank(self, stop: int) -> bool:
        """Whether ``stop`` ends a sentence at a blank line (only such an end is not
        negative and comes after a line break: ``sentences._SENTENCE_END``)."""
        return stop > 0 and self.text[stop - 1] == "\n"


def _lines_on(text: str, position: int, lines: int) -> int:
    """The place ``lines`` line breaks after ``position`` (the text's end if fewer)."""
    for _ in range(lines):
        found = text.find("\n", position)
        if found < 0:
            return len(text)
        position = found + 1
    return position


def _lines_back(text: str, position: int, lines: int) -> int:
    """The place ``lines`` line breaks before ``position`` (the text's start if fewer)."""
    for _ in range(lines):
        found = text.rfind("\n", 0, position)
        if found < 0:
            return 0
        position = found
    return position

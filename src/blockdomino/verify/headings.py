"""Which lines of a document's text are headings, in every format the verifier reads.

A heading starts a section: a team game named in the section before it ("Anna and
Cecilia play against Ben and Dan") and the players' counts of pips told there end at
it, so a later section about another game is read by its own words. A heading has a
level (1 the highest), kept by every reader that can tell it: a sub-heading ("### Joukkueet"
under "## Ottelu") starts a part of its section, not a new one, so the teams named in
the section stay in play under it (a table of team totals there is the section's), while
the players' counts of pips told before it still end there (``Outline``). Each reader
tells its headings as the format marks them:

- a plain text: a line starting with ``#`` and a space ("# Team night"), as authors
  mark a heading in text (its level the number of ``#``);
- Markdown: an ATX heading ("## Team night", outside a fenced block of code; level 2) or
  a line underlined with ``===`` (level 1) or ``---`` (level 2);
- HTML: the text of ``h1`` … ``h6`` (levels 1 to 6);
- Word: a paragraph of a heading's or the title's style ("Heading 1", "Otsikko 1",
  "Rubrik 1", "Title": the style's number, the title 1), or one with an outline level
  (that level, from 1);
- OpenDocument: a heading element (``text:h``, its ``text:outline-level``);
- PDF: a line whose every letter is set in a larger size than most of the page's
  text (``pdf``): level 1, since a size does not tell a sub-heading for sure (every
  heading ends the section before it).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping
from typing import Final

_TEXT_HEADING: Final = re.compile(r"^#{1,6}[ \t]+\S", re.MULTILINE)
_ATX: Final = re.compile(r"^ {0,3}#{1,6}(?=[ \t]|$)", re.MULTILINE)
_UNDERLINE: Final = re.compile(r"\n {0,3}(?:=+|-+)[ \t]*$", re.MULTILINE)
"""A line of ``=`` or ``-``, found by the line break before it (which the engine skips
to): the line above is a heading when it ends with words (``_underlined``)."""
_FENCE: Final = re.compile(r"^ {0,3}(?:```|~~~)", re.MULTILINE)
WORD_HEADING_STYLE: Final = re.compile(
    r"(?:heading|title|subtitle|otsikko|rubrik|titel|underrubrik)\s*\d*", re.IGNORECASE
)
"""The name (or the id) of a Word style of headings, as English, Finnish and Swedish
Word write it."""


TOP: Final = 1
"""The level of a heading whose format does not tell its level: it ends every section."""
OUTSIDE: Final = 6
"""The level of the text before the first heading: every heading ends it."""


class Heading(str):
    """A paragraph that is a heading, among a document's paragraphs (``packages``), with
    its level (1 the highest)."""

    level: int

    def __new__(cls, text: str, level: int = TOP) -> Heading:
        heading = super().__new__(cls, text)
        heading.level = level
        return heading


Headings = Mapping[int, int]
"""A text's headings: the level of each heading by its line (from 1)."""


def text_headings(text: str) -> Headings:
    """The lines (from 1) of a plain text marked as headings ("# Team night"), each with
    its level."""
    found = _TEXT_HEADING.finditer(text)
    return _lines(text, ((match.start(), match[0].count("#")) for match in found))


def markdown_headings(text: str) -> Headings:
    """The lines (from 1) of a Markdown text that are headings, outside fenced code, each
    with its level."""
    fences = [match.start() for match in _FENCE.finditer(text)]
    starts = [(match.start(), match[0].count("#")) for match in _ATX.finditer(text)]
    starts += _underlined(text)
    return _lines(text, (at for at in starts if bisect.bisect(fences, at[0]) % 2 == 0))


def _underlined(text: str) -> list[tuple[int, int]]:
    """Where each line of words underlined with ``=`` (level 1) or ``-`` (level 2) starts,
    and its level. The spaces and tabs that end an underline belong to it, not to the
    words of a heading under it ("Title\n= \n=": only the title is a heading)."""
    found = []
    taken = 0  # where the last underline ends
    for match in _UNDERLINE.finditer(text):
        end = match.start()
        while end > taken and text[end - 1] in " \t":
            end -= 1
        if end and not text[end - 1].isspace():
            found.append((text.rfind("\n", 0, end) + 1, 1 if "=" in match[0] else 2))
            taken = match.end()
    return found


def _lines(text: str, starts: Iterable[tuple[int, int]]) -> Headings:
    """The lines (from 1) of ``text`` that the positions of ``starts`` are on, each with
    the highest level (the least number) of those on it."""
    found: dict[int, int] = {}
    line, position = 1, 0
    for start, level in sorted(starts):
        line += text.count("\n", position, start)
        position = start
        found[line] = min(level, found.get(line, level))
    return found


class Sections:
    """The headings of a text by line, to tell whether one stands between two lines, and
    the highest level among them. Headings given as lines alone are of the ``TOP``
    level."""

    def __init__(self, headings: Headings | Iterable[int]) -> None:
        levels = headings if isinstance(headings, Mapping) else dict.fromkeys(headings, TOP)
        self.lines = sorted(levels)
        self.levels = [levels[line] for line in self.lines]

    def top_in(self, first: int, last: int) -> int | None:
        """The highest level (the least number) of the headings on the lines from
        ``first`` to ``last``; ``None`` when none is there."""
        low = bisect.bisect_left(self.lines, first)
        if low == len(self.lines) or self.lines[low] > last:
            return None
        return min(self.levels[low : bisect.bisect_right(self.lines, last)])


class Outline:
    """Where a reader is among a text's sections as it reads the sentences in order: a
    heading at the level of the section the teams in play were named in, or above it,
    ends that section; a sub-heading does not (the teams of "## Ottelu" stay in play
    under "### Joukkueet"). With no teams in play, every heading starts a section."""

    def __init__(self, sections: Sections | None) -> None:
        self.sections = sections
        self.level = OUTSIDE
        """The level of the section the reader is in (the teams' own, while in play)."""
        self.last = OUTSIDE
        """The level of the last heading read."""
        self.held = False
        """Whether teams are in play."""

    def passed(self, first: int, last: int) -> tuple[bool, bool]:
        """Whether a heading stands on the lines from ``first`` to ``last`` (it ends the
        players' counts of pips told before it), and whether it ends the section (and
        the teams named in it)."""
        top = None if self.sections is None else self.sections.top_in(first, last)
        if top is None:
            return False, False
        self.last = top
        ends = not self.held or top <= self.level
        if ends:
            self.level, self.held = top, False
        return True, ends

    def teams(self, named: bool, in_play: bool) -> None:
        """What a sentence left: whether it named teams anew (their section is the one
        of the last heading read), and whether teams are in play after it."""
        if named:
            self.level = self.last
        self.held = in_play

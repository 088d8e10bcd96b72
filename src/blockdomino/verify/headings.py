"""Which lines of a document's text are headings, in every format the verifier reads.

A heading starts a section: a team game named in the section before it ("Anna and
Cecilia play against Ben and Dan") and the players' counts of pips told there end at
it, so a later section about another game is read by its own words. Each reader tells
its headings as the format marks them:

- a plain text: a line starting with ``#`` and a space ("# Team night"), as authors
  mark a heading in text;
- Markdown: an ATX heading ("## Team night", outside a fenced block of code) or a
  line underlined with ``===`` or ``---``;
- HTML: the text of ``h1`` … ``h6``;
- Word: a paragraph of a heading's or the title's style ("Heading 1", "Otsikko 1",
  "Rubrik 1", "Title"), or one with an outline level;
- OpenDocument: a heading element (``text:h``);
- PDF: a line whose every letter is set in a larger size than most of the page's
  text (``pdf``).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from typing import Final

_TEXT_HEADING: Final = re.compile(r"^#{1,6}[ \t]+\S", re.MULTILINE)
_ATX: Final = re.compile(r"^ {0,3}#{1,6}(?=[ \t]|$)", re.MULTILINE)
_UNDERLINE: Final = re.compile(r"(?<=\S)[ \t]*\n {0,3}(?:=+|-+)[ \t]*$", re.MULTILINE)
"""A line of ``=`` or ``-`` right under a line of words: the line above is a heading."""
_FENCE: Final = re.compile(r"^ {0,3}(?:```|~~~)", re.MULTILINE)
WORD_HEADING_STYLE: Final = re.compile(
    r"(?:heading|title|subtitle|otsikko|rubrik|titel|underrubrik)\s*\d*", re.IGNORECASE
)
"""The name (or the id) of a Word style of headings, as English, Finnish and Swedish
Word write it."""


class Heading(str):
    """A paragraph that is a heading, among a document's paragraphs (``packages``)."""

    __slots__ = ()


def text_headings(text: str) -> frozenset[int]:
    """The lines (from 1) of a plain text marked as headings: "# Team night"."""
    return _lines(text, (match.start() for match in _TEXT_HEADING.finditer(text)))


def markdown_headings(text: str) -> frozenset[int]:
    """The lines (from 1) of a Markdown text that are headings, outside fenced code."""
    fences = [match.start() for match in _FENCE.finditer(text)]
    starts = [match.start() for match in _ATX.finditer(text)]
    starts += [text.rfind("\n", 0, match.start()) + 1 for match in _UNDERLINE.finditer(text)]
    return _lines(text, (at for at in starts if bisect.bisect(fences, at) % 2 == 0))


def _lines(text: str, starts: Iterable[int]) -> frozenset[int]:
    """The lines (from 1) of ``text`` that the positions ``starts`` are on."""
    found: set[int] = set()
    line, position = 1, 0
    for start in sorted(starts):
        line += text.count("\n", position, start)
        position = start
        found.add(line)
    return frozenset(found)


class Sections:
    """The headings of a text by line, to tell whether one stands between two lines."""

    def __init__(self, headings: Iterable[int]) -> None:
        self.lines = sorted(headings)

    def heading_in(self, first: int, last: int) -> bool:
        """Whether a heading is on a line from ``first`` to ``last``."""
        at = bisect.bisect_left(self.lines, first)
        return at < len(self.lines) and self.lines[at] <= last

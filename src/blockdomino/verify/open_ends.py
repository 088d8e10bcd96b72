"""Claims of the open ends in prose, checked against the example they speak of.

"päihin voi liittää silmäluvut 1 ja 4", "de öppna ändarna är 2 och 5", "the ends are 2
and 5": the two numbers must be the numbers at the two open ends of the chain the
sentence speaks of: an example on the same line, else the nearest one within ``REACH``
lines (when two are as near, the one before it, or the one after it when the sentence
ends with a colon), never one beyond the claim's own example; after the tiles the
sentence plays on it ("Then [2|1] went on the two, so the ends were 1 and 6"). Open
ends named with a number the reader cannot read as two ends are listed as not checked.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from blockdomino.engine.chain import Chain
from blockdomino.engine.tiles import Tile
from blockdomino.verify.chains import tiles_in
from blockdomino.verify.findings import ExampleReport, Finding, Problem, Unchecked, _finding
from blockdomino.verify.numbers import AND, NUMBER_AHEAD, SMALL, number
from blockdomino.verify.order import play_on
from blockdomino.verify.reading import quoted
from blockdomino.verify.sentences import SENTENCES_REMEMBERED, Sentence
from blockdomino.verify.vocabulary import phrases

REACH: Final = 2
"""How many lines away an open-ends claim may be from the chain it speaks of."""

_ENDS_WORD: Final = phrases("ends")
"""A word for the open ends: every claim of ends has one, so a sentence without one is
read no further for them."""
_ENDS: Final = re.compile(
    rf"{_ENDS_WORD.pattern}\b[^.!?;\n\[\]]{{0,40}}?"
    rf"(?<![\d,]\s)(?<![\d,])\b(?P<a>{SMALL})\s+{AND}\s+(?P<b>{SMALL})\b(?!\s*,?\s*\d)",
    re.IGNORECASE,
)
"""Two numbers named as the open ends: "päihin voi liittää silmäluvut 1 ja 4", "the
open ends are 1 and 2, so …" (but not two of a longer list: "1, 2 ja 3")."""
_TWO_ENDS: Final = re.compile(
    rf"{NUMBER_AHEAD}(?<![\d,]\s)(?<![\d,])\b(?:{SMALL})\s+{AND}\s+(?:{SMALL})\b(?!\s*,?\s*\d)",
    re.IGNORECASE,
)
"""The two numbers of ``_ENDS`` alone, found faster: a sentence without them after its
word for the open ends is not searched for a claim of them."""
_ENDS_SAID: Final = re.compile(
    rf"{_ENDS_WORD.pattern}\b[^.!?;\n\[\]\d]{{0,40}}\b[0-6]\b(?![|\]])", re.IGNORECASE
)
"""Open ends named with a number the reader cannot read as two ends: "both ends show
6"; not checked. (``_ENDS`` and this start with the word for the open ends as
``_ENDS_WORD`` finds it, led by its first letters taken as written, which the engine
skips to.)"""
_AND_WORD: Final = phrases("and")
"""A word for "and", which every claim of two open ends has between its numbers: found as
fast as a character (``vocabulary.phrases``), where ``_TWO_ENDS`` is tried at every
place; a sentence without one after its word for the open ends claims no two of them."""
_HALF: Final = re.compile(r"[0-6]")
"""A digit a half of a tile can show, which ``_ENDS_SAID`` names: a sentence without one
after its word for the open ends is not searched for it."""


class Neighbours:
    """The examples of a text by line, to find the one beside a claim."""

    def __init__(self, reports: Sequence[ExampleReport]) -> None:
        self.reports = sorted(reports, key=lambda report: report.line)
        self.lines = [report.line for report in self.reports]

    def nearest(self, line: int, introduces: bool = False) -> list[ExampleReport]:
        """The examples an open-ends claim on ``line`` may speak of: the one on that line,
        else the nearest ones within ``REACH`` lines (one before and one after it when
        both are as near: the following one first when the claim ``introduces`` it, its
        sentence ending with a colon, else the one before). The nearest example is the
        claim's own even when it has no chain to check against (an example wrong on
        purpose, a list of tiles in the order they were played): the claim is then not
        checked, never checked against an example further off."""
        low = bisect.bisect_left(self.lines, line - REACH)
        high = bisect.bisect_right(self.lines, line + REACH)
        near = self.reports[low:high]
        if not near:
            return []
        distance = min(abs(report.line - line) for report in near)
        tied = [report for report in near if abs(report.line - line) == distance]
        ordered = sorted(tied, key=lambda report: (report.line < line) == introduces)
        return [report for report in ordered if report.chain is not None and report.chain.tiles]


def _ends(chain: Chain) -> tuple[int, ...]:
    return tuple(sorted(end.pips for end in chain.open_ends))


def _ends_verdict(
    claimed: tuple[int, ...], near: Sequence[ExampleReport]
) -> tuple[Finding | None, Chain] | None:
    """What is wrong with open ends claimed beside the examples ``near``, and the chain
    they are checked against. Right if they are the ends of any correct one of them
    (two chains as near: the author meant one); else wrong for the first, if it is
    correct; ``None`` (not checked) if it is wrong, its fault reported already."""
    for report in near:
        if report.ok and report.chain is not None and _ends(report.chain) == claimed:
            return None, report.chain
    first = near[0] if near else None
    if first is None or not first.ok or first.chain is None:
        return None
    chain = first.chain
    finding = _finding(
        Problem.CLAIM_ENDS, claimed=claimed, actual=_ends(chain), chain=tuple(chain.tiles)
    )
    return finding, chain


def _after_played(near: Sequence[ExampleReport], played: tuple[Tile, ...]) -> list[ExampleReport]:
    """The examples a claim may speak of, after the tiles its sentence plays on them
    ("Then [2|1] went on the two, so the ends were 1 and 6"): a tile already in the
    chain is the chain's own; an example that cannot take the others, each at an end it
    fits with one outcome, is left out (the claim is then not checked against it)."""
    found = []
    for report in near:
        chain = report.chain
        if chain is None or not report.ok:
            found.append(report)
            continue
        new = tuple(tile for tile in played if tile not in chain.tiles)
        after = play_on(chain, new) if new else None
        if after is None:
            found.append(report)
        elif not after.findings and after.chain is not None:
            found.append(replace(report, chain=after.chain))
    return found


def ends_claims(
    sentence: Sentence, line: int, neighbours: Neighbours
) -> tuple[list[tuple[int, Finding | None, Chain | None, str]], list[Unchecked]]:
    """Each open-ends claim of a sentence: its line, what is wrong (if anything), and the
    chain; a claim with no chain beside it is not checked."""
    claims, said = _ends_said(sentence.text)
    if not claims and said is None:  # most sentences: no open ends named
        return [], []
    found: list[tuple[int, Finding | None, Chain | None, str]] = []
    unchecked: list[Unchecked] = []
    for offset, claimed, words in claims:
        at = sentence.line(line, offset)
        introduces = sentence.text.rstrip().endswith(":")
        before = "".join((*sentence.run_on[-1:], sentence.text[:offset]))
        near = _after_played(neighbours.nearest(at, introduces), tiles_in(before))
        verdict = _ends_verdict(claimed, near)
        if verdict is None:
            unchecked.append(Unchecked(at, words, "verify.unchecked.ends"))
            continue
        found.append((at, *verdict, words))
    if not found and not unchecked and said is not None:
        at = sentence.line(line, said)
        unchecked.append(Unchecked(at, quoted(sentence.text), "verify.unchecked.ends_unread"))
    return found, unchecked


@functools.lru_cache(maxsize=SENTENCES_REMEMBERED)
def _ends_said(text: str) -> tuple[tuple[tuple[int, tuple[int, ...], str], ...], int | None]:
    """The open ends a sentence claims, each where it stands, with the two numbers and
    its words quoted; and where it names open ends with a number read as no two ends."""
    first = _ENDS_WORD.search(text)
    if first is None:
        return (), None
    pair = _AND_WORD.search(text, first.start()) and _TWO_ENDS.search(text, first.start())
    claims = tuple(
        (match.start(), tuple(sorted((number(match["a"]), number(match["b"])))), quoted(match[0]))
        for match in (_ENDS.finditer(text, first.start()) if pair else ())  # from a word for ends
    )
    said = _HALF.search(text, first.start()) and _ENDS_SAID.search(text, first.start())
    return claims, None if said is None else said.start()

"""The sentences of a leaflet's prose, where the readers of claims find them.

A sentence ends at a full stop, "!" or "?", at a blank line, or at a line break before a
line that starts a sentence or a list item of its own (``_SENTENCE_END``). The text is
searched for these ends once (``sentence_ends``), and the sentences that may tie a count
of pips to a hand are read for it (``hands_read``: needed before the claims to tell
hands from lines of play); the readers of claims then cut the text where the ends were
found (``sentences``), one sentence at a time.
"""

from __future__ import annotations

import bisect
import functools
import re
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from blockdomino.verify.hands import HAND_SEEN, HandClaim, hand_claims

SENTENCES_REMEMBERED: Final = 4096
"""Distinct sentences whose claims are remembered as read: a document repeats its
sentences (a caption beside each example), and what a sentence claims depends on its
words alone; what it is checked against is looked up each time."""
_RUN_ON_LINES: Final = 4
"""How many of the lines a sentence runs on from (no full stop between) are kept."""
_SENTENCE_END: Final = re.compile(
    r"[.!?\n](?:(?<=[.!?])(?=\s|$)|(?<=\n)(?:\s*\n"
    r"|(?:(?P<line>(?<=[\w)\]]\n))|(?P<spaced>(?<=[ \t]\n)))"
    r"(?=[ \t]*(?:[A-ZÅÄÖÉ]|[-*•–][ \t]|\d{1,2}[.)][ \t]|#))))"
)
"""Where a sentence ends: at a full stop, "!" or "?", at a blank line, and at a line
break after a word, a number or a bracket (spaces may stand between) when the next line
starts a sentence of its own (a capital letter) or an item of a list: a line that an
author ends without a full stop ("Pelausjärjestys: [3|3], [3|5]" on one line, "Päät
ovat nyt 1 ja 5" on the next) is a sentence, and its claims are read apart from the next
line's (but a count or an award there that may be of the tiles or numbers on the line
before is not called wrong: ``Sentence.run_on``).

Every end is found at its stop or its line break, the characters the engine skips to
(never at each space of the text); where spaces stand before a line break
(``spaced``), what stands before them is looked at then (``_after_word``)."""
_LINE_WORD: Final = re.compile(r"[\w)\]]")
"""What a line ends with, before any spaces, when the break after it may end a sentence."""


class Sentence(NamedTuple):
    """A sentence of the text: where it starts, and its words (a named tuple, made in a
    quarter of the time of a frozen dataclass: a long text has hundreds of thousands)."""

    start: int
    text: str
    hands: tuple[HandClaim, ...] = ()
    """The counts of pips the sentence ties to hands (``hands.hand_claims``), read once
    when the text is split: where they stand tells lines of play from hands, and they
    are then checked."""
    run_on: tuple[str, ...] = ()
    """The sentences before it that only line breaks part from it (no full stop), the
    last ``_RUN_ON_LINES`` of them: a count of pips or an award here may be of the tiles
    and numbers there ("Anna [4|4]" on one line, "Ben [1|2], 11 pips in all" on the
    next), and open ends claimed here come after the tiles played on the line before
    ("Then [2|1] went on the two" on one line, "So the ends were 1 and 6" on the next)."""

    def line(self, first: int, offset: int) -> int:
        """The line of ``offset`` in the sentence, which starts on line ``first``."""
        return first + self.text.count("\n", 0, offset)


@dataclass(frozen=True, slots=True)
class Prose:
    """What the passes over the sentences of a text find (``sentence_ends``,
    ``hands_read``): where each of them ends, for the readers of claims to split the text
    again without searching it, and the counts of pips tied to hands, by where their
    sentence starts."""

    stops: array[int]
    """The end of each sentence as found, in the order of the text; negative where the
    sentence ends at a line break before a new one (``_SENTENCE_END``'s ``line``)."""
    hands: dict[int, tuple[HandClaim, ...]]
    """The counts of pips tied to hands (``hands.hand_claims``) of each sentence that has
    some: the few a text has, kept for the lines of play and the claims."""


def sentences(
    text: str, skip: Sequence[tuple[int, int]], prose: Prose | None = None
) -> Iterator[Sentence]:
    """The sentences of ``text`` outside the spans in ``skip`` (the chain descriptions),
    one at a time (a long text's are never all held at once). With ``prose``, what was
    found before, the text is cut where it found the sentences' ends, and a
    sentence's hands are taken from it rather than read again."""
    if prose is None:
        for at, words, run_on in _pieces(text, skip, functools.partial(_ends, text)):
            yield Sentence(at, words, hand_claims(words), run_on)
        return
    for at, words, run_on in _pieces(text, skip, _replayed(prose.stops)):
        yield Sentence(at, words, prose.hands.get(at, ()), run_on)


def sentence_ends(text: str, skip: Sequence[tuple[int, int]]) -> array[int]:
    """The ends of the sentences of ``text`` outside ``skip``, as ``Prose.stops`` keeps
    them."""
    stops: array[int] = array("q")
    position = 0
    for start, end in _between(skip, len(text)):
        stops.extend(_ends(text, position, start))
        position = max(position, end)
    return stops


def hands_read(
    text: str, skip: Sequence[tuple[int, int]], stops: Sequence[int], part: tuple[int, int]
) -> dict[int, tuple[HandClaim, ...]]:
    """The counts of pips tied to hands (``Prose.hands``) in the sentences of ``text``
    outside ``skip`` (which end at ``stops``, ``sentence_ends``) between the two places of
    ``part``, each the end of a sentence or of the text. Only the sentences with a
    bracket or a tile written without one (``hands.HAND_SEEN``) can tie a count to a
    hand: only they are cut out of the text and read."""
    first, last = part
    ends = array("q", map(abs, stops))
    hands: dict[int, tuple[HandClaim, ...]] = {}
    position = 0
    for start, end in _between(skip, len(text)):
        low, high = max(position, first), min(start, last)
        if low < high:
            found = stops[bisect.bisect_right(ends, low) : bisect.bisect_right(ends, high)]
            _read_hands(text, (low, high), found, hands)
        position = max(position, end)
    return hands


def _read_hands(
    text: str,
    span: tuple[int, int],
    stops: Sequence[int],
    hands: dict[int, tuple[HandClaim, ...]],
) -> None:
    """The counts of pips tied to hands in the sentences of ``text`` within ``span`` that
    end at ``stops`` (``_ends``), kept in ``hands`` by where their sentence starts; a
    sentence is read only where ``HAND_SEEN`` finds something in it (none of its
    characters can end a sentence, so what it finds lies in one sentence), looked for
    again from the end of the sentence read."""
    start, end = span
    ends = list(map(abs, stops))
    after = start  # the end of the sentence read last
    while (seen := HAND_SEEN.search(text, after, end)) is not None:
        index = bisect.bisect_right(ends, seen.start())
        before = ends[index - 1] if index else start
        after = ends[index] if index < len(ends) else end
        words = text[before:after].lstrip()
        if found := hand_claims(words):
            hands[after - len(words)] = found


_Piece = tuple[int, str, tuple[str, ...]]
"""Where a sentence starts, its words, and the lines it runs on from (``Sentence``)."""
_Stops = Callable[[int, int], Sequence[int]]
"""The ends of the sentences between two places of a text, negative at a line's end."""


def _ends(text: str, start: int, end: int) -> list[int]:
    """The ends of the sentences of ``text`` between ``start`` and ``end`` as
    ``_SENTENCE_END`` finds them, negative at a line's end."""
    found: list[int] = []
    for stop in _SENTENCE_END.finditer(text, start, end):
        kind = stop.lastgroup
        if kind is None:
            found.append(stop.end())
        elif kind == "line" or _after_word(text, start, stop.start()):
            found.append(-stop.end())
    return found


def _after_word(text: str, start: int, position: int) -> bool:
    """Whether the spaces before the line break at ``position`` stand after a word, a
    number or a bracket (``_LINE_WORD``) and start at or after ``start``, where the
    search for ends began."""
    while position > start and text[position - 1] in " \t":
        position -= 1
    return position > 0 and _LINE_WORD.match(text, position - 1) is not None


def _replayed(stops: array[int]) -> _Stops:
    """The ends of sentences found before (``sentence_ends``), given out again in turn."""
    taken = 0

    def between(start: int, end: int) -> array[int]:
        nonlocal taken
        first, taken = taken, bisect.bisect_right(stops, end, lo=taken, key=abs)
        return stops[first:taken]

    return between


def _between(skip: Sequence[tuple[int, int]], length: int) -> tuple[tuple[int, int], ...]:
    """The spans of ``skip`` in order, and the end of a text of ``length`` after them."""
    return (*sorted(skip), (length, length))


def _pieces(text: str, skip: Sequence[tuple[int, int]], stops: _Stops) -> Iterator[_Piece]:
    """The sentences of ``text`` between the spans of ``skip``, cut at ``stops``."""
    after = 0  # where the text after a span starts
    for start, end in _between(skip, len(text)):
        position = after
        run_on: tuple[str, ...] = ()
        for stop in stops(after, start):
            stop_end = abs(stop)
            piece = text[position:stop_end]
            if words := piece.lstrip():
                yield stop_end - len(words), words, run_on
            run_on = (*run_on, piece)[-_RUN_ON_LINES:] if stop < 0 else ()
            position = stop_end
        if words := text[position:start].lstrip():
            yield start - len(words), words, run_on
        after = max(after, end)


def hand_spans(hands: Mapping[int, tuple[HandClaim, ...]]) -> list[tuple[int, int]]:
    """Where the sentences of the prose count the pips of a hand (``Prose.hands``): tiles
    listed there are a hand, not a line of play."""
    return [
        (start + claim.start, start + claim.end)
        for start, claims in hands.items()
        for claim in claims
    ]

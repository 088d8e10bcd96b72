"""The sentences of a leaflet's prose, where the readers of claims find them.

A sentence ends at a full stop, "!" or "?", at a blank line, or at a line break before a
line that starts a sentence or a list item of its own (``_SENTENCE_END``). The text is
searched for these ends once (``read_prose``, which also reads the counts of pips tied
to hands, needed before the claims to tell hands from lines of play); the readers of
claims then cut the text where they were found (``sentences``), one sentence at a time.
"""

from __future__ import annotations

import bisect
import re
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.verify.hands import HandClaim, hand_claims

_RUN_ON_LINES: Final = 4
"""How many of the lines a sentence runs on from (no full stop between) are kept."""
_SENTENCE_END: Final = re.compile(
    r"(?=[.!?\n \t])(?:[.!?](?=\s|$)|\n\s*\n"
    r"|(?P<line>(?<=[\w)\]])[ \t]*\n(?=[ \t]*(?:[A-ZÅÄÖÉ]|[-*•–][ \t]|\d{1,2}[.)][ \t]|#))))"
)
"""Where a sentence ends (each end starts with a stop, a line break or a space, which
the engine looks for first): at a full stop, "!" or "?", at a blank line, and at a line
break after a word, a number or a bracket when the next line starts a sentence of its
own (a capital letter) or an item of a list: a line that an author ends without a full
stop ("Pelausjärjestys: [3|3], [3|5]" on one line, "Päät ovat nyt 1 ja 5" on the next)
is a sentence, and its claims are read apart from the next line's (but a count or an
award there that may be of the tiles or numbers on the line before is not called
wrong: ``Sentence.run_on``)."""


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of the text: where it starts, and its words."""

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
    """What one pass over the sentences of a text finds (``read_prose``): where each of
    them ends, for the readers of claims to split the text again without searching it,
    and the counts of pips tied to hands, by where their sentence starts."""

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
    one at a time (a long text's are never all held at once). With ``prose``, what
    ``read_prose`` found, the text is cut where it found the sentences' ends, and a
    sentence's hands are taken from it rather than read again."""
    if prose is None:
        for at, words, run_on in _pieces(text, skip, _stops(text)):
            yield Sentence(at, words, hand_claims(words), run_on)
        return
    for at, words, run_on in _pieces(text, skip, _replayed(prose.stops)):
        yield Sentence(at, words, prose.hands.get(at, ()), run_on)


def read_prose(text: str, skip: Sequence[tuple[int, int]]) -> Prose:
    """The ends of the sentences of ``text`` outside ``skip``, and the counts of pips tied
    to hands in them (``Prose``)."""
    stops: array[int] = array("q")
    hands = {
        at: found
        for at, words, _ in _pieces(text, skip, _stops(text, stops))
        if (found := hand_claims(words))
    }
    return Prose(stops, hands)


_Piece = tuple[int, str, tuple[str, ...]]
"""Where a sentence starts, its words, and the lines it runs on from (``Sentence``)."""
_Stops = Callable[[int, int], Sequence[int]]
"""The ends of the sentences between two places of a text, negative at a line's end."""


def _stops(text: str, record: array[int] | None = None) -> _Stops:
    """The ends of the sentences of ``text`` as ``_SENTENCE_END`` finds them, each kept in
    ``record`` too when one is given."""

    def between(start: int, end: int) -> list[int]:
        found = [
            -stop.end() if stop.lastgroup == "line" else stop.end()
            for stop in _SENTENCE_END.finditer(text, start, end)
        ]
        if record is not None:
            record.extend(found)
        return found

    return between


def _replayed(stops: array[int]) -> _Stops:
    """The ends of sentences found before (``read_prose``), given out again in turn."""
    taken = 0

    def between(start: int, end: int) -> array[int]:
        nonlocal taken
        first, taken = taken, bisect.bisect_right(stops, end, lo=taken, key=abs)
        return stops[first:taken]

    return between


def _pieces(text: str, skip: Sequence[tuple[int, int]], stops: _Stops) -> Iterator[_Piece]:
    position = 0
    for start, end in (*sorted(skip), (len(text), len(text))):
        yield from _split(text, position, start, stops(position, start))
        position = max(position, end)


def _split(text: str, start: int, end: int, stops: Sequence[int]) -> Iterator[_Piece]:
    position = start
    run_on: tuple[str, ...] = ()
    for stop in stops:
        stop_end = abs(stop)
        piece = text[position:stop_end]
        if words := piece.lstrip():
            yield position + len(piece) - len(words), words, run_on
        run_on = (*run_on, piece)[-_RUN_ON_LINES:] if stop < 0 else ()
        position = stop_end
    if words := text[position:end].lstrip():
        yield end - len(words), words, run_on


def hand_spans(hands: Mapping[int, tuple[HandClaim, ...]]) -> list[tuple[int, int]]:
    """Where the sentences of the prose count the pips of a hand (``Prose.hands``): tiles
    listed there are a hand, not a line of play."""
    return [
        (start + claim.start, start + claim.end)
        for start, claims in hands.items()
        for claim in claims
    ]

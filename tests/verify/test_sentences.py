"""The sentences of a leaflet's prose are cut where they were cut when every space of the
text was tried as the start of a sentence's end, and the counts of pips tied to hands
are those read from every sentence, though only the sentences with a bracket or a tile
are read now: in texts of words, stops, line breaks, spaces, list items and tiles."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from blockdomino.verify import sentences
from blockdomino.verify.sentences import Prose, hands_read, sentence_ends

_TRIED_AT_EVERY_SPACE = re.compile(
    r"(?=[.!?\n \t])(?:[.!?](?=\s|$)|\n\s*\n"
    r"|(?P<line>(?<=[\w)\]])[ \t]*\n(?=[ \t]*(?:[A-ZÅÄÖÉ]|[-*•–][ \t]|\d{1,2}[.)][ \t]|#))))"
)
"""The ends of sentences as they were searched for before: at every stop, line break and
space of the text."""

_WORDS = ("Anna", "pips", "ja", "och", "12", "Ö", "é", "x_", "[4|4]", "[1|2]", "6-5", "6:6", "2-4")
_MARKS = (".", "!", "?", ")", "]", ":", ",", "- ", "* ", "• ", "1. ", "2) ", "#", "33 silmää")
_SPACES = (" ", "  ", "\t", "\n", "\n\n", " \n", "  \n", " \t\n", "\n \n", "\r\n", "\u00a0\n", "")


def _texts() -> st.SearchStrategy[str]:
    pieces = st.sampled_from((*_WORDS, *_MARKS)).flatmap(
        lambda piece: st.sampled_from([piece, piece.lower(), piece.upper()])
    )
    return st.lists(st.tuples(pieces, st.sampled_from(_SPACES)).map("".join), max_size=24).map(
        "".join
    )


def _old_ends(text: str, start: int, end: int) -> list[int]:
    return [
        -stop.end() if stop.lastgroup == "line" else stop.end()
        for stop in _TRIED_AT_EVERY_SPACE.finditer(text, start, end)
    ]


_PLACES = st.tuples(st.integers(0, 200), st.integers(0, 200))
"""Two places of a text (cut to its length): where a search starts and ends, or a span of
it that is no prose (a description); spans may overlap."""


def _span(text: str, places: tuple[int, int]) -> tuple[int, int]:
    start, end = sorted(min(place, len(text)) for place in places)
    return start, end


@settings(max_examples=800, deadline=None)
@given(text=_texts(), places=_PLACES)
@example(text="Anna  \nBen. Ja \t\nÖ", places=(0, 200))
@example(text="Anna.  \nBen ja\nx  \n\nÖ  \n- och", places=(0, 200))
@example(text="Anna  \nBen", places=(5, 200))
def test_the_sentences_end_where_they_ended_when_every_space_was_tried(
    text: str, places: tuple[int, int]
) -> None:
    start, end = _span(text, places)
    assert sentences._ends(text, start, end) == _old_ends(text, start, end)


@settings(max_examples=400, deadline=None)
@given(text=_texts(), spans=st.lists(_PLACES, max_size=3))
@example(text="Anna [4|4] ja [1|2], 12 pips.\n\n6-6 ja 5:5, 22 silmää. Ben", spans=[])
@example(text="Anna [4|4] ja [1|2], 12 pips.\n\n6-6 ja 5:5, 22 silmää. Ben", spans=[(3, 12)])
def test_the_hands_read_from_sentences_with_tiles_are_those_read_from_every_sentence(
    text: str, spans: list[tuple[int, int]]
) -> None:
    skip = [_span(text, places) for places in spans]
    every = list(sentences.sentences(text, skip))
    stops = sentence_ends(text, skip)
    prose = Prose(stops, hands_read(text, skip, stops, (0, len(text))))
    assert prose.hands == {sentence.start: sentence.hands for sentence in every if sentence.hands}
    assert list(sentences.sentences(text, skip, prose)) == every

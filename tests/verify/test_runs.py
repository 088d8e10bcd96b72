"""Lines of play in plain notation are found as they were: a tile is read where the
expression that tried every bracket and digit ahead read it, and the text between two
tiles is read wherever it parts them as a line's tiles are parted (the quick look before
it turns none away); in texts of tiles in every notation, marks, words and line breaks."""

from __future__ import annotations

import itertools
import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from blockdomino.verify import chains

_PIP = "([0-6])"
_TILE_LOOKED_AHEAD_FOR = re.compile(
    rf"(?=[\[0-6])(?:\[[ \t]*{_PIP}[ \t]*\|[ \t]*{_PIP}[ \t]*\]"
    rf"|(?<![\w|/.,:]){_PIP}\|{_PIP}(?![\w|/])"
    rf"|(?<![\w\-–/.,:]){_PIP}-{_PIP}(?![\w\-–/]|[.,][0-9]))"
)
"""A tile as it was searched for before: at every bracket and digit, looked ahead for."""

_PIECES = (
    *("[1|2]", "[ 2 | 3 ]", "[2|2]", "[3|", "2|5", "5|6", "5-2", "6-6", "2-4", "12", "1.5", "7"),
    *("ja", "och", "and", "Anna", "x", "_", "→", "->", "=>", "–", "—", "-", ",", ";", ".", ":"),
    *("/", "|", "(", "]"),
)
_SPACES = (" ", "  ", "\t", "\n", "", ", \n", " →\n ", "- ")


def _texts() -> st.SearchStrategy[str]:
    parts = st.tuples(st.sampled_from(_PIECES), st.sampled_from(_SPACES)).map("".join)
    return st.lists(parts, max_size=16).map("".join)


def _spans(text: str, places: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans of ``text`` that are no prose (descriptions), from places cut to its length."""
    return [(min(a, b, len(text)), min(max(a, b), len(text))) for a, b in places]


@settings(max_examples=800, deadline=None)
@given(text=_texts())
@example("[1|2] 2|5 5-2 a2-5 1-2-3 [ 3 | 4 ],6-6.")
def test_a_tile_is_read_where_it_was_read_when_looked_ahead_for(text: str) -> None:
    assert [(tile.span(), chains._halves(tile)) for tile in chains._TILE.finditer(text)] == [
        (tile.span(), chains._halves(tile)) for tile in _TILE_LOOKED_AHEAD_FOR.finditer(text)
    ]


@settings(max_examples=800, deadline=None)
@given(
    text=_texts(),
    places=st.lists(st.tuples(st.integers(0, 120), st.integers(0, 120)), max_size=2),
)
@example("[1|2] [2|3]", [])
@example("[1|2][2|3]", [])
@example("[1|2], [2|3]", [])
@example("[1|2] → [2|3]", [])
@example("[1|2] ->\n  [2|3]", [])
@example("2|5,5|6", [])
def test_the_quick_look_turns_away_no_tiles_a_separator_parts(
    text: str, places: list[tuple[int, int]]
) -> None:
    tiles = list(chains._tiles_outside(text, _spans(text, places)))
    for before, after in itertools.pairwise(tiles):
        if chains._joined_by(text, before, after) is not None:
            assert chains._may_join(text, before.end(), after.start())


_SENTENCE_END_AT_EVERY_PLACE = re.compile(r"[.!?](?:\s|$)|\n\s*\n")
"""The end of a sentence around a line of play as it was searched for before."""
_SAID = (
    *("[3|6] [6|6] [6|2]", "[1|1]-[1|4]", "2|2 2|5", "6-6, 6-2"),
    *("lengthwise", "LENGTHWAYS", "end to end", "pitkittäin", "på längden", "längs med"),
    *("not", "never", "ei", "inte", "Here the double lies", "x" * 40, "y" * 90),
)
_BREAKS = (" ", ". ", "! ", "\n", "\n\n", ".\n", ": ", "", "İ", "Σ ")


@settings(max_examples=400, deadline=None)
@given(
    text=st.lists(
        st.tuples(st.sampled_from(_SAID), st.sampled_from(_BREAKS)).map("".join), max_size=14
    ).map("".join),
    lang=st.sampled_from(["fi", "sv", "en"]),
)
@example("Here the double lies lengthwise: [3|6] [6|6] [6|2].", "en")
@example("lengthwise " + "x" * 240 + " [3|6] [6|6] [6|2]", "en")
def test_a_double_said_to_lie_lengthwise_is_found_as_in_the_whole_sentence(
    text: str, lang: str
) -> None:
    """The sentence around a line is looked at only where a word for lengthwise stands
    near it: it is found as when every sentence around a line with a double was read."""
    for run in chains.runs(text, []):
        assert [match.span() for match in chains._SENTENCE_END.finditer(text)] == [
            match.span() for match in _SENTENCE_END_AT_EVERY_PLACE.finditer(text)
        ]
        sentence = chains._sentence_around(text, run.start, run.end)
        said = any(word in sentence.lower() for word in chains._LENGTHWISE[lang])
        doubled = any(tile.is_double for tile in run.tiles)
        expected = doubled and said and chains._NEGATIONS.search(sentence) is None
        assert (chains.lengthwise(text, run, lang) is not None) == expected

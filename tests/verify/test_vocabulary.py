"""The words of a kind written as a tree of their letters find in every text what the
plain list of the words, the longest first, finds: the same place, the same words."""

from __future__ import annotations

import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino.verify.lexicon import KINDS
from blockdomino.verify.vocabulary import _words, one_of, phrases, stems

_ODD = ["ſ", "K", "İ", "ı", "Å", "µ", "μ", "–", "-", ".", "'", "\u00a0", "\t", "\n", "ß", "ẞ"]
"""Characters that match a letter without regard to case in a way of their own (the
long s matches "s", the Kelvin sign "k", the dotless i "i"), spaces and marks."""


def _listed(words: set[str], whole: str) -> str:
    """The plain list, longest first, as the readers wrote it before the tree."""
    ordered = sorted({" ".join(word.split()) for word in words}, key=lambda w: (-len(w), w))
    return "|".join(
        r"\s+".join(re.escape(part) for part in word.removesuffix("*").split())
        + (r"\w*" if word.endswith("*") else whole)
        for word in ordered
    )


WHOLE = r"(?!\w)"
"""The end of a whole word."""


def _texts(words: list[str]) -> st.SearchStrategy[str]:
    """Texts of the kind's words and their pieces, changed in case, among odd characters."""
    pieces = st.sampled_from(words).flatmap(
        lambda word: st.sampled_from([word, word.upper(), word.title(), word[:-1], word + "a"])
    )
    return st.lists(st.one_of(pieces, st.sampled_from([" ", ", ", *_ODD])), max_size=12).map(
        "".join
    )


def _found(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], str | None]]:
    return [(match.span(), match.group("end")) for match in pattern.finditer(text)]


@cache
def _patterns(kind: str) -> tuple[list[str], list[tuple[re.Pattern[str], re.Pattern[str]]]]:
    """A kind's words, and the tree and the list of them as patterns, ending a word
    whole or not (made once a kind, not once an example)."""
    words = _words(("numbers", "and") if kind == "numbers+and" else (kind,))
    words = {part for word in words for part in word.split("/")}
    patterns = [
        (
            re.compile(rf"(?<!\w){one_of(words, whole)}{after}", re.IGNORECASE),
            re.compile(rf"(?<!\w)(?:{_listed(words, whole)}){after}", re.IGNORECASE),
        )
        for whole, after in ((r"(?!\w)", r"(?P<end>\s+\w+)?"), ("", r"(?P<end>a?)"))
    ]
    return sorted(words), patterns


PER_KIND = 30
"""Random texts for each kind's words: every kind is its own case (some 60 kinds), so
each property is tried on about 2,000 texts in all."""


@pytest.mark.parametrize("kind", [*KINDS, "numbers+and"])
@settings(max_examples=PER_KIND, deadline=None)
@given(data=st.data())
def test_the_tree_of_a_kinds_words_finds_what_their_list_finds(
    kind: str, data: st.DataObject
) -> None:
    words, patterns = _patterns(kind)
    text = data.draw(_texts(words))
    for tree, listed in patterns:
        assert _found(tree, text) == _found(listed, text)


def test_words_the_tree_cannot_keep_in_order_are_written_as_their_list() -> None:
    assert one_of(["yht*", "yht."], "") == r"(?:yht\w*|yht\.)"
    assert one_of(["avrunda*", "avrundas"], "") == r"(?:avrunda\w*|avrundas)"
    assert one_of(["Kaksi", "kolme"], "") == "(?:Kaksi|kolme)"
    assert one_of(["kaksi", "kaksitoista", "kolme"], "") == "(?:k(?:aksi(?:toista|)|olme))"


@pytest.mark.parametrize("kinds", [(kind,) for kind in KINDS] + [("wins", "team_wins")])
@settings(max_examples=PER_KIND, deadline=None)
@given(data=st.data())
def test_a_kinds_expression_led_by_its_first_letters_finds_what_its_list_finds(
    kinds: tuple[str, ...], data: st.DataObject
) -> None:
    """``phrases`` takes a word's first letter as written, in every case it may be in
    (the engine then skips to where a word may start), and reads on from it: it finds
    the same words at the same places as the list, alone and inside an expression that
    heeds case ("Team A wins")."""
    words = _words(kinds)
    text = data.draw(_texts(sorted(words)))
    led = phrases(*kinds)
    plain = _listed(words, WHOLE)
    listed = re.compile(rf"(?<!\w)(?:{plain})", re.IGNORECASE)
    assert _found_words(led, text) == _found_words(listed, text)
    heeding = re.compile(rf"[\s,]+(?:{led.pattern})")
    listed_heeding = re.compile(rf"[\s,]+(?<!\w)(?:{plain})")
    assert _found_words(heeding, text) == _found_words(listed_heeding, text)


def _found_words(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [match.span() for match in pattern.finditer(text)]


@settings(max_examples=200, deadline=None)
@given(text=_texts(["silmää", "prickar", "pips", "spill", "poäng"]))
def test_beginnings_led_by_their_first_letters_are_found_where_their_list_finds_them(
    text: str,
) -> None:
    """Every word for pips starts with "silm", "prick" or "pip", in any case (the long s
    too), inside a word as well: ``stems`` finds them where the plain list does."""
    listed = re.compile("silm|prick|pip", re.IGNORECASE)
    assert _found_words(stems("silm", "prick", "pip"), text) == _found_words(listed, text)

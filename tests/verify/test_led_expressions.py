"""Expressions once led by a look ahead at the characters they may start with (which the
engine tries at every place of a sentence) and now led by those characters taken as
written (``vocabulary.led_words``, which the engine skips to) find what they found
before: the same matches at the same places, in texts of their own words and numbers,
changed in case, among characters that match a letter in a way of their own."""

from __future__ import annotations

import re
from typing import Final

from hypothesis import example, given, settings
from hypothesis import strategies as st

from blockdomino.verify import open_ends, scores, teams
from blockdomino.verify.numbers import AND, NUMBER, NUMBER_AHEAD, NUMBER_LED, POINT_WORDS, SMALL
from blockdomino.verify.vocabulary import alternatives, first_letters, led_words

_PIECES: Final = [
    *("to", "till", "up to", "upp till", "first to reach", "först", "når", "ensin"),
    *("pisteeseen", "points", "point", "pistettä", "poäng", "pist", "pips"),
    *("0", "3", "6", "12", "50", "100", "1000", "0012", "٣", "seven", "kolme", "tolv"),
    *("kaksitoista", "noll", "nolla", "yksi", "one", "ett", "en", "åtta", "zero"),
    *("ends", "the ends are", "päät", "päihin", "ändarna", "ändar", "silmäluvut", "and"),
    *("ja", "och", "[", "]", "|", ";", "both ends show"),
    *("ſeven", "Kolme", "İ", "ı", "Å", "–", ",", ".", ":", "_", "a", "x1"),
]
"""Words and numbers of targets and counts of points, and characters that match a letter
without regard to case in a way of their own."""


def _texts() -> st.SearchStrategy[str]:
    cased = st.sampled_from(_PIECES).flatmap(lambda p: st.sampled_from([p, p.upper(), p.title()]))
    return st.lists(st.one_of(cased, st.sampled_from([" ", "  ", "\n"])), max_size=16).map("".join)


def _found(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], dict[str, str]]]:
    return [(match.span(), match.groupdict()) for match in pattern.finditer(text)]


_NUMBER_BEFORE: Final = re.compile(rf"{NUMBER_AHEAD}\b{NUMBER}", re.IGNORECASE)
_SAID_POINTS_BEFORE: Final = re.compile(
    rf"{NUMBER_AHEAD}\b{NUMBER}\s*{POINT_WORDS}\b", re.IGNORECASE
)
_TARGET_BEFORE: Final = re.compile(
    rf"(?=[{first_letters('target')}\d])"
    rf"(?:\b(?:{alternatives('target')})\s+\d{{2,3}}\s*{POINT_WORDS}\b"
    rf"|\b\d{{2,3}}\s+(?:{alternatives('target')}))",
    re.IGNORECASE,
)
_ENDS_BEFORE: Final = re.compile(
    rf"(?=[{first_letters('ends')}])\b(?:{alternatives('ends')})\b[^.!?;\n\[\]]{{0,40}}?"
    rf"(?<![\d,]\s)(?<![\d,])\b(?P<a>{SMALL})\s+{AND}\s+(?P<b>{SMALL})\b(?!\s*,?\s*\d)",
    re.IGNORECASE,
)
_ENDS_SAID_BEFORE: Final = re.compile(
    rf"(?=[{first_letters('ends')}])\b(?:{alternatives('ends')})\b"
    r"[^.!?;\n\[\]\d]{0,40}\b[0-6]\b(?![|\]])",
    re.IGNORECASE,
)


@settings(max_examples=500, deadline=None)
@given(text=_texts())
@example("to 100 points, 100 pisteeseen, till 1000 poäng; tolv poäng, 12points, ſeven points")
@example("the ends are 1 and 4; päät ovat 2 ja 5, ändarna 1, 2 och 3; both ends show 6")
def test_numbers_points_targets_and_ends_are_found_where_they_were(text: str) -> None:
    assert _found(re.compile(NUMBER_LED, re.IGNORECASE), text) == _found(_NUMBER_BEFORE, text)
    assert _found(scores._SAID_POINTS, text) == _found(_SAID_POINTS_BEFORE, text)
    assert _found(teams._TARGET, text) == _found(_TARGET_BEFORE, text)
    assert _found(open_ends._ENDS, text) == _found(_ENDS_BEFORE, text)
    assert _found(open_ends._ENDS_SAID, text) == _found(_ENDS_SAID_BEFORE, text)


def test_a_number_led_by_its_characters_is_tried_before_the_words() -> None:
    led = led_words(["to", "tolv"], "", digits=(r"\d", r"\d{0,2}"))
    assert led == r"(?-i:[\dtT])(?<!\w.)(?:(?<=[\d])\d{0,2}|(?<=t)o(?:lv|))"
    listed = led_words(["yht*", "yht."], "", digits=("0-6", ""))
    assert listed == r"(?=[0-6Yy])(?<!\w)(?:[0-6]|(?:yht\w*|yht\.))"

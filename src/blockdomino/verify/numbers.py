"""How a leaflet writes numbers, pips and points in its prose, in fi, sv and en.

A number is written in digits ("12") or, up to twelve, as a word ("kaksitoista",
"tolv", "twelve", "nolla"); the pips of a hand are "silmää", "prickar", "pips"; points
are "pistettä", "poäng", "points". The words are in each language's word file
(``lexicon``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from blockdomino.verify.lexicon import words
from blockdomino.verify.vocabulary import led_words, one_of, stems
from blockdomino.words.i18n import LANGS

_WORDS: Final = tuple(
    tuple(word for lang in LANGS for word in words("numbers")[lang][value].split("/"))
    for value in range(13)
)
"""The numbers nought to twelve as words, each in every language (``lexicon``)."""
VALUES: Final = {word: value for value, words in enumerate(_WORDS) for word in words}
"""The value of each number word."""


def _alternatives(found: Iterable[str]) -> str:
    """One group of several words, the longest first (so that none stops short)."""
    return one_of(found, whole="")


NUMBER: Final = r"(?:\d{1,3}|" + _alternatives(VALUES) + ")"
"""A number as a leaflet writes it: digits, or a word up to twelve (longest first)."""
NUMBER_FIRST: Final = r"\d" + "".join(
    sorted({case(word[0]) for word in VALUES for case in (str.lower, str.upper)})
)
"""The characters a number starts with (for a character set)."""
NUMBER_AHEAD: Final = f"(?=[{NUMBER_FIRST}])"
"""Put before an expression that starts with a number: the engine then tries it only
where a number may start, at the speed of a character set."""
NUMBER_LED: Final = led_words(VALUES, "", digits=(r"\d", r"\d{0,2}"))
"""A number at the start of a word (what ``\bNUMBER`` finds, at the same places), led by
the characters a number starts with, taken as written (``vocabulary.led_words``): the
engine skips to them, where before ``NUMBER_AHEAD`` it tries every place."""
SMALL: Final = r"(?:[0-6]|" + _alternatives(w for words in _WORDS[:7] for w in words) + ")"
"""A number a tile's half can show: 0 to 6, in digits or as a word."""
AND: Final = _alternatives(w for lang in LANGS for w in words("and")[lang])
PIP_WORDS: Final = _alternatives(w for lang in LANGS for w in words("pips")[lang])
"""What the pips of a hand are called."""
POINT_WORDS: Final = _alternatives(w for lang in LANGS for w in words("points")[lang])
"""What points are called."""
POINT_STEM: Final = stems(
    *(w.removesuffix("*").split()[0] for lang in LANGS for w in words("points")[lang])
)
"""The first word of each word for points (``POINT_WORDS``), inside a word too, found as
fast as a character (``vocabulary.stems``): a sentence without one names no points, and
the slower search for a number of points (which may start at every place) is not made
in it."""

_DIGITS: Final = re.compile(r"\d+")


def number(text: str) -> int:
    """The value of a number as written: ``"12"``, ``"nolla"``, ``"tolv"``."""
    if _DIGITS.fullmatch(text):
        return int(text)
    return VALUES[text.lower()]

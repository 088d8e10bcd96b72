"""How a leaflet writes numbers, pips and points in its prose, in fi, sv and en.

A number is written in digits ("12") or, up to twelve, as a word ("kaksitoista",
"tolv", "twelve", "nolla"); the pips of a hand are "silmää", "prickar", "pips"; points
are "pistettä", "poäng", "points".
"""

from __future__ import annotations

import re
from typing import Final

_WORDS: Final = (
    ("nolla", "noll", "zero"),
    ("yksi", "en", "ett", "one"),
    ("kaksi", "två", "two"),
    ("kolme", "tre", "three"),
    ("neljä", "fyra", "four"),
    ("viisi", "fem", "five"),
    ("kuusi", "sex", "six"),
    ("seitsemän", "sju", "seven"),
    ("kahdeksan", "åtta", "eight"),
    ("yhdeksän", "nio", "nine"),
    ("kymmenen", "tio", "ten"),
    ("yksitoista", "elva", "eleven"),
    ("kaksitoista", "tolv", "twelve"),
)
"""The numbers nought to twelve as words, each in fi, sv and en."""
VALUES: Final = {word: value for value, words in enumerate(_WORDS) for word in words}
"""The value of each number word."""

NUMBER: Final = r"(?:\d{1,3}|" + "|".join(sorted(VALUES, key=lambda word: (-len(word), word))) + ")"
"""A number as a leaflet writes it: digits, or a word up to twelve (longest first)."""
SMALL: Final = (
    r"(?:[0-6]|nolla|noll|zero|" + "|".join(w for words in _WORDS[1:7] for w in words) + ")"
)
"""A number a tile's half can show: 0 to 6, in digits or as a word."""
AND: Final = r"(?:ja|och|and)"
PIP_WORDS: Final = r"(?:silmää|silmät|silmänsä|silmä|silmän|prickar|prick|pricks|pips|pip)"
"""What the pips of a hand are called."""
POINT_WORDS: Final = r"(?:pistettä|pisteen|piste|poäng|points?)"
"""What points are called."""

_DIGITS: Final = re.compile(r"\d+")


def number(text: str) -> int:
    """The value of a number as written: ``"12"``, ``"nolla"``, ``"tolv"``."""
    if _DIGITS.fullmatch(text):
        return int(text)
    return VALUES[text.lower()]

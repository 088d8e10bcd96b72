"""The words each reader of claims looks for, as expressions that find them.

A reader asks for a kind of words (``phrases("wrong_on_purpose")``) and gets one
expression that finds any of them in any language, since a leaflet may quote another
language. The words are in one word file a language (``lexicon``): adding a language is
adding its file there.

The words are matched without regard to case, as whole words; a word ending in ``*``
also matches every ending (``pelausjärjesty*``: *pelausjärjestyksessä*).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Final

from blockdomino.verify.lexicon import KINDS, words

WORDS: Final[dict[str, dict[str, tuple[str, ...]]]] = {kind: words(kind) for kind in KINDS}
"""Each kind of words, in each language."""


def _pattern(word: str) -> str:
    stem = word.removesuffix("*")
    body = r"\s+".join(re.escape(part) for part in stem.split())
    return body + (r"\w*" if word.endswith("*") else r"(?!\w)")


@functools.cache
def phrases(*kinds: str) -> re.Pattern[str]:
    """One expression that finds a word of any of ``kinds`` in any language, as a whole
    word.

    It starts with the set of the words' first letters, which the engine looks for
    first: a text is searched at the speed of a character set, not of every word. The
    words are then grouped by their first letter, longest first in each group, so that
    at the start of a word only the words starting with its letter are tried."""
    groups: dict[str, list[str]] = {}
    for word in sorted(_words(kinds), key=lambda w: -len(w)):
        groups.setdefault(word[0].lower(), []).append(word)
    alternatives = "|".join(
        f"(?=[{first_letters_of(words)}])(?:{'|'.join(_pattern(word) for word in words)})"
        for words in groups.values()
    )
    return re.compile(rf"(?=[{first_letters(*kinds)}])(?<!\w)(?:{alternatives})", re.IGNORECASE)


@functools.cache
def alternatives(*kinds: str) -> str:
    """The words of ``kinds`` in every language as alternatives of an expression (the
    longest first, each ending a word unless it ends with ``*``), to put in a reader's
    own expression between its marks of where a word starts and ends."""
    return "|".join(_pattern(word) for word in sorted(_words(kinds), key=lambda w: (-len(w), w)))


def _words(kinds: tuple[str, ...]) -> set[str]:
    return {word for kind in kinds for language in WORDS[kind].values() for word in language}


def first_letters(*kinds: str) -> str:
    """The letters the words of ``kinds`` start with, in both cases, for a character set
    put first in an expression that starts with one of them."""
    return first_letters_of(_words(kinds))


def first_letters_of(words: Iterable[str]) -> str:
    """The letters ``words`` start with, in both cases, for a character set."""
    first = {case(word[0]) for word in words for case in (str.lower, str.upper)}
    return "".join(re.escape(letter) for letter in sorted(first))

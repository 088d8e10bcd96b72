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
from collections.abc import Iterable, Sequence
from typing import Final

from blockdomino.verify.lexicon import KINDS, words

WORDS: Final[dict[str, dict[str, tuple[str, ...]]]] = {kind: words(kind) for kind in KINDS}
"""Each kind of words, in each language."""


def _pattern(word: str, whole: str = r"(?!\w)") -> str:
    stem = word.removesuffix("*")
    body = r"\s+".join(re.escape(part) for part in stem.split())
    return body + (r"\w*" if word.endswith("*") else whole)


class _Tree:
    """The words that go on from some letters: by their next letter, and what ends a
    word here (in the order of the words)."""

    def __init__(self) -> None:
        self.next: dict[str, _Tree] = {}
        self.ends: dict[str, None] = {}

    def expression(self) -> str:
        branches = [
            (r"\s+" if letter == " " else re.escape(letter)) + tree.expression()
            for letter, tree in self.next.items()
        ]
        branches.extend(self.ends)
        return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"


def one_of(words: Iterable[str], whole: str = r"(?!\w)") -> str:
    """The words as one group of alternatives of an expression, tried longest first: a
    word ending in ``*`` goes on to the end of its word, any other ends with ``whole``;
    the parts of a word are parted by any white space.

    The words are written as a tree of their letters ("k(?:aksi(?:toista|)|olme)"), so
    that at a place in a text the engine tries each letter once, not each word. It finds
    what the plain list finds (``_as_tree``)."""
    ordered = _ordered(words)
    if not _as_tree(ordered, whole):
        return "(?:" + "|".join(_pattern(word, whole) for word in ordered) + ")"
    return f"(?:{_tree(ordered, whole).expression()})"


def _ordered(words: Iterable[str]) -> list[str]:
    """The words, each with its parts parted by one space, the longest first."""
    return sorted({" ".join(word.split()) for word in words}, key=lambda w: (-len(w), w))


def _tree(ordered: Sequence[str], whole: str) -> _Tree:
    tree = _Tree()
    for word in ordered:
        node = tree
        for letter in word.removesuffix("*"):
            node = node.next.setdefault(letter, _Tree())
        node.ends[r"\w*" if word.endswith("*") else whole] = None
    return tree


def led_words(
    words: Iterable[str],
    whole: str = r"(?!\w)",
    then: str = "",
    digits: tuple[str, str] | None = None,
) -> str:
    r"""The words as a whole word of an expression that ignores case (what
    ``(?<!\w)one_of(words, whole)`` finds, at the same places), led by the set of every
    character their first letters are in any case, matched as it is written
    (``(?-i:…)``): only then does the engine look for that set to skip to the places
    where a word may start, as fast as it finds a character (it does not for a set that
    ignores case, nor for one looked ahead for). The first letter is taken, then each
    branch of the tree of words goes on from the letter it starts with (``(?<=k)``), and
    a word starts where no letter or digit stands before the one taken; each word is
    followed by ``then``. With ``digits`` (a set of digits and what follows the first of
    them: ``(r"\d", r"\d{0,2}")``), a number is tried first, as
    ``(?<!\w)(?:\d\d{0,2}|one_of(words, whole)then)`` tries it. Words that cannot be a
    tree are looked ahead for by their first letters, then listed (``one_of``)."""
    ordered = _ordered(words)
    numbers, after = digits or ("", "")
    tree = _tree(ordered, whole) if ordered and _as_tree(ordered, whole) else None
    if tree is None or tree.ends or " " in tree.next:
        number = [f"[{numbers}]{after}"] if digits else []
        listed = "|".join([*number, f"{one_of(ordered, whole)}{then}"])
        return rf"(?=[{numbers}{first_letters_of(ordered)}])(?<!\w)(?:{listed})"
    led = "".join(_cases(letter) for letter in tree.next)
    number = [f"(?<=[{numbers}]){after}"] if digits else []
    branches = number + [
        f"(?<={re.escape(letter)}){node.expression()}{then}" for letter, node in tree.next.items()
    ]
    return rf"(?-i:[{numbers}{re.escape(led)}])(?<!\w.)(?:{'|'.join(branches)})"


def led_by(letters: str) -> str:
    """A character set, matched as written (``(?-i:…)``), of every character an expression
    that ignores case takes for ``letters`` (small letters of Latin-1) and the other
    characters of ``letters``: put first in an expression, the engine skips to the places
    where one of them stands, as fast as it finds a character (``led_words``)."""
    return f"(?-i:[{re.escape(''.join(_cases(letter) for letter in letters))}])"


def stems(*beginnings: str) -> re.Pattern[str]:
    """An expression that ignores case and finds any of ``beginnings`` (small letters of
    Latin-1), inside a word too, led by their first letters in every case as written
    (``led_words``): "silm", "prick", "pip" find every word for pips."""
    by_letter: dict[str, list[str]] = {}
    for beginning in beginnings:
        by_letter.setdefault(beginning[0], []).append(re.escape(beginning[1:]))
    branches = "|".join(
        f"(?<={re.escape(letter)})(?:{'|'.join(rests)})" for letter, rests in by_letter.items()
    )
    return re.compile(rf"{led_by(''.join(by_letter))}(?:{branches})", re.IGNORECASE)


@functools.cache
def _cases(letter: str) -> str:
    """Every character an expression that ignores case takes for ``letter`` (a small
    letter of Latin-1: "k" is also "K" and the kelvin sign)."""
    same = re.compile(re.escape(letter), re.IGNORECASE)
    return letter + "".join(char for char in _cased() if char != letter and same.fullmatch(char))


@functools.cache
def _cased() -> tuple[str, ...]:
    """The characters of the basic plane that have a case: only they can be another
    case of a letter."""
    return tuple(char for char in map(chr, range(0x10000)) if char.lower() != char.upper())


def _as_tree(ordered: Sequence[str], whole: str) -> bool:
    """Whether the tree of ``ordered`` finds what its list does: no two branches of a
    letter start with characters one character matches both of, whatever the case
    (different small letters of Latin-1, or marks); and a word is tried after the words
    that go on from it, as in the list, or ends where they end ("turn*" before "turns"
    ends at the end of the same word, when a word ends with the end of a word; "yht*"
    before "yht." does not)."""
    letters = {letter for word in ordered for letter in word.removesuffix("*")}
    if not all(letter <= "\xff" and letter == letter.lower() for letter in letters):
        return False
    stems = {word[:-1] for word in ordered if word.endswith("*")}
    words = [word for word in ordered if not word.endswith("*")]
    ends_word = whole == r"(?!\w)"
    return not any(word[:-1] in stems and not (ends_word and word[-1].isalnum()) for word in words)


@functools.cache
def phrases(*kinds: str) -> re.Pattern[str]:
    """One expression that finds a word of any of ``kinds`` in any language, as a whole
    word.

    It starts with the words' first letters in every case, matched as written, which the
    engine skips to (``led_words``): the words are tried only where one may start, each
    letter of the tree of words (``one_of``) once. Words that cannot be a tree are
    looked ahead for by their first letters, then listed."""
    return re.compile(led_words(_words(kinds)), re.IGNORECASE)


@functools.cache
def alternatives(*kinds: str) -> str:
    """The words of ``kinds`` in every language as one group of alternatives of an
    expression (``one_of``: the longest first, each ending a word unless it ends with
    ``*``), to put in a reader's own expression between its marks of where a word
    starts and ends."""
    return one_of(_words(kinds))


def led_phrases(*kinds: str, then: str = "", digits: tuple[str, str] | None = None) -> str:
    """The words of ``kinds`` in every language as ``led_words`` writes them: each
    followed by ``then``, a number in ``digits`` tried first."""
    return led_words(_words(kinds), then=then, digits=digits)


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

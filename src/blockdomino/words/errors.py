"""Errors worded for a learner: the one function that turns an error into a sentence.

An error of any layer (``BlockdominoError``) carries a catalog key and the values to
fill in, and no language. ``explain(error, lang)`` words it in Finnish, Swedish or
English; every place that shows an error to a user calls it in that user's language.
Values that echo someone's input are quoted short and escaped, so that a hostile file
cannot fill or garble the screen.
"""

from __future__ import annotations

import math
from typing import Final, Protocol, runtime_checkable

from blockdomino.engine.chain import Side
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.tiles import Tile
from blockdomino.words.i18n import parse_lang, pips, translate
from blockdomino.words.text import (
    ITEM_SEPARATOR,
    capitalized,
    player_name,
    side_name,
    tile_in_words,
)

SEAT_PARAMS: Final = ("seat", "dominoer")
"""The error parameters that name a seat by its index: worded "Pelaaja 1"."""
QUOTED: Final = frozenset({"text", "source", "name", "value", "type", "version", "seed", "lang"})
"""The message values that echo what somebody typed or a file held: quoted shortened."""
QUOTE_LENGTH: Final = 60
"""The most characters of someone's input an error message quotes."""
PATH_LENGTH: Final = 400
"""The most characters of a file's path an error message quotes: whole, as a rule, since
the learner may need to type it again."""
LONGEST_NUMBER: Final = 10**18
"""A whole number this large or larger is quoted by its first digits only."""


def quoted(text: str, length: int = QUOTE_LENGTH) -> str:
    """Input as an error message quotes it: at most one line of ``length`` characters,
    its control characters (and unpaired surrogates) escaped as ``\\x1b`` or ``\\n``, so
    a hostile file or a pasted page cannot fill or garble the screen."""
    line = "".join(
        char if char.isprintable() else char.encode("unicode_escape", "backslashreplace").decode()
        for char in text[: length + 1]
    )
    return line if len(line) <= length else line[: length - 1] + "…"


def _number(value: int) -> str:
    """A whole number as an error message writes it; a huge one by its first digits."""
    if abs(value) < LONGEST_NUMBER:
        return str(value)
    digits = int(abs(value).bit_length() * math.log10(2)) + 1  # about; never too few
    first = str(abs(value) // 10 ** max(digits - 7, 0))[:6]
    return f"{'-' if value < 0 else ''}{first}…"


def _worded(name: str, value: object, lang: str, spoken: bool) -> object:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= LONGEST_NUMBER:
        return _number(value)
    if name in QUOTED and isinstance(value, str):
        return quoted(value)
    if name == "path" and isinstance(value, str):
        return quoted(value, PATH_LENGTH)
    if name in SEAT_PARAMS and isinstance(value, int):
        return player_name(value, lang)
    if name == "pip_count" and isinstance(value, int):
        return pips(value, lang)
    if isinstance(value, Side):
        return side_name(value, lang)
    if isinstance(value, BlockdominoError):  # the reason a wrapping error gives
        return explain(value, lang, spoken=spoken)
    if isinstance(value, tuple | list):
        return ITEM_SEPARATOR.join(str(_tile(item, lang, spoken)) for item in value)
    return _tile(value, lang, spoken)


def _tile(value: object, lang: str, spoken: bool) -> object:
    """A tile in words when ``spoken``; any other value as it is."""
    return tile_in_words(value, lang) if spoken and isinstance(value, Tile) else value


@runtime_checkable
class WordsItself(Protocol):
    """An error of a layer above whose values only that layer can word (the checker's
    findings in a refused description): ``explain`` leaves the wording to it."""

    def explained(self, lang: str) -> str:
        """The error worded in ``lang``, a language already checked."""
        ...


def explain(error: BlockdominoError, lang: str, *, spoken: bool = False) -> str:
    """A refused action or input, worded for a learner in ``lang``: its catalog text,
    filled with its values as a learner reads them (a seat as "Pelaaja 1", a side by
    its name, input quoted short, a wrapped error worded in turn).

    ``spoken``: every tile in words ("yksi–viisi"), as the app's refusals say it on the
    screen and in the live region; without it a tile keeps its notation "[1|5]", as a
    teacher's report or a file's error quotes it."""
    parse_lang(lang)
    if isinstance(error, WordsItself):
        return error.explained(lang)
    params = {name: _worded(name, value, lang, spoken) for name, value in error.params.items()}
    said = translate(error.key, lang, **params)
    return capitalized(said) if spoken else said

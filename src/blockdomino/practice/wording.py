"""Items in words: Finnish, Swedish or English, from the catalogs (``practice.po``).

An item holds keys and values; ``words`` fills them in: a seat is "Pelaaja 1", points
and pips carry their unit, a list reads "1, 3 ja 5", a round's end is walked through in
the tutorial's steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from blockdomino.engine.chain import Chain
from blockdomino.engine.scoring import RoundResult
from blockdomino.engine.tiles import Tile
from blockdomino.practice.items import (
    Either,
    Item,
    Param,
    Phrase,
    Pips,
    Points,
    Reason,
    Seat,
    Team,
)
from blockdomino.words.i18n import format_list, parse_lang, pips, points, translate
from blockdomino.words.text import (
    capitalized,
    explanation_steps,
    line_in_words,
    number_word,
    player_name,
    tile_in_words,
)


@dataclass(frozen=True, slots=True)
class ItemText:
    """An item in one language: the question (givens first), each choice, each
    choice's note (why it is wrong; empty for the right one), the answer, the why."""

    lang: str
    question: str
    choices: tuple[str, ...]
    notes: tuple[str, ...]
    answer: str
    explanation: str


def _value(param: Param, lang: str, spoken: bool) -> str:
    """One placeholder's value in words (``spoken``: a tile too)."""
    if isinstance(param, Phrase):
        return _phrase(param, lang, spoken)
    if isinstance(param, Seat):
        return player_name(param.index, lang)
    if isinstance(param, Team):
        return translate("term.team", lang, number=param.index + 1)
    if isinstance(param, Points):
        return points(param.count, lang, won=param.won)
    if isinstance(param, Pips):
        return pips(param.count, lang)
    if isinstance(param, Either):
        return format_list([_value(part, lang, spoken) for part in param.items], lang, either=True)
    if isinstance(param, tuple):
        return format_list([_value(part, lang, spoken) for part in param], lang)
    if spoken and isinstance(param, Tile):
        return tile_in_words(param, lang)
    return str(param) if isinstance(param, int | str | Tile) else repr(param)


def _phrase(sentence: Phrase, lang: str, spoken: bool) -> str:
    params = {name: _value(value, lang, spoken) for name, value in sentence.params}
    return translate(sentence.key, lang, **params)


def phrase_tiles(sentence: Phrase) -> tuple[Tile, ...]:
    """The tiles ``sentence`` names, in its placeholders and the phrases in them (a
    move's tile: "[0|6] on the 6"), in the order of its parameters."""

    def found(param: Param) -> tuple[Tile, ...]:
        if isinstance(param, Tile):
            return (param,)
        if isinstance(param, Phrase):
            return phrase_tiles(param)
        parts = param.items if isinstance(param, Either) else param
        if isinstance(parts, tuple):
            return tuple(tile for part in parts for tile in found(part))
        return ()

    return tuple(tile for _, value in sentence.params for tile in found(value))


def say(sentence: Phrase, lang: str, *, spoken: bool = False) -> str:
    """A phrase in ``lang``; ``spoken``: its tiles in words, a sentence begun with one
    capitalised ("Kaksi–viisi sopii …"), as the app's practice screen says them, where
    the printed sheet writes "[2|5]"."""
    said = _phrase(sentence, lang, spoken)
    return capitalized(said) if spoken else said


def _reason(reason: Reason, lang: str, spoken: bool) -> str:
    if isinstance(reason, RoundResult):
        return " ".join(explanation_steps(reason, lang))
    return say(reason, lang, spoken=spoken)


def words(item: Item, lang: str, *, spoken: bool = False) -> ItemText:
    """``item`` worded in ``lang`` (``spoken``: its tiles in words, see ``say``)."""
    parse_lang(lang)

    def said(sentence: Phrase) -> str:
        return say(sentence, lang, spoken=spoken)

    def label(choice: Phrase) -> str:  # a choice is a label, not a sentence
        return _phrase(choice, lang, spoken)

    return ItemText(
        lang,
        " ".join(said(sentence) for sentence in item.question),
        tuple(label(choice.text) for choice in item.choices),
        tuple("" if choice.mistake is None else said(choice.mistake) for choice in item.choices),
        label(item.answer.text),
        " ".join(_reason(reason, lang, spoken) for reason in item.explanation),
    )


def hand_in_words(hand: Sequence[Tile], lang: str) -> str:
    """A hand's picture as a screen reader should say it: each upright tile, small
    number first, or that the hand is empty."""
    if not hand:
        return translate("practice.figure.empty_hand", lang)
    tiles = ", ".join(tile_in_words(tile, lang) for tile in hand)
    return translate("practice.figure.hand", lang, tiles=tiles)


def seats_in_words(lang: str) -> str:
    """The team game's table as the picture draws it (``practice.seating``): where each
    of the four players sits, and that partners are drawn alike."""
    bottom, left, top, right = (player_name(seat, lang) for seat in range(4))
    return translate("practice.figure.seats", lang, bottom=bottom, left=left, top=top, right=right)


def chain_in_words(chain: Chain, lang: str) -> str:
    """The chain as a screen reader should say it: each tile as it lies, left to
    right ("five–six"), then the numbers of the two open ends."""
    left, right = chain.numbers or (0, 0)
    return translate(
        "practice.figure.chain",
        lang,
        tiles=line_in_words(chain, lang),
        left=number_word(left, lang),
        right=number_word(right, lang),
    )

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
    explanation_steps,
    number_word,
    numbers_in_words,
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


def _value(param: Param, lang: str) -> str:
    """One placeholder's value in words."""
    if isinstance(param, Phrase):
        return say(param, lang)
    if isinstance(param, Seat):
        return player_name(param.index, lang)
    if isinstance(param, Team):
        return translate("term.team", lang, number=param.index + 1)
    if isinstance(param, Points):
        return points(param.count, lang, won=param.won)
    if isinstance(param, Pips):
        return pips(param.count, lang)
    if isinstance(param, Either):
        return format_list([_value(part, lang) for part in param.items], lang, either=True)
    if isinstance(param, tuple):
        return format_list([_value(part, lang) for part in param], lang)
    return str(param) if isinstance(param, int | str | Tile) else repr(param)


def say(sentence: Phrase, lang: str) -> str:
    """A phrase in ``lang``."""
    return translate(sentence.key, lang, **{name: _value(v, lang) for name, v in sentence.params})


def _reason(reason: Reason, lang: str) -> str:
    if isinstance(reason, RoundResult):
        return " ".join(explanation_steps(reason, lang))
    return say(reason, lang)


def words(item: Item, lang: str) -> ItemText:
    """``item`` worded in ``lang``."""
    parse_lang(lang)
    return ItemText(
        lang,
        " ".join(say(sentence, lang) for sentence in item.question),
        tuple(say(choice.text, lang) for choice in item.choices),
        tuple(
            "" if choice.mistake is None else say(choice.mistake, lang) for choice in item.choices
        ),
        say(item.answer.text, lang),
        " ".join(_reason(reason, lang) for reason in item.explanation),
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
    tiles = [numbers_in_words(piece.left, piece.right, lang) for piece in chain.line]
    left, right = chain.numbers or (0, 0)
    return translate(
        "practice.figure.chain",
        lang,
        tiles=", ".join(tiles),
        left=number_word(left, lang),
        right=number_word(right, lang),
    )

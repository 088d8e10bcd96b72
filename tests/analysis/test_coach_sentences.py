"""The coach's sentences read as sentences: each reason fits the sentence it goes into.

A hint ends with the coach's pick and its reason (``coach.hint.pick`` with a
``coach.reason.*`` inside). Each template is rendered with real values (a move from a
dealt round, a seat's name, a pip count, a share) in every language, and every result
must be one sentence, hold at most one colon, and put no bare number in brackets: a
number in brackets says what it counts ("(100 jakoa)", not "(100)").
"""

from __future__ import annotations

import re

import pytest

from blockdomino import LANGS, Round, Rules
from blockdomino.analysis.coach.reasons import Reason
from blockdomino.analysis.coach.values import MoveValue
from blockdomino.analysis.coach.words import REASON_KEYS, move_line, move_text, reason_text
from blockdomino.engine.events import Move
from blockdomino.engine.tiles import Tile
from blockdomino.words.i18n import translate

SENTENCE_END = re.compile(r"[.!?](?=\s+\S)")
"""A full stop, question or exclamation mark with more text after it: a second sentence."""
BARE_NUMBER = re.compile(r"\(\s*[−+\-]?[\d\s.,%]+\)")
"""A bracket holding only a number, such as "(100)" or "(11)"."""

REASONS = (
    Reason("domino", tile=Tile(2, 5)),
    Reason("closes", number=6, seat=1),
    Reason("heavy", tile=Tile(5, 6), pips=11),
    Reason("keeps", number=4),
    Reason("double", tile=Tile(2, 2)),
    Reason("value", share=0.62),
)
"""One reason of every kind, with the values a real hint gives it."""


def a_move() -> Move:
    """A move at an end of a real chain: the second move of a seeded two-player round."""
    position = Round.deal(Rules.preset("match", 2), 1)
    position = position.play(position.legal_moves()[0])
    return next(move for move in position.legal_moves() if move.end is not None)


def pick_sentence(reason: Reason, lang: str) -> str:
    """The coach's pick as a hint ends with it."""
    move = move_text(a_move(), lang)
    return translate("coach.hint.pick", lang, move=move, reason=reason_text(reason, lang))


def problems(text: str) -> list[str]:
    """What keeps ``text`` from reading as one plain sentence."""
    found = []
    if SENTENCE_END.search(text) or not text.endswith("."):
        found.append("not one sentence")
    if text.count(":") > 1:
        found.append("two colons")
    if BARE_NUMBER.search(text):
        found.append("a bare number in brackets")
    return found


def test_every_kind_of_reason_is_rendered() -> None:
    """The rendered reasons cover every kind the coach gives."""
    assert {reason.kind for reason in REASONS} == set(REASON_KEYS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("reason", REASONS, ids=lambda reason: reason.kind)
def test_the_pick_and_its_reason_are_one_sentence(reason: Reason, lang: str) -> None:
    """ "Valmentaja pelaisi [3|6] päähän 3, koska …": one sentence, one colon at most."""
    sentence = pick_sentence(reason, lang)
    assert not problems(sentence), f"{lang}: {sentence}: {problems(sentence)}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_move_line_names_what_its_numbers_count(lang: str) -> None:
    """A hint's line per move: its value, its share of wins and the number of deals."""
    entry = MoveValue(a_move(), value=3.25, win_share=0.62, samples=100)
    line = move_line(entry, lang) + "."
    assert not BARE_NUMBER.search(line), f"{lang}: {line}"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Valmentaja pelaisi [3|6] päähän 3: sulkee numeron 6: Pelaaja 1 ohitti.", "two colons"),
        ("Tränaren lägger [5|6]. Du blir av med den.", "not one sentence"),
        ("[5|6] päähän 6: arvo +1, voittaa 62 % jaoista (100)", "a bare number in brackets"),
    ],
)
def test_a_badly_joined_sentence_is_found(text: str, found: str) -> None:
    """The checks fail on the sentences this test was written against."""
    assert found in problems(text)

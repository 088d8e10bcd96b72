"""Every hand an item draws is named by its question: the pupil's own hand is given as
"your hand", another player's by the player's name, or all of them at once ("every hand
is shown"); a hand the question does not use is not drawn."""

from __future__ import annotations

import pytest

from blockdomino.practice import generate, words
from blockdomino.practice.export import YOUR_HAND, captions
from blockdomino.practice.items import LEVELS, Item
from blockdomino.practice.topics import TOPICS
from blockdomino.words.i18n import LANGS, translate
from blockdomino.words.text import player_name

EVERY_HAND = {"fi": "Kaikki kädet näkyvät", "sv": "Alla händer syns", "en": "Every hand is shown"}
"""The sentence a question says when it shows every hand."""


def _unnamed(item: Item, lang: str) -> list[int]:
    """The seats whose hand is drawn though the question does not name it."""
    question = words(item, lang).question
    every = EVERY_HAND[lang] in question and len(item.shown) == item.position.rules.players
    yours = any(sentence.key == YOUR_HAND for sentence in item.question)
    return [
        seat
        for seat in item.shown
        if not every
        and not (yours and seat == item.position.turn)
        and player_name(seat, lang) not in question
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("topic", TOPICS)
def test_every_hand_drawn_is_named_by_the_question(topic: str, level: int, lang: str) -> None:
    for seed in range(8):
        item = generate(topic, level, seed)
        assert _unnamed(item, lang) == [], (seed, words(item, lang).question)


def test_the_pupil_s_own_hand_is_captioned_as_theirs() -> None:
    """Where the question gives the pupil's hand, its picture says "Your hand"."""
    item = generate("passes", 3, 0)
    assert item.shown == (item.position.turn,)
    assert captions(item, "fi")[1] == translate("practice.figure.your_hand", "fi")

"""A practice item's answers name their tiles as the other tile buttons do: in words
("B: yksi–neljä", "A: nolla–kuusi päähän 6"), never "B: [1|4]", and with the tile and the
words around it, so that the app draws the tile's picture between them while a screen
reader hears the answer in words."""

from __future__ import annotations

import pytest

from blockdomino.engine.tiles import Tile
from blockdomino.play.answer_buttons import LETTERS
from blockdomino.play.practice import PracticeController
from blockdomino.play.view_model import Button
from blockdomino.words.i18n import LANGS
from blockdomino.words.text import tile_in_words

NAMING_TILES = ("matching", "passes", "leader", "strategy")
"""The topics whose answers each name one tile (a tile, a leader's tile, a move)."""


def _answers(topic: str, lang: str, seed: int) -> tuple[Button, ...]:
    return PracticeController(lang=lang, topic=topic, seed=seed).view().group("choices")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", NAMING_TILES)
def test_an_answer_naming_a_tile_carries_its_picture_and_says_it_in_words(
    topic: str, lang: str
) -> None:
    for seed in range(3):
        for index, answer in enumerate(_answers(topic, lang, seed)):
            assert "[" not in answer.label, answer.label
            assert answer.tile, answer
            words = tile_in_words(Tile.parse(answer.tile), lang)
            shown = " ".join(part for part in (answer.before, words, answer.beside) if part)
            assert shown == answer.label
            assert answer.before.startswith(f"{LETTERS[index]}:")
            assert answer.spoken == answer.label


@pytest.mark.parametrize("lang", LANGS)
def test_a_move_answer_names_its_tile_in_words_and_its_end_beside_the_picture(lang: str) -> None:
    """Strategy's moves read "A: zero–six on the 6": the tile in words (the sheet's
    notation stays on paper), the end beside the tile's picture."""
    for answer in _answers("strategy", lang, 0):
        assert answer.beside[-1:].isdigit(), answer
        assert answer.before == answer.label[:2]


@pytest.mark.parametrize("topic", ["doubles", "scoring", "passing", "holds"])
def test_an_answer_naming_no_tile_is_its_label_alone(topic: str) -> None:
    for answer in _answers(topic, "fi", 1):
        assert (answer.tile, answer.before, answer.beside, answer.spoken) == ("", "", "", "")

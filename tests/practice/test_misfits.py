"""The slip behind picking a tile that fits nowhere (``practice.misfits``): each wrong
tile of a "which tile" question names a slip of its own, never just "it does not fit",
and the tiles offered stand in the order the hand is drawn."""

from __future__ import annotations

import pytest

from blockdomino import Tile
from blockdomino.engine.chain import Chain
from blockdomino.lessons.mistakes import described
from blockdomino.practice import generate, words
from blockdomino.practice.drafts import tile_value
from blockdomino.practice.items import Item
from blockdomino.practice.misfits import misfit, misfits
from blockdomino.words.i18n import LANGS

TILE_QUESTIONS = [("matching", 1), ("passing", 2), ("passing", 3)]
"""The questions whose choices are tiles of the hand drawn above them."""
SEEDS = range(40)


def slip(tile: str, chain: str) -> str | None:
    found = misfit(Tile.parse(tile), Chain.parse(chain))
    return None if found is None else found.key


@pytest.mark.parametrize(
    ("tile", "chain", "key"),
    [
        ("[0|3]", "[2|5] [5|6]", "error.play.no_match_zero"),
        ("[1|3]", "[0|5] [5|6]", "error.play.no_match_zero"),
        ("[1|5]", "[2|5] [5|6]", "practice.mistake.joined_half"),
        ("[4|4]", "[1|1] [1|6]>", "practice.mistake.double_anywhere"),
        ("[1|3]", "[4|6] [6|6]", "practice.mistake.added_halves"),
        ("[3|4]", "[1|2] [2|5]", "practice.mistake.next_number"),
        ("[3|3]", "[1|1] [1|6]>", "practice.mistake.double_anywhere"),
        ("[3|4]", "[0|6] [6|6]", "error.play.no_match_zero"),
        ("[1|2]", "[5|5] [5|6]>", None),
    ],
)
def test_a_tile_that_fits_nowhere_is_explained_by_its_likeliest_slip(
    tile: str, chain: str, key: str | None
) -> None:
    assert slip(tile, chain) == key


def test_only_the_first_tile_for_each_slip_is_offered() -> None:
    chain = Chain.parse("[2|5] [5|6]")
    tiles = [Tile.parse(t) for t in ("[3|3]", "[1|1]", "[1|5]", "[0|3]", "[3|5]")]
    assert [(str(t), s.key) for t, s in misfits(tiles, chain)] == [
        ("[3|3]", "practice.mistake.double_anywhere"),
        ("[1|5]", "practice.mistake.joined_half"),
        ("[0|3]", "error.play.no_match_zero"),
    ]


def tile_choices(item: Item) -> list[str]:
    hand = {tile_value(tile) for tile in item.position.hand}
    return [str(choice.value) for choice in item.choices if choice.value in hand]


@pytest.mark.parametrize(("topic", "level"), TILE_QUESTIONS)
def test_every_wrong_tile_names_a_slip_of_its_own(topic: str, level: int) -> None:
    for seed in SEEDS:
        item = generate(topic, level, seed)
        keys = [c.mistake.key for c in item.choices if c.mistake is not None]
        assert "error.play.no_match" not in keys, (seed, keys)
        assert len(set(keys)) == len(keys), (seed, keys)


@pytest.mark.parametrize(("topic", "level"), TILE_QUESTIONS)
def test_the_tiles_to_choose_stand_in_the_order_of_the_hand_drawn(topic: str, level: int) -> None:
    mixed = 0
    for seed in SEEDS:
        item = generate(topic, level, seed)
        order = [tile_value(tile) for tile in item.position.hand]
        offered = tile_choices(item)
        assert offered == sorted(offered, key=order.index), seed
        assert item.choices[: len(offered)] == tuple(
            c for c in item.choices if str(c.value) in offered
        )
        mixed += len(offered) > 2
    assert mixed > len(SEEDS) // 4


@pytest.mark.parametrize("lang", LANGS)
def test_the_class_is_told_each_wrong_tiles_slip_in_its_own_words(lang: str) -> None:
    said: set[str] = set()
    for seed in SEEDS:
        item = generate("matching", 1, seed)
        wrong = [c for c in item.choices if c.mistake is not None]
        sentences = {described(c.mistake.key, 3, lang) for c in wrong if c.mistake is not None}
        assert len(sentences) == len(wrong), seed
        notes = {n for n, c in zip(words(item, lang).notes, item.choices, strict=True) if c.mistake}
        assert len(notes) == len(wrong), seed
        said |= sentences
    assert len(said) == 5

"""The reason given for a tile that does not fit is true of the position: it names that
tile and the two open ends, and says that 0 matches only 0 only where a 0 is involved
(a pupil told "A 0 matches only a 0" about [5|5] against 1 and 4 is misled)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino import Chain, IllegalMoveError, Round, Rules, Tile
from blockdomino.analysis.players import random_move, step
from blockdomino.words.i18n import LANGS, translate

ZERO = {
    "en": "A 0 matches only a 0.",
    "fi": "Nolla sopii vain nollaan.",
    "sv": "Noll passar bara mot noll.",
}


def _refusals(position: Round) -> list[tuple[Tile, IllegalMoveError]]:
    if position.is_over or not position.chain.tiles:
        return []
    refused = []
    for tile in position.hand:
        if not position.chain.ends_for(tile):
            with pytest.raises(IllegalMoveError) as caught:
                position.play(tile)
            refused.append((tile, caught.value))
    return refused


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(["match", "block", "partnership", "draw"]),
    seed=st.integers(0, 2**32),
    steps=st.integers(1, 12),
)
def test_every_reason_names_the_tile_and_the_ends(preset: str, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    position = Round.deal(Rules.preset(preset, 4 if preset == "partnership" else 2), rng)
    for _ in range(steps):
        if position.is_over:
            break
        position = step(position, random_move, rng)
    ends = position.chain.open_ends if position.chain.tiles else ()
    for tile, error in _refusals(position):
        left, right = error.params["left"], error.params["right"]
        assert error.params["tile"] == tile
        assert sorted((left, right)) == sorted(end.pips for end in ends)
        zero = 0 in (tile.low, tile.high, left, right)
        for lang in LANGS:
            text = translate(error.key, lang, **error.params)
            assert all(str(part) in text for part in (tile, left, right)), text
            assert (ZERO[lang] in text) is zero, text


def test_a_double_five_against_one_and_four_is_not_told_about_zero() -> None:
    chain = Chain().play(Tile(1, 4))
    position = Round.from_hands(
        Rules.preset("match", 2), ["[5|5] [1|2]", "[3|3] [2|6]"], chain=chain
    )
    [(tile, refusal)] = _refusals(position)
    assert tile == Tile(5, 5)
    assert refusal.key == "error.play.no_match"
    assert "0" not in translate(refusal.key, "en", **refusal.params)

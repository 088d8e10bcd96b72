"""Screen readers hear a hand's tiles in words in each language ("five–six, fits"),
never the bracket notation and the check mark."""

from __future__ import annotations

import pytest

from blockdomino import Chain, Tile
from blockdomino.play.choosing import choice_buttons, tile_spoken

SAID = {
    "en": ("five–six, fits", "zero–three", "five–six, fits, chosen"),
    "fi": ("viisi–kuusi, sopii", "nolla–kolme", "viisi–kuusi, sopii, valittu"),
    "sv": ("fem–sex, passar", "noll–tre", "fem–sex, passar, vald"),
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_tiles_are_named_in_words_and_say_whether_they_fit(lang: str) -> None:
    fits, plain, chosen = SAID[lang]
    assert tile_spoken(Tile(5, 6), fits=True, chosen=False, lang=lang) == fits
    assert tile_spoken(Tile(0, 3), fits=False, chosen=False, lang=lang) == plain
    assert tile_spoken(Tile(6, 5), fits=True, chosen=True, lang=lang) == chosen


@pytest.mark.parametrize("lang", sorted(SAID))
def test_every_tile_button_of_a_hand_carries_its_spoken_words(lang: str) -> None:
    chain = Chain.parse("[6|6]")
    hand = (Tile(5, 6), Tile(0, 3))
    made = choice_buttons(
        chain, hand, playable={Tile(5, 6)}, selected=None, enabled=True, lang=lang
    )
    buttons = [button for button in made if button.group == "tiles"]
    assert [b.spoken for b in buttons] == [SAID[lang][0], SAID[lang][1]]
    assert all("[" not in b.spoken and "✓" not in b.spoken for b in buttons)

"""Moves as a screen reader hears them: every tile in words, as the hand's tile buttons
say it ("yksi–viisi"), never "[1|5]", which a screen reader spells bracket by bracket."""

from __future__ import annotations

import pytest

from blockdomino import LANGS, Chain, Draw, Round, Rules, Tile
from blockdomino.engine.tiles import parse_tiles
from blockdomino.play.choosing import tile_spoken
from blockdomino.words.narration import event_sentence, turn_sentence
from blockdomino.words.text import describe, describe_end, describe_join, tile_in_words

ONE_FIVE = {"fi": "yksi–viisi", "sv": "ett–fem", "en": "one–five"}


def _five_five_opened() -> Round:
    return Round.from_hands(
        Rules.preset("block", 3),
        ["[1|5] [2|3]", "[0|0] [4|6]", "[3|3] [1|1]"],
        chain=Chain.parse("[5|5]"),
    )


@pytest.mark.parametrize("lang", LANGS)
def test_a_tile_in_words_is_the_tile_buttons_words(lang: str) -> None:
    assert tile_in_words(Tile(5, 1), lang) == ONE_FIVE[lang]
    assert tile_spoken(Tile(1, 5), fits=False, chosen=False, lang=lang) == ONE_FIVE[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_a_spoken_play_names_its_tile_and_end_in_words(lang: str) -> None:
    before = _five_five_opened()
    move = before.legal_moves()[0]
    after = before.play(move.tile, move.end)
    event = after.history[-1]
    spoken = event_sentence(before, event, lang, ["Aino", "", ""], spoken=True)
    assert "[" not in spoken, spoken
    assert "|" not in spoken, spoken
    assert ONE_FIVE[lang] in spoken, spoken
    five_five = {"fi": "viisi–viisi", "sv": "fem–fem", "en": "five–five"}[lang]
    assert five_five in spoken, spoken
    assert spoken.startswith("Aino ("), spoken
    shown = event_sentence(before, event, lang, ["Aino", "", ""])
    assert "[1|5]" in shown, shown
    assert "[5|5]" in shown, shown


@pytest.mark.parametrize("lang", LANGS)
def test_a_spoken_opening_and_a_drawers_own_draw_name_tiles_in_words(lang: str) -> None:
    empty = Round.from_hands(Rules.preset("block", 2), ["[5|5] [2|3]", "[0|1] [4|6]"])
    opened = empty.play(Tile(5, 5))
    said = event_sentence(empty, opened.history[-1], lang, spoken=True)
    assert tile_in_words(Tile(5, 5), lang) in said, said
    assert "[" not in said, said
    drawing = Round.from_hands(
        Rules.preset("draw", 2),
        ["[2|4] [2|6]", "[3|6] [3|3]"],
        chain=Chain.parse("[0|0]"),
        out_of_play=parse_tiles("[4|4] [2|3] [4|5] [6|6]"),
    )
    drawn = drawing.draw()
    event = drawn.history[-1]
    assert isinstance(event, Draw)
    mine = turn_sentence(drawing, (event,), lang, viewer=0, spoken=True)
    assert "[" not in mine, mine
    assert tile_in_words(event.tile, lang) in mine, mine


SMALLER_END = {"fi": "pienempi pää", "sv": "lägre ände", "en": "lower end"}
BIGGER_END = {"fi": "suurempi pää", "sv": "högre ände", "en": "higher end"}
END_WITH_ONE = {"fi": "pää, jossa on 1", "sv": "änden med 1", "en": "the end with 1"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_spoken_chain_names_each_end_by_its_number(lang: str) -> None:
    """Said to a pupil, an end is the one with 1, not "the smaller end" (which asks the
    pupil to compare the halves); the documents' notation keeps its own names."""
    chain = Chain.parse("[1|4] [1|1]")
    spoken = describe(chain, lang, spoken=True)
    assert SMALLER_END[lang] not in spoken
    assert BIGGER_END[lang] not in spoken
    assert END_WITH_ONE[lang] in describe_join(chain.joins[0], lang, spoken=True)
    end = next(end for end in chain.open_ends if end.tile == Tile(1, 4))
    assert describe_end(end, lang, spoken=True).endswith(
        f"({END_WITH_ONE[lang].replace('1', '4')})"
    )
    assert SMALLER_END[lang] in describe(chain, lang)

"""The draw game in words and pictures: a drawing is worded as secret as the hand.

RULES.md, "The draw game, for comparison": "Drawn tiles are secret like the hand." The
table diagram counts the pot where Block counts the tiles out of play.
"""

from __future__ import annotations

import re

import pytest

from blockdomino import LANGS, Chain, Draw, Round, Rules, Tile, svg
from blockdomino.analysis.players import play_round
from blockdomino.engine.positions import positions
from blockdomino.engine.tiles import parse_tiles
from blockdomino.words.i18n import translate
from blockdomino.words.narration import turn_sentence, turns
from blockdomino.words.text import drawing


def _after_two_draws() -> Round:
    position = Round.from_hands(
        Rules.preset("draw", 2),
        ["[1|4] [2|6]", "[3|5] [3|3]"],
        chain=Chain.parse("[5|5]"),
        out_of_play=parse_tiles("[0|1] [2|3] [4|5] [6|6]"),
    )
    return position.draw().draw()


@pytest.mark.parametrize("lang", LANGS)
def test_a_drawing_names_its_tiles_only_to_the_drawer(lang: str) -> None:
    """The drawer reads the tiles; everyone else reads how many."""
    tiles = (Tile(0, 1), Tile(2, 3))
    mine = drawing(0, tiles, lang, viewer=0)
    assert "[0|1]" in mine
    assert "[2|3]" in mine
    theirs = drawing(0, tiles, lang, viewer=1)
    assert "[0|1]" not in theirs
    assert "2" in theirs
    assert drawing(0, tiles[:1], lang) == translate(
        "text.drew.one", lang, player=translate("term.player", lang, number=1)
    )


def _desc(image: str) -> str:
    found = re.search(r"<desc[^>]*>([^<]*)</desc>", image)
    assert found is not None
    return found[1]


def test_the_table_counts_the_pot_and_keeps_draws_secret() -> None:
    """Face down, the drawer's tiles are not named in the diagram's text; face up they are;
    the status line counts the pot."""
    position = _after_two_draws()
    hidden = svg.table(position, lang="en", reveal=False)
    assert translate("svg.label.pot", "en", count=2) in hidden
    assert "Player 1 drew 2 tiles from the pot." in _desc(hidden)
    assert "[0|1]" not in _desc(hidden)
    shown = svg.table(position, lang="en", reveal=(0,))
    assert "Player 1 drew zero–one and two–three from the pot." in _desc(shown)


def test_block_counts_the_tiles_out_of_play() -> None:
    """In Block the status line still speaks of tiles out of play, not of a pot."""
    position = Round.deal(Rules.preset("block", 2), 1)
    image = svg.table(position, lang="fi")
    assert translate("svg.label.out_of_play", "fi", count=14) in image
    assert translate("svg.label.pot", "fi", count=14) not in image


def test_a_run_of_draws_is_one_turn_named_to_the_drawer_alone() -> None:
    """The table's log and the replays word turns alike: one seat's draws until a tile fits
    are one turn, then its play is the next; the drawn tiles are named to the drawer only."""
    position = play_round(Round.deal(Rules.preset("draw", 2), 4), seed=4)
    found = turns(positions(position))
    assert sum(len(events) for _, events in found) == len(position.history)
    runs = [events for _, events in found if isinstance(events[0], Draw)]
    assert any(len(run) > 1 for run in runs), "choose a seed with a run of draws"
    for before, events in found:
        assert len({event.seat for event in events}) == 1
        if not isinstance(events[0], Draw):
            assert len(events) == 1
            continue
        assert all(isinstance(event, Draw) for event in events)
        seat = events[0].seat
        named = [str(event.tile) for event in events if isinstance(event, Draw)]
        to_drawer = turn_sentence(before, events, "en", viewer=seat)
        to_other = turn_sentence(before, events, "en", viewer=1 - seat)
        assert all(tile in to_drawer for tile in named)
        assert not any(tile in to_other for tile in named)

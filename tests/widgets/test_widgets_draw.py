"""The draw game in ``RoundPlayer``: a Draw button, the pot on the table, draws in the log.

RULES.md, "The draw game, for comparison": a player who cannot play draws from the pot
until a tile fits or the pot is empty; passes only with nothing playable and an empty
pot; drawn tiles are secret but to the drawer.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import DRAW_PLAYERS
from test_widgets import play_by_clicks

from blockdomino import Draw, IllegalMoveError, Rules
from blockdomino.widgets import MatchPlayer, RoundPlayer
from blockdomino.words import explain
from blockdomino.words.i18n import translate

DRAW2 = Rules.preset("draw", 2)


def _buttons(player: Any) -> list[Any]:
    return [child for box in player.children for child in getattr(box, "children", ())]


def test_the_draw_button_is_there_only_in_the_draw_game() -> None:
    """Block never draws ("Ingen drar någonsin"): no Draw button there."""
    drawing = RoundPlayer(DRAW2, seed=1, lang="en")
    assert drawing.draw_button in _buttons(drawing)
    block = RoundPlayer(Rules.preset("block", 2), seed=1, lang="en")
    assert block.draw_button not in _buttons(block)
    match = MatchPlayer(Rules.preset("draw", 2, target=50), seed=1, lang="en")
    assert match.draw_button in _buttons(match)


def test_the_learner_is_told_to_draw() -> None:
    """Nothing fits and the pot has tiles: the message says so, Pass is off, Draw is on."""
    for seed in range(20):
        player = RoundPlayer(DRAW2, seed=seed, lang="en")
        while not player.position.is_over and not player.position.can_draw():
            player.play(player.position.legal_moves()[0].tile, player.position.legal_moves()[0].end)
        position = player.position
        if position.is_over:
            continue
        left, right = position.chain.numbers
        must = translate(
            "widgets.round.must_draw", "en", left=left, right=right, count=len(position.pot)
        )
        assert player.message.value == f"<p>{must}</p>"
        assert player.pass_button.disabled
        assert not player.draw_button.disabled
        return
    raise AssertionError("the learner never had to draw")


@pytest.mark.parametrize(("preset", "players"), DRAW_PLAYERS)
def test_whole_draw_games_by_clicks(preset: str, players: int) -> None:
    """The learner draws when nothing fits, plays what fits, and every round ends; the
    log names the learner's drawn tiles and only counts the others'."""
    drawn = []
    for seed in range(6):
        player = RoundPlayer(Rules.preset(preset, players), seed=seed, lang="en")
        play_by_clicks(player)
        history = player.position.history
        drawn += [event for event in history if isinstance(event, Draw)]
        if any(event.seat == 0 for event in history if isinstance(event, Draw)):
            assert re.search(r"Player 1 \(you\) drew \w+–\w+", player.turns.value)
        if any(event.seat == 1 for event in history if isinstance(event, Draw)):
            assert re.search(r"Player 2 drew (a tile|\d+ tiles) from the pot", player.turns.value)
            assert "[" not in player.turns.value
    assert any(event.seat == 0 for event in drawn)


def test_a_draw_while_a_tile_fits_is_refused() -> None:
    """ "a player who can play may not draw instead": the message says which tile fits."""
    player = RoundPlayer(DRAW2, seed=1, lang="fi")
    before = player.state
    assert before.can_play()
    assert not player.draw_button.disabled
    player.draw()
    with pytest.raises(IllegalMoveError) as refused:
        before.draw()
    assert refused.value.key == "error.round.draw_with_move"
    assert player.message.value == f"<p>{explain(refused.value, 'fi', spoken=True)}</p>"
    assert player.state is before


def test_the_table_shows_the_pot() -> None:
    """The board counts the pot's tiles face down, in the learner's language."""
    player = RoundPlayer(DRAW2, seed=2, lang="sv")
    count = len(player.position.pot)
    assert translate("svg.label.pot", "sv", count=count) in player.board.value

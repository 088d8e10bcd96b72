"""The table widgets, driven as a learner drives them: ``RoundPlayer`` played round by
round by pressing its buttons (every preset and player count, passes only when forced,
the computer's turns logged and their hands hidden, undo, seeds), and ``MatchPlayer``
going from round to round to the end of a match, its teams named in a partnership.

The clicking helpers are ``test_widgets.py``'s, as in the other widget tests.
"""

from __future__ import annotations

import re

import pytest
from conftest import PRESET_PLAYERS
from test_widgets import error_text, play_by_clicks

from blockdomino import Round, Rules
from blockdomino.svg.awards import award
from blockdomino.widgets import MatchPlayer, RoundPlayer
from blockdomino.words.i18n import translate
from blockdomino.words.text import explain_result, tile_in_words

# -- RoundPlayer -----------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "players"), PRESET_PLAYERS)
def test_a_whole_round_by_clicks(preset: str, players: int) -> None:
    rules = Rules.preset(preset, players)
    player = RoundPlayer(rules, seed=7, lang="fi")
    play_by_clicks(player)
    result = player.position.result
    assert result is not None
    for step in explain_result(result, "fi").splitlines():
        assert f"<li>{step}</li>" in player.message.value
    figure = award(player.position, lang="fi").html()
    assert player.message.value == "<p>Kierros on päättynyt.</p>" + figure
    assert all(b.disabled for b in (*player.tile_buttons, *player.end_buttons))
    assert player.pass_button.disabled
    assert 'class="tile back"' not in player.board.value  # every hand shown


def test_the_learner_passes_only_when_forced() -> None:
    rules = Rules.preset("match", 2)
    passes = sum(play_by_clicks(RoundPlayer(rules, seed=seed, lang="en")) for seed in range(12))
    assert passes > 0


def test_a_pass_while_a_tile_fits_is_refused() -> None:
    player = RoundPlayer(Rules.preset("match", 2), seed=1, lang="fi")
    before = player.state
    assert before.can_play()
    assert player.pass_button.disabled
    player.pass_turn()
    assert player.message.value == f"<p>{error_text(before.pass_turn, 'fi')}</p>"
    assert player.state is before


def test_computer_turns_are_logged_and_the_table_hides_their_hands() -> None:
    player = RoundPlayer(Rules.preset("match", 2), seed=1, lang="fi")
    assert player.position.turn == 0
    opened = translate("narration.open", "fi", player="Pelaaja 2", tile="kolme–viisi")
    assert player.turns.value == f"<ol><li>{opened}</li></ol>"
    assert 'class="tile back"' in player.board.value
    tile = next(move.tile for move in player.position.legal_moves())
    player.play(tile, player.position.legal_moves()[0].end)
    said = tile_in_words(tile, "fi")
    mine = translate("narration.play", "fi", player="Pelaaja 1 (sinä)", tile=said, end="\0")
    assert f"<li>{mine.partition(chr(0))[0]}" in player.turns.value
    play = translate("narration.play", "fi", player="Pelaaja 2", tile="TILE", end="END")
    passed = translate("narration.pass", "fi", player="Pelaaja 2", left="LEFT", right="RIGHT")
    either = "|".join(
        re.escape(sentence)
        .replace("TILE", r"\w+–\w+")
        .replace("END", "[^<]*")
        .replace("LEFT", r"\d")
        .replace("RIGHT", r"\d")
        for sentence in (play, passed)
    )
    assert re.search(f"<li>({either})</li></ol>$", player.turns.value)


def test_undo_goes_back_to_the_learners_previous_turn() -> None:
    player = RoundPlayer(Rules.preset("block", 3), seed=3, lang="sv")
    first = player.state
    assert player.undo_button.disabled
    move = first.legal_moves()[0]
    player.play(move.tile, move.end)
    answered = player.state
    assert answered.turn == player.seat or answered.is_over
    player.undo_button.click()
    assert player.state is first
    player.play(move.tile, move.end)
    assert player.state == answered  # the computer answers the same way again


def test_the_same_seed_plays_the_same_way() -> None:
    rules = Rules.preset("match", 3)
    one, two = (RoundPlayer(rules, seed=11, lang="en", strategy="heaviest") for _ in range(2))
    assert repr(one) == repr(two)
    assert one.board.value == two.board.value
    play_by_clicks(one)
    play_by_clicks(two)
    assert one.state == two.state
    assert one.board.value == two.board.value
    assert repr(one) == repr(two)
    assert repr(one).startswith(
        "RoundPlayer(preset='match', players=3, seed=11, seat=0, strategy='heaviest', chain="
    )


def test_new_round_deals_the_next_seed() -> None:
    player = RoundPlayer(Rules.preset("block", 2), seed=5, lang="en")
    player.new_button.click()
    assert player.seed == 6
    assert player.state.hands == Round.deal(Rules.preset("block", 2), 6).hands
    assert not player.undo_button.disabled, "undo brings back the round that was"
    player.undo_button.click()
    assert player.state.hands == Round.deal(Rules.preset("block", 2), 5).hands


def test_an_unknown_strategy_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown strategy 'clever'"):
        RoundPlayer(Rules.preset("match"), seed=1, lang="en", strategy="clever")


# -- MatchPlayer -----------------------------------------------------------------------


def test_match_player_goes_through_a_round_into_the_next() -> None:
    player = MatchPlayer(Rules.preset("match", 3), seed=2, lang="fi")
    assert player.next_button.disabled
    player.next_round()
    assert player.message.value == "<p>Kierros on vielä kesken.</p>"
    play_by_clicks(player)
    figure = award(player.position, lang="fi").html()
    after = translate("widgets.match.next", "fi")
    assert player.message.value == f"<p>Kierros on päättynyt.</p>{figure}<p>{after}</p>"
    assert not player.next_button.disabled
    record = player.state.log[0]
    assert "Kierros 1:" in player.scores.value
    for score in player.state.scores:
        assert f": {score} pistettä" in player.scores.value
    player.next_button.click()
    assert player.state.number == 2
    assert player.state.round.leader == (record.leader + 1) % 3
    assert repr(player).endswith("lang='fi', round=2)")


def test_match_player_plays_a_match_to_its_end() -> None:
    player = MatchPlayer(Rules.preset("match", 2, target=20), seed=4, lang="en")
    for _ in range(30):
        play_by_clicks(player)
        if player.state.is_over:
            break
        player.next_button.click()
    match = player.state
    assert match.is_over
    assert player.next_button.disabled
    if match.winner is not None:
        assert "The match is over:" in player.message.value
    else:
        assert "drawn" in player.message.value


def test_match_player_names_the_teams_in_a_partnership() -> None:
    player = MatchPlayer(Rules.preset("partnership", target=61), seed=1, lang="en")
    assert "Team 1 (Player 1 (you) and Player 3): 0 points" in player.scores.value
    assert "Your partner, sitting opposite, is Player 3." in player.info.value

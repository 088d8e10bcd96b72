"""Every preset through the one game interface (``engine.game``), round and match alike.

Random legal play: the legal actions are never empty until the game is over, a legal
action always applies, an illegal one raises the project's error and changes nothing,
every state stays as it was, and the returns agree with the rules' scoring.
"""

from __future__ import annotations

import random

import pytest
from conftest import DRAW_PLAYERS, PRESET_PLAYERS, expected_result, seeds, snapshot
from hypothesis import given, settings

from blockdomino import BlockdominoError, Chain, Match, Round, Rules
from blockdomino.engine.game import NEXT_ROUND, Action, Game
from blockdomino.engine.round import Draw, Move, Pass
from blockdomino.engine.tiles import DOUBLE_SIX, parse_tiles
from blockdomino.words import explain

EVERY_PRESET = PRESET_PLAYERS + DRAW_PLAYERS

SHORT_MATCH = 25
"""The target of the matches played here: a few rounds, not dozens."""


def illegal_actions(game: Game) -> list[Action]:
    """Actions the rules refuse now: a tile not held, a pass or draw out of turn or
    while a tile fits, a chosen draw, a next round mid-round."""
    legal = set(game.legal_actions())
    current = game.current_round
    held = set(current.hand)
    seats = range(game.rules.players)
    candidates: list[Action] = [
        *(Move(tile, end) for tile in DOUBLE_SIX[:6] if tile not in held for end in (None,)),
        *(Pass(seat) for seat in seats),
        *(Draw(seat) for seat in seats),
        Draw(current.turn, DOUBLE_SIX[0]),
        NEXT_ROUND,
    ]
    return [action for action in candidates if action not in legal]


def check_play_out(game: Game, seed: int) -> Game:
    rng = random.Random(seed)
    while not game.is_over:
        actions = game.legal_actions()
        assert actions
        current = game.current_round
        assert game.to_move == (None if current.is_over else current.turn)
        before = snapshot(game)
        for action in illegal_actions(game):
            with pytest.raises(BlockdominoError):
                game.apply(action)
        action = rng.choice(actions)
        after = game.apply(action)
        assert game == before
        assert after != game
        game = after
    assert game.legal_actions() == ()
    assert game.to_move is None
    return game


@pytest.mark.parametrize(("name", "players"), EVERY_PRESET)
@settings(max_examples=15)
@given(seed=seeds)
def test_a_round_plays_through_the_interface(name: str, players: int, seed: int) -> None:
    rules = Rules.preset(name, players)
    final = check_play_out(Round.deal(rules, seed), seed)
    assert isinstance(final, Round)
    _, points = expected_result(rules, final.totals, final.dominoer)
    assert final.returns() == points


@pytest.mark.parametrize(("name", "players"), EVERY_PRESET)
@settings(max_examples=10)
@given(seed=seeds)
def test_a_match_plays_through_the_interface(name: str, players: int, seed: int) -> None:
    rules = Rules.preset(name, players, target=SHORT_MATCH)
    final = check_play_out(Match.start(rules, seed), seed)
    assert isinstance(final, Match)
    returns = final.returns()
    assert sum(returns) == sum(sum(record.result.points) for record in final.log)
    if final.winner is not None:
        assert all(returns[seat] == max(returns) for seat in final.winner)


def test_a_draw_action_names_no_tile() -> None:
    position = Round.from_hands(
        Rules.preset("draw", 2),
        ["[1|2] [0|5]", "[0|0] [1|4] [2|5]"],
        chain=Chain.parse("[6|6] [3|6]>"),
        turn=1,
        out_of_play=parse_tiles("[1|1] [0|2] [3|4] [4|4]"),
    )
    assert position.legal_actions() == (Draw(1),)
    with pytest.raises(BlockdominoError) as refused:
        position.apply(Draw(1, position.pot[0]))
    assert refused.value.key == "error.game.draw_chosen"
    assert position.apply(Draw(1)).hand == parse_tiles("[0|0] [1|1] [1|4] [2|5]")


def test_an_action_out_of_turn_is_refused_in_words() -> None:
    position = Round.deal(Rules.preset("block", 3), 1)
    with pytest.raises(BlockdominoError) as refused:
        position.apply(Pass((position.turn + 1) % 3))
    assert refused.value.key == "error.game.not_your_turn"
    assert "Player" in explain(refused.value, "en")


def test_a_match_between_rounds_deals_the_next() -> None:
    match = Match.start(Rules.preset("match", 2), 7)
    while not match.round.is_over:
        match = match.apply(match.legal_actions()[0])
    assert match.to_move is None
    assert match.legal_actions() == (NEXT_ROUND,)
    assert match.apply(NEXT_ROUND).number == 2

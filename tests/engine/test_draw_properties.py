"""Properties of every round of the draw game (preset ``draw``), over seeds and player counts.

Rounds are dealt from a random seed and played out by ``players.step`` (random legal
plays; a draw or a pass when nothing fits); each property is checked at every step.
RULES.md, "The draw game, for comparison", is the rule they follow.
"""

from __future__ import annotations

import itertools

import pytest
from conftest import draw_rules, positions, seeds, snapshot
from hypothesis import given

from blockdomino import DOUBLE_SIX, Draw, IllegalMoveError, Pass, Play, Round, Rules
from blockdomino.analysis.players import play_round


def _played(rules: Rules, seed: int) -> list[Round]:
    return list(positions(Round.deal(rules, seed), seed))


@given(draw_rules, seeds)
def test_the_28_tiles_are_conserved(rules: Rules, seed: int) -> None:
    """RULES.md: the pot holds the undealt tiles; at every step hands + chain + pot hold each
    of the 28 tiles exactly once."""
    for position in _played(rules, seed):
        everywhere = [t for hand in position.hands for t in hand]
        everywhere += [*position.chain.tiles, *position.pot]
        assert sorted(everywhere) == list(DOUBLE_SIX)


@given(draw_rules, seeds)
def test_nobody_draws_while_holding_a_tile_that_fits(rules: Rules, seed: int) -> None:
    """RULES.md: "a player who can play may not draw instead"; 003: draw "tills en bricka
    passar" — every draw was made by the seat to move with no legal play and a pot, and
    that seat stays to move."""
    for before, after in itertools.pairwise(_played(rules, seed)):
        event = after.history[-1]
        if isinstance(event, Draw):
            assert event.seat == before.turn == after.turn
            assert before.legal_moves() == ()
            assert before.pot


@given(draw_rules, seeds)
def test_a_pass_only_with_nothing_playable_and_an_empty_pot(rules: Rules, seed: int) -> None:
    """003: "Du står över bara när ingen bricka passar och potten är tom." """
    for before, after in itertools.pairwise(_played(rules, seed)):
        if isinstance(after.history[-1], Pass):
            assert before.legal_moves() == ()
            assert before.pot == ()


@given(draw_rules, seeds)
def test_a_drawn_tile_that_fits_is_played_at_once(rules: Rules, seed: int) -> None:
    """RULES.md: "a tile that fits must then be played" — after a run of draws the next
    event is the drawer's play of the last tile drawn, unless the pot ran out first."""
    history = _played(rules, seed)[-1].history
    for event, following in itertools.pairwise(history):
        if isinstance(event, Draw) and not isinstance(following, Draw):
            if isinstance(following, Play):
                assert (following.seat, following.tile) == (event.seat, event.tile)
            else:
                assert following.seat == event.seat


@given(draw_rules, seeds)
def test_the_round_blocks_only_with_an_empty_pot(rules: Rules, seed: int) -> None:
    """RULES.md: "The round is blocked when nobody can play and the pot is empty." — and
    every round ends, after at most 28 plays."""
    for position in _played(rules, seed):
        if position.is_blocked:
            assert position.pot == ()
        if position.pot and not position.is_over:
            assert not position.is_blocked
    final = _played(rules, seed)[-1]
    assert final.is_over
    assert sum(isinstance(event, Play) for event in final.history) <= 28


@given(draw_rules, seeds)
def test_a_held_position_never_changes(rules: Rules, seed: int) -> None:
    """Drawing, passing and refused draws and passes leave the position a caller holds
    exactly as it was."""
    for position in _played(rules, seed):
        before = snapshot(position)
        if position.can_draw():
            position.draw()
            with pytest.raises(IllegalMoveError):
                position.pass_turn()
        elif not position.is_over and not position.can_play():
            position.pass_turn()
            with pytest.raises(IllegalMoveError):
                position.draw()
        else:
            with pytest.raises(IllegalMoveError):
                position.draw()
        assert position == before


@given(draw_rules, seeds)
def test_the_same_seed_plays_the_same_draw_game(rules: Rules, seed: int) -> None:
    """Determinism: the pot's order comes from the seeded shuffle."""
    once = play_round(Round.deal(rules, seed), seed=seed)
    assert once == play_round(Round.deal(rules, seed), seed=seed)

"""A round goes back to its deal: every position from the deal to now, from its events alone."""

from __future__ import annotations

import pytest
from conftest import DRAW_PLAYERS, PRESET_PLAYERS, assert_worded
from conftest import positions as played_out
from hypothesis import given
from hypothesis import strategies as st

from blockdomino import Chain, Round, Rules, RulesError
from blockdomino.engine.positions import as_dealt, positions

EVERY_GAME = [*PRESET_PLAYERS, *DRAW_PLAYERS]


@pytest.mark.parametrize(("preset", "players"), EVERY_GAME)
@given(seed=st.integers(0, 10_000))
def test_every_position_of_a_round_comes_back_from_its_events(
    preset: str, players: int, seed: int
) -> None:
    """Going back to the deal and forward through the events gives each position the
    round passed through, in every preset, the draw game's pot included."""
    passed = list(played_out(Round.deal(Rules.preset(preset, players), seed), seed))
    assert list(positions(passed[-1])) == passed
    for position in passed:
        assert as_dealt(position) == passed[0]


def test_a_round_set_up_in_the_middle_has_no_deal_to_go_back_to() -> None:
    middle = Round.from_hands(
        Rules.preset("block", 2), ["[1|2] [0|5]", "[0|0] [1|4] [2|5]"], chain=Chain.parse("[6|6]")
    )
    with pytest.raises(RulesError) as refused:
        positions(middle)
    assert refused.value.key == "error.round.not_from_deal"
    assert_worded(refused.value)

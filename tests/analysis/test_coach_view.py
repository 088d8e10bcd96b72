"""The coach's view of a seat (``coach.knowledge.View``) is read from the one observer,
and works on every legal position, those set up mid-round included."""

from __future__ import annotations

from blockdomino import Chain, Round, Rules
from blockdomino.analysis.coach import knowledge
from blockdomino.analysis.coach.knowledge import View
from blockdomino.engine.tiles import parse_tiles


def set_up_mid_round() -> Round:
    """A draw game set up with a chain, the seat to move must draw."""
    return Round.from_hands(
        Rules.preset("draw", 2),
        ["[1|2] [0|5]", "[0|0] [1|4] [2|5]"],
        chain=Chain.parse("[6|6] [3|6]>"),
        turn=1,
        out_of_play=parse_tiles("[1|1] [0|2] [3|4] [4|4]"),
    )


def test_view_of_a_position_set_up_mid_round_after_a_play() -> None:
    position = set_up_mid_round().draw().draw().draw()
    tile = parse_tiles("[3|4]")[0]
    position = position.play(tile, position.chain.ends_for(tile)[0])
    view = View.of(position)
    assert view.seat == 0
    assert view.sizes == (2, 5)
    assert view.ruled_out[1] == frozenset({3, 6})
    assert knowledge(position).others[0].size == 5


def test_view_of_a_seat_view_is_the_view_of_the_round() -> None:
    position = set_up_mid_round().draw()
    assert View.of(position.view(position.turn)) == View.of(position)

"""The coach's search follows an opponent it has read as heaviest-first (``coach.following``).

Minimax answers every imagined deal as if the opponent played perfectly. Against a
player the coach is sure always plays its heaviest tile, the search lets that player
choose only among its heaviest tiles (the worst of them for the coach): the best
response to it. The reference here is a plain search over the engine's own ``Round``
in which the followed seats pick among exactly the moves ``heaviest_tile`` may pick.
"""

from __future__ import annotations

import random

from conftest import seeds
from hypothesis import given
from test_coach_solve import any_rules, award_value, forced, small_position

from blockdomino import Chain, Round, Rules
from blockdomino.analysis.coach import View, hint, solve
from blockdomino.analysis.coach.reading import ChoiceModel, Kind, choice_model
from blockdomino.analysis.coach.style import Styles
from blockdomino.analysis.players import heaviest_tile
from blockdomino.engine.round import Move

HEAVIEST = choice_model().kinds[1]
assert HEAVIEST.name == "heaviest"
SCORES = choice_model().tables[1]


def heaviest_moves(position: Round) -> list[Move]:
    """Every move the heaviest-first player may make here (it picks one at random)."""
    moves = position.legal_moves()
    top = max(move.tile.pips for move in moves)
    return [move for move in moves if move.tile.pips == top]


def following_value(position: Round, seat: int) -> int:
    """The value for ``seat``'s side when every other seat plays heaviest-first (the
    worst of its heaviest tiles for that side) and ``seat``'s side plays best."""
    result = position.result
    if result is not None:
        return award_value(result, seat)
    if not position.legal_moves():
        return following_value(forced(position), seat)
    if position.turn in position.rules.side_of(seat):
        return max(following_value(position.play(m), seat) for m in position.legal_moves())
    return min(following_value(position.play(m), seat) for m in heaviest_moves(position))


def others(position: Round) -> dict[int, tuple[float, ...]]:
    """Every seat not on the side to move, followed as the heaviest-first kind."""
    side = position.rules.side_of(position.turn)
    return {seat: SCORES for seat in range(position.rules.players) if seat not in side}


@given(rules=any_rules, seed=seeds)
def test_every_move_value_is_the_best_response_to_heaviest_first(rules: Rules, seed: int) -> None:
    """000/001/003: with the opponents followed, each move's value is that of the best play
    against players who always lay their heaviest tile, forced passes included."""
    position = small_position(rules, seed)
    if position.is_over:
        return
    evaluation = solve(position, others(position))
    seat = position.turn
    for entry in evaluation.moves:
        assert entry.value == following_value(position.play(entry.move), seat)


def exploitable() -> Round:
    """Ends 5 and 1; the coach holds [3|5] [4|4] [4|5], heaviest-first [1|2] [3|3] [3|4]."""
    rules = Rules.preset("block", 2, target=100)
    tiles = ["[1|3]", "[1|1]", "[2|3]", "[2|6]", "[6|6]", "[4|6]", "[2|4]", "[2|5]"]
    chain = Chain.from_tiles(tiles)
    hands = ["[3|5] [4|4] [4|5]", "[1|2] [3|3] [3|4]"]
    return Round.from_hands(rules, hands, chain=chain, turn=0)


def test_the_best_response_to_heaviest_first_is_not_the_minimax_move() -> None:
    """Against a perfect opponent [4|5] loses least (2 points). Against one that lays
    its heaviest tile, [3|5] wins 6: it opens a 3, the opponent lays [3|4] there (not
    [3|3]), and [4|4] and [4|5] follow it out. Played on as the followed search says,
    the coach wins those 6 points however the opponent breaks its ties."""
    position = exploitable()
    assert [str(entry.move.tile) for entry in solve(position).best] == ["[4|5]"]
    following = solve(position, {1: SCORES})
    assert [str(entry.move.tile) for entry in following.best] == ["[3|5]"]
    assert following.value == 6
    for seed in range(20):
        rng = random.Random(seed)
        played = position
        while not played.is_over:
            if not played.can_play():
                played = played.pass_turn()
            elif played.turn == 0:
                played = played.play(solve(played, {1: SCORES}).best[0].move)
            else:
                played = played.play(heaviest_tile(played, rng))
        assert played.result is not None
        assert award_value(played.result, 0) >= 6


def sure_of(kind: str, share: float) -> Styles:
    """A memory that takes every seat for ``kind`` with ``share`` before any round."""
    model = choice_model()
    rest = (1 - share) / (len(model.kinds) - 1)
    return Styles(
        ChoiceModel(
            tuple(
                Kind(k.name, k.weights, share if k.name == kind else rest, k.followed)
                for k in model.kinds
            )
        )
    )


def test_the_hint_follows_only_a_seat_it_is_sure_plays_heaviest_first() -> None:
    """The coach follows a seat it takes for heaviest-first with a share of 0.95, and
    changes its values there; at 0.8, or sure of a random or a coaching player, it
    searches by minimax, exactly as with following turned off."""
    view = View.of(exploitable())
    minimax = hint(view, samples=30, seed=4, style=sure_of("heaviest", 0.95), follows=False)
    followed = hint(view, samples=30, seed=4, style=sure_of("heaviest", 0.95))
    assert followed.moves != minimax.moves
    assert followed == hint(view, samples=30, seed=4, style=sure_of("heaviest", 0.95))
    for kind, share in (("heaviest", 0.8), ("random", 0.99), ("coach", 0.99)):
        style = sure_of(kind, share)
        assert style.followed(view) == {}
        plain = hint(view, samples=30, seed=4, style=sure_of(kind, share), follows=False)
        assert hint(view, samples=30, seed=4, style=style) == plain


def test_the_kinds_followed_are_read_from_the_model() -> None:
    """Which kinds the search follows is the model's data (``choice.json``), not a
    constant: a model that marks the random kind followed follows a seat sure to be
    random, and one that marks none follows no seat."""
    view = View.of(exploitable())
    model = choice_model()
    for marked, expected in (("random", {1: model.tables[2]}), ("", {})):
        kinds = tuple(
            Kind(k.name, k.weights, 0.98 if k.name == "random" else 0.01, k.name == marked)
            for k in model.kinds
        )
        assert Styles(ChoiceModel(kinds)).followed(view) == expected

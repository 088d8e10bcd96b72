"""The learning coach plans for the imagined deals that look alike together (``coach.grouped``).

Once it follows a heaviest-first opponent, each imagined deal gives one answer to each
move of the seat, and the seat must make one choice for all deals in which it saw the
same answers. The reference here walks the engine's own ``Round``s: the deals are
grouped by what the seat sees, each group's move is the one best for the group's sum,
and a deal where the opponent's heaviest tiles tie is valued alone by the followed
search's reference (``following_value``).
"""

from __future__ import annotations

import random

import pytest
from conftest import seeds
from hypothesis import given, settings
from test_coach_following import SCORES, following_value, heaviest_moves, sure_of
from test_coach_solve import award_value, forced

from blockdomino import Round, Rules
from blockdomino.analysis.coach import View, grouped, hint
from blockdomino.analysis.coach.grouped import GroupedSearch
from blockdomino.analysis.coach.solve import tile_set
from blockdomino.analysis.players import heaviest_tile, random_move, redealt
from blockdomino.engine.round import Move
from blockdomino.engine.tiles import DOUBLE_SIX


def plan_values(positions: list[Round], seat: int) -> list[int]:
    """Each deal's value for ``seat`` when the seat makes one choice for all the deals
    in which it has seen the same (the best for their sum) and the opponent plays
    heaviest-first; a deal whose opponent has tied heaviest plays is valued alone."""
    values = [0] * len(positions)
    groups: dict[object, list[int]] = {}
    for index, position in enumerate(positions):
        if position.result is not None:
            values[index] = award_value(position.result, seat)
        elif not position.legal_moves():
            groups.setdefault(("pass", position.turn), []).append(index)
        elif position.turn == seat:
            groups.setdefault(("choose",), []).append(index)
        else:
            answers = {(move.tile, ends_after(position, move)) for move in heaviest_moves(position)}
            if len(answers) > 1:
                values[index] = following_value(position, seat)
            else:
                groups.setdefault(answers.pop(), []).append(index)
    for key, members in groups.items():
        group = [positions[index] for index in members]
        if key == ("choose",):
            found = best_for_group(group, seat)
        elif key[0] == "pass":
            found = plan_values([forced(position) for position in group], seat)
        else:
            tile = key[0]
            found = plan_values([after(position, tile, key[1]) for position in group], seat)
        for index, value in zip(members, found, strict=True):
            values[index] = value
    return values


def ends_after(position: Round, move: Move) -> tuple[int, ...]:
    """The numbers the ends show after ``move``, lowest first (what the seat sees)."""
    numbers = position.play(move).chain.numbers
    assert numbers is not None
    return tuple(sorted(numbers))


def after(position: Round, tile: object, ends: object) -> Round:
    """``position`` after its seat laid ``tile`` leaving ``ends`` (lowest first)."""
    for move in position.legal_moves():
        if move.tile == tile and ends_after(position, move) == ends:
            return position.play(move)
    raise AssertionError("no such play")


def best_for_group(group: list[Round], seat: int) -> list[int]:
    """The seat to move in every deal of ``group``: the move best for their sum."""
    best: list[int] = []
    for move in group[0].legal_moves():
        values = plan_values([position.play(move) for position in group], seat)
        if not best or sum(values) > sum(best):
            best = values
    return best


def late_position(seed: int) -> Round:
    """A 2-player scored round played on at random until the seat to move has a choice
    and at most four tiles, and the other at most four."""
    rng = random.Random(seed)
    position = Round.deal(Rules.preset("match", 2), rng)
    while not position.is_over and (
        sum(map(len, position.hands)) > 8 or len(position.legal_moves()) < 2
    ):
        position = (
            position.play(random_move(position, rng)) if position.can_play() else forced(position)
        )
    return position


def imagined(position: Round, count: int, rng: random.Random) -> list[Round]:
    """``count`` deals of the opponent's hand from the tiles the seat to move cannot see."""
    seat = position.turn
    other = 1 - seat
    seen = set(position.hand) | set(position.chain.tiles)
    unseen = [tile for tile in DOUBLE_SIX if tile not in seen]
    deals = []
    for _ in range(count):
        hands = [list(hand) for hand in position.hands]
        hands[other] = rng.sample(unseen, len(position.hands[other]))
        deals.append(Round.from_hands(position.rules, hands, chain=position.chain, turn=seat))
    return deals


@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_each_move_value_is_the_plan_for_the_deals_that_look_alike(seed: int) -> None:
    """Over a sample of deals, each move's total value is what the seat gets when it
    plans once for all the deals it cannot tell apart, against heaviest-first (where
    two plans are as good for a group, the deals' own values may differ)."""
    position = late_position(seed)
    if position.is_over:
        return
    deals = imagined(position, 12, random.Random(seed))
    seat = position.turn
    moves = position.legal_moves()
    search = GroupedSearch(position.rules, seat, SCORES)
    hands = [(tile_set(deal.hands[1 - seat]), 1) for deal in deals]
    chain = tile_set(position.chain.tiles)
    ends = position.chain.numbers
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(grouped, "DEPTH", 99)
        found = search.move_values(tile_set(position.hand), hands, ends, moves, chain)
    for move, values in zip(moves, found, strict=True):
        assert sum(values) == sum(plan_values([deal.play(move) for deal in deals], seat))


def met_heaviest_first(seed: int) -> Round:
    """A 2-player scored round after a few plays of heaviest-first players."""
    rng = random.Random(seed)
    position = Round.deal(Rules.preset("match", 2), rng)
    for _ in range(rng.randrange(2, 6)):
        position = (
            position.play(heaviest_tile(position, rng)) if position.can_play() else forced(position)
        )
    return position


def test_planning_once_for_alike_deals_changes_the_best_move() -> None:
    """Sure that its opponent plays heaviest-first, the coach plans its later moves once
    for all the deals it cannot tell apart: no move is worth more than when each deal
    is planned for alone (the seat cannot use tiles it cannot see), and here the best
    move changes: [2|2] keeps its plans open, where [1|4] was best only for plans made
    for each deal's own tiles. The same seed gives the same hint."""
    view = View.of(met_heaviest_first(14))
    alike = hint(view, samples=40, seed=1, style=sure_of("heaviest", 0.95))
    alone = hint(view, samples=40, seed=1, style=sure_of("heaviest", 0.95), grouped=False)
    for planned, each in zip(alike.moves, alone.moves, strict=True):
        assert planned.move == each.move
        assert planned.value <= each.value + 1e-9
    assert [str(entry.move.tile) for entry in alike.best] == ["[2|2]"]
    assert [str(entry.move.tile) for entry in alone.best] == ["[1|4]"]
    assert alike == hint(view, samples=40, seed=1, style=sure_of("heaviest", 0.95))


def test_the_grouped_hint_cannot_peek() -> None:
    """Handed the whole round, the coach that plans for alike deals gives the same hint
    whichever way the hands it cannot see were dealt."""
    for seed in (4, 8, 14):
        position = met_heaviest_first(seed)
        hints = {
            hint(dealt, samples=30, seed=2, style=sure_of("heaviest", 0.95))
            for dealt in (position, *(redealt(position, random.Random(n)) for n in range(3)))
        }
        assert len(hints) == 1

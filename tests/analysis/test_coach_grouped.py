"""The learning coach plans for the imagined deals that look alike together (``coach.grouped``).

Once it follows a heaviest-first opponent, each imagined deal gives one answer to each
move of the seat, and the seat must make one choice for all deals in which it saw the
same answers. The reference here walks the engine's own ``Round``s: the deals are
grouped by what the seat sees, each group's move is the one best for the group's sum,
and a deal where the opponent's heaviest plays tie goes down each of them, weighed by
the model's chances of them (its features' scores, ``reading.features``).
"""

from __future__ import annotations

import random

import pytest
from conftest import seeds
from hypothesis import given, settings
from test_coach_following import SCORES, following_value, heaviest_moves, sure_of
from test_coach_solve import award_value, forced

from blockdomino import Round, Rules
from blockdomino.analysis.coach import View, hint
from blockdomino.analysis.coach.grouped import GroupedSearch
from blockdomino.analysis.coach.reading import Reader, code, features
from blockdomino.analysis.coach.sampling import Sampler
from blockdomino.analysis.coach.solve import tile_set
from blockdomino.analysis.coach.weighing import EVERY, NEGLIGIBLE, deals
from blockdomino.analysis.players import heaviest_tile, random_move, redealt
from blockdomino.engine.round import Move
from blockdomino.engine.tiles import DOUBLE_SIX


def plan_values(
    positions: list[Round], seat: int, weights: list[float] | None = None
) -> list[float]:
    """Each deal's value for ``seat`` when the seat makes one choice for all the deals
    in which it has seen the same (the best for their weighed sum) and the opponent
    plays heaviest-first; a deal whose opponent has tied heaviest plays goes down each,
    its value their mean weighed by the model's chances. A deal alone when the seat
    chooses is valued by the followed search's reference (``following_value``: the
    worst tie). ``weights``: the deals' (1 each)."""
    weights = weights or [1.0] * len(positions)
    values = [0.0] * len(positions)
    groups: dict[object, list[tuple[int, float, Round]]] = {}
    for index, position in enumerate(positions):
        if position.result is not None:
            values[index] = award_value(position.result, seat)
        elif not position.legal_moves():
            groups.setdefault(("pass",), []).append((index, 1.0, forced(position)))
        elif position.turn == seat:
            groups.setdefault(("choose",), []).append((index, 1.0, position))
        else:
            for move, chance in answer_chances(position):
                key = (move.tile, ends_after(position, move))
                groups.setdefault(key, []).append((index, chance, position.play(move)))
    for key, members in groups.items():
        group = [played for _, _, played in members]
        shares = [weights[index] * chance for index, chance, _ in members]
        if key == ("choose",) and len(group) == 1:  # valued alone: the worst tie
            found = [following_value(group[0], seat)]
        elif key == ("choose",):
            found = best_for_group(group, seat, shares)
        else:
            found = plan_values(group, seat, shares)
        for (index, chance, _), value in zip(members, found, strict=True):
            values[index] += chance * value
    return values


def answer_chances(position: Round) -> list[tuple[Move, float]]:
    """The heaviest-first player's plays that the seat tells apart (the tile and the
    ends it leaves), each with the model's chance of it among them."""
    answers = {}
    for move in heaviest_moves(position):
        answers.setdefault((move.tile, ends_after(position, move)), move)
    hand = tile_set(position.hand)
    chain = tile_set(position.chain.tiles)
    scored = [
        (move, SCORES[code(features(hand, chain, move.tile.index, move.end.pips))])
        for move in answers.values()
        if move.end is not None
    ]
    total = sum(score for _, score in scored)
    return [(move, score / total) for move, score in scored]


def ends_after(position: Round, move: Move) -> tuple[int, ...]:
    """The numbers the ends show after ``move``, lowest first (what the seat sees)."""
    numbers = position.play(move).chain.numbers
    assert numbers is not None
    return tuple(sorted(numbers))


def best_for_group(group: list[Round], seat: int, weights: list[float]) -> list[float]:
    """The seat to move in every deal of ``group``: the move best for their weighed sum."""
    best: list[float] = []
    best_total = 0.0
    for move in group[0].legal_moves():
        values = plan_values([position.play(move) for position in group], seat, weights)
        total = sum(value * weight for value, weight in zip(values, weights, strict=True))
        if not best or total > best_total:
            best, best_total = values, total
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
    found = search.move_values(tile_set(position.hand), hands, ends, moves, chain)
    for move, values in zip(moves, found, strict=True):
        expected = sum(plan_values([deal.play(move) for deal in deals], seat))
        assert sum(values) == pytest.approx(expected)


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
    for all the deals it cannot tell apart, and here the best move changes: [2|2] keeps
    its plans open, where [1|4] was best only for plans made for each deal's own tiles
    (over these 40 deals [1|4] is worth 0.92 points less than [2|2] planned for alike
    deals, and 0.03 more planned deal by deal). The same seed gives the same hint."""
    view = View.of(met_heaviest_first(14))
    alike = hint(view, samples=40, seed=1, style=sure_of("heaviest", 0.95))
    alone = hint(view, samples=40, seed=1, style=sure_of("heaviest", 0.95), grouped=False)
    assert [entry.move for entry in alike.moves] == [entry.move for entry in alone.moves]
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


def met_heaviest_first_late(seed: int) -> Round | None:
    """A 2-player scored round played heaviest-first until the seat to move has a choice
    and no more deals agree with what it saw than a hint of 40 deals weighs (``None``:
    the round ended before)."""
    rng = random.Random(seed)
    position = Round.deal(Rules.preset("match", 2), rng)
    while not position.is_over:
        if len(position.legal_moves()) > 1:
            view = View.of(position)
            if Sampler(view, lead=True).deals <= EVERY * 40 and any(
                event.seat != view.seat for event in view.history[1:]
            ):
                return position
        position = (
            position.play(heaviest_tile(position, rng)) if position.can_play() else forced(position)
        )
    return None


def test_late_in_the_round_every_deal_is_weighed_once_by_its_chance() -> None:
    """When the opponent's possible hands are no more than the deals a hint weighs, the
    plan for what the seat sees takes each of them once, counting for its exact share
    (the reading's weight over the sum): nothing is left to the draw, so the seed does
    not change the hint."""
    late = (met_heaviest_first_late(seed) for seed in range(20))
    for position in [position for position in late if position is not None][:3]:
        view = View.of(position)
        style = sure_of("heaviest", 0.95)
        reader = Reader(view, priors=style.priors(view))
        every = list(Sampler(view, lead=True).every_deal())
        weights = [reader.weight(deal) for deal in every]
        total = sum(weights)
        found = deals(view, 40, random.Random(1), reads=True, style=style, every=True)
        shares = {tuple(deal[1 - view.seat]): copies for deal, copies in found}
        expected = {
            tuple(deal[1 - view.seat]): 40 * weight / total
            for deal, weight in zip(every, weights, strict=True)
            if weight >= NEGLIGIBLE * total
        }
        assert shares == pytest.approx(expected)
        assert len(shares) > 1
        hints = {hint(view, samples=40, seed=n, style=sure_of("heaviest", 0.95)) for n in (1, 2)}
        assert len(hints) == 1

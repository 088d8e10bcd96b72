"""The hint reasons only from what the seat to move can know, and samples deals fairly.

Hands are secret and the tiles out of play stay face down (003: "Brickor utanför
spel"); a seat that passed holds nothing for the ends it passed on (003: "Den som inte
kan matcha någon av ändarna står över"). The hint must respect both: its deals never
break a pass, every consistent deal is equally likely, and positions that look the same
to the seat get the same hint.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter

import pytest
from conftest import rules_strategy, seeds
from hypothesis import given

from blockdomino import Pass, Round, Rules
from blockdomino.analysis.coach import View, hint, knowledge, solve
from blockdomino.analysis.coach.evidence import holdings
from blockdomino.analysis.coach.sampling import Sampler, _sample, below
from blockdomino.analysis.players import random_move, step
from blockdomino.engine.tiles import Tile


def mid_round(rules: Rules, seed: int, plays: int) -> Round:
    """A random deal played on at random for up to ``plays`` turns (the round not over)."""
    rng = random.Random(seed)
    position = Round.deal(rules, rng)
    for _ in range(plays):
        following = step(position, random_move, rng)
        if following.is_over:
            break
        position = following
    return position


@given(rules=rules_strategy, seed=seeds)
def test_no_sampled_deal_breaks_a_pass_or_a_hand_size(rules: Rules, seed: int) -> None:
    """003: a seat that passed on x and y holds no tile showing x or y for the rest of
    the round (nobody draws); every hand keeps its exact size; the unseen tiles are
    shared out, each exactly once, the rest lying out of play."""
    position = mid_round(rules, seed, random.Random(seed).randrange(12))
    view = View.of(position)
    sampler = Sampler(view)
    rng = random.Random(seed)
    unseen = set(view.unseen)
    for _ in range(20):
        deal = sampler.deal(rng)
        dealt = [tile for hand in deal.values() for tile in hand]
        assert len(dealt) == len(set(dealt))
        assert set(dealt) <= unseen
        assert len(unseen) - len(dealt) == view.out_of_play
        for seat, hand in deal.items():
            assert len(hand) == view.sizes[seat]
            for tile in hand:
                assert not any(tile.has(number) for number in view.ruled_out[seat])


def constrained_partnership() -> Round:
    """A late partnership position (no tiles out of play) in which someone has passed."""
    rules = Rules.preset("partnership")
    for seed in itertools.count():
        position = mid_round(rules, seed, 40)
        view = View.of(position)
        others = sum(view.sizes) - view.sizes[view.seat]
        if others <= 8 and any(view.ruled_out) and Sampler(view).deals > 20:
            return position
    raise AssertionError  # pragma: no cover


def all_consistent_deals(view: View) -> list[tuple[tuple[int, frozenset[Tile]], ...]]:
    """Every deal of the unseen tiles to the other seats that agrees with the view."""
    seats = [seat for seat in range(view.rules.players) if seat != view.seat]
    deals = []
    for order in itertools.permutations(view.unseen):
        deal, start = [], 0
        for seat in seats:
            hand = frozenset(order[start : start + view.sizes[seat]])
            start += view.sizes[seat]
            deal.append((seat, hand))
        if all(view.could_hold(seat, tile) for seat, hand in deal for tile in hand):
            deals.append(tuple(deal))
    return list(set(deals))


def test_every_consistent_deal_is_equally_likely() -> None:
    """003 (hands are secret): with nothing else known, each deal that agrees with the
    passes is as likely as any other; the sampler counts them exactly and its draws hit
    each about equally often."""
    view = View.of(constrained_partnership())
    deals = all_consistent_deals(view)
    sampler = Sampler(view)
    assert sampler.deals == len(deals)
    rng = random.Random(1)
    draws = 60 * len(deals)
    seen = Counter(
        tuple(sorted((seat, frozenset(hand)) for seat, hand in sampler.deal(rng).items()))
        for _ in range(draws)
    )
    assert set(seen) == set(deals)
    for count in seen.values():
        assert 60 * 0.5 < count < 60 * 1.6


def test_every_consistent_deal_is_listed_once() -> None:
    """Where few enough deals agree with the view to solve them all, the sampler lists
    each of them once: as many as it counts, and exactly the consistent ones."""
    view = View.of(constrained_partnership())
    listed = [
        tuple(sorted((seat, frozenset(hand)) for seat, hand in deal.items()))
        for deal in Sampler(view).every_deal()
    ]
    assert len(listed) == len(set(listed)) == Sampler(view).deals
    assert set(listed) == set(all_consistent_deals(view))


def hidden_swap(position: Round) -> Round:
    """The same position with tiles the seat to move cannot see exchanged: one tile of
    the next seat's hand for one out of play (or in the pot) that its passes and draws
    allow it to hold; in the draw game the pot's order is reversed as well."""
    seat = position.rules.next_seat(position.turn)
    read = holdings(position.rules.players, position.rules.tiles_each, position.history)
    hand = position.hands[seat]
    out = list(reversed(position.pot)) if position.rules.pot else list(position.out_of_play)
    for give, take in itertools.product(hand, out):
        changed = tuple(sorted((*(tile for tile in hand if tile is not give), take)))
        if read[seat].allows(changed):
            hands = list(position.hands)
            hands[seat] = changed
            out[out.index(take)] = give
            if not position.rules.pot:
                out.sort()
            return dataclasses.replace(position, hands=tuple(hands), out_of_play=tuple(out))
    return dataclasses.replace(position, out_of_play=tuple(out))


def test_a_seed_draws_its_deal_from_the_bits_randrange_and_sample_take() -> None:
    """The sampler draws its splits and tiles itself, from the very random bits
    ``rng.randrange`` and ``rng.sample`` take: a seed draws the deal it always drew."""
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        for count in (1, 2, 3, 7, 64, 10**20):
            assert below(ours, count) == theirs.randrange(count)
        for count in range(1, 29):
            tiles = [1 << index for index in range(count)]
            for taken in range(count + 1):
                assert _sample(ours, tiles, taken) == sum(theirs.sample(tiles, taken))
        assert ours.random() == theirs.random()


@pytest.mark.parametrize(("preset", "plays", "samples"), [("match", 3, 30), ("draw", 6, 10)])
def test_positions_alike_to_the_seat_get_the_same_hint(
    preset: str, plays: int, samples: int
) -> None:
    """003: hands are secret and the tiles out of play stay face down all round (in the
    draw game the pot too, its order included; a drawn tile is seen by its drawer only),
    so a hint that changed with them would be cheating. Two positions differing only
    there get identical hints, though their exact values differ."""
    rules = Rules.preset(preset, 2)
    differing = 0
    for seed in range(6):
        position = mid_round(rules, seed, plays)
        other = hidden_swap(position)
        assert other != position
        assert hint(position, samples=samples, seed=seed) == hint(other, samples=samples, seed=seed)
        differing += solve(position) != solve(other)
    assert differing


def test_hint_is_deterministic_for_a_seed() -> None:
    """The same seed gives the same hint: values, shares, sample counts and the reason."""
    position = mid_round(Rules.preset("block", 3), 5, 2)
    first = hint(position, samples=25, seed=7)
    assert first == hint(position, samples=25, seed=7)
    assert all(entry.samples == 25 for entry in first.moves)
    assert first.samples == 25
    assert first.reason is not None
    assert min(entry.win_share for entry in first.moves) >= 0
    assert max(entry.win_share for entry in first.moves) <= 1


def test_knowledge_counts_the_tiles_and_reads_the_passes() -> None:
    """003: a seat that passed on the ends' numbers holds none of them; the learner
    counts the unseen tiles (in the other hands and out of play together)."""
    rules = Rules.preset("match", 2)
    for seed in itertools.count():
        position = mid_round(rules, seed, 12)
        if any(isinstance(event, Pass) for event in position.history):
            break
    known = knowledge(position)
    view = View.of(position)
    assert known.seat == position.turn
    assert known.unseen == 28 - len(position.hand) - len(position.chain.tiles)
    assert known.out_of_play == 14
    (other,) = known.others
    assert other.size == len(position.hands[other.seat])
    assert set(position.hands[other.seat]) <= set(other.possible)
    assert set(other.ruled_out) == view.ruled_out[other.seat]
    for tile in other.possible:
        assert not any(tile.has(number) for number in other.ruled_out)

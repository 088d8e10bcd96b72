"""The coach in the draw game: the pot as unseen tiles, draws read as evidence.

003 sets Block against the standard draw game ("Domino (standard)"): a player who cannot
play draws from the face-down pot until a tile fits, and passes only with the pot empty.
``solve`` reads the pot's order as it reads the hands (checked against a plain minimax
with the other presets, in ``test_coach_solve``); ``hint`` treats the pot as more unseen
tiles, and reads a seat's draws as it reads its passes.
"""

from __future__ import annotations

import itertools
import random

from conftest import draw_rules, seeds
from hypothesis import given
from test_coach_hint import mid_round

from blockdomino import Draw, Round, Rules
from blockdomino.analysis.coach import View, knowledge
from blockdomino.analysis.coach.evidence import holdings
from blockdomino.analysis.coach.sampling import Sampler
from blockdomino.analysis.players import STRATEGIES, coach_player, play_round
from blockdomino.engine.bits import tiles_of


def drew_twice(rules: Rules) -> tuple[Round, int]:
    """A draw-game position in which another seat drew on two different turns, so that
    tiles of its later draws may show numbers it drew on before, and the looser rule
    alone (nothing showing a number ruled out since its last draw) admits hands its
    earlier draw forbids; with that seat."""
    for seed in itertools.count():
        position = mid_round(rules, seed, 30)
        view = View.of(position)
        for seat, held in enumerate(view.holdings):
            if seat == position.turn or held.exact or position.is_over:
                continue
            loose = Sampler(view)._loose_hands
            if not all(held.allows(tiles_of(loose(random.Random(n))[seat])) for n in range(100)):
                return position, seat
    raise AssertionError  # pragma: no cover


@given(rules=draw_rules, seed=seeds)
def test_no_sampled_deal_breaks_a_draw_or_a_pass(rules: Rules, seed: int) -> None:
    """003 (draw game: one draws only when nothing fits, until a tile fits, which is
    played): the real hands always agree with what the draws and passes say; every
    sampled deal keeps each hand's size, shares out the unseen tiles (the rest forming
    the pot) and gives each seat a hand its draws and passes allow."""
    position = mid_round(rules, seed, random.Random(seed).randrange(40))
    view = View.of(position)
    read = holdings(rules.players, rules.tiles_each, position.history)
    for seat, hand in enumerate(position.hands):
        assert read[seat].allows(hand)
        assert not any(tile.has(number) for tile in hand for number in view.ruled_out[seat])
    sampler = Sampler(view)
    rng = random.Random(seed)
    unseen = set(view.unseen)
    assert view.out_of_play == len(position.pot)
    for _ in range(10):
        deal = sampler.deal(rng)
        dealt = [tile for hand in deal.values() for tile in hand]
        assert len(dealt) == len(set(dealt))
        assert set(dealt) <= unseen
        assert len(unseen) - len(dealt) == len(position.pot)
        for seat, hand in deal.items():
            assert len(hand) == view.sizes[seat]
            assert read[seat].allows(hand)
            assert not any(tile.has(number) for tile in hand for number in view.ruled_out[seat])


def test_a_later_draw_may_bring_back_a_number_but_only_as_many_as_drawn() -> None:
    """003 (draw game): a seat that drew on x and y held none of them then, and a tile it
    drew on a later turn may show them: the looser rule alone would admit hands holding
    more such tiles than it drew since; the sampler never deals one."""
    position, seat = drew_twice(Rules.preset("draw", 2))
    view = View.of(position)
    sampler = Sampler(view)
    assert all(view.holdings[seat].allows(sampler.deal(random.Random(n))[seat]) for n in range(100))


def test_knowledge_reads_a_draw_and_counts_the_pot() -> None:
    """003 (draw game): a seat that drew on the ends' numbers holds none of them (until
    it draws again); the unseen tiles are the other hands and the pot together."""
    rules = Rules.preset("draw", 2)
    for seed in itertools.count():
        position = mid_round(rules, seed, 8)
        drawers = {event.seat for event in position.history if isinstance(event, Draw)}
        if position.turn not in drawers and drawers and not position.is_over:
            break
    known = knowledge(position)
    (other,) = known.others
    assert other.ruled_out
    assert known.out_of_play == len(position.pot)
    assert known.unseen == len(position.pot) + other.size
    assert all(not tile.has(n) for tile in position.hands[other.seat] for n in other.ruled_out)


def test_the_coach_plays_out_a_draw_round_the_same_for_a_seed() -> None:
    """003 (draw game): the coach player against heaviest-first draws when it must and
    plays a round out, the same for a seed."""
    rules = Rules.preset("draw", 2)
    strategies = [coach_player(samples=10), STRATEGIES["heaviest"]]
    first = play_round(Round.deal(rules, 3), strategies, 3)
    second = play_round(Round.deal(rules, 3), strategies, 3)
    assert first.is_over
    assert any(isinstance(event, Draw) for event in first.history)
    assert first.history == second.history

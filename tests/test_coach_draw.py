"""The coach in the draw game: forced draws in the exact search, the pot as unseen tiles.

003 sets Block against the standard draw game ("Domino (standard)"): a player who cannot
play draws from the face-down pot until a tile fits, and passes only with the pot empty.
``solve`` reads the pot's order as it reads the hands; ``hint`` treats the pot as more
unseen tiles, and reads a seat's draws as it reads its passes.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

from conftest import draw_rules, seeds
from hypothesis import given
from test_coach_solve import SMALL, award_value

from blockdomino import Draw, Round, Rules
from blockdomino.coach import View, hint, knowledge, solve
from blockdomino.coach.evidence import holdings
from blockdomino.coach.sampling import Sampler
from blockdomino.players import STRATEGIES, coach_player, play_round, random_move, step


def minimax(position: Round, seat: int) -> int:
    """The paranoid minimax value for ``seat``'s side over the engine, draws included."""
    result = position.result
    if result is not None:
        return award_value(result, seat)
    moves = position.legal_moves()
    if not moves:
        following = position.draw() if position.can_draw() else position.pass_turn()
        return minimax(following, seat)
    values = [minimax(position.play(move), seat) for move in moves]
    mine = position.turn in position.rules.side_of(seat)
    return max(values) if mine else min(values)


def small_draw_position(rules: Rules, seed: int) -> Round:
    """A random draw-game deal played on at random until few tiles are in hands and pot."""
    rng = random.Random(seed)
    position = Round.deal(rules, rng)
    while sum(map(len, position.hands)) + len(position.pot) > SMALL + 3 and not position.is_over:
        position = step(position, random_move, rng)
    while not position.is_over and rng.random() < 0.5:
        position = step(position, random_move, rng)
    return position


@given(rules=draw_rules, seed=seeds)
def test_every_move_value_is_the_minimax_value_with_draws(rules: Rules, seed: int) -> None:
    """003 (draw game: a player who cannot play draws until a tile fits, and passes only
    with the pot empty): each legal move's value, and the value of a forced draw, is
    what a plain minimax over the engine finds."""
    position = small_draw_position(rules, seed)
    if position.is_over:
        return
    evaluation = solve(position)
    seat = position.turn
    for entry in evaluation.moves:
        assert entry.value == minimax(position.play(entry.move), seat)
    assert evaluation.value == minimax(position, seat)


@given(rules=draw_rules, seed=seeds)
def test_draw_game_value_is_reached_by_playing_the_best_moves_out(rules: Rules, seed: int) -> None:
    """003 (draw game): the root's side playing the solver's best moves, the others the
    worst for it, and every seat drawing when it must, ends with the promised value."""
    position = small_draw_position(rules, seed)
    if position.is_over:
        return
    seat = position.turn
    promised = solve(position).value
    side = rules.side_of(seat)
    while not position.is_over:
        moves = position.legal_moves()
        if not moves:
            position = position.draw() if position.can_draw() else position.pass_turn()
        elif position.turn in side:
            position = position.play(solve(position).best[0].move)
        else:
            position = position.play(min(moves, key=lambda m: minimax(position.play(m), seat)))
    assert position.result is not None
    assert award_value(position.result, seat) == promised


def mid_draw_round(rules: Rules, seed: int, turns: int) -> Round:
    """A random draw-game deal played on at random for up to ``turns`` steps (plays,
    draws and passes), the round not over."""
    rng = random.Random(seed)
    position = Round.deal(rules, rng)
    for _ in range(turns):
        following = step(position, random_move, rng)
        if following.is_over:
            break
        position = following
    return position


def drew_twice(rules: Rules) -> tuple[Round, int]:
    """A draw-game position in which another seat drew on two different turns, so that
    tiles of its later draws may show numbers it drew on before, and the looser rule
    alone (nothing showing a number ruled out since its last draw) admits hands its
    earlier draw forbids; with that seat."""
    for seed in itertools.count():
        position = mid_draw_round(rules, seed, 30)
        view = View.of(position)
        for seat, held in enumerate(view.holdings):
            if seat == position.turn or held.exact or position.is_over:
                continue
            loose = Sampler(view)._loose_deal
            if not all(held.allows(loose(random.Random(n))[seat]) for n in range(100)):
                return position, seat
    raise AssertionError  # pragma: no cover


def test_a_later_draw_may_bring_back_a_number_but_only_as_many_as_drawn() -> None:
    """003 (draw game): a seat that drew on x and y held none of them then, and a tile it
    drew on a later turn may show them: the looser rule alone would admit hands holding
    more such tiles than it drew since; the sampler never deals one."""
    position, seat = drew_twice(Rules.preset("draw", 2))
    view = View.of(position)
    sampler = Sampler(view)
    assert all(view.holdings[seat].allows(sampler.deal(random.Random(n))[seat]) for n in range(100))


def hidden_change(position: Round) -> Round:
    """The same position with what the seat to move cannot see changed: the pot's order
    reversed, and one tile of the next seat's hand exchanged for one in the pot that
    its passes and draws allow it to hold."""
    view = View.of(position)
    seat = position.rules.next_seat(position.turn)
    read = holdings(position.rules.players, position.rules.tiles_each, position.history)
    hand = position.hands[seat]
    pot = list(reversed(position.pot))
    for give, take in itertools.product(hand, pot):
        changed = tuple(sorted((*(tile for tile in hand if tile is not give), take)))
        if read[seat].allows(changed) and view.could_hold(seat, take):
            hands = list(position.hands)
            hands[seat] = changed
            pot[pot.index(take)] = give
            return dataclasses.replace(position, hands=tuple(hands), out_of_play=tuple(pot))
    return dataclasses.replace(position, out_of_play=tuple(pot))


def test_positions_alike_to_the_seat_get_the_same_hint_in_the_draw_game() -> None:
    """003 (draw game: the pot lies face down; a drawn tile is seen by its drawer only):
    two positions that differ only in other hands and in the pot, its order included,
    get identical hints, though their exact values differ."""
    rules = Rules.preset("draw", 2)
    differing = 0
    for seed in range(8):
        position = mid_draw_round(rules, seed, 6)
        if not position.pot or position.is_over:
            continue
        other = hidden_change(position)
        assert other.out_of_play != position.out_of_play
        assert hint(position, samples=10, seed=seed) == hint(other, samples=10, seed=seed)
        differing += solve(position) != solve(other)
    assert differing


def test_knowledge_reads_a_draw_and_counts_the_pot() -> None:
    """003 (draw game): a seat that drew on the ends' numbers holds none of them (until
    it draws again); the unseen tiles are the other hands and the pot together."""
    rules = Rules.preset("draw", 2)
    for seed in itertools.count():
        position = mid_draw_round(rules, seed, 8)
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

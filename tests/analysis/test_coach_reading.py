"""The reading coach: it weighs imagined deals by the plays the other seats chose.

003: a player who had a choice and did not play a tile "probably" has no more of its
number; the highest double led says nobody holds a higher one. The reading must use
only what the seat can see.
"""

from __future__ import annotations

import random

import pytest

from blockdomino import Round, Rules
from blockdomino.analysis.coach import View, hint
from blockdomino.analysis.coach.reading import (
    ChoiceModel,
    Kind,
    Reader,
    choice_chances,
    choice_model,
    choices,
    code,
    features,
)
from blockdomino.analysis.coach.sampling import Sampler
from blockdomino.analysis.coach.solve import tile_set
from blockdomino.analysis.coach.weighing import _kept
from blockdomino.analysis.players import STRATEGIES, step
from blockdomino.engine.bits import SHOWING
from blockdomino.engine.events import Draw, Play
from blockdomino.engine.tiles import DOUBLE_SIX, Tile, parse_tiles


def after(position: Round, *tiles: str) -> Round:
    """``position`` with each tile played in turn at the first end it fits."""
    for text in tiles:
        tile = parse_tiles(text)[0]
        move = next(move for move in position.legal_moves() if move.tile == tile)
        position = position.play(move)
    return position


def bens_choice() -> Round:
    """Ben (seat 1) had [5|5] and [2|6] on a chain showing 5 and 6, and played [2|6]."""
    rules = Rules.preset("match", 2)
    hands = [
        "[5|6] [0|1] [0|2] [0|3] [1|1] [1|2] [1|3]",
        "[5|5] [2|6] [4|4] [3|4] [0|4] [2|4] [4|6]",
    ]
    position = Round.from_hands(rules, hands, leader=0)
    return after(position, "[5|6]", "[2|6]")


def test_a_play_over_a_double_that_fitted_makes_the_double_unlikely() -> None:
    """003: he played [6|2] when [5|5] fitted: hands with [5|5] explain it worse, under
    the kept model of the coach's own play."""
    view = View.of(bens_choice())
    reader = Reader(view)
    assert set(reader.choices) == {1}
    with_double = tile_set(parse_tiles("[5|5] [3|4] [0|4] [2|4] [4|6] [4|4]"))
    without = tile_set(parse_tiles("[3|5] [3|4] [0|4] [2|4] [4|6] [4|4]"))
    assert reader.seat_chance(1, with_double) < reader.seat_chance(1, without)


def test_the_seat_s_own_plays_are_not_read() -> None:
    """Only the other seats' choices are read: Ben, to move, reads seat 0's opening (any
    tile may open the match) and its play, but not his own."""
    read = choices(View.of(after(bens_choice(), "[1|2]")))
    assert set(read) == {0}
    assert [choice.joined for choice in read[0]] == [-1, 2]


def test_features_of_a_play() -> None:
    """Pips, double, followers (own tiles showing the number left open), closing."""
    hand = tile_set(parse_tiles("[2|6] [2|3] [2|2] [5|5]"))
    assert features(hand, 0, Tile(2, 6).index, 6) == (8, 0, 2, 0)
    assert features(hand, 0, Tile(5, 5).index, 5) == (10, 1, 0, 0)
    fives = tile_set([Tile(5, n) for n in range(5)] + [Tile(5, 6)])
    assert features(hand, fives, Tile(5, 5).index, 5) == (10, 1, 0, 1)


def legal_plays(hand: int, ends: tuple[int, int] | None) -> list[tuple[int, int]]:
    """The plays from ``hand`` as (tile, joined number), tile by tile (-1: opening)."""
    tiles = [tile for tile in range(28) if hand >> tile & 1]
    if ends is None:
        return [(tile, -1) for tile in tiles]
    return [(tile, number) for tile in tiles for number in ends if SHOWING[number] >> tile & 1]


def test_the_fast_chances_agree_with_the_features() -> None:
    """``choice_chances`` works the features out inline, for a play at an end and for
    the opening: the same as ``features`` gives."""
    model = ChoiceModel((Kind("a", (0.3, 0.5, -0.2, 0.7), 0.5), Kind("b", (1, 0, 0, 0), 0.5)))
    rng = random.Random(0)
    checked = 0
    while checked < 300:
        hand = tile_set([DOUBLE_SIX[i] for i in rng.sample(range(28), 6)])
        chain = sum(1 << i for i in rng.sample(range(28), 6)) & ~hand
        ends = None if checked % 5 == 0 else (rng.randrange(7), rng.randrange(7))
        options = legal_plays(hand, ends)
        if not options:
            continue
        chosen = rng.choice(options)
        codes = [code(features(hand, chain, *option)) for option in options]
        picked = codes[options.index(chosen)]
        expected = [table[picked] / sum(table[c] for c in codes) for table in model.tables]
        got = choice_chances(model, hand, chain, ends, chosen)
        assert got == pytest.approx(expected if len(options) > 1 else [1.0, 1.0])
        checked += 1


def test_the_highest_double_led_bars_the_higher_doubles() -> None:
    """001: the holder of the highest double leads it: nobody holds a higher one, so the
    reading coach's deals never give one to another seat (the plain coach's may)."""
    rules = Rules.preset("block", 2)
    deals = (Round.deal(rules, seed) for seed in range(200))
    position = next(p for p in deals if p.lead is not None and p.lead.tile == Tile(4, 4))
    leader = position.leader
    position = position.play(position.legal_moves()[0])
    view = View.of(position)
    assert view.barred[view.seat] == {Tile(5, 5), Tile(6, 6)}
    rng = random.Random(1)
    reading, plain = Sampler(view, lead=True), Sampler(view)
    higher = {Tile(5, 5), Tile(6, 6)} - set(view.hand)
    assert not any(set(reading.deal(rng)[leader]) & higher for _ in range(200))
    assert any(set(plain.deal(rng)[leader]) & higher for _ in range(200))


def test_a_partner_s_plays_are_read() -> None:
    """001's team game: a partner's plays say as much as an opponent's (the [6|6]
    opening is forced and says nothing)."""
    for seed in range(50):
        rng = random.Random(seed)
        position = Round.deal(Rules.preset("partnership"), seed)
        for _ in range(6):
            position = step(position, STRATEGIES["heaviest"], rng)
        partner = (position.turn + 2) % 4
        if position.is_over or not any(
            isinstance(event, Play) and event.seat == partner and event.end is not None
            for event in position.history
        ):
            continue
        assert partner in choices(View.of(position))
        return
    raise AssertionError("no partnership position found")  # pragma: no cover


def test_in_the_draw_game_only_the_plays_after_the_last_draw_are_read() -> None:
    """003's draw game: before its last draw a seat held tiles nobody saw it take, so
    only its plays after that draw (and not the drawn tile played at once) are read."""
    rules = Rules.preset("draw", 2)
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        position = Round.deal(rules, seed)
        while not position.is_over and position.can_play():
            view = View.of(position)
            other = 1 - view.seat
            history = position.history
            last = max(
                (t for t, e in enumerate(history) if isinstance(e, Draw) and e.seat == other),
                default=-2,
            )
            expected = [
                t
                for t, e in enumerate(history)
                if isinstance(e, Play) and e.seat == other and e.end is not None and t > last + 1
            ]
            assert len(choices(view).get(other, ())) == len(expected)
            checked += last >= 0
            position = step(position, STRATEGIES["heaviest"], rng)
            while not position.is_over and not position.can_play():
                position = step(position, STRATEGIES["heaviest"], rng)
    assert checked


def test_resampling_keeps_each_deal_as_often_as_its_weight_says() -> None:
    """Systematic resampling: the counts add up to the samples, each within one of its
    weight's share."""
    deals = [{1: (Tile(0, n),)} for n in range(5)]
    weights = [0.0, 1.0, 3.0, 0.5, 0.5]
    kept = list(_kept(deals, weights, 100, random.Random(2)))
    counts = {deal[1][0]: copies for deal, copies in kept}
    assert sum(counts.values()) == 100
    assert Tile(0, 0) not in counts
    for n, weight in enumerate(weights[1:], start=1):
        assert abs(counts[Tile(0, n)] - 20 * weight) <= 1


def test_with_nothing_to_read_the_reading_coach_is_the_plain_one() -> None:
    """At a fair-draw opening nothing was played or led: both coaches see the same deals."""
    position = Round.deal(Rules.preset("match", 2), 6)
    assert hint(position, samples=20) == hint(position, samples=20, reads=False)


def test_the_reading_changes_the_hint_once_there_is_something_to_read() -> None:
    """After Ben's choice, the reading coach weighs its deals: another evaluation."""
    position = bens_choice()
    reading = hint(position, samples=30, seed=1)
    plain = hint(position, samples=30, seed=1, reads=False)
    assert reading.samples == plain.samples == 30
    assert reading.moves != plain.moves


def test_the_kept_model_has_a_kind_per_player_of_the_project() -> None:
    """The coach, the heaviest-first and the random player, equally likely before play;
    the heaviest-first player's weight on pips is by far its largest."""
    model = choice_model()
    assert [kind.name for kind in model.kinds] == ["coach", "heaviest", "random"]
    assert sum(kind.prior for kind in model.kinds) == pytest.approx(1, abs=1e-5)
    heaviest = model.kinds[1].weights
    assert heaviest[0] > 3 * max(abs(w) for w in heaviest[1:])

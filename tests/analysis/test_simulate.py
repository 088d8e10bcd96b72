"""The simulation kernel plays exactly the rounds the immutable engine plays.

``blockdomino.analysis.simulate`` exists to measure the strategy claims of 003 over many rounds.
Its figures mean something only if its rounds are the rules' rounds, so every test here
plays the same generator state twice: once through the kernel, once through
``Round.deal`` and ``players.play_round`` (the reference driver), and compares the whole
sequence of plays, passes and (in the draw game) draws, then the result.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from conftest import DRAW_PLAYERS, PRESET_PLAYERS, draw_rules, rules_strategy, seeds
from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino import Draw, Ending, Play, Round, Rules, RulesError
from blockdomino.analysis.players import STRATEGIES, play_round
from blockdomino.analysis.simulate import (
    DRAWN,
    KERNEL_STRATEGIES,
    Stats,
    simulate_round,
    simulate_rounds,
)
from blockdomino.engine.rules import Direction, FirstLeader, Opening

NAMES = sorted(KERNEL_STRATEGIES)

Turns = list[tuple[int, int, int]]


def engine_round(rules: Rules, seed: int, names: Sequence[str]) -> Round:
    """The reference: deal and play out with the engine, drawing on one generator."""
    rng = random.Random(seed)
    return play_round(Round.deal(rules, rng), [STRATEGIES[name] for name in names], rng)


def engine_turns(position: Round) -> Turns:
    """The engine's history in the kernel's encoding: (seat, tile, end key), a draw or a pass."""
    turns = []
    for event in position.history:
        if isinstance(event, Play):
            end = event.end
            key = -1 if end is None else 2 * end.tile.index + end.side.rank
            turns.append((event.seat, event.tile.index, key))
        elif isinstance(event, Draw):
            turns.append((event.seat, event.tile.index, DRAWN))
        else:
            turns.append((event.seat, -1, -1))
    return turns


def assert_same_round(rules: Rules, seed: int, names: Sequence[str]) -> None:
    turns: Turns = []
    summary = simulate_round(rules, random.Random(seed), strategy=names, events=turns)
    position = engine_round(rules, seed, names)
    result = position.result
    assert result is not None
    assert turns == engine_turns(position)
    assert summary.leader == position.leader
    placed = [event for event in position.history if isinstance(event, Play)]
    assert summary.last == placed[-1].seat
    assert summary.ending is result.ending
    assert summary.dominoer == result.dominoer
    assert summary.totals == result.totals
    assert summary.winners == result.winners
    assert summary.points == result.points
    assert summary.plays == len(position.chain)
    draws = sum(isinstance(event, Draw) for event in position.history)
    assert summary.draws == draws
    assert summary.passes == len(position.history) - len(position.chain) - draws


@settings(max_examples=100, deadline=None)
@given(rules=rules_strategy | draw_rules, seed=seeds, data=st.data())
def test_kernel_plays_the_engines_round(rules: Rules, seed: int, data: st.DataObject) -> None:
    """Every preset and player count, the draw game too, any mix of strategies: the same
    plays, passes and draws."""
    names = data.draw(
        st.lists(st.sampled_from(NAMES), min_size=rules.players, max_size=rules.players)
    )
    assert_same_round(rules, seed, names)


@pytest.mark.parametrize(("preset", "players"), PRESET_PLAYERS + DRAW_PLAYERS)
@pytest.mark.parametrize("strategy", NAMES)
def test_kernel_plays_the_engines_rounds_seed_after_seed(
    preset: str, players: int, strategy: str
) -> None:
    """Two hundred consecutive seeds per preset, player count and strategy."""
    rules = Rules.preset(preset, players)
    for seed in range(200):
        assert_same_round(rules, seed, [strategy] * players)


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    """Rule sets beyond the presets: any hand size, leader policy, opening, direction, pot."""
    players = draw(st.sampled_from((2, 3, 4)))
    return Rules(
        name="custom",
        players=players,
        tiles_each=draw(st.integers(min_value=1, max_value=28 // players)),
        partnership=players == 4 and draw(st.booleans()),
        first_leader=draw(st.sampled_from(FirstLeader)),
        opening=draw(st.sampled_from(Opening)),
        direction=draw(st.sampled_from(Direction)),
        target=draw(st.sampled_from((None, 100))),
        rotate_lead=False,
        pot=draw(st.booleans()),
    )


@settings(max_examples=100, deadline=None)
@given(rules=any_rules(), seed=seeds, strategy=st.sampled_from(NAMES))
def test_kernel_follows_any_rule_set_as_the_engine_does(
    rules: Rules, seed: int, strategy: str
) -> None:
    """Custom options too, including a leader refused for lacking the opening double."""
    names = [strategy] * rules.players
    refused = refusal(lambda: engine_round(rules, seed, names))
    assert refusal(lambda: simulate_round(rules, random.Random(seed), strategy=names)) == refused
    if refused is None:
        assert_same_round(rules, seed, names)


def refusal(play: Callable[[], object]) -> tuple[str, dict[str, Any]] | None:
    """The key and values of the ``RulesError`` that ``play`` raises, if it raises one."""
    try:
        play()
    except RulesError as refused:
        return refused.key, refused.params
    return None


def engine_stats(rules: Rules, count: int, seed: int, names: Sequence[str]) -> Stats:
    """``simulate_rounds``' figures counted over engine rounds sharing one generator."""
    rng = random.Random(seed)
    strategies = [STRATEGIES[name] for name in names]
    seats = range(rules.players)
    wins, blocked_wins, points = [0] * rules.players, [0] * rules.players, [0] * rules.players
    blocked = drawn = plays = passes = closer_wins = leader_wins = draws = 0
    for _ in range(count):
        position = play_round(Round.deal(rules, rng), strategies, rng)
        result = position.result
        assert result is not None
        drawing = sum(isinstance(event, Draw) for event in position.history)
        draws += drawing
        plays += len(position.chain)
        passes += len(position.history) - len(position.chain) - drawing
        leader_wins += position.leader in result.winners
        for seat in seats:
            wins[seat] += seat in result.winners
            points[seat] += result.points[seat]
        if result.ending is Ending.BLOCKED:
            blocked += 1
            drawn += not result.winners
            closer = [event.seat for event in position.history if isinstance(event, Play)][-1]
            closer_wins += closer in result.winners
            for seat in result.winners:
                blocked_wins[seat] += 1
    return Stats(
        rules,
        tuple(names),
        count,
        blocked,
        drawn,
        plays,
        passes,
        tuple(wins),
        tuple(blocked_wins),
        closer_wins,
        leader_wins,
        tuple(points),
        draws,
    )


@pytest.mark.parametrize(("preset", "players"), PRESET_PLAYERS + DRAW_PLAYERS)
def test_statistics_count_the_engines_rounds(preset: str, players: int) -> None:
    """``simulate_rounds`` over one generator equals the same counts made with the engine."""
    rules = Rules.preset(preset, players, target=None if preset == "match" else 100)
    names = ["heaviest"] + ["random"] * (players - 1)
    assert simulate_rounds(rules, 150, seed=7, strategy=names) == engine_stats(rules, 150, 7, names)


def test_statistics_are_consistent() -> None:
    """Shares lie between 0 and 1; partners win together; the same seed, the same figures."""
    rules = Rules.preset("partnership")
    stats = simulate_rounds(rules, 400, seed="003")
    assert stats == simulate_rounds(rules, 400, seed="003")
    assert stats.wins[0] == stats.wins[2]
    assert stats.wins[1] == stats.wins[3]
    assert sum(stats.wins) == 2 * (stats.rounds - stats.drawn)
    assert 0 < stats.blocked_share < 1
    assert 0 <= stats.drawn_share <= stats.blocked_share
    assert 0 <= stats.closer_share <= 1
    assert 7 <= stats.mean_plays <= 28
    assert stats.strategies == ("random",) * 4


@pytest.mark.parametrize("strategy", ["best", ["random"], ["random", "heaviest", "random"]])
def test_unknown_or_miscounted_strategies_are_refused(strategy: str | list[str]) -> None:
    """One strategy name for all seats, or exactly one per seat, from the known ones."""
    with pytest.raises(ValueError, match="strategy"):
        simulate_rounds(Rules.preset("block", 2), 1, seed=1, strategy=strategy)

"""Matches: rounds dealt one after another, scores kept per side, until the target.

The sentences of 000 about the next round and the match's end are tested in
``test_rules_000_scoring``; the sums of awards over random matches in ``test_properties``.
"""

from __future__ import annotations

import random

import pytest

from blockdomino import Chain, Match, Round, Rules, Tile
from blockdomino.analysis.players import heaviest_tile, play_match, random_move


@pytest.mark.parametrize(("players", "target"), [(2, 100), (3, 61), (4, 61)])
def test_target_by_player_count(players: int, target: int) -> None:
    """000, the table's "Ottelun tavoite": 100 points with 2 players, 61 with 3 or 4; a
    lesson may set another target."""
    assert Rules.preset("match", players).target == target
    assert Rules.preset("match", players, target=30).target == 30


def test_a_match_starts_with_a_fair_draw_and_no_points() -> None:
    """The first round is led by the fair draw; nothing is logged or scored yet."""
    match = Match.start(Rules.preset("match", 3), seed="lesson")
    assert match.number == 1
    assert match.scores == (0, 0, 0)
    assert match.log == ()
    assert match.round.lead is not None
    assert match.round.lead.draws
    assert not match.is_over
    assert match.winner is None
    assert not match.is_drawn


def test_a_round_is_logged_the_moment_it_ends() -> None:
    """Playing through the match logs the round with its leader, result and scores."""
    rules = Rules.preset("match", 2)
    start = Round.from_hands(rules, ["[2|3] [4|4]", "[1|6] [5|5]"], chain=Chain.parse("[3|4]"))
    match = Match(rules, 7, start)
    assert match.number == 1
    played = match.play(Tile(4, 4))
    assert played.log == ()
    ended = played.pass_turn().play(Tile(2, 3))
    assert ended.number == 1
    (record,) = ended.log
    assert (record.number, record.leader, record.scores) == (1, 0, (17, 0))
    assert record.result == ended.round.result
    assert ended.next_round().number == 2


def test_same_seed_same_match() -> None:
    """A match is reproducible from its seed: deals, leaders, results and scores."""
    rules = Rules.preset("match", 4)
    first = play_match(Match.start(rules, 11), [random_move, heaviest_tile] * 2, seed=11)
    again = play_match(Match.start(rules, 11), [random_move, heaviest_tile] * 2, seed=11)
    assert first == again
    assert first.log == again.log


def test_a_scored_single_hand_preset_finds_each_leader_by_the_double() -> None:
    """RULES.md: "more rounds" belong to ``match``; a ``block`` game given a target does not
    rotate the lead: every round the highest double leads again."""
    rules = Rules.preset("block", 2, target=40)
    match = Match.start(rules, 2)
    rng = random.Random(2)
    for number in (2, 3):
        while not match.round.is_over:
            can_play = match.round.can_play()
            match = match.play(random_move(match.round, rng)) if can_play else match.pass_turn()
        assert len(match.log) == number - 1
        match = match.next_round()
        lead = match.round.lead
        assert lead is not None
        assert not lead.given
        assert lead.tile is not None
        assert lead.tile in match.round.hands[match.round.leader]


def test_the_winner_is_the_highest_score() -> None:
    """Every match played out ends with one side on top at or over the target."""
    for players in (2, 3, 4):
        match = play_match(Match.start(Rules.preset("match", players), players), seed=players)
        target = match.rules.target
        assert target is not None
        assert match.is_over
        assert match.winner is not None
        assert max(match.scores) >= target
        assert match.scores[match.winner[0]] == max(match.scores)
        assert match.leaders == (match.winner,)

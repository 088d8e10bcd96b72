"""The Swedish "Blockspel" page ``003_69b3eee9ef2eb577.txt``, sentence by sentence.

003 sets Block against the draw game: the ``block`` preset, with the ``partnership``
preset as its partner option. Each test quotes the sentence it checks. Sentences that 001
states too are quoted in the tests of ``test_rules_001``; the draw game (the table's
"Domino (standard)" column, and how Block's column differs) in ``test_rules_003_draw``;
the strategy claims, measured rather than assumed, in ``test_lab``.
``test_rule_coverage`` checks that every sentence is covered, and lists the ones that
state no rule (headings, strategy advice, history).
"""

from __future__ import annotations

import pytest
from conftest import positions

from blockdomino import Chain, Match, Round, Rules, RulesError, Tile
from blockdomino.analysis.players import play_match


@pytest.mark.parametrize(
    ("name", "players"), [("block", 2), ("block", 3), ("block", 4), ("partnership", 4)]
)
def test_nobody_ever_draws_and_the_rest_stay_face_down(name: str, players: int) -> None:
    """003: "Blockspelet är domino utan dragning." "Varje spelare får den vanliga handen ur
    dubbelsexsetet, och brickorna som blir över ligger kvar med baksidan upp hela
    partiet."; the table's "Ingen drar någonsin. Brickorna som blir över efter given ligger
    kvar med baksidan upp tills partiet är slut." — the tiles in hands and chain are the
    dealt ones throughout, and the ones out of play never change."""
    rules = Rules.preset(name, players)
    for seed in range(10):
        start = Round.deal(rules, seed)
        dealt = sorted(tile for hand in start.hands for tile in hand)
        for position in positions(start, seed):
            in_play = [tile for hand in position.hands for tile in hand] + list(position.chain)
            assert sorted(in_play) == dealt
            assert position.out_of_play == start.out_of_play


def test_stand_over_as_soon_as_no_tile_in_hand_fits() -> None:
    """003: "Den som inte kan matcha någon av ändarna står över." and the table's "Du står
    över så fort ingen bricka på handen passar." — even while tiles out of play would fit:
    nobody can take them."""
    rules = Rules.preset("block", 2)
    position = Round.from_hands(rules, ["[1|4] [2|6]", "[0|5] [3|3]"], chain=Chain.parse("[5|5]"))
    assert any(tile.has(5) for tile in position.out_of_play)
    assert not position.can_play()
    passed = position.pass_turn()
    assert passed.turn == 1
    assert passed.hands == position.hands


def test_standing_over_costs_only_the_turn_and_the_line_can_stop_growing() -> None:
    """003: "Här kostar det bara turen att stå över, och raden kan sluta växa så snart ingen
    har talen i dess ändar." — a pass changes nothing but whose turn it is; once nobody
    holds an end's number the round is over and no tile can be added."""
    rules = Rules.preset("block", 3)
    position = Round.from_hands(
        rules, ["[0|2]", "[1|5] [2|3]", "[0|6] [4|4]"], chain=Chain.parse("[5|5]"), leader=0
    )
    passed = position.pass_turn()
    assert (passed.hands, passed.chain, passed.out_of_play) == (
        position.hands,
        position.chain,
        position.out_of_play,
    )
    closed = passed.play(Tile(1, 5), passed.chain.open_ends[1])
    assert sorted(closed.chain.numbers or ()) == [1, 5]
    assert closed.is_over
    assert closed.legal_moves() == ()


@pytest.mark.parametrize(
    ("name", "players", "out"),
    [
        ("block", 2, 14),
        ("block", 3, 13),
        ("block", 4, 8),
        ("match", 2, 14),
        ("match", 3, 13),
        ("match", 4, 8),
        ("partnership", 4, 0),
    ],
)
def test_out_of_play_counts(name: str, players: int, out: int) -> None:
    """003, the table's "Brickor utanför spel": "Med två spelare är 14 brickor utanför spel,
    med tre 13 och med fyra 8"; with a partner all 28 are in play, so 0."""
    rules = Rules.preset(name, players)
    assert rules.out_of_play == out
    assert len(Round.deal(rules, out).out_of_play) == out


def test_two_to_four_players_partners_at_four() -> None:
    """003, the table's "Andra val": "Två till fyra spelare, med partnerspel vid fyra
    platser." with Blockspel "Samma." — 2, 3 or 4 players; partners only with four."""
    assert [Rules.preset("block", n).players for n in (2, 3, 4)] == [2, 3, 4]
    assert Rules.preset("partnership").players == 4
    for players in (2, 3):
        with pytest.raises(RulesError):
            Rules.preset("partnership", players)


def test_one_deal_decides() -> None:
    """003: "… här, liksom i standardspelet, avgör en giv vem som vinner." — the ``block``
    and ``partnership`` presets score nothing and are no match."""
    for rules in (Rules.preset("block", 3), Rules.preset("partnership")):
        assert rules.target is None
        assert not rules.scored
        with pytest.raises(RulesError) as refused:
            Match.start(rules, 1)
        assert refused.value.key == "error.match.unscored"


def test_the_usual_rules_play_several_deals_to_100_or_61() -> None:
    """003: "De vanliga reglerna spelas över flera givar, till 100 poäng för två spelare
    eller partnerpar och 61 för tre eller fyra …" — RULES.md: an option, not a preset. A
    partnership match scores per pair and ends when a pair reaches 100."""
    pairs = play_match(Match.start(Rules.preset("partnership", target=100), 3), seed=3)
    assert len(pairs.scores) == 2
    assert max(pairs.scores) >= 100
    assert pairs.winner in ((0, 2), (1, 3))
    assert all(record.result.winners in ((), (0, 2), (1, 3)) for record in pairs.log)
    three = play_match(Match.start(Rules.preset("block", 3, target=61), 3), seed=3)
    assert max(three.scores) >= 61
    assert len(three.log) > 1

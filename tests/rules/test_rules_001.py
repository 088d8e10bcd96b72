"""The Swedish leaflet ``001_48f816d26391b3b1.txt``, sentence by sentence.

Its single game ("BLOCKDOMINO — För 2–4 spelare") is the ``block`` preset; its team game
("LAGSPEL — För 4 spelare") the ``partnership`` preset. Each test quotes the sentence it
checks; where the leaflet is silent, the decision recorded in RULES.md is tested and named.
A sentence repeated in the team game is tested once, for both presets.
``test_rule_coverage`` checks that every sentence is covered, and lists the ones that
state no rule (the headings).
"""

from __future__ import annotations

import itertools

import pytest
from conftest import assert_worded, positions

from blockdomino import DOUBLE_SIX, Chain, Pass, Play, Round, Rules, RulesError, Tile
from blockdomino.analysis.players import play_round
from blockdomino.engine.scoring import score
from blockdomino.words.text import explain_result

BLOCK = [Rules.preset("block", players) for players in (2, 3, 4)]
BOTH = [*BLOCK, Rules.preset("partnership")]


def _name(rules: Rules) -> str:
    return f"{rules.name}-{rules.players}"


def test_two_to_four_players_and_four_for_the_team_game() -> None:
    """001: "BLOCKDOMINO — För 2–4 spelare" and "LAGSPEL — För 4 spelare" — the single
    game deals to 2, 3 or 4, and refuses 1 or 5 with a message; the team game only to 4."""
    for players in (2, 3, 4):
        assert len(Round.deal(Rules.preset("block", players), players).hands) == players
    for players in (1, 5):
        with pytest.raises(RulesError) as refused:
            Rules.preset("block", players)
        assert refused.value.key == "error.rules.players"
        assert_worded(refused.value)
    assert len(Round.deal(Rules.preset("partnership"), 4).hands) == 4
    for players in (2, 3, 5):
        with pytest.raises(RulesError) as refused:
            Rules.preset("partnership", players)
        assert refused.value.key == "error.rules.partnership_players"


def test_first_to_play_all_tiles_wins() -> None:
    """001: "Bli först med att lägga alla dina dominobrickor." and "Den som först lägger
    alla sina brickor vinner omgången."; 003: "Den som först lägger sin sista bricka
    vinner." — the dominoer wins at once; one hand decides, nothing is scored."""
    position = Round.from_hands(
        Rules.preset("block", 3), ["[2|3]", "[3|3] [0|1]", "[4|4]"], chain=Chain.parse("[1|3]")
    ).play(Tile(2, 3))
    assert position.is_over
    assert position.result is not None
    assert position.result.winners == (0,)
    assert position.result.points == (0, 0, 0)
    assert position.result.award is None


def test_a_blocked_game_goes_to_the_fewest_pips() -> None:
    """001: "Om spelet blir blockerat vinner spelaren som har lägst antal prickar på sina
    kvarvarande brickor." and "Varje spelare räknar prickarna på sina kvarvarande brickor.
    Spelaren med lägst summa vinner omgången." — played out to the block."""
    position = Round.from_hands(
        Rules.preset("block", 3),
        ["[5|6] [0|2]", "[3|4]", "[0|4] [1|3]"],
        chain=Chain.parse("[4|6], [6|6], [4|5]"),
    )
    five = next(end for end in position.chain.open_ends if end.pips == 5)
    blocked = position.play(Tile(5, 6), five)
    assert blocked.is_blocked
    assert blocked.result is not None
    assert blocked.result.totals == (2, 7, 8)
    assert blocked.result.winners == (0,)


@pytest.mark.parametrize("rules", BOTH, ids=_name)
def test_all_28_tiles_are_shuffled_face_down(rules: Rules) -> None:
    """001: "Använd alla 28 dominobrickor. Blanda dem med framsidan nedåt." — every deal
    shares out the whole set, differently for different seeds."""
    deals = [Round.deal(rules, seed) for seed in range(20)]
    for position in deals:
        dealt = [tile for hand in position.hands for tile in hand] + list(position.out_of_play)
        assert sorted(dealt) == list(DOUBLE_SIX)
    assert len({position.hands for position in deals}) == len(deals)


@pytest.mark.parametrize(("players", "tiles_each"), [(2, 7), (3, 5), (4, 5)])
def test_block_hand_sizes(players: int, tiles_each: int) -> None:
    """001: "2 spelare: 7 brickor var" and "3–4 spelare: 5 brickor var"."""
    rules = Rules.preset("block", players)
    assert rules.tiles_each == tiles_each
    assert [len(hand) for hand in Round.deal(rules, 1).hands] == [tiles_each] * players


@pytest.mark.parametrize("rules", BLOCK, ids=_name)
def test_left_over_tiles_are_put_aside_all_round(rules: Rules) -> None:
    """001: "Lägg undan brickorna som blir över; de används inte under omgången." — the
    out-of-play tiles stay the same and never enter the chain."""
    for seed in range(10):
        start = Round.deal(rules, seed)
        final = play_round(start, seed=seed)
        assert final.out_of_play == start.out_of_play
        assert len(start.out_of_play) == 28 - rules.players * rules.tiles_each
        assert not set(final.chain.tiles) & set(start.out_of_play)


@pytest.mark.parametrize("rules", BLOCK, ids=_name)
def test_the_highest_double_leads(rules: Rules) -> None:
    """001: "Spelaren med den högsta dubbelbrickan börjar: dubbel-sexa, sedan dubbel-femma
    och så vidare."; 003: "Den som har den högsta dubbeln spelar ut …" — the leader holds
    the highest double dealt to anyone."""
    for seed in range(30):
        position = Round.deal(rules, seed)
        doubles = [tile for hand in position.hands for tile in hand if tile.is_double]
        assert position.lead is not None
        assert position.lead.tile == max(doubles)
        assert max(doubles) in position.hands[position.leader]
        assert position.turn == position.leader


def test_nobody_holding_a_double_means_a_new_deal() -> None:
    """001: "Om ingen har en dubbelbricka blandar ni om alla brickor och delar ut dem på
    nytt." — rare (about 3 deals in 1000 with two players): the deal is thrown in and
    counted, and the round starts only once someone holds a double."""
    rules = Rules.preset("block", 2)
    redealt = [p for seed in range(3000) if (p := Round.deal(rules, seed)).lead and p.lead.redeals]
    assert 0 < len(redealt) < 30
    for position in redealt:
        assert any(tile.is_double for hand in position.hands for tile in hand)
        assert position.lead is not None
        assert position.lead.tile in position.hands[position.leader]


@pytest.mark.parametrize("rules", BLOCK, ids=_name)
def test_the_first_tile_is_the_leaders_highest_double(rules: Rules) -> None:
    """001: "Lägg den första brickan med framsidan uppåt mitt på bordet." — which tile the
    leaflet leaves open; RULES.md decides "the leader's highest double" (the redeal rule
    only makes sense if the double is played)."""
    for seed in range(20):
        position = Round.deal(rules, seed)
        assert position.lead is not None
        assert [move.tile for move in position.legal_moves()] == [position.lead.tile]
        assert position.play(position.lead.tile).chain.tiles == (position.lead.tile,)


@pytest.mark.parametrize("rules", BLOCK, ids=_name)
def test_players_take_turns_clockwise(rules: Rules) -> None:
    """001: "Spelarna turas om att lägga en bricka." — in turn; the leaflet does not say
    which way, RULES.md decides clockwise: 0 → 1 → 2 …"""
    for seed in range(10):
        final = play_round(Round.deal(rules, seed), seed=seed)
        seats = [event.seat for event in final.history]
        assert seats == [(final.leader + i) % rules.players for i in range(len(seats))]


@pytest.mark.parametrize("rules", BOTH, ids=_name)
def test_one_matching_tile_at_either_of_two_ends_per_turn(rules: Rules) -> None:
    """001: "Lägg brickan vid någon av kedjans två öppna ändar. Siffrorna måste stämma
    överens: 6 mot 6, 3 mot 3 och så vidare. Du får lägga en bricka per tur."; 003: "… och
    spelarna lägger i tur och ordning en bricka i någon av radens ändar, med samma tal som
    änden visar." — each play joins one of the two ends showing one of its numbers; the
    turn then moves on."""
    for seed in range(10):
        rounds = list(positions(Round.deal(rules, seed), seed))
        for before, after in itertools.pairwise(rounds):
            event = after.history[-1]
            if isinstance(event, Play) and event.end is not None:
                assert event.end in before.chain.open_ends
                assert event.tile.has(event.end.pips)
                assert len(after.chain.tiles) == len(before.chain.tiles) + 1
            assert after.turn == rules.next_seat(before.turn)


@pytest.mark.parametrize("rules", BOTH, ids=_name)
def test_no_tile_fits_so_stand_over_without_drawing(rules: Rules) -> None:
    """001: "Om du inte kan lägga någon bricka står du över din tur. I blockdomino drar
    man inga nya brickor." and "I lagspelet finns ingen draghög." — the pass changes only
    whose turn it is."""
    hands = ["[6|6] [0|5]", "[1|2]", "[2|3]", "[3|4]"][: rules.players]
    position = Round.from_hands(rules, hands, chain=Chain.parse("[5|5]"), leader=1)
    assert not position.can_play()
    passed = position.pass_turn()
    assert passed.hands == position.hands
    assert passed.chain == position.chain
    assert passed.out_of_play == position.out_of_play
    assert passed.history == (Pass(1),)
    assert passed.turn == rules.next_seat(1)


@pytest.mark.parametrize("rules", BOTH, ids=_name)
def test_blocked_when_nobody_can_play(rules: Rules) -> None:
    """001: "Om ingen kan lägga någon bricka är spelet blockerat." — blocked exactly when
    no hand holds a number of either end, and then the round is over. A round that
    ended with a domino is not blocked, even when no tile left fits."""
    for seed in range(10):
        for position in positions(Round.deal(rules, seed), seed):
            ends = position.chain.numbers
            stuck = (
                ends is not None
                and all(position.hands)
                and not any(
                    tile.has(ends[0]) or tile.has(ends[1])
                    for hand in position.hands
                    for tile in hand
                )
            )
            assert position.is_blocked == stuck
            if stuck:
                assert position.is_over


def test_equal_lowest_totals_draw_the_round() -> None:
    """001: "Om två eller fler spelare har samma lägsta summa slutar omgången oavgjort." —
    nobody wins; the explanation says it is drawn ("oavgjort")."""
    rules = Rules.preset("block", 4)
    result = score(rules, (3, 3, 3, 8))
    assert result.winners == ()
    assert result.is_tie
    assert "Omgången slutar oavgjort." in explain_result(result, "sv")
    assert score(rules, (4, 3, 3, 8)).is_tie


def test_play_in_teams_of_partners_sitting_opposite() -> None:
    """001: "LAGSPEL — För 4 spelare": "Spela i lag." "Fyra spelare bildar två lag.
    Lagkamraterna sitter mittemot varandra." — seats 0 and 2 against 1 and 3."""
    rules = Rules.preset("partnership")
    assert rules.players == 4
    assert rules.partnership
    assert rules.sides() == ((0, 2), (1, 3))
    assert [rules.side_of(seat) for seat in range(4)] == [(0, 2), (1, 3), (0, 2), (1, 3)]


def test_the_team_of_the_first_to_go_out_wins_at_once() -> None:
    """001: "Det första laget där en spelare lägger alla sina brickor vinner." and "Ett lag
    vinner så snart en av lagets spelare lägger sin sista bricka." — seat 1 goes out while
    its partner still holds tiles: seats 1 and 3 win, and the round is over."""
    position = Round.from_hands(
        Rules.preset("partnership"),
        ["[0|0] [0|1]", "[2|3]", "[4|4]", "[5|5] [3|5]"],
        chain=Chain.parse("[1|3]"),
        turn=1,
    ).play(Tile(2, 3))
    assert position.is_over
    assert position.result is not None
    assert position.result.winners == (1, 3)
    assert position.legal_moves() == ()


def test_a_blocked_team_game_goes_to_the_lower_team_sum() -> None:
    """001: "Om spelet blir blockerat vinner laget som har lägst antal prickar på sina
    kvarvarande brickor." "Varje lag räknar ihop prickarna på båda lagkamraternas
    kvarvarande brickor. Laget med lägst summa vinner spelet." — the team sum decides, not
    the lowest single hand (seat 1 holds only 1 pip, yet its team loses)."""
    position = Round.from_hands(
        Rules.preset("partnership"),
        ["[5|6] [1|2] [3|4]", "[0|1]", "[0|2]", "[5|5] [4|4] [3|3] [1|1]"],
        chain=Chain.parse("[4|6], [6|6], [4|5]"),
    )
    five = next(end for end in position.chain.open_ends if end.pips == 5)
    blocked = position.play(Tile(5, 6), five)
    assert blocked.is_blocked
    assert blocked.result is not None
    assert blocked.result.totals == (10, 1, 2, 26)
    assert blocked.result.winners == (0, 2)


def test_equal_team_sums_draw_the_game() -> None:
    """001: "Om båda lagen har samma summa slutar spelet oavgjort." """
    result = score(Rules.preset("partnership"), (5, 3, 4, 6))
    assert result.winners == ()
    assert result.points == (0, 0, 0, 0)
    assert not score(Rules.preset("partnership"), (5, 3, 4, 7)).is_tie


def test_seven_tiles_each_all_28_dealt() -> None:
    """001: "Varje spelare drar 7 brickor. Alla 28 brickor delas ut, så det finns ingen
    draghög."; 003, the table's "Andra val": "Med partner delar dubbelsexsetet ut 7 brickor
    till var och en av de fyra spelarna, så alla 28 brickor är i spel." """
    rules = Rules.preset("partnership")
    assert rules.tiles_each == 7
    for seed in range(10):
        position = Round.deal(rules, seed)
        assert [len(hand) for hand in position.hands] == [7, 7, 7, 7]
        assert position.out_of_play == ()


def test_the_double_six_leads_the_team_game() -> None:
    """001: "Spelaren med dubbel-sexan börjar." — its holder leads and opens with it."""
    for seed in range(20):
        position = Round.deal(Rules.preset("partnership"), seed)
        assert Tile(6, 6) in position.hands[position.leader]
        assert position.legal_moves() == (position.legal_moves()[0],)
        assert position.legal_moves()[0].tile is Tile(6, 6)


def test_then_the_player_to_the_right_and_on_the_same_way() -> None:
    """001: "Därefter spelar personen till höger. Spelet fortsätter runt bordet i samma
    riktning." — with seats numbered clockwise: 0 → 3 → 2 → 1 → 0."""
    rules = Rules.preset("partnership")
    assert [rules.next_seat(seat) for seat in range(4)] == [3, 0, 1, 2]
    for seed in range(10):
        final = play_round(Round.deal(rules, seed), seed=seed)
        seats = [event.seat for event in final.history]
        assert seats == [(final.leader - i) % 4 for i in range(len(seats))]


def test_no_action_moves_tiles_between_hands() -> None:
    """001: "Visa inte dina brickor för din lagkamrat och byt inte brickor med varandra." —
    each hand belongs to its seat: every tile a seat plays was dealt to it, and at every
    moment a hand is what was dealt to it minus what it played."""
    for seed in range(10):
        start = Round.deal(Rules.preset("partnership"), seed)
        for position in positions(start, seed):
            for seat in range(4):
                played = {
                    e.tile for e in position.history if isinstance(e, Play) and e.seat == seat
                }
                assert played <= set(start.hands[seat])
                assert position.hands[seat] == tuple(
                    t for t in start.hands[seat] if t not in played
                )

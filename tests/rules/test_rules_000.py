"""The Finnish rules ``000_f45f10e211c10b57.txt``, sentence by sentence: the ``match`` preset
(the scoring, the next round and the target in ``test_rules_000_scoring``).

Each test quotes the sentences it checks; a sentence the document says twice is quoted
in the test of its first wording. Some sentences are quoted in other modules: the worked
examples and scoring figures in ``test_chain``, ``test_scoring`` and ``test_verify``, what
a learner sees in the widget tests. ``test_rule_coverage`` checks that every sentence is
covered, and lists the ones that state no rule.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from conftest import positions

from blockdomino import (
    DOUBLE_SIX,
    Chain,
    IllegalMoveError,
    Match,
    Pass,
    Play,
    Round,
    Rules,
    Side,
    Tile,
)
from blockdomino.analysis.players import play_match


def test_two_to_four_players_each_for_themselves() -> None:
    """000: "Block on 2–4 pelaajan yksilöpeli …" — 2, 3 or 4 players, no teams."""
    for players in (2, 3, 4):
        rules = Rules.preset("match", players)
        assert rules.players == players
        assert not rules.partnership
        assert rules.sides() == tuple((seat,) for seat in range(players))


def test_no_drawing_and_hands_only_lose_played_tiles() -> None:
    """000: "Laattoja ei nosteta …" — a hand never gains a tile; it loses only the one played."""
    for seed in range(20):
        rounds = list(positions(Round.deal(Rules.preset("match", 2 + seed % 3), seed), seed))
        for before, after in itertools.pairwise(rounds):
            event = after.history[-1]
            for seat, (old, new) in enumerate(zip(before.hands, after.hands, strict=True)):
                played = isinstance(event, Play) and event.seat == seat
                expected = tuple(t for t in old if t is not event.tile) if played else old
                assert new == expected


def test_placing_never_scores_not_even_the_opening_or_the_last_tile() -> None:
    """000: "… eikä niiden asettamisesta saa pisteitä"; "Laatan asettamisesta ei saa
    siirtopisteitä, ei edes avauksesta tai viimeisestä laatasta. Pisteet lasketaan
    kierroksen lopussa."; again: "Laatan pelaamisesta ei saa pisteitä; pisteet lasketaan
    kierroksen lopussa." — an opening [5|5] scores nothing; the domino scores only the
    opponent's hand."""
    rules = Rules.preset("match", 2)
    start = Round.from_hands(rules, ["[5|5] [0|5]", "[1|2] [3|4]"])
    match = Match(rules, 0, start)
    opened = match.play(Tile(5, 5))
    assert opened.scores == (0, 0)
    assert opened.round.result is None
    passed = opened.pass_turn()
    assert passed.scores == (0, 0)
    ended = passed.play(Tile(0, 5), passed.round.chain.open_ends[0])
    assert ended.scores == (10, 0)
    assert ended.round.result is not None
    assert ended.round.result.points == (10, 0)


def test_win_by_emptying_the_hand_or_the_blocked_round() -> None:
    """000: "Tyhjennä kätesi tai voita lukkiutunut kierros ja kerää pisteet kierroksen
    lopussa käsiin jääneistä silmistä." — both endings have a winner scored from the pips
    left in hands."""
    rules = Rules.preset("match", 2)
    chain = Chain.parse("[1|4]")
    domino = Round.from_hands(rules, ["[3|4]", "[2|5]"], chain=chain).play(Tile(3, 4))
    assert domino.result is not None
    assert (domino.result.winners, domino.result.points) == ((0,), (7, 0))
    blocked = Round.from_hands(rules, ["[3|4] [0|2]", "[2|5]"], chain=chain).play(Tile(3, 4))
    assert blocked.is_blocked
    assert blocked.result is not None
    assert (blocked.result.winners, blocked.result.points) == ((0,), (5, 0))


def test_the_complete_double_six_set() -> None:
    """000: "Tarvitset täydellisen 28 laatan tuplakuutossetin [0|0]:sta [6|6]:een …" —
    every pair of numbers 0–6 once, from [0|0] to [6|6]."""
    assert len(DOUBLE_SIX) == 28
    assert len(set(DOUBLE_SIX)) == 28
    assert {(tile.low, tile.high) for tile in DOUBLE_SIX} == {
        (low, high) for low in range(7) for high in range(low, 7)
    }
    assert (str(DOUBLE_SIX[0]), str(DOUBLE_SIX[-1])) == ("[0|0]", "[6|6]")


def test_each_player_has_an_own_score() -> None:
    """000: "Jokaisella pelaajalla on oma pistesaldo." — one score per player; a round
    changes at most the winner's."""
    for players in (2, 3, 4):
        match = Match.start(Rules.preset("match", players), seed=players)
        assert match.scores == (0,) * players
        finished = play_match(match, seed=players)
        for before, record in zip(
            ((0,) * players, *(r.scores for r in finished.log)), finished.log, strict=False
        ):
            changed = [seat for seat in range(players) if record.scores[seat] != before[seat]]
            assert changed in ([], list(record.result.winners))


@pytest.mark.parametrize(("players", "tiles_each"), [(2, 7), (3, 5), (4, 5)])
def test_tiles_each_by_player_count(players: int, tiles_each: int) -> None:
    """000, the table: "Pelaajia 2 | Laattoja pelaajalle 7", "Pelaajia 3 | Laattoja pelaajalle
    5", "Pelaajia 4 | Laattoja pelaajalle 5"."""
    rules = Rules.preset("match", players)
    assert rules.tiles_each == tiles_each
    position = Round.deal(rules, seed=players)
    assert [len(hand) for hand in position.hands] == [tiles_each] * players


def test_tiles_are_shuffled_face_down_and_dealt() -> None:
    """000: "Sekoita laatat kuvapuoli alaspäin ja jaa kädet." — each deal is a shuffle of
    the whole set: hands and out-of-play tiles partition it, and seeds give different deals."""
    rules = Rules.preset("match", 3)
    deals = {Round.deal(rules, seed).hands for seed in range(30)}
    assert len(deals) == 30
    for seed in range(30):
        position = Round.deal(rules, seed)
        held = [tile for hand in position.hands for tile in hand]
        assert sorted(held + list(position.out_of_play)) == list(DOUBLE_SIX)


def test_undealt_tiles_stay_aside_all_round() -> None:
    """000: "Jakamattomat laatat siirretään sivuun koko kierrokseksi; niistä ei muodosteta
    käytettävää nostokasaa." — the out-of-play tiles never change and never reach a hand
    or the chain."""
    for seed in range(20):
        start = Round.deal(Rules.preset("match", 2 + seed % 3), seed)
        for position in positions(start, seed):
            assert position.out_of_play == start.out_of_play
            assert not set(position.out_of_play) & set(position.chain.tiles)
            assert not set(position.out_of_play) & {t for hand in position.hands for t in hand}


def test_first_leader_by_a_fair_draw() -> None:
    """000: "Ensimmäisen kierroksen aloittaja valitaan tasapuolisella arvonnalla." — every
    player draws; the most pips leads; over many deals every seat leads about equally often."""
    leaders: Counter[int] = Counter()
    for seed in range(400):
        position = Round.deal(Rules.preset("match", 4), seed)
        assert position.lead is not None
        first, *_ = position.lead.draws
        assert [seat for seat, _ in first] == [0, 1, 2, 3]
        last = position.lead.draws[-1]
        best = max(tile.pips for _, tile in last)
        assert [seat for seat, tile in last if tile.pips == best] == [position.leader]
        assert position.turn == position.leader
        leaders[position.leader] += 1
    assert all(70 <= leaders[seat] <= 130 for seat in range(4)), leaders


def test_a_tied_draw_is_redrawn_among_the_tied() -> None:
    """000: "Tasatulos ratkaistaan uusinta-arvonnalla tasoihin jääneiden kesken." — after a
    tie for the most pips, only the tied seats draw again."""
    redrawn = 0
    for seed in range(200):
        lead = Round.deal(Rules.preset("match", 4), seed).lead
        assert lead is not None
        for drawing, again in zip(lead.draws, lead.draws[1:], strict=False):
            best = max(tile.pips for _, tile in drawing)
            tied = [seat for seat, tile in drawing if tile.pips == best]
            assert len(tied) > 1
            assert [seat for seat, _ in again] == tied
            redrawn += 1
    assert redrawn > 0


def test_the_leader_opens_with_any_tile() -> None:
    """000: "Aloittaja saa avata millä tahansa kädessään olevalla laatalla; suurin tupla ei
    anna aloitusetua." — every tile of the leader's hand opens; the draw, not a double,
    picks the leader."""
    without_highest_double = 0
    for seed in range(50):
        position = Round.deal(Rules.preset("match", 2), seed)
        assert [move.tile for move in position.legal_moves()] == list(position.hand)
        doubles = [tile for hand in position.hands for tile in hand if tile.is_double]
        if doubles and max(doubles) not in position.hand:
            without_highest_double += 1
    assert without_highest_double > 0
    no_double = Round.from_hands(Rules.preset("match", 2), ["[0|1] [2|3]", "[4|4]"])
    assert no_double.play(Tile(2, 3)).chain.tiles == (Tile(2, 3),)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_go_clockwise(players: int) -> None:
    """000: "Vuorot kiertävät myötäpäivään." — after seat s (numbered clockwise) comes s + 1."""
    for seed in range(10):
        start = Round.deal(Rules.preset("match", players), seed)
        seats = [event.seat for event in list(positions(start, seed))[-1].history]
        assert seats == [(start.leader + i) % players for i in range(len(seats))]


def test_a_tile_joins_either_open_end_with_matching_half() -> None:
    """000: "Liitä vuorollasi yksi laatta ketjun kumpaan tahansa avoimeen päähän niin, että
    liitettävän puolikkaan silmäluku vastaa pään arvoa."; under "Samojen silmälukujen
    yhdistäminen" again: "Liitä samat silmäluvut ketjun jommassakummassa päässä." — the
    legal moves are the hand's tiles at each end whose number they show."""
    chain = Chain.parse("[1|4], [1|1]")
    position = Round.from_hands(
        Rules.preset("match", 2), ["[1|2] [4|6] [3|5]", "[0|0]"], chain=chain
    )
    assert [(str(m.tile), m.end.side, m.end.pips) for m in position.legal_moves() if m.end] == [
        ("[1|2]", Side.LINE_B, 1),
        ("[4|6]", Side.HIGHER_END, 4),
    ]


def test_the_other_half_becomes_the_new_end() -> None:
    """000: "Toinen puolikas muodostaa uuden pään." — [4|6] on the 4 leaves a 6 there."""
    chain = Chain.parse("[1|4]").play(Tile(4, 6))
    assert chain.numbers == (1, 6)
    assert Chain.parse("[1|4]").play(Tile(0, 1)).numbers == (0, 4)


def test_zero_matches_only_zero() -> None:
    """000: "Nolla sopii vain nollaan: [0|0] ei ole jokeri." — [0|0] joins only a 0 end,
    and a 0 end takes only a tile with a 0."""
    assert not Chain.parse("[3|5]").fits(Tile(0, 0))
    assert Chain.parse("[0|3]").ends_for(Tile(0, 0)) == (
        Chain.parse("[0|3]").end(Tile(0, 3), Side.LOWER_END),
    )
    zero = Chain.parse("[0|0]")
    assert [tile for tile in DOUBLE_SIX if zero.fits(tile)] == [Tile(0, n) for n in range(1, 7)]


def test_a_player_who_can_play_must() -> None:
    """000: "Jos voit asettaa laatan, sinun on tehtävä se." — a pass is refused while a
    legal move exists, even one the player would rather not make."""
    position = Round.from_hands(
        Rules.preset("match", 2), ["[4|6] [2|3]", "[0|0]"], chain=Chain.parse("[1|4]")
    )
    assert position.can_play()
    with pytest.raises(IllegalMoveError) as refused:
        position.pass_turn()
    assert refused.value.key == "error.round.pass_with_move"
    assert refused.value.params["tiles"] == (Tile(4, 6),)


def test_otherwise_pass_without_drawing() -> None:
    """000: "Muuten ohitat vuorosi nostamatta laattaa." — the pass keeps hand and out-of-play
    tiles as they were and records the pass."""
    position = Round.from_hands(
        Rules.preset("match", 2), ["[2|3]", "[1|1]"], chain=Chain.parse("[1|4]")
    )
    assert not position.can_play()
    passed = position.pass_turn()
    assert passed.hands == position.hands
    assert passed.out_of_play == position.out_of_play
    assert passed.history == (Pass(0),)
    assert passed.turn == 1


def test_a_play_or_a_permitted_pass_ends_the_turn() -> None:
    """000: "Pelaa yksi laatta tai ohita vuoro"; "Asettaminen tai sallittu ohitus päättää
    vuoron." — one tile per turn; after a play or a pass the next seat moves."""
    for seed in range(20):
        start = Round.deal(Rules.preset("match", 3), seed)
        rounds = list(positions(start, seed))
        for before, after in itertools.pairwise(rounds):
            assert len(after.history) == len(before.history) + 1
            assert len(after.chain.tiles) - len(before.chain.tiles) in (0, 1)
            assert after.turn == (before.turn + 1) % 3


def test_a_bent_chain_still_has_two_ends() -> None:
    """000: "Ketjua voi taivuttaa pöydälle sopivaksi, mutta avoimia päitä on edelleen vain
    kaksi." — however long the chain, it has exactly two open ends."""
    chain = Chain.parse("[3|4]")
    while fitting := [tile for tile in DOUBLE_SIX if chain.fits(tile)]:
        chain = chain.play(fitting[0], chain.ends_for(fitting[0])[0])
        assert len(chain.open_ends) == 2
    assert len(chain.tiles) > 20


def test_doubles_lie_crosswise_in_the_line() -> None:
    """000: "Aseta tuplat poikittain."; again: "Tuplat asetetaan poikittain samaan
    kaksipäiseen ketjuun." — a joining double touches with line A, line B is free, and
    the chain goes on from it."""
    chain = Chain.parse("[3|6], [6|6]")
    assert chain.joins[-1].side is Side.LINE_A
    assert chain.end(Tile(6, 6), Side.LINE_B).pips == 6
    assert len(chain.open_ends) == 2
    assert sorted(chain.numbers or ()) == [3, 6]


def test_no_double_branches_not_even_the_opening_double() -> None:
    """000: "Tuplat eivät haaroita": "Mikään tupla, edes avaustupla, ei avaa
    sivuhaaroja." — after [6|6] opens and a tile joins each of its lines, no third six can
    be laid."""
    chain = Chain.parse("[6|6]").play(Tile(3, 6), Chain.parse("[6|6]").open_ends[0])
    chain = chain.play(Tile(5, 6))
    assert sorted(chain.numbers or ()) == [3, 5]
    assert not chain.fits(Tile(4, 6))
    assert len(chain.open_ends) == 2


def test_continue_a_double_with_its_number() -> None:
    """000: "Jatka samaa kaksipäistä ketjua liittämällä tuplan silmälukuun sopiva laatta.";
    under "Tuplat pysyvät ketjussa" again: "Jatka tuplaa saman silmäluvun laatalla; mikään
    tupla ei avaa sivuhaaroja." — a [1|x] continues from the free line of [1|1], in the
    same line, and the chain keeps two ends."""
    chain = Chain.parse("[1|4], [1|1], [1|5]")
    assert chain.joins[-1][:2] == (Tile(1, 1), Side.LINE_B)
    assert [piece.tile for piece in chain.line] == [Tile(1, 5), Tile(1, 1), Tile(1, 4)]
    assert sorted(chain.numbers or ()) == [4, 5]
    assert not chain.fits(Tile(1, 2))


def test_the_round_ends_at_once_on_the_last_tile() -> None:
    """000: "Kierros päättyy heti, kun joku pelaa viimeisen laattansa …" — nobody moves after
    the domino, even a player who could."""
    position = Round.from_hands(
        Rules.preset("match", 3), ["[2|3]", "[3|3] [1|1]", "[4|4]"], chain=Chain.parse("[1|3]")
    ).play(Tile(2, 3))
    assert position.is_over
    assert position.dominoer == 0
    assert position.legal_moves() == ()


def test_the_round_ends_as_soon_as_nobody_can_play() -> None:
    """000: "… tai kun kukaan ei voi pelata ja kaikki ohittavat vuoronsa." — the round is
    over the moment no hand can play; the passes that would follow are not asked for
    (RULES.md: "A round ends at once … when nobody can play (blocked)")."""
    position = Round.from_hands(
        Rules.preset("match", 3),
        ["[5|6] [1|2]", "[3|4]", "[0|4] [1|3]"],
        chain=Chain.parse("[4|6], [6|6], [4|5]"),
    )
    five = next(end for end in position.chain.open_ends if end.pips == 5)
    blocked = position.play(Tile(5, 6), five)
    assert blocked.is_blocked
    assert blocked.is_over
    assert blocked.history == (Play(0, Tile(5, 6), five),)
    assert blocked.result is not None
    assert blocked.result.totals == (3, 7, 8)

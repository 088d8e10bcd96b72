"""The Finnish rules ``000_f45f10e211c10b57.txt``, sentence by sentence: the ``match``
preset's scoring, the next round and the target of the match.

The sentences before them (the players, the set, the deal, the lead, the turn, the line
and the end of a round) are tested in ``test_rules_000``, as that module says.
``test_rule_coverage`` checks that every sentence is covered.
"""

from __future__ import annotations

from blockdomino import DOUBLE_SIX, Chain, Match, Round, Rules, Tile
from blockdomino.analysis.players import play_match, play_round
from blockdomino.engine.match import RoundRecord
from blockdomino.engine.scoring import score


def test_count_both_halves_of_every_tile() -> None:
    """000: "Laske kunkin laatan molempien puolikkaiden silmät: [6|6] on 12 ja [0|0] nolla." """
    assert Tile(6, 6).pips == 12
    assert Tile(0, 0).pips == 0
    position = Round.from_hands(
        Rules.preset("match", 2), ["[6|6] [0|0] [2|5]", "[1|3]"], chain=Chain.parse("[4|4]")
    )
    assert position.totals == (19, 4)


def test_the_dominoer_scores_all_opponents_hands() -> None:
    """000: "Viimeisen laatan pelaaja voittaa kierroksen ja saa kaikkien vastustajien käsien
    silmät yhteensä." — with three opponents, the sum of all three."""
    rules = Rules.preset("match", 4)
    position = Round.from_hands(
        rules, ["[2|3]", "[6|6]", "[0|1] [1|1]", "[4|5]"], chain=Chain.parse("[1|3]")
    ).play(Tile(2, 3))
    assert position.result is not None
    assert position.result.winners == (0,)
    assert position.result.points == (12 + 3 + 9, 0, 0, 0)


def test_a_double_blank_is_no_tie_with_an_empty_hand() -> None:
    """000: "Vastustajalle jäänyt [0|0] ei tee tasatulosta tyhjän käden kanssa." — played
    out: the dominoer wins although an opponent's hand counts 0 too."""
    position = Round.from_hands(
        Rules.preset("match", 2), ["[2|3]", "[0|0]"], chain=Chain.parse("[1|3]")
    ).play(Tile(2, 3))
    assert position.result is not None
    assert position.result.totals == (0, 0)
    assert position.result.winners == (0,)
    assert not position.result.is_tie


def test_totals_are_compared_only_in_a_blocked_round() -> None:
    """000: "Vain lukkiutuneella kierroksella verrataan käsisummia." — after a domino the
    dominoer wins whatever the others hold, even a tie for their lowest."""
    result = score(Rules.preset("match", 3), (0, 3, 3), dominoer=0)
    assert result.winners == (0,)
    assert result.points == (6, 0, 0)


def test_the_lone_lowest_scores_opponents_minus_own_once() -> None:
    """000: "Yksin pienimpään summaan päätynyt voittaa ja saa vastustajien silmät yhteensä
    miinus omat silmänsä kerran." — with two and with four players too."""
    assert score(Rules.preset("match", 2), (9, 4)).points == (0, 5)
    assert score(Rules.preset("match", 4), (6, 2, 10, 7)).points == (0, 6 + 10 + 7 - 2, 0, 0)


def test_raw_points_are_the_points_shown() -> None:
    """000: "Raakapisteet ja näyttöpisteet ovat samat." — the award goes to the score as it is."""
    rules = Rules.preset("match", 2)
    match = Match(rules, 0, Round.from_hands(rules, ["[2|3]", "[1|6]"], chain=Chain.parse("[1|3]")))
    assert match.play(Tile(2, 3)).scores == (7, 0)


def test_awards_are_not_rounded_or_divided_by_five() -> None:
    """000: "Hyvityksiä ei pyöristetä eikä jaeta viidellä." — awards of every size, 1 to 24,
    stand as counted."""
    rules = Rules.preset("match", 2)
    for pips in range(1, 25):
        assert score(rules, (0, pips), dominoer=0).points == (pips, 0)


def test_nobody_s_earlier_score_is_reduced() -> None:
    """000: "Muiden pelaajien aiemmista pistesaldoista ei vähennetä mitään." — no score ever
    goes down from one round to the next."""
    for seed in range(6):
        match = play_match(Match.start(Rules.preset("match", 2 + seed % 3), seed), seed=seed)
        before = (0,) * match.rules.players
        for record in match.log:
            assert all(new >= old for new, old in zip(record.scores, before, strict=True))
            before = record.scores


def test_the_lead_moves_one_seat_clockwise_whoever_won() -> None:
    """000: "Siirrä jokaisen kierroksen jälkeen aloitusvuoro edellisen aloittajan vasemmalla
    olevalle pelaajalle, yhden paikan myötäpäivään. Kierroksen voittaja tai lukkiutuneen
    kierroksen tasatulos ei vaikuta tähän." — across matches with won and tied rounds."""
    outcomes = set()
    for seed in range(12):
        players = 3 + seed % 2
        match = play_match(Match.start(Rules.preset("match", players), seed), seed=seed)
        leaders = [record.leader for record in match.log]
        assert leaders == [(leaders[0] + i) % players for i in range(len(leaders))]
        for record in match.log:
            outcomes.add(record.result.winners == () or record.result.winners[0] == record.leader)
    assert outcomes == {True, False}


def test_the_next_round_reshuffles_all_28() -> None:
    """000: "Jos ottelu jatkuu, sekoita kaikki 28 laattaa ja jaa uudestaan." — a fresh deal
    of the whole set, with an empty chain."""
    rules = Rules.preset("match", 3)
    ended = Match(rules, 5, play_round(Round.deal(rules, 5), seed=5))
    fresh = ended.next_round().round
    assert fresh.chain.tiles == ()
    assert fresh.history == ()
    assert sorted([t for hand in fresh.hands for t in hand] + list(fresh.out_of_play)) == list(
        DOUBLE_SIX
    )
    assert [len(hand) for hand in fresh.hands] == [5, 5, 5]
    assert fresh.out_of_play != ended.round.out_of_play


def test_the_target_is_checked_only_after_the_whole_award() -> None:
    """000: "Tavoite tarkistetaan vasta koko loppuhyvityksen jälkeen." — at 99 points nothing
    ends mid-round; the whole award is added before the target is looked at."""
    rules = Rules.preset("match", 2)
    position = Round.from_hands(rules, ["[2|3] [1|5]", "[6|6]"], chain=Chain.parse("[1|3]"))
    match = _match_with_scores(rules, (99, 0), position)
    assert not match.is_over
    during = match.play(Tile(2, 3))
    assert not during.is_over
    ended = during.pass_turn().play(Tile(1, 5))
    assert ended.is_over
    assert ended.scores == (111, 0)
    assert ended.winner == (0,)


def test_the_target_and_excess_points_are_kept() -> None:
    """000: "Ottelun voittaa vähintään 100 pisteessä kahdella pelaajalla tai 61 pisteessä
    kolmella tai neljällä pelaajalla; ylimenevät pisteet säilyvät." — exactly the target
    wins, one short does not, and points over it stay."""
    two = Rules.preset("match", 2)
    short = _match_with_scores(two, (88, 0), _domino_worth_11(two)).play(Tile(2, 3))
    assert (short.scores, short.is_over) == ((99, 0), False)
    exact = _match_with_scores(two, (89, 0), _domino_worth_11(two)).play(Tile(2, 3))
    assert (exact.scores, exact.is_over, exact.winner) == ((100, 0), True, (0,))
    three = Rules.preset("match", 3)
    over = _match_with_scores(three, (60, 20, 0), _domino_worth_11(three)).play(Tile(2, 3))
    assert (over.scores, over.is_over, over.winner) == ((71, 20, 0), True, (0,))


def test_a_tie_for_the_top_at_the_target_is_a_drawn_match() -> None:
    """000: "Tavoitteen saavuttaneiden suurimman pistesaldon tasatulos päättää ottelun
    tasapeliin." — equal highest scores at or over the target: drawn, no winner; a lower
    score over the target does not share the win."""
    rules = Rules.preset("match", 3)
    over = Round.from_hands(rules, ["[2|3]", "[1|1]", "[5|5]"], chain=Chain.parse("[1|2]"))
    over = over.play(Tile(2, 3))
    assert over.is_over
    drawn = _match_with_scores(rules, (70, 70, 61), over)
    assert (drawn.is_over, drawn.is_drawn, drawn.winner) == (True, True, None)
    won = _match_with_scores(rules, (70, 65, 0), over)
    assert (won.is_over, won.is_drawn, won.winner) == (True, False, (0,))


def _match_with_scores(rules: Rules, scores: tuple[int, ...], position: Round) -> Match:
    """A match whose earlier rounds left ``scores``, now at ``position``."""
    earlier = score(rules, (0, *[1] * (rules.players - 1)), dominoer=0)
    return Match(rules, 0, position, (RoundRecord(1, 0, earlier, scores),))


def _domino_worth_11(rules: Rules) -> Round:
    """Seat 0 to domino with [2|3] on a 3; the others hold 11 pips: [5|6] (and [0|0])."""
    others = ["[5|6]", *["[0|0]"][: rules.players - 2]]
    return Round.from_hands(rules, ["[2|3]", *others], chain=Chain.parse("[1|3]"))

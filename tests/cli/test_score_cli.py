"""``blockdomino score``: the end-of-round calculator reproduces the scoring figures of the
Finnish rules and refuses impossible input with a translated message and status 2."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino.analysis.calculator import calculate, parse_hands
from blockdomino.analysis.players import play_round, random_move
from blockdomino.cli import main
from blockdomino.engine.errors import RulesError
from blockdomino.engine.leftovers import leftover_hands, missing_number
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import Tile
from blockdomino.words.examples import SCORING_FIGURES, ScoringFigure
from blockdomino.words.i18n import format_list, translate


def _score(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["score", *args])
    out, err = capsys.readouterr()
    return status, out, err


def _figure_args(figure: ScoringFigure) -> list[str]:
    ending = ["--blocked"] if figure.dominoer is None else ["--domino", str(figure.dominoer + 1)]
    return ["--preset", "match", "--players", "3", *ending, "--totals", *map(str, figure.totals)]


@pytest.mark.parametrize("figure", SCORING_FIGURES, ids=[figure.id for figure in SCORING_FIGURES])
def test_every_scoring_figure_of_000_is_reproduced(
    figure: ScoringFigure, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _score(capsys, *_figure_args(figure), "--lang", "fi")
    assert status == 0
    points = [f"Pelaaja {seat + 1}: {points}" for seat, points in enumerate(figure.points)]
    assert f"Pisteet: {format_list(points, 'fi')}." in out.splitlines()


def test_a_blocked_round_is_explained_as_the_rules_do(capsys: pytest.CaptureFixture[str]) -> None:
    """Totals 3, 7 and 8, blocked: the 3 scores 7 + 8 − 3 = 12."""
    status, out, _ = _score(
        capsys,
        "--preset",
        "match",
        "--players",
        "3",
        "--blocked",
        "--totals",
        "3",
        "7",
        "8",
        "--lang",
        "fi",
    )
    assert status == 0
    assert out.splitlines() == [
        "Kierroksen voittaja: Pelaaja 1.",
        "Pisteet: Pelaaja 1: 12, Pelaaja 2: 0 ja Pelaaja 3: 0.",
        "",
        "Kukaan ei voi pelata: kierros on lukkiutunut.",
        "Käsiin jääneet silmät: Pelaaja 1: 3, Pelaaja 2: 7 ja Pelaaja 3: 8.",
        translate("explain.winner_blocked", "fi", winner="Pelaaja 1", total=3),
        "Pelaaja 1 saa vastustajien silmät yhteensä miinus omat silmänsä kerran: "
        "7 + 8 − 3 = 12 pistettä.",
    ]


def test_a_tie_for_lowest_gives_nobody_anything(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _score(capsys, "--blocked", "--totals", "3", "3", "8", "--lang", "en")
    assert status == 0
    assert out.splitlines()[:2] == [
        "The round has no winner.",
        "Points: Player 1: 0, Player 2: 0, and Player 3: 0.",
    ]


def test_hands_are_counted_and_the_zero_double_is_no_tie(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A dominoer facing [0|0] alone and 8 pips scores 8 (the hands typed as tiles)."""
    status, out, _ = _score(
        capsys,
        "--domino",
        "1",
        "--hand",
        "",
        "--hand",
        "[0|0]",
        "--hand",
        "[2|6]",
        "--lang",
        "sv",
    )
    assert status == 0
    assert "Omgångens vinnare: Spelare 1." in out
    assert "0 + 8 = 8" in out


def test_a_partnership_names_the_team_and_scores_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = _score(
        capsys,
        "--preset",
        "partnership",
        "--blocked",
        "--totals",
        "0",
        "1",
        "8",
        "10",
        "--lang",
        "en",
    )
    assert status == 0
    first, second = out.splitlines()[:2]
    assert first == "Winner of the round: Team 1 (Player 1 and Player 3)."
    assert not second.startswith("Points")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--domino", "1", "--totals", "0", "-3", "8"],
            "Käden silmäsumma ei voi olla negatiivinen",
        ),
        (
            ["--domino", "1", "--hand", "", "--hand", "[0|7]", "--hand", "[1|2]"],
            "”[0|7]” ei ole laatta",
        ),
        (["--domino", "1", "--hand", "", "--hand", "[0|0]x"], "”x” ei ole laatta"),
        (["--domino", "2", "--hand", "", "--hand", "[0|0]"], "Pelaaja 2 ei ole dominoinut"),
        (["--domino", "1", "--totals", "4", "8"], "Pelaaja 1 ei ole dominoinut"),
        (["--players", "3", "--blocked", "--hand", "[1|1]", "--hand", "[0|0]"], "Käsiä on 2"),
        (["--players", "3", "--blocked", "--totals", "1", "2"], "Käsisummia on 2"),
        (["--blocked", "--hand", "[1|1]", "--hand", "[1|1]"], "[1|1] on annettu kahdesti"),
        (["--domino", "5", "--totals", "0", "1", "2"], "Pelaaja 5 ei ole pöydässä"),
        (["--blocked", "--totals", "1", "2", "3", "4", "5"], "Pelaajia ei voi olla 5"),
        (["--preset", "partnership", "--blocked", "--totals", "1", "2"], "Paripelissä"),
        (
            [
                "--players",
                "3",
                "--blocked",
                "--hand",
                "[0|1] [0|2] [0|3] [0|4] [0|5] [0|6]",
                "--hand",
                "",
                "--hand",
                "",
            ],
            "kullekin pelaajalle jaetaan vain 5",
        ),
    ],
)
def test_impossible_input_is_refused_with_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _score(capsys, *args, "--lang", "fi")
    assert status == 2
    assert not out
    assert err.startswith("blockdomino score: ")
    assert message in err


@settings(max_examples=100, deadline=None)
@given(
    preset=st.sampled_from(["match", "block", "partnership"]),
    totals=st.lists(st.integers(-5, 200), min_size=0, max_size=5),
    dominoer=st.one_of(st.none(), st.integers(-1, 5)),
)
def test_any_numbers_give_a_result_or_a_refusal(
    preset: str, totals: list[int], dominoer: int | None
) -> None:
    """Every input ends in a result whose points follow the rules, or in a clean refusal."""
    args = ["--preset", preset, "--totals", *map(str, totals)] if totals else ["--preset", preset]
    args += ["--blocked"] if dominoer is None else ["--domino", str(dominoer + 1)]
    try:
        status = main(["score", *args])
    except SystemExit as exit:  # argparse refuses a missing --totals value itself
        status = exit.code
    assert status in (0, 2)
    if status == 0:
        result = calculate(preset, dominoer=dominoer, totals=totals)
        assert sum(result.points) >= 0


def test_hands_are_read_seat_by_seat() -> None:
    """Each seat's tiles, in either order and separated by spaces or commas."""
    hands = parse_hands(Rules.preset("match", 3), ["", "[0|0]", "[6|2], [1|1]"])
    assert hands == ((), (Tile(0, 0),), (Tile(2, 6), Tile(1, 1)))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--domino", "1", "--totals", "0", "80", "3"], "Pelaaja 2: käteen ei voi jäädä 80"),
        (["--domino", "1", "--totals", "0", "50", "50"], "Summat ovat yhteensä 100"),
        (["--domino", "1", "--totals", "0", "0", "0"], "[0|0] on ainoa laatta"),
        (["--blocked", "--totals", "0", "0", "5"], "[0|0] on ainoa laatta"),
        (["--blocked", "--totals", "1", "1", "5"], "Annetut summat: 1, 1, 5"),
        (["--blocked", "--players", "2", "--totals", "60", "60"], "Summat ovat yhteensä 120"),
        (
            ["--domino", "1", "--hand", "", "--hand", "", "--hand", "[1|2]"],
            translate("input.error.two_empty_hands", "fi", seat="Pelaaja 2", dominoer="Pelaaja 1"),
        ),
        (["--blocked", "--hand", "[1|2]", "--hand", ""], "kierros päättyi dominoon"),
        (
            ["--blocked", "--hand", "[0|1] [2|3]", "--hand", "[4|5] [6|6]"],
            "kierros ei ole lukkiutunut",
        ),
    ],
)
def test_what_no_round_leaves_is_refused(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """000: a round ends at once on a domino (one empty hand) or when nobody can play (no
    hand empty, a number at the open ends that no hand holds); hands of at most the deal
    from the one double-six set, in which only [0|0] is worth 0 pips."""
    status, out, err = _score(capsys, *args, "--lang", "fi")
    assert (status, out) == (2, "")
    assert message in err


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(["match", "block", "partnership"]),
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 10**6),
)
def test_every_round_played_to_its_end_is_accepted_and_scored_alike(
    preset: str, players: int, seed: int
) -> None:
    """000/001/003: what a round played to its end leaves is never refused, typed as hands
    or as totals, and the calculator's award is the round's own."""
    rules = Rules.preset(preset, 4 if preset == "partnership" else players)
    end = play_round(Round.deal(rules, seed), random_move, seed)
    hands = [" ".join(map(str, hand)) for hand in end.hands]
    by_hands = calculate(preset, players=rules.players, dominoer=end.dominoer, hands=hands)
    by_totals = calculate(preset, players=rules.players, dominoer=end.dominoer, totals=end.totals)
    assert by_hands == by_totals == end.result


@settings(max_examples=150, deadline=None)
@given(
    preset=st.sampled_from(["match", "block", "partnership"]),
    players=st.sampled_from([2, 3, 4]),
    data=st.data(),
)
def test_totals_are_refused_or_some_hands_leave_them(
    preset: str, players: int, data: st.DataObject
) -> None:
    """000: random totals are either refused or there are hands a round can end with
    (disjoint tiles of the set, at most the deal each, only the dominoer's empty, a
    blocked round's hands all lacking a number) whose totals they are, scored alike."""
    rules = Rules.preset(preset, 4 if preset == "partnership" else players)
    dominoer = data.draw(st.one_of(st.none(), st.integers(0, rules.players - 1)))
    totals = tuple(
        0 if seat == dominoer else data.draw(st.integers(0, 50), label=f"total {seat}")
        for seat in range(rules.players)
    )
    try:
        result = calculate(preset, players=rules.players, dominoer=dominoer, totals=totals)
    except RulesError:
        assert leftover_hands(totals, rules.tiles_each, dominoer) is None
        return
    hands = leftover_hands(totals, rules.tiles_each, dominoer)
    assert hands is not None
    tiles = [tile for hand in hands for tile in hand]
    assert len(tiles) == len(set(tiles))
    assert tuple(sum(tile.pips for tile in hand) for hand in hands) == totals
    assert all(bool(hand) == (seat != dominoer) for seat, hand in enumerate(hands))
    assert all(len(hand) <= rules.tiles_each for hand in hands)
    assert dominoer is not None or missing_number(hands) is not None
    text = [" ".join(map(str, hand)) for hand in hands]
    assert calculate(preset, players=rules.players, dominoer=dominoer, hands=text) == result

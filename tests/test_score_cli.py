"""``blockdomino score``: the end-of-round calculator reproduces the scoring figures of the
Finnish rules and refuses impossible input with a translated message and status 2."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino.calculator import calculate, parse_hands
from blockdomino.cli import main
from blockdomino.examples import SCORING_FIGURES, ScoringFigure
from blockdomino.i18n import format_list
from blockdomino.rules import Rules
from blockdomino.tiles import Tile


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
        "Pelaaja 1 on yksin pienimmällä summalla (3) ja voittaa kierroksen.",
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
        (["--blocked", "--totals", "1", "2", "3", "4", "5"], "Pelaajia voi olla"),
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

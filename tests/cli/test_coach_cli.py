"""``blockdomino solve`` and ``blockdomino hint``: values printed, bad positions refused."""

from __future__ import annotations

import pytest

from blockdomino.cli import main

DEAL = ("[0|0] [0|1] [2|3] [4|4] [5|6] [1|5] [3|6]", "[1|1] [2|2] [3|3] [0|6] [2|4] [4|5] [1|6]")


def test_solve_prints_every_opening_with_its_value(capsys: pytest.CaptureFixture[str]) -> None:
    """000 (the leader opens with any tile): each of the seven openings gets a value."""
    assert main(["solve", *DEAL, "--lang", "fi"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Kaikki kädet tiedossa, vuorossa Pelaaja 1:")
    assert len(lines) == 8
    assert all("avaukseksi" in line for line in lines[1:])


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["solve", DEAL[0], DEAL[0]], "twice"),
        (["solve", "[0|0] [0|1]", "[1|1] [2|2]"], "this kind of game deals 7"),
        (
            [
                "hint",
                "--hand",
                "[0|1] [2|3] [4|4] [5|6] [1|5] [3|6]",
                "--chain",
                "[0|0]",
                "--passed",
                "1:0",
            ],
            "passed on 0 but holds [0|1]",
        ),
        (["hint", "--hand", "[0|1] [2|3]", "--chain", "[0|0]", "--passed", "x"], "PLAYER:NUMBERS"),
        (
            ["hint", "--hand", "[0|1] [2|3] [4|4] [5|6]", "--chain", "[0|0]", "--players", "3"],
            "give every hand's size",
        ),
    ],
)
def test_bad_positions_are_refused_with_status_2(
    arguments: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """000 (the set holds each tile once; 7 tiles each with two players) and 003 (a
    player who can play must play, so a pass on a number rules out holding it)."""
    assert main(arguments) == 2
    captured = capsys.readouterr()
    assert words in captured.err
    assert captured.out == ""


def test_hint_prints_knowledge_moves_and_reason(capsys: pytest.CaptureFixture[str]) -> None:
    """003 (a seat that passed holds none of the ends' numbers): the hint lists what the
    seat knows, each move with its share of wins, and the coach's pick with a reason."""
    hand = "[2|3] [4|4] [5|6] [1|5] [3|6] [1|1]"
    arguments = ["hint", "--hand", hand, "--chain", "[0|0] [0|2]", "--passed", "2:0"]
    assert main([*arguments, "--samples", "20", "--lang", "sv"]) == 0
    out = capsys.readouterr().out
    assert "Stod över när ändarna visade 0" in out
    assert "[2|3] vid änden 2" in out
    assert "Tränaren skulle lägga [2|3] vid änden 2, eftersom " in out


def test_a_forced_pass_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    """003: "Den som inte kan matcha någon av ändarna står över"."""
    hand = "[2|3] [4|4] [5|6] [1|5] [3|6]"
    arguments = ["hint", "--hand", hand, "--seat", "2", "--chain", "[0|0]", "--players", "3"]
    assert main([*arguments, "--sizes", "4", "5", "5", "--samples", "10"]) == 0
    assert "No tile fits: you must pass." in capsys.readouterr().out

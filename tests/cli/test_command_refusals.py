"""Every command's bad input (issue 21): status 2, one line on stderr in the chosen
language, no traceback, and no file written or changed; Ctrl-C ends a command with one
line and status 130."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from blockdomino import Rules, records
from blockdomino.analysis.players import play_match
from blockdomino.cli import coach, main
from blockdomino.engine.match import Match
from blockdomino.words.i18n import catalog

HAND7 = "[0|0] [1|1] [2|2] [3|3] [4|4] [5|5] [6|6]"
HAND6 = "[0|0] [1|1] [2|2] [3|3] [4|4] [5|5]"
HUGE = "1" * 5000

Case = tuple[str, Callable[[Path], list[str]], str, str]
"""An id, the arguments (given a scratch folder), the language, the catalog key."""

CASES: list[Case] = [
    (
        "render: no folder",
        lambda t: ["render", "placed-1-4", "-o", f"{t}/no/x.svg"],
        "fi",
        "cli.error.no_folder",
    ),
    (
        "render: a folder",
        lambda t: ["render", "placed-1-4", "-o", str(t)],
        "sv",
        "cli.error.is_folder",
    ),
    ("render: width -5", lambda t: ["render", "placed-1-4", "--width=-5"], "en", "svg.error.width"),
    (
        "render: width 0",
        lambda t: ["render", "placed-1-4", "--width", "0"],
        "fi",
        "svg.error.width",
    ),
    (
        "render: width nan",
        lambda t: ["render", "placed-1-4", "--width", "nan"],
        "sv",
        "svg.error.width",
    ),
    (
        "render: width x",
        lambda t: ["render", "placed-1-4", "--width", "x"],
        "fi",
        "cli.error.arguments",
    ),
    ("render: unknown", lambda t: ["render", "placed-9-9"], "fi", "svg.error.unknown_example"),
    ("describe: huge", lambda t: ["describe", f"[{HUGE}|2]"], "fi", "error.tile.malformed"),
    ("describe: escape", lambda t: ["describe", "\x1b[2J" * 9000], "sv", "error.tile.malformed"),
    (
        "replay: no file",
        lambda t: ["replay", f"{t}/none.json", "--out", f"{t}/p.html"],
        "fi",
        "cli.error.no_file",
    ),
    (
        "replay: a folder",
        lambda t: ["replay", str(t), "--out", f"{t}/p.html"],
        "sv",
        "cli.error.is_folder",
    ),
    (
        "replay: out, no folder",
        lambda t: ["replay", f"{t}/r.json", "--out", f"{t}/no/p.html"],
        "fi",
        "cli.error.no_folder",
    ),
    (
        "replay: out, a folder",
        lambda t: ["replay", f"{t}/r.json", "--out", str(t)],
        "en",
        "cli.error.is_folder",
    ),
    (
        "lab: rounds 0",
        lambda t: ["lab", "--rounds", "0", "--out", f"{t}/lab"],
        "fi",
        "cli.error.at_least",
    ),
    (
        "lab: rounds x",
        lambda t: ["lab", "--rounds", "x", "--out", f"{t}/lab"],
        "sv",
        "cli.error.arguments",
    ),
    (
        "lab: coach -1",
        lambda t: ["lab", "--coach-rounds", "-1", "--out", f"{t}/lab"],
        "sv",
        "cli.error.at_least",
    ),
    (
        "lab: out a file",
        lambda t: ["lab", "--rounds", "50", "--out", f"{t}/r.json"],
        "fi",
        "cli.error.not_folder",
    ),
    (
        "lab: seed bytes",
        lambda t: ["lab", "--seed", "\udcff", "--out", f"{t}/lab"],
        "fi",
        "cli.error.seed",
    ),
    (
        "solve: full hands after two",
        lambda t: [
            "solve",
            "[0|0] [0|1] [2|3] [4|4] [5|6] [1|5] [3|6]",
            "[1|1] [2|2] [3|3] [0|6] [2|4] [4|5] [1|6]",
            "--chain",
            "[2|5] [5|5]",
        ],
        "fi",
        "error.coach.not_a_deal",
    ),
    ("solve: a tile twice", lambda t: ["solve", HAND7, HAND7], "sv", "error.round.tile_twice"),
    ("solve: huge", lambda t: ["solve", f"[{HUGE}|1]", HAND7], "en", "error.tile.malformed"),
    (
        "hint: sizes 6",
        lambda t: ["hint", "--hand", HAND7, "--sizes", "6"],
        "fi",
        "error.coach.sizes_count",
    ),
    (
        "hint: sizes ×5",
        lambda t: ["hint", "--hand", HAND7, "--sizes", "6", "6", "6", "6", "6"],
        "sv",
        "error.coach.sizes_count",
    ),
    (
        "hint: passed 9:1",
        lambda t: ["hint", "--hand", HAND6, "--chain", "[0|1]", "--passed", "9:1"],
        "fi",
        "error.coach.passed",
    ),
    (
        "hint: passed 2:9",
        lambda t: ["hint", "--hand", HAND6, "--chain", "[0|1]", "--passed", "2:9"],
        "sv",
        "error.coach.passed",
    ),
    (
        "hint: passed huge",
        lambda t: ["hint", "--hand", HAND6, "--chain", "[0|1]", "--passed", f"2:{HUGE}"],
        "en",
        "error.coach.passed",
    ),
    (
        "hint: sizes 3 6",
        lambda t: ["hint", "--hand", HAND6, "--chain", "[0|1]", "--sizes", "3", "6"],
        "fi",
        "error.coach.own_size",
    ),
    (
        "hint: sizes 6 9",
        lambda t: ["hint", "--hand", HAND6, "--chain", "[0|1]", "--sizes", "6", "9"],
        "fi",
        "error.coach.hand_size",
    ),
    (
        "hint: sizes 6 5",
        lambda t: ["hint", "--hand", HAND6, "--chain", "[0|1]", "--sizes", "6", "5"],
        "sv",
        "error.coach.not_a_deal",
    ),
    (
        "hint: a tile twice",
        lambda t: ["hint", "--hand", HAND6.replace("[1|1]", "[0|0]") + " [6|6]"],
        "fi",
        "error.round.tile_twice",
    ),
    (
        "hint: in hand and chain",
        lambda t: ["hint", "--hand", HAND6, "--chain", "[0|0]"],
        "sv",
        "error.round.tile_twice",
    ),
    ("hint: huge", lambda t: ["hint", "--hand", f"[{HUGE}|1]"], "fi", "error.tile.malformed"),
    (
        "score: 3 totals for 2",
        lambda t: ["score", "--blocked", "--totals", "1", "2", "3", "--players", "2"],
        "fi",
        "error.score.totals_count",
    ),
    (
        "score: huge",
        lambda t: ["score", "--blocked", "--totals", "1", HUGE],
        "sv",
        "cli.error.arguments",
    ),
]


def _fragment(key: str, lang: str) -> str:
    """The longest fixed part of a catalog text: what the message must contain."""
    return max(re.split(r"\{\w+\}", catalog(lang)[key]), key=len).strip()


@pytest.mark.parametrize(
    ("args", "lang", "key"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_bad_input_is_refused_in_one_line_of_the_chosen_language(
    args: Callable[[Path], list[str]],
    lang: str,
    key: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    records.save(
        play_match(Match.start(Rules.preset("match", 2, target=15), 1), seed=1), tmp_path / "r.json"
    )
    before = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    assert _status([*args(tmp_path), "--lang", lang]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1, error
    assert error.startswith("blockdomino")
    assert "Traceback" not in error
    assert "\x1b" not in error
    assert len(error) < 400
    assert _fragment(key, lang) in error
    after = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    assert after == before


def _status(argv: list[str]) -> object:
    """The exit status of the command line, whether returned or raised by argparse."""
    try:
        return main(argv)
    except SystemExit as ended:
        return ended.code


def test_verify_refuses_an_endless_file_and_a_silent_pipe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``/dev/zero`` is read up to the limit only; a pipe with no writer reads as empty."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    started = time.perf_counter()
    assert main(["verify", "/dev/zero", str(pipe), "--lang", "fi"]) == 2
    assert time.perf_counter() - started < 10
    error = capsys.readouterr().err
    assert _fragment("verify.input.too_large", "fi") in error
    assert _fragment("verify.input.no_examples", "fi").split("”")[0] in error


def test_ctrl_c_ends_a_command_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **options: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(coach, "hint", interrupted)
    assert main(["hint", "--hand", HAND7, "--lang", "sv"]) == 130
    error = capsys.readouterr().err.strip()
    assert error == "blockdomino: " + catalog("sv")["cli.interrupted"]


def test_sigint_stops_lab_with_status_130(tmp_path: Path) -> None:
    """A real Ctrl-C (SIGINT) in the middle of a long measurement."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    lab = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "blockdomino.cli",
            "lab",
            "--rounds",
            "1000000",
            "--out",
            str(tmp_path),
            "--lang",
            "fi",
        ],
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    time.sleep(2.5)
    lab.send_signal(signal.SIGINT)
    _, error = lab.communicate(timeout=30)
    assert lab.returncode == 130
    assert "Traceback" not in error
    assert error.strip().splitlines()[-1] == "blockdomino: " + catalog("fi")["cli.interrupted"]

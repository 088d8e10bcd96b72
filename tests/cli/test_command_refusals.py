"""Every command's bad input: status 2, one line on stderr in the chosen
language, no traceback, and no file written or changed; Ctrl-C ends a command with one
line and status 130."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from blockdomino import Rules, records
from blockdomino.analysis.players import play_match
from blockdomino.cli import coach, main
from blockdomino.cli import lab as lab_cli
from blockdomino.cli._interrupts import ctrl_c_noted, stopping
from blockdomino.cli.lab import MAX_ROUNDS
from blockdomino.engine.match import Match
from blockdomino.words.i18n import catalog

HAND7 = "[0|0] [1|1] [2|2] [3|3] [4|4] [5|5] [6|6]"
HAND6 = "[0|0] [1|1] [2|2] [3|3] [4|4] [5|5]"
HUGE = "1" * 5000

Case = tuple[str, str, str, tuple[str, ...]]
"""An id, the language, the catalog key, and the arguments (``{t}``: a scratch folder
holding a match record ``r.json``)."""

SOLVE_HANDS = (
    "[0|0] [0|1] [2|3] [4|4] [5|6] [1|5] [3|6]",
    "[1|1] [2|2] [3|3] [0|6] [2|4] [4|5] [1|6]",
)
HINT6 = ("hint", "--hand", HAND6, "--chain", "[0|1]")

CASES: list[Case] = [
    (
        "render: no folder",
        "fi",
        "cli.error.no_folder",
        ("render", "placed-1-4", "-o", "{t}/no/x.svg"),
    ),
    ("render: a folder", "sv", "cli.error.is_folder", ("render", "placed-1-4", "-o", "{t}")),
    ("export: in a file", "fi", "cli.error.no_folder", ("export", "--out", "{t}/r.json/pages")),
    ("export: no parent", "sv", "cli.error.no_folder", ("export", "--out", "/proc/no/pages")),
    (
        "worksheet: no folder",
        "en",
        "practice.error.out",
        ("worksheet", "--count", "1", "--out", "{t}/no/sheets.pdf"),
    ),
    ("render: width -5", "en", "svg.error.width", ("render", "placed-1-4", "--width=-5")),
    ("render: width 0", "fi", "svg.error.width", ("render", "placed-1-4", "--width", "0")),
    ("render: width nan", "sv", "svg.error.width", ("render", "placed-1-4", "--width", "nan")),
    ("render: width x", "fi", "cli.error.arguments", ("render", "placed-1-4", "--width", "x")),
    ("render: unknown", "fi", "svg.error.unknown_example", ("render", "placed-9-9")),
    ("describe: huge", "fi", "error.tile.malformed", ("describe", f"[{HUGE}|2]")),
    ("describe: escape", "sv", "error.tile.malformed", ("describe", "\x1b[2J" * 9000)),
    (
        "replay: no file",
        "fi",
        "cli.error.no_file",
        ("replay", "{t}/none.json", "--out", "{t}/p.html"),
    ),
    ("replay: a folder", "sv", "cli.error.is_folder", ("replay", "{t}", "--out", "{t}/p.html")),
    (
        "replay: out, no folder",
        "fi",
        "cli.error.no_folder",
        ("replay", "{t}/r.json", "--out", "{t}/no/p.html"),
    ),
    (
        "replay: out, a folder",
        "en",
        "cli.error.is_folder",
        ("replay", "{t}/r.json", "--out", "{t}"),
    ),
    ("lab: rounds 0", "fi", "cli.error.at_least", ("lab", "--rounds", "0", "--out", "{t}/lab")),
    ("lab: rounds x", "sv", "cli.error.arguments", ("lab", "--rounds", "x", "--out", "{t}/lab")),
    (
        "lab: coach -1",
        "sv",
        "cli.error.at_least",
        ("lab", "--coach-rounds", "-1", "--out", "{t}/lab"),
    ),
    (
        "lab: out a file",
        "fi",
        "cli.error.not_folder",
        ("lab", "--rounds", "50", "--out", "{t}/r.json"),
    ),
    ("lab: seed bytes", "fi", "cli.error.seed", ("lab", "--seed", "\udcff", "--out", "{t}/lab")),
    (
        "solve: full hands after two",
        "fi",
        "error.coach.not_a_deal",
        ("solve", *SOLVE_HANDS, "--chain", "[2|5] [5|5]"),
    ),
    ("solve: a tile twice", "sv", "error.round.tile_twice", ("solve", HAND7, HAND7)),
    ("solve: huge", "en", "error.tile.malformed", ("solve", f"[{HUGE}|1]", HAND7)),
    ("hint: sizes 6", "fi", "error.coach.sizes_count", ("hint", "--hand", HAND7, "--sizes", "6")),
    (
        "hint: sizes x5",
        "sv",
        "error.coach.sizes_count",
        ("hint", "--hand", HAND7, "--sizes", *"66666"),
    ),
    ("hint: passed 9:1", "fi", "error.coach.passed", (*HINT6, "--passed", "9:1")),
    ("hint: passed 2:9", "sv", "error.coach.passed", (*HINT6, "--passed", "2:9")),
    ("hint: passed huge", "en", "error.coach.passed", (*HINT6, "--passed", f"2:{HUGE}")),
    ("hint: sizes 3 6", "fi", "error.coach.own_size", (*HINT6, "--sizes", "3", "6")),
    ("hint: sizes 6 9", "fi", "error.coach.hand_size", (*HINT6, "--sizes", "6", "9")),
    ("hint: sizes 6 5", "sv", "error.coach.not_a_deal", (*HINT6, "--sizes", "6", "5")),
    (
        "hint: a tile twice",
        "fi",
        "error.round.tile_twice",
        ("hint", "--hand", HAND6.replace("[1|1]", "[0|0]")),
    ),
    (
        "hint: in hand and chain",
        "sv",
        "error.round.tile_twice",
        ("hint", "--hand", HAND6, "--chain", "[0|0]"),
    ),
    ("hint: huge", "fi", "error.tile.malformed", ("hint", "--hand", f"[{HUGE}|1]")),
    (
        "score: 3 totals for 2",
        "fi",
        "error.score.totals_count",
        ("score", "--blocked", "--totals", "1", "2", "3", "--players", "2"),
    ),
    ("score: huge", "sv", "cli.error.arguments", ("score", "--blocked", "--totals", "1", HUGE)),
]


def _fragment(key: str, lang: str) -> str:
    """The longest fixed part of a catalog text: what the message must contain."""
    return max(re.split(r"\{\w+\}", catalog(lang)[key]), key=len).strip()


@pytest.mark.parametrize(
    ("lang", "key", "args"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_bad_input_is_refused_in_one_line_of_the_chosen_language(
    lang: str,
    key: str,
    args: tuple[str, ...],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    records.save(
        play_match(Match.start(Rules.preset("match", 2, target=15), 1), seed=1), tmp_path / "r.json"
    )
    before = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    argv = [arg.replace("{t}", str(tmp_path)) for arg in args]
    assert _status([*argv, "--lang", lang]) == 2
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


def _wait_for_cpu(pid: int, cpu_seconds: float, *, limit: float = 60.0) -> None:
    """Wait until the process has spent ``cpu_seconds`` of its own CPU time (a wall-clock
    sleep says nothing of how far it got on a busy machine). Its start-up (the interpreter,
    then the commands loading) takes about half a second of it; then it measures."""
    ticks = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        if (int(fields[11]) + int(fields[12])) / ticks >= cpu_seconds:
            return
        time.sleep(0.01)
    pytest.fail(f"the lab did not spend {cpu_seconds} s of CPU within {limit:.0f} s")


@contextlib.contextmanager
def _ctrl_c_as_in_a_terminal() -> Iterator[None]:
    """Within it, processes started get Ctrl-C as a command typed in a terminal does.

    A test run started in the background of a shell (``pytest … &``, as parallel runs are)
    ignores SIGINT, and a process inherits that; Python then leaves Ctrl-C ignored, as
    the shell meant, and the lab would measure on for minutes. A signal this process
    handles is back to its default in the processes it starts."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize(
    "cpu_seconds",
    [0.2, 0.35, 1.5],
    ids=["while-the-commands-load", "late-in-the-start-up", "while-measuring"],
)
def test_sigint_stops_lab_with_status_130(tmp_path: Path, cpu_seconds: float) -> None:
    """A real Ctrl-C (SIGINT) during the start-up or in the middle of a long measurement
    (the longest allowed): "Ctrl-C stops any command with one line, status 130, never a
    traceback", and no plot is left behind, whole or in part."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with _ctrl_c_as_in_a_terminal():
        lab = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "blockdomino.cli",
                "lab",
                "--rounds",
                str(MAX_ROUNDS),
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
    _wait_for_cpu(lab.pid, cpu_seconds)
    lab.send_signal(signal.SIGINT)
    _, error = lab.communicate(timeout=60)
    assert "Traceback" not in error
    assert error.strip().splitlines()[-1] == "blockdomino: " + catalog("fi")["cli.interrupted"]
    assert _shell_status(lab.returncode) == 130
    assert list(tmp_path.iterdir()) == []


def _shell_status(returncode: int) -> int:
    """The exit status a shell reports: 128 and the signal's number for a process a signal
    ended. A Ctrl-C that lands while a library runs Python code from C as it loads leaves
    Python ending by SIGINT itself once the command has said so and returned 130; to the
    shell both are 130."""
    return 128 - returncode if returncode < 0 else returncode


def test_ctrl_c_python_drops_still_stops_the_lab(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C pressed while Python runs a callback of its own (as when an import lock is
    released while matplotlib loads): Python drops the ``KeyboardInterrupt`` and goes on,
    yet "Ctrl-C stops any command with one line, status 130" (Python's "Exception
    ignored in …" and its traceback not printed) and no plot is written."""
    dropped: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", dropped.append)  # told of anything else

    class Loaded:
        """Stands for a module's import lock, released while a module loads."""

    def loading_matplotlib() -> bool:
        lock = Loaded()
        released = weakref.ref(lock, lambda _: signal.raise_signal(signal.SIGINT))
        del lock
        assert released() is None
        return True

    monkeypatch.setattr(lab_cli, "can_plot", loading_matplotlib)
    with _ctrl_c_as_in_a_terminal():
        status = main(["lab", "--rounds", "2000", "--out", str(tmp_path), "--lang", "sv"])
    assert dropped == []
    assert sys.unraisablehook == dropped.append  # as it was before the command
    assert status == 130
    error = capsys.readouterr().err.strip()
    assert error == "blockdomino: " + catalog("sv")["cli.interrupted"]
    assert list(tmp_path.iterdir()) == []


def test_what_python_drops_but_a_ctrl_c_is_told_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a dropped ``KeyboardInterrupt`` goes unsaid: Python's word on anything else it
    drops is given to its hook as before."""
    told: list[type[BaseException] | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda dropped: told.append(dropped.exc_type))
    with _ctrl_c_as_in_a_terminal(), ctrl_c_noted():
        for error in (KeyboardInterrupt(), ValueError()):
            sys.unraisablehook(SimpleNamespace(exc_type=type(error), exc_value=error))
    assert told == [ValueError]


def test_a_lost_ctrl_c_stops_the_work_at_its_next_progress_report() -> None:
    """What the lab and the worksheet's typesetting report their progress through stops
    once Ctrl-C was pressed, even after its ``KeyboardInterrupt`` was dropped."""
    reports: list[int] = []
    with _ctrl_c_as_in_a_terminal(), ctrl_c_noted():
        progress = stopping(reports.append)
        progress(1)
        with contextlib.suppress(KeyboardInterrupt):  # dropped, as Python drops it
            signal.raise_signal(signal.SIGINT)
        with pytest.raises(KeyboardInterrupt):
            progress(2)
    assert reports == [1]
    stopping(reports.append)(3)  # outside, a Ctrl-C of before is forgotten
    assert reports == [1, 3]


def test_a_ctrl_c_the_command_was_started_to_ignore_stays_ignored() -> None:
    """A command run in the background of a shell ignores Ctrl-C, as the shell meant."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with ctrl_c_noted():
            assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def _children(pid: int) -> list[int]:
    """The processes ``pid`` has started and not yet seen end."""
    tasks = Path(f"/proc/{pid}/task")
    found: list[int] = []
    for task in tasks.iterdir() if tasks.exists() else ():
        with contextlib.suppress(FileNotFoundError):
            found.extend(int(child) for child in (task / "children").read_text().split())
    return found


def test_ctrl_c_stops_verify_reading_a_long_text_in_two_processes(tmp_path: Path) -> None:
    """Ctrl-C pressed while a long text's claims are read in two processes (the terminal
    sends it to both): one line, status 130, no traceback, no report, and the second
    process is gone too."""
    sentence = "Anna saa 12 pistettä, kun päät ovat 3 ja 5 ja [1|4] jää käteen, 5 silmää"
    text = "".join(f"{sentence} {n}. " + ("\n\n" if n % 5 == 0 else "") for n in range(40_000))
    leaflet = tmp_path / "leaflet.md"
    leaflet.write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with _ctrl_c_as_in_a_terminal():
        verify = subprocess.Popen(
            [sys.executable, "-m", "blockdomino.cli", "verify", str(leaflet), "--lang", "sv"],
            stderr=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,  # a terminal's own group of processes, both sent Ctrl-C
        )
    deadline = time.monotonic() + 120
    while not (second := _children(verify.pid)) and verify.poll() is None:
        assert time.monotonic() < deadline, "the claims were never read in two processes"
        time.sleep(0.005)
    assert second, "verify ended before its second process started"
    os.killpg(verify.pid, signal.SIGINT)
    out, error = verify.communicate(timeout=60)
    assert "Traceback" not in error
    assert error.strip().splitlines() == ["blockdomino: " + catalog("sv")["cli.interrupted"]]
    assert _shell_status(verify.returncode) == 130
    assert out == ""
    time.sleep(0.2)
    assert not Path(f"/proc/{second[0]}").exists() or "Z" in _state(second[0])


def _state(pid: int) -> str:
    """A process's state letter (``Z``: ended, not yet waited for)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return "gone"

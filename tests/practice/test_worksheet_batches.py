"""Worksheets in a laptop's memory: the sheets are typeset a batch at a time, each
batch in a worker process, and joined into one PDF that is the same bytes for the
same run; each sheet starts on an odd page and numbers its own pages; runs beyond the
limits are refused up front, saying them; Ctrl-C stops a run at once and leaves no
file."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from blockdomino.cli import main
from blockdomino.practice.export import item_record, sheet_json, worksheet_json
from blockdomino.practice.sheets import batches, variants
from blockdomino.practice.typesetting import WORKERS, Run, _workers, typeset
from blockdomino.words.i18n import catalog, translate

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("typst")

RUN = Run(("matching", "scoring"), 1, 2, 3, 5, "sv", records=True)


@pytest.fixture(scope="module")
def joined() -> tuple[bytes, list[int]]:
    """``RUN`` typeset one sheet a batch (three batches and the keys), and the sheets
    each batch reported done."""
    done: list[int] = []
    return typeset(RUN, batch_items=2, progress=done.append).pdf, done


def test_batches_are_whole_sheets_of_about_the_items_asked() -> None:
    assert batches(12, 60, 300) == [range(1, 26), range(26, 51), range(51, 61)]
    assert batches(200, 2, 300) == [range(1, 2), range(2, 3)]
    assert batches(2, 3, 2) == [range(1, 2), range(2, 3), range(3, 4)]


def test_joining_the_batches_gives_the_same_bytes_each_time(
    joined: tuple[bytes, list[int]],
) -> None:
    pdf, done = joined
    assert done == [1, 1, 1]
    assert typeset(RUN, batch_items=2).pdf == pdf
    assert typeset(RUN, batch_items=300).pdf != pdf  # one batch: one font subset, not three


def test_each_sheet_starts_on_an_odd_page_and_numbers_its_own_pages(
    joined: tuple[bytes, list[int]],
) -> None:
    reader = pypdf.PdfReader(io.BytesIO(joined[0]))
    lines = [(page.extract_text() or "").strip().splitlines() for page in reader.pages]
    starts = [place for place, text in enumerate(lines[:6]) if text and text[-1].endswith(" · 1/1")]
    headings = [translate("practice.sheet.number", "sv", number=n) for n in (1, 2, 3)]
    assert [lines[place][-1] for place in starts] == [f"{h} · 1/1" for h in headings]
    assert starts == [0, 2, 4]
    assert lines[1] == lines[3] == lines[5] == []  # a blank back, not a page of the sheet
    key = translate("practice.sheet.key", "sv")
    assert lines[6][0] == f"{key} {translate('practice.sheet.seed', 'sv', seed=RUN.seed)}"
    assert lines[-1][-1] == f"{key} · 1/1"
    assert reader.metadata.title == translate("practice.sheet.title", "sv")
    assert reader.trailer["/Root"]["/Lang"] == "sv"


def test_the_json_made_a_sheet_at_a_time_is_the_whole_document() -> None:
    sheets = variants(RUN.topics, RUN.level, RUN.count, RUN.copies, RUN.seed)
    whole = {
        "format": "blockdomino-worksheet",
        "sheets": [
            {"sheet": n, "items": [item_record(item, "fi") for item in items]}
            for n, items in enumerate(sheets, 1)
        ],
    }
    made = worksheet_json(sheet_json(n, items, "fi") for n, items in enumerate(sheets, 1))
    assert made == json.dumps(whole, ensure_ascii=False, indent=1) + "\n"


@pytest.mark.parametrize(
    ("lang", "count", "copies"), [("fi", 200, 500), ("sv", 25, 500), ("en", 200, 61)]
)
def test_a_run_beyond_the_limits_is_refused_saying_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, count: int, copies: int
) -> None:
    argv = ["worksheet", "--count", str(count), "--copies", str(copies), "--lang", lang]
    assert main([*argv, "--out", str(tmp_path / "s.pdf")]) == 2
    error = capsys.readouterr().err
    words = catalog(lang)["practice.error.items"].format(most=12_000, items=count * copies)
    assert error.strip() == f"blockdomino: {words}"
    assert list(tmp_path.iterdir()) == []


def _children(pid: int) -> set[int]:
    """The processes ``pid`` started, as Linux lists them."""
    found: set[int] = set()
    try:
        for thread in os.listdir(f"/proc/{pid}/task"):
            found |= set(map(int, Path(f"/proc/{pid}/task/{thread}/children").read_text().split()))
    except OSError:
        pass
    return found


def _descendants(pid: int) -> set[int]:
    """The processes started by ``pid`` and by them."""
    found: set[int] = set()
    for child in _children(pid):
        found |= {child, *_descendants(child)}
    return found


def _cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` has spent (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _typesetting(command: int, *, limit: float = 120.0) -> set[int]:
    """Wait until both workers (started by the command's fork server, beside which it
    runs a resource tracker) have spent CPU on their batches; every process of the run.
    A wait for work done, not for time: a busy machine only makes it longer."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        workers = {grandchild for child in _children(command) for grandchild in _children(child)}
        if len(workers) >= WORKERS and all(_cpu_seconds(pid) >= 0.2 for pid in workers):
            return _descendants(command)
        time.sleep(0.05)
    pytest.fail(f"the workers did not start typesetting within {limit:.0f} s")


def _ended(pids: set[int], *, limit: float = 60.0) -> bool:
    """Whether every process of ``pids`` ends (within ``limit``: never on time alone)."""
    deadline = time.monotonic() + limit
    while any(map(_running, pids)):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


STOP_CPU_SECONDS = 5.0
"""The bound on the CPU time the command and its workers spend after Ctrl-C: stopping
takes a fraction of a second of it, typesetting the 200 copies minutes. CPU time, not
the clock: a busy machine stretches the wait, not the work. That the command ends its
workers rather than waiting for their batches is checked apart, with a batch that never
ends (``test_leaving_the_workers_ends_a_batch_that_never_ends``)."""


def _cpu_until_ended(pids: set[int], *, limit: float = 120.0) -> float:
    """The CPU time ``pids`` have spent once each has ended: the last seen of each, read
    every 20 ms (what a process spends in its last 20 ms is not seen)."""
    seen = dict.fromkeys(pids, 0.0)
    deadline = time.monotonic() + limit
    while running := [pid for pid in pids if _running(pid)]:
        for pid in running:
            seen[pid] = max(seen[pid], _cpu_seconds(pid))
        if time.monotonic() > deadline:
            pytest.fail(f"the command and its workers did not end within {limit:.0f} s")
        time.sleep(0.02)
    return sum(seen.values())


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
def test_ctrl_c_while_typesetting_stops_at_once_and_leaves_no_file(
    tmp_path: Path,
) -> None:
    """Ctrl-C in a terminal: SIGINT to the command and its workers, as one group, once
    both workers are typesetting. The 200 copies would take minutes; the command stops
    at once (``STOP_CPU_SECONDS``), its workers with it."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    argv = ["worksheet", "--count", "12", "--copies", "200", "--lang", "fi"]
    outputs = ["--out", str(tmp_path / "s.pdf"), "--json", str(tmp_path / "s.json")]
    command = subprocess.Popen(
        [sys.executable, "-m", "blockdomino.cli", *argv, *outputs],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )
    try:
        workers = _typesetting(command.pid)
        group = {command.pid, *workers}
        spent = sum(map(_cpu_seconds, group))  # the command's and its workers' so far
        os.killpg(command.pid, signal.SIGINT)
        assert _cpu_until_ended(group) - spent < STOP_CPU_SECONDS
        _, error = command.communicate(timeout=60)
    finally:
        command.kill()
    assert command.returncode == 130
    assert "Traceback" not in error
    assert error.strip().splitlines()[-1] == "blockdomino: " + catalog("fi")["cli.interrupted"]
    assert list(tmp_path.iterdir()) == []
    assert _ended(workers)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
def test_leaving_the_workers_ends_a_batch_that_never_ends() -> None:
    """Ctrl-C (``KeyboardInterrupt``) while the workers typeset ends them: the command
    does not wait for a batch to finish. Here no batch ever would (an hour's sleep), so
    waiting would hang the command for good (the thread below never finishing)."""
    me = os.getpid()
    before = _descendants(me)
    seen: list[set[int]] = []
    left: list[BaseException] = []

    def interrupted() -> None:
        try:
            with _workers() as pool:
                for _ in range(WORKERS):
                    pool.apply_async(time.sleep, (3600,))
                seen.append({pid for child in _children(me) for pid in _children(child)} - before)
                raise KeyboardInterrupt
        except KeyboardInterrupt as error:
            left.append(error)

    thread = threading.Thread(target=interrupted, daemon=True)
    thread.start()
    thread.join(timeout=120)
    assert not thread.is_alive(), "leaving the workers waited for a batch that never ends"
    assert left
    (workers,) = seen
    assert len(workers) == WORKERS
    assert _ended(workers)


def _running(pid: int) -> bool:
    """Whether ``pid`` still runs (an ended process its new parent has not yet
    reaped, a zombie, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False

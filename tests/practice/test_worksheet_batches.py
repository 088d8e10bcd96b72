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
import time
from pathlib import Path

import pytest

from blockdomino.cli import main
from blockdomino.practice.export import item_record, sheet_json, worksheet_json
from blockdomino.practice.sheets import batches, variants
from blockdomino.practice.typesetting import Run, typeset
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


def _descendants(pid: int) -> set[int]:
    """The processes started by ``pid`` and by them, as Linux lists them."""
    found: set[int] = set()
    try:
        for thread in os.listdir(f"/proc/{pid}/task"):
            children = Path(f"/proc/{pid}/task/{thread}/children").read_text().split()
            for child in map(int, children):
                found |= {child, *_descendants(child)}
    except OSError:
        pass
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
def test_ctrl_c_while_typesetting_stops_at_once_and_leaves_no_file(
    tmp_path: Path,
) -> None:
    """Ctrl-C in a terminal: SIGINT to the command and its workers, as one group. The
    200 copies would take minutes; the command stops in well under a second on a quiet
    machine, and the bound of 5 s leaves room for a busy one."""
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
    deadline = time.monotonic() + 60
    while len(_descendants(command.pid)) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)  # the fork server and its two workers: typesetting has begun
    time.sleep(0.5)
    workers = _descendants(command.pid)
    assert len(workers) >= 3
    os.killpg(command.pid, signal.SIGINT)
    interrupted = time.monotonic()
    _, error = command.communicate(timeout=30)
    assert time.monotonic() - interrupted < 5.0
    assert command.returncode == 130
    assert "Traceback" not in error
    assert error.strip().splitlines()[-1] == "blockdomino: " + catalog("fi")["cli.interrupted"]
    assert list(tmp_path.iterdir()) == []
    time.sleep(0.5)
    assert not [pid for pid in workers if _running(pid)]


def _running(pid: int) -> bool:
    """Whether ``pid`` still runs (an ended process its new parent has not yet
    reaped, a zombie, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False

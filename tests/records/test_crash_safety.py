"""Nothing lost: a save killed at any moment, or stopped by a full disk,
leaves the old record or the new one whole, never a mixture and never an empty file."""

from __future__ import annotations

import os
import random
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from blockdomino import Match, Round, Rules, records
from blockdomino.analysis.players import play_match, play_round

KILLS = 50


def _games() -> tuple[Match, Round]:
    match = play_match(Match.start(Rules.preset("match", 3), 8), seed=8)
    return match, play_round(Round.deal(Rules.preset("block", 2), 2), seed=2)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_save_killed_at_any_moment_leaves_the_old_or_the_new_game(tmp_path: Path) -> None:
    """A process saves two games in turn over one file; it is killed (SIGKILL) 50 times
    after a random short delay, and the file always reads back as one of the two."""
    games = _games()
    texts = {records.dumps(records.to_record(game)) for game in games}
    kept = tmp_path / "kept.json"
    records.save(games[0], kept)
    rng = random.Random(21)
    for _ in range(KILLS):
        child = os.fork()
        if child == 0:  # pragma: no cover - the child never returns
            try:
                while True:
                    for game in games:
                        records.save(game, kept)
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0, 0.02))
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        assert kept.read_text(encoding="utf-8") in texts
        records.load(kept)


_FULL_DISK = """
import sys
from blockdomino import records
from blockdomino.cli import main
game = records.load(sys.argv[1])
try:
    records.save(game, sys.argv[2])
except OSError as error:
    print("save refused:", error.errno)
sys.exit(main(["replay", sys.argv[1], "--out", sys.argv[3], "--lang", "fi"]))
"""


def _limit_file_size() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_a_full_disk_keeps_the_old_files_and_is_said(tmp_path: Path) -> None:
    """With files limited to 4096 bytes (``RLIMIT_FSIZE``, as a full disk without root),
    saving a record and writing a page both fail; the old files stay as they were, and
    ``replay`` says so in Finnish with status 2."""
    match, _ = _games()
    source = tmp_path / "match.json"
    records.save(match, source)
    assert source.stat().st_size > 4096
    kept, page = tmp_path / "kept.json", tmp_path / "page.html"
    kept.write_text("old", encoding="utf-8")
    page.write_text("old page", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", _FULL_DISK, str(source), str(kept), str(page)],
        capture_output=True,
        text=True,
        preexec_fn=_limit_file_size,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        check=False,
    )
    assert done.stdout.strip() == "save refused: 27"
    assert done.returncode == 2
    assert done.stderr.startswith("blockdomino: ")
    assert "levy on täynnä" in done.stderr
    assert "Traceback" not in done.stderr
    assert kept.read_text(encoding="utf-8") == "old"
    assert page.read_text(encoding="utf-8") == "old page"
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "kept.json",
        "match.json",
        "page.html",
    ]

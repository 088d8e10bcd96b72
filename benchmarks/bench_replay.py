"""Time and size of the replay page of a long match (issue 21).

Plays a two-player match to a high target until it has about ``ROUNDS`` rounds, writes
its record, and times ``blockdomino replay``'s work on it: reading the record, making
the frames, writing the page. Prints the page's size. The bars: a 200-round match's
page is at most 5 MB; a 2,000-round one is written in at most 30 s.

    .venv/bin/python benchmarks/bench_replay.py [ROUNDS ...]
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

from blockdomino import Match, Rules, records
from blockdomino.analysis.players import play_match
from blockdomino.cli import main as command

POINTS_PER_ROUND = 4.2
"""About how many points a two-player round of ``match`` scores; sets the target."""


def _match(rounds: int) -> Match:
    target = int(rounds * POINTS_PER_ROUND)
    return play_match(Match.start(Rules.preset("match", 2, target=target), 21), seed=21)


def measure(rounds: int, folder: Path) -> None:
    match = _match(rounds)
    record = folder / f"match-{rounds}.json"
    records.save(match, record)
    page = folder / f"match-{rounds}.html"
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        status = command(["replay", str(record), "--out", str(page), "--lang", "fi"])
    seconds = time.perf_counter() - start
    assert status == 0
    print(
        f"{len(match.log)} rounds: record {record.stat().st_size / 1e6:.2f} MB, "
        f"page {page.stat().st_size / 1e6:.2f} MB written in {seconds:.1f} s"
    )


def main() -> None:
    counts = [int(arg) for arg in sys.argv[1:]] or [200, 2000]
    with tempfile.TemporaryDirectory() as folder:
        for rounds in counts:
            measure(rounds, Path(folder))


if __name__ == "__main__":
    main()

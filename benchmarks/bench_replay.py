"""Time and size of the replay page of a long match.

Plays a two-player match to a high target until it has about ``ROUNDS`` rounds, writes
its record, and times ``blockdomino replay``'s work on it: reading the record, making
the frames, writing the page. Prints the page's size. The bars: a 200-round match's
page is at most 5 MB; a 2,000-round one is written in at most 30 s. Then the same for
a partnership round of 24 steps with every hand shown (``--reveal``).

    .venv/bin/python benchmarks/bench_replay.py [ROUNDS ...]
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

from blockdomino import Match, Round, Rules, records
from blockdomino.analysis.players import play_match, play_round
from blockdomino.cli import main as command

POINTS_PER_ROUND = 4.2
"""About how many points a two-player round of ``match`` scores; sets the target."""


def _match(rounds: int) -> Match:
    target = int(rounds * POINTS_PER_ROUND)
    return play_match(Match.start(Rules.preset("match", 2, target=target), 21), seed=21)


def _partnership_round(steps: int = 24) -> Round:
    """The first partnership round of computer players, by seed, with ``steps`` events."""
    for seed in range(1000):
        position = play_round(Round.deal(Rules.preset("partnership", 4), seed), seed=seed)
        if len(position.history) == steps:
            return position
    raise LookupError(f"no partnership round of {steps} steps")


def _replay(position: Match | Round, name: str, folder: Path, *options: str) -> float:
    """Seconds ``blockdomino replay`` takes to write ``position``'s page."""
    record, page = folder / f"{name}.json", folder / f"{name}.html"
    records.save(position, record)
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        status = command(["replay", str(record), "--out", str(page), "--lang", "fi", *options])
    assert status == 0
    return time.perf_counter() - start


def measure(rounds: int, folder: Path) -> None:
    match = _match(rounds)
    seconds = _replay(match, f"match-{rounds}", folder)
    record, page = folder / f"match-{rounds}.json", folder / f"match-{rounds}.html"
    print(
        f"{len(match.log)} rounds: record {record.stat().st_size / 1e6:.2f} MB, "
        f"page {page.stat().st_size / 1e6:.2f} MB written in {seconds:.1f} s"
    )


def measure_partnership(folder: Path) -> None:
    seconds = _replay(_partnership_round(), "partnership", folder, "--reveal")
    size = (folder / "partnership.html").stat().st_size
    print(f"partnership round, hands shown (24 steps): {seconds:.2f} s, {size / 1e3:.0f} kB")


def main() -> None:
    counts = [int(arg) for arg in sys.argv[1:]] or [200, 2000]
    with tempfile.TemporaryDirectory() as folder:
        measure_partnership(Path(folder))
        for rounds in counts:
            measure(rounds, Path(folder))


if __name__ == "__main__":
    main()

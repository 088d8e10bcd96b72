"""Time the practice generator and the worksheets.

Prints the time to typeset 30 copies of 12 items (the bar: at most 10 s), the median
and worst time to make the next practice item, over every topic and level, and the
time from an answer to the next item shown by the practice screen's controller
(``play.practice``: the answer's feedback, then "Next exercise" and its view model),
the bar for both: at most 100 ms.

    .venv/bin/python benchmarks/bench_practice.py
    nice .venv/bin/python benchmarks/bench_practice.py --sheets 500

With ``--sheets N`` it prints only the time to make and typeset N sheets of 12 items
of every topic at level 2 (the bar for 500: at most 30 s on two free cores) and the
peak memory of all its processes together, shared pages counted once (Linux's PSS,
sampled every 50 ms; the bar: at most 600 MB), and the pages of the PDF.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import threading
import time
from pathlib import Path

from blockdomino.play.practice import PracticeController
from blockdomino.practice import LEVELS, TOPICS, generate
from blockdomino.practice.typesetting import Run, typeset

SHEET_TOPICS = ("matching", "scoring")
SEEDS = 40
PROC = Path("/proc")


def _family(root: int) -> set[int]:
    """``root`` and every process descended from it (the fork server and its workers)."""
    parents: dict[int, int] = {}
    for stat in PROC.glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    family, grown = {root}, True
    while grown:
        children = {pid for pid, parent in parents.items() if parent in family} - family
        family |= children
        grown = bool(children)
    return family


def _pss_kb(pid: int) -> int:
    try:
        rollup = (PROC / str(pid) / "smaps_rollup").read_text()
    except OSError:
        return 0
    return sum(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:"))


class PeakMemory(threading.Thread):
    """The most memory this process and its descendants held at once, sampled every
    50 ms until ``stop``."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.peak_kb = 0
        self._done = threading.Event()

    def run(self) -> None:
        root = os.getpid()
        while not self._done.wait(0.05):
            self.peak_kb = max(self.peak_kb, sum(map(_pss_kb, _family(root))))

    def stop(self) -> int:
        self._done.set()
        self.join()
        return self.peak_kb


def sheets(copies: int) -> None:
    """Time and peak memory of ``copies`` sheets of 12 items, every topic, level 2."""
    from pypdf import PdfReader

    memory = PeakMemory()
    memory.start()
    start = time.perf_counter()
    pdf = typeset(Run(TOPICS, 2, 12, copies, 7, "fi")).pdf
    done = time.perf_counter()
    peak = memory.stop()
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    print(
        f"{copies} sheets of 12 items (every topic, level 2), made and typeset in batches: "
        f"{done - start:.1f} s, peak memory of all processes {peak / 1024:.0f} MB (PSS), "
        f"PDF {len(pdf) / 1e6:.1f} MB, {pages} pages; load {os.getloadavg()[0]:.1f}"
    )


def main() -> None:
    start = time.perf_counter()
    pdf = typeset(Run(SHEET_TOPICS, 2, 12, 30, 7, "fi")).pdf
    done = time.perf_counter()
    print(
        f"30 copies of 12 items, made and typeset in batches: {done - start:.2f} s, "
        f"PDF {len(pdf) / 1000:.0f} kB"
    )
    times = []
    for topic in TOPICS:
        for level in LEVELS:
            for seed in range(SEEDS):
                begin = time.perf_counter()
                generate(topic, level, seed)
                times.append(time.perf_counter() - begin)
    print(
        f"next practice item, {len(times)} items over every topic and level: "
        f"median {statistics.median(times) * 1000:.2f} ms, "
        f"p99 {sorted(times)[int(len(times) * 0.99)] * 1000:.1f} ms, "
        f"worst {max(times) * 1000:.1f} ms"
    )

    shown = []
    for topic in TOPICS:
        for level in LEVELS:
            practice = PracticeController(lang="fi", topic=topic, seed=level)
            practice.act(f"level:{level}")
            for _ in range(SEEDS // 4):
                begin = time.perf_counter()
                practice.act("choice:0")
                practice.act("next")
                shown.append(time.perf_counter() - begin)
    print(
        f"answer to next item shown (controller, feedback and view models), {len(shown)} "
        f"answers over every topic and level: median {statistics.median(shown) * 1000:.1f} ms, "
        f"p99 {sorted(shown)[int(len(shown) * 0.99)] * 1000:.1f} ms, "
        f"worst {max(shown) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sheets", type=int, help="time N sheets of 12 items instead")
    arguments = parser.parse_args()
    if arguments.sheets:
        sheets(arguments.sheets)
    else:
        main()

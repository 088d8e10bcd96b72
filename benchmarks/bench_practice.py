"""Time the practice generator and the worksheets.

Prints the time to typeset 30 copies of 12 items (the bar: at most 10 s) and the
median and worst time to make the next practice item, over every topic and level (the
bar: at most 100 ms, the wait between an answer and the next item).

    .venv/bin/python benchmarks/bench_practice.py
"""

from __future__ import annotations

import statistics
import time

from blockdomino.practice import LEVELS, TOPICS, generate
from blockdomino.practice.sheets import document, typeset, variants

SHEET_TOPICS = ("matching", "scoring")
SEEDS = 40


def main() -> None:
    start = time.perf_counter()
    sheets = variants(SHEET_TOPICS, 2, 12, 30, 7)
    made = time.perf_counter()
    pdf = typeset(document(SHEET_TOPICS, 2, sheets, "fi"))
    done = time.perf_counter()
    print(
        f"30 copies of 12 items: {done - start:.2f} s "
        f"(items {made - start:.2f} s, typesetting {done - made:.2f} s), "
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


if __name__ == "__main__":
    main()

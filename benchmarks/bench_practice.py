"""Time the practice generator and the worksheets.

Prints the time to typeset 30 copies of 12 items (the bar: at most 10 s), the median
and worst time to make the next practice item, over every topic and level, and the
time from an answer to the next item shown by the practice screen's controller
(``play.practice``: the answer's feedback, then "Next exercise" and its view model),
the bar for both: at most 100 ms.

    .venv/bin/python benchmarks/bench_practice.py
"""

from __future__ import annotations

import statistics
import time

from blockdomino.play.practice import PracticeController
from blockdomino.practice import LEVELS, TOPICS, generate
from blockdomino.practice.typesetting import Run, typeset

SHEET_TOPICS = ("matching", "scoring")
SEEDS = 40


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
    main()

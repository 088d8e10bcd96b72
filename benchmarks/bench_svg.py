"""Time the drawing of a full chain: all 28 tiles with a 7-tile hand highlighted.

Prints the median time per diagram over many renderings, and the SVG size. The bar:
at most 5 ms median on one core, at most 60 kB.

    .venv/bin/python benchmarks/bench_svg.py
"""

from __future__ import annotations

import statistics
import time

from blockdomino import Chain, svg
from blockdomino.engine.tiles import parse_tiles

FULL_LINE = (
    "[0|0] [0|1] [1|1] [1|2] [2|0] [0|3] [3|1] [1|4] [4|0] [0|5] [5|1] [1|6] [6|2] [2|2]"
    " [2|3] [3|3] [3|4] [4|2] [2|5] [5|3] [3|6] [6|4] [4|4] [4|5] [5|5] [5|6] [6|6] [6|0]"
)
"""All 28 tiles in one line, left to right."""
HAND = "[0|2] [1|3] [2|4] [3|5] [4|6] [0|6] [1|5]"
ROUNDS = 300


def full_chain() -> Chain:
    """The 28-tile chain, each tile laid at the right end."""
    chain = Chain()
    for tile in parse_tiles(FULL_LINE):
        last = chain.line[-1] if chain.line else None
        chain = chain.play(tile, None if last is None else chain.end(last.tile, last.right_side))
    return chain


def main() -> None:
    chain, hand = full_chain(), parse_tiles(HAND)
    selected = hand[0]
    image = svg.chain(chain, hand=hand, selected=selected, lang="fi")
    times = []
    for _ in range(ROUNDS):
        start = time.process_time()
        svg.chain(chain, hand=hand, selected=selected, lang="fi")
        times.append(time.process_time() - start)
    print(
        f"28-tile chain + 7-tile hand: median {statistics.median(times) * 1000:.2f} ms, "
        f"best {min(times) * 1000:.2f} ms, SVG {len(image.encode()) / 1000:.1f} kB"
    )


if __name__ == "__main__":
    main()

"""How well ``blockdomino verify`` reads the corpus of leaflets: precision and recall per
claim kind, and the false alarms on the leaflets that are right.

    .venv/bin/python benchmarks/bench_corpus.py [--verbose]

The corpus is ``tests/data/verify/corpus`` (its ``make_corpus.py`` tells how a leaflet
and its key are written). A finding counts as found when it is at a planted fault's
paragraph and of its claim kind; any other finding is a false alarm. ``--verbose``
prints each leaflet's misses and false alarms.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Final

CORPUS: Final = Path(__file__).parents[1] / "tests" / "data" / "verify" / "corpus"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", action="store_true")
    arguments = parser.parse_args()
    sys.path.insert(0, str(CORPUS))
    import make_corpus as corpus

    hits: Counter[str] = Counter()
    alarms: Counter[str] = Counter()
    planted: Counter[str] = Counter()
    alarmed_right = 0
    leaflets = corpus.leaflets()
    with tempfile.TemporaryDirectory() as folder:
        for leaflet in leaflets:
            found = set(corpus.found(leaflet, Path(folder)))
            key = set(leaflet.faults)
            planted.update(kind for _, kind in key)
            hits.update(kind for _, kind in key & found)
            alarms.update(kind for _, kind in found - key)
            alarmed_right += leaflet.correct and bool(found)
            if arguments.verbose and found != key:
                print(f"{leaflet.name}: missed {sorted(key - found)}, false {sorted(found - key)}")
    right = sum(leaflet.correct for leaflet in leaflets)
    print(f"{len(leaflets)} leaflets, {right} right, {len(leaflets) - right} with planted faults")
    print("claim kind   planted found false precision recall")
    for kind in sorted(planted | alarms):
        found_right, false = hits[kind], alarms[kind]
        precision = found_right / (found_right + false) if found_right + false else 1.0
        recall = found_right / planted[kind] if planted[kind] else 1.0
        print(
            f"{kind:12} {planted[kind]:7} {found_right:5} {false:5} {precision:9.2f} {recall:6.2f}"
        )
    print(f"right leaflets with a false alarm: {alarmed_right} of {right}")
    print(f"false alarms in all: {sum(alarms.values())}")


if __name__ == "__main__":
    main()

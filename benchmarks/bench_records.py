"""Time game records and replays: writing and reading records, and a replay page.

Prints rounds written and read back per second (a record is checked by replaying every
event through the rules), the same through files (``records.save``, atomic: a temporary
file, ``fsync``, a rename; beside a plain ``write_text`` for comparison, wall-clock
time, so the disk counts), the size of a record, and the time and size of the page
``blockdomino replay`` writes for the longest kind of round (partnership, all 28 tiles
dealt). The bar: a match's record reads back in well under a second; a page stays
under 2 MB.

    .venv/bin/python benchmarks/bench_records.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from blockdomino import Match, Round, Rules, records
from blockdomino.analysis.players import play_match, play_round
from blockdomino.play.walkthrough import frames
from blockdomino.publish.replay_page import page
from blockdomino.records import dumps, load, read, save

ROUNDS = 300


def _rounds_per_second(rounds: list[Round]) -> tuple[float, float]:
    texts = []
    start = time.process_time()
    for position in rounds:
        texts.append(dumps(records.to_record(position)))
    written = time.process_time() - start
    start = time.process_time()
    for text in texts:
        read(text)
    return len(rounds) / written, len(rounds) / (time.process_time() - start)


def _files_per_second(rounds: list[Round], folder: Path) -> tuple[float, float, float]:
    """Records saved atomically, written plainly, and loaded back, per second."""
    start = time.perf_counter()
    for number, position in enumerate(rounds):
        save(position, folder / f"{number}.json")
    atomic = len(rounds) / (time.perf_counter() - start)
    start = time.perf_counter()
    for number, position in enumerate(rounds):
        (folder / f"plain-{number}.json").write_text(dumps(records.to_record(position)), "utf-8")
    plain = len(rounds) / (time.perf_counter() - start)
    start = time.perf_counter()
    for number in range(len(rounds)):
        load(folder / f"{number}.json")
    return atomic, plain, len(rounds) / (time.perf_counter() - start)


def main() -> None:
    for preset, players in (("match", 2), ("match", 4), ("partnership", 4)):
        rules = Rules.preset(preset, players)
        rounds = [play_round(Round.deal(rules, seed), seed=seed) for seed in range(ROUNDS)]
        write, read_back = _rounds_per_second(rounds)
        size = sum(len(dumps(records.to_record(r)).encode()) for r in rounds) / len(rounds)
        print(
            f"{preset} {players} players: {write:,.0f} rounds/s written, "
            f"{read_back:,.0f} rounds/s read and checked, {size / 1000:.1f} kB per round"
        )
        with tempfile.TemporaryDirectory() as folder:
            atomic, plain, loaded = _files_per_second(rounds, Path(folder))
        print(
            f"  as files: {atomic:,.0f} saved/s atomically ({plain:,.0f}/s by plain "
            f"write_text), {loaded:,.0f} loaded and checked/s"
        )
    match = play_match(Match.start(Rules.preset("match", 2), seed=1), seed=1)
    text = dumps(records.to_record(match))
    start = time.process_time()
    read(text)
    print(
        f"a two-player match to 100 ({len(match.log)} rounds): record {len(text) / 1000:.1f} kB, "
        f"read and checked in {(time.process_time() - start) * 1000:.1f} ms"
    )
    longest = play_round(Round.deal(Rules.preset("partnership"), 3), seed=3)
    start = time.process_time()
    html = page(frames(records.to_record(longest), reveal=True, lang="fi"), lang="fi")
    print(
        f"replay page of a partnership round ({len(longest.history)} events, hands shown): "
        f"{(time.process_time() - start) * 1000:.0f} ms, {len(html.encode()) / 1000:.0f} kB"
    )


if __name__ == "__main__":
    main()

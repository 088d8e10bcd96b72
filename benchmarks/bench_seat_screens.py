"""Time the drawing of a class table's seat screens, in this process: the CPU one move
costs the server to draw its table's four seats' screens and write them as JSON.

Tables of ``match`` for four are dealt from fixed seeds and played by random legal
actions; after each move every seat's screen is drawn (``tables.screens.seat_screen``,
sharing what the table's version draws once) and written as the frame the hub sends.
Prints the CPU per move (the best of ``--repeats`` passes over the same moves: CPU
time, which other work on the machine changes far less than a latency) and the bytes
of a seat's frame. Nothing is kept: no store, no sockets.

    .venv/bin/python benchmarks/bench_seat_screens.py --moves 300 --lang fi
"""

from __future__ import annotations

import argparse
import json
import random
import time

from blockdomino.engine.events import Event
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.protocol.said import Seat
from blockdomino.tables import actions
from blockdomino.tables.actions import Played
from blockdomino.tables.screens import seat_screen
from blockdomino.tables.service import Table
from blockdomino.tables.store import StoredSeat

Version = tuple[Played, list[tuple[Round, tuple[Event, ...]]], int]
"""A table's game, its turns told and its actions taken after one move."""


def played(moves: int, seed: int) -> tuple[Table, list[Version]]:
    """A table of four pupils and its versions after each of ``moves`` random legal
    actions (a new table dealt when a match is over)."""
    rng, versions = random.Random(seed), list[Version]()
    rules = Rules.preset("match", 4)
    table = None
    while len(versions) < moves:
        if table is None or table.game.is_over:
            seats = [StoredSeat(seat, f"Pupil {seat + 1}", f"t{seat}", None) for seat in range(4)]
            seed = rng.getrandbits(64)
            table = Table(f"t{len(versions)}", rules, seed, seats, actions.start(rules, seed))
        table.take([(f"m{len(versions)}", rng.choice(table.game.legal_actions()))])
        versions.append((table.game, list(table.turns), table.taken))
    assert table is not None
    return table, versions


def drawn(table: Table, versions: list[Version], lang: str) -> tuple[float, int]:
    """CPU seconds and bytes of drawing every version's four seat screens as frames."""
    start, sent = time.process_time(), 0
    for game, turns, taken in versions:
        table.game, table.turns, table.taken = game, turns, taken
        table.drawn.clear()
        for seat in range(4):
            frame = json.dumps(Seat(seat_screen(table, seat, lang)).wire(), ensure_ascii=False)
            sent += len(frame.encode())
    return time.process_time() - start, sent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--lang", default="fi")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    table, versions = played(args.moves, args.seed)
    runs = [drawn(table, versions, args.lang) for _ in range(args.repeats)]
    best, sent = min(runs)
    print(
        f"{args.moves} moves at tables of four ({args.lang}): the four seats' screens drawn "
        f"and written {1000 * best / args.moves:.2f} ms CPU a move (best of {args.repeats}), "
        f"a seat's frame {sent / args.moves / 4:.0f} bytes"
    )


if __name__ == "__main__":
    main()

"""Load-test the class's tables: a class of pupils playing each other on their own
tablets through ``blockdomino serve``, on 127.0.0.1.

Serves a site with ``blockdomino serve`` (the command itself, in a process of its own,
its tables in a temporary database). Then:

1. **A first visit.** Every file of the site's app (``app/``, or the whole site without
   one) but the memory snapshot is fetched once as a browser would (``Accept-Encoding:
   br, gzip``): the bytes on the wire per pupil (bar: 8 MB), against the files' own
   bytes, and what 30 first visits take through a shared 50 Mbit/s link (the bytes at
   that rate, the link the bottleneck). Then the snapshot apart, as the service worker
   fetches it in the background once Python has started (the second visit boots from
   it), and the 30 pupils' snapshots through the same link. ``--first-visit`` stops there.
2. **The class.** ``--pupils`` pupils (32) at tables of four (``match`` for four, so a
   table goes on for several rounds), the projector showing the first table and the
   teacher's page watching all; each pupil whose turn it is taps a random legal action
   ``--interval`` seconds (2) after its screen showed its turn, for ``--seconds``
   seconds; one move in twenty is sent twice (the same move id, as a tablet that lost
   its answer does). Meanwhile ``--visitors`` visitors (100) fetch the app's files.
   Reported: the time from a move's sending until every screen at its table (its four
   pupils and, for the first table, the projector) shows it, p50 and p95; moves lost
   (sent, answered, yet not in the database) and taken twice; connections lost while
   the class plays (counted and named, the class goes on without them) and tables that
   could not be seated. And what the load does not change (``_usage``), counted from when
   every pupil's hello again (as play starts) was answered: the CPU seconds each server
   process, Redis and the benchmark's own clients spent per move taken, Redis's calls
   and bytes per move, the frames and bytes each kind of screen was sent per move; and
   apart, what the class's hellos again cost.
   With ``--flood N`` one more socket floods the server meanwhile with N messages a
   second (moves at a table of its own, out of turn or not legal, and garbage: bytes,
   JSON nested deep, ``Infinity``, unknown types, messages too long) while the class
   plays; the class's p95 is the other tables'.
3. **Idle tablets.** ``--idle`` connections (300) are opened and left idle, then a new
   pupil opens the pupils' page and joins a table: the time to its seat.

With ``--redis`` the tables are shared through a ``redis-server`` of the benchmark's
own (Debian's package, on 127.0.0.1, nothing kept on disk), served by ``--workers``
processes: the moves then go through Redis's locks, transactions and channel.

Bounded: every wait has a limit, the class plays ``--seconds``, and only 127.0.0.1 is
asked. Run with a site built by ``blockdomino site`` (or any folder with its top files):

    .venv/bin/python benchmarks/bench_class.py /tmp/site --interval 0.5 --seconds 30
    .venv/bin/python benchmarks/bench_class.py /tmp/site --redis --workers 2
    .venv/bin/python benchmarks/bench_class.py /tmp/site --flood 200 --idle 0
    .venv/bin/python benchmarks/bench_class.py /tmp/site --first-visit

Its parts live beside it: ``_first_visit`` (the first visit and the visitors),
``_class_play`` (the class), ``_flood`` (the flooding socket), ``_idle_tablets`` (idle
tablets), ``_class_screens`` (how each screen reaches the server) and ``_usage`` (what
the load does not change).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path

from _class_play import Class, class_run, seated_of
from _class_screens import wait_for_keys
from _first_visit import files_of, first_visit
from _idle_tablets import idle_run
from _servers import free_port, start, stop
from _usage import per_move, usage


def stored_moves(data: Path, redis_url: str | None) -> tuple[int, set[str]]:
    """(pupils' actions kept, the distinct move ids among them) in the database, or in the
    Redis at ``redis_url``: the ids the pupils' screens gave, which the server keeps after
    the seat's name (``seat0:bench-…``)."""
    if redis_url is None:
        with sqlite3.connect(data) as db:
            rows = db.execute("SELECT move_id FROM actions WHERE move_id LIKE 'seat%:bench-%'")
            ids = [row[0] for row in rows.fetchall()]
    else:
        import redis

        client = redis.Redis.from_url(redis_url, decode_responses=True)
        kept = [client.lrange(key, 0, -1) for key in client.scan_iter("blockdomino:actions:*")]
        ids = [json.loads(text)[0] for texts in kept for text in texts]
        client.close()
    ids = [move.partition(":")[2] for move in ids if move.startswith("seat")]
    ids = [move for move in ids if move.startswith("bench-")]
    return len(ids), set(ids)


def start_redis(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A redis-server of the benchmark's own on 127.0.0.1 (nothing kept on disk), and
    its address."""
    port = free_port()
    command = ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "",
               "--appendonly", "no", "--dir", str(folder)]  # fmt: skip
    return start(command, port), f"redis://127.0.0.1:{port}/0"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--pupils", type=int, default=32)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--visitors", type=int, default=100)
    parser.add_argument("--idle", type=int, default=300)
    parser.add_argument("--redis", action="store_true", help="share the tables in Redis")
    parser.add_argument("--workers", type=int, default=1, help="processes (with --redis)")
    parser.add_argument("--flood", type=float, default=0, help="a flooding socket's rate")
    parser.add_argument("--first-visit", action="store_true", help="the first visit alone")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-class-"))
    data, port = folder / "tables.sqlite3", free_port()
    command = [sys.executable, "-m", "blockdomino.cli", "serve", str(args.site), "--host",
               "127.0.0.1", "--port", str(port), "--data", str(data)]  # fmt: skip
    redis_server, redis_url = start_redis(folder) if args.redis else (None, None)
    if redis_url is not None:
        command += ["--redis", redis_url, "--workers", str(args.workers)]
    log = folder / "serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen(command, stdout=out, stderr=out, start_new_session=True)
    try:
        keys = wait_for_keys(log)
        paths, later = files_of(args.site)
        first_visit(args.site, port, paths, later)
        if args.first_visit:
            return 0
        measure = partial(usage, server.pid, redis_server and redis_server.pid, redis_url)
        result = asyncio.run(class_run(args, port, keys, paths + later, measure))
        room, found = result["room"], result["latencies"]
        assert isinstance(room, Class)
        assert isinstance(found, list)
        kept, distinct = stored_moves(data, redis_url)
        lost = len({move for move in room.answered if move.startswith("bench-")} - distinct)
        shared = f", shared in Redis by {args.workers} processes" if redis_url else ""
        print(
            f"class: {args.pupils} pupils at {len(result['tables'])} tables (match for 4), "  # type: ignore[arg-type]
            f"projector and teacher, a move every {args.interval:g} s each, "
            f"{args.visitors} visitors fetching the app, {args.seconds:g} s{shared}"
        )
        print(
            f"moves sent {len(room.sent)} (sent twice: {room.twice}), taken "
            f"{len(room.answered)}, refused {len(room.refused - room.answered)} (too late), "
            f"kept {kept}; lost {lost}, taken twice {kept - len(distinct)}"
        )
        unseated: list[str] = result["unseated"]  # type: ignore[assignment]
        print(f"connections lost while playing {len(room.dropped)}, tables not seated "
              f"{len(unseated)}")  # fmt: skip
        for said in (room.dropped + unseated)[:10]:
            print(f"  {said}")
        if found:
            ordered = sorted(found)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            print(
                f"move to every screen of its table: p50 {statistics.median(ordered):.1f} ms, "
                f"p95 {p95:.1f} ms, max {ordered[-1]:.1f} ms over {len(ordered)} moves"
            )
        taken = room.counted()
        said = ", ".join(
            f"{role} {room.frames[role] / max(taken, 1):.2f} frames "
            f"{room.received[role] / max(taken, 1):.0f} bytes"
            for role in room.frames
        )
        print(f"counted over the {taken} moves taken once every screen was back: sent to the "
              f"screens per move {said}")  # fmt: skip
        greeting, (before, _) = result["greeting"], result["usage"]  # type: ignore[misc]
        spent = sum(before.cpu.values()) - sum(greeting.cpu.values())
        print(f"the class's {len(seated_of(result))} hellos again answered in "
              f"{before.wall - greeting.wall:.1f} s, {spent:.2f} CPU seconds")  # fmt: skip
        for line in per_move(*result["usage"], taken):  # type: ignore[misc]
            print(line)
        if args.flood:
            sent, heard = result["flooded"]  # type: ignore[misc]
            print(f"flood: one socket sent {sent} messages ({args.flood:g} a second, moves and "
                  f"garbage) and was sent {heard} frames back, while the class played")  # fmt: skip
        opened, took = asyncio.run(idle_run(port, args.idle, keys[1]))
        print(f"{opened} idle connections open: a new pupil joined a table in {took:.0f} ms")
    finally:
        stop(server)
        if redis_server is not None:
            stop(redis_server)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

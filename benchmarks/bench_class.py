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
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from _servers import free_port, start, stop
from _usage import Usage, per_move, usage
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from blockdomino.app.offline import later_files

LINK_BITS = 50_000_000
FIRST_VISITS = 30
WAIT = 20.0
STARTUP = 600.0
GARBAGE = (
    b"\x00\xff binary",
    "[" * 2000 + "]" * 2000,
    '{"type": "open", "preset": "block", "players": Infinity, "nickname": "x"}',
    '{"type": "dance"}',
    '{"type": "join", "table": {"a": 1}, "nickname": "x"}',
    json.dumps({"type": "open", "preset": "block", "players": 2, "nickname": "x" * 5000}),
)
"""What the flooding socket sends between its moves."""


def files_of(site: Path) -> tuple[list[str], list[str]]:
    """The paths a first visit of the app loads: every file under ``app/`` (the site's
    files without it), the compressed copies aside; and apart, the paths its service
    worker fetches only once Python has started (the memory snapshot)."""
    top = site / "app" if (site / "app").is_dir() else site
    names = [p for p in sorted(top.rglob("*")) if p.is_file() and p.suffix not in (".br", ".gz")]
    paths = ["/" + p.relative_to(site).as_posix() for p in names if not p.name.startswith(".")]
    later = ["/" + (top / name).relative_to(site).as_posix() for name in sorted(later_files(top))]
    return [path for path in paths if path not in later], later


def fetch_all(port: int, paths: list[str], deadline: float) -> tuple[int, int]:
    """Fetch ``paths`` over one keep-alive connection: (bytes on the wire, bodies)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    wire = bodies = 0
    for path in paths:
        if time.monotonic() > deadline:
            break
        connection.request("GET", path, headers={"Accept-Encoding": "br, gzip"})
        answer = connection.getresponse()
        body = answer.read()
        wire += len(body) + sum(len(k) + len(v) + 4 for k, v in answer.getheaders())
        bodies += 1
    connection.close()
    return wire, bodies


@dataclass
class Pupil:
    number: int
    ws: ClientConnection
    seat: dict[str, object] | None = None
    token: str | None = None
    arrivals: dict[int, float] = field(default_factory=dict)
    greeted: int = 0
    """How many of its hellos were answered to the end while the class played (the
    walkthrough's screen, which greets a pupil last)."""


@dataclass
class Class:
    port: int
    interval: float
    until: float
    rng: random.Random
    sent: dict[str, tuple[str, int, float]] = field(default_factory=dict)
    """Each move id sent: its table, the step it was sent at, the time."""
    answered: set[str] = field(default_factory=set)
    """Move ids the server said it took (or had taken before)."""
    refused: set[str] = field(default_factory=set)
    """Move ids it refused: a tap that came too late (another pupil of the table had
    dealt the next round first)."""
    watchers: dict[str, list[dict[int, float]]] = field(default_factory=dict)
    """Per table, every screen's arrival time of each step."""
    twice: int = 0
    frames: Counter[str] = field(default_factory=Counter)
    """Frames the class's screens were sent while it played, and their bytes, by the
    screen's role."""
    received: Counter[str] = field(default_factory=Counter)
    dropped: list[str] = field(default_factory=list)
    since: float = 0.0
    """When the class's screens had all shown their seats again: moves sent since are
    the ones a move's cost is counted over."""
    """Each screen whose connection closed while the class played: who, and why."""

    def counted(self) -> int:
        """The moves taken that were sent since ``since``."""
        return sum(
            1 for move in self.answered if self.sent.get(move, ("", 0, 0.0))[2] >= self.since
        )

    def heard(self, role: str, message: str | bytes) -> None:
        self.frames[role] += 1
        self.received[role] += len(message)

    def drop(self, who: str, error: Exception) -> None:
        """A connection lost: counted and said, the class played on without it."""
        self.dropped.append(f"{who}: {type(error).__name__}: {error}")


async def hello(port: int, message: dict[str, object], cookie: str = "") -> ClientConnection:
    headers = {"Cookie": cookie} if cookie else None
    url = f"ws://127.0.0.1:{port}/class/ws"
    ws = await connect(url, max_queue=None, open_timeout=WAIT, additional_headers=headers,
                       ping_interval=None)  # fmt: skip
    await ws.send(json.dumps({"type": "hello", **message}))
    return ws


async def receive(ws: ClientConnection) -> dict[str, object]:
    message: dict[str, object] = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
    return message


async def until(ws: ClientConnection, kind: str) -> dict[str, object]:
    for _ in range(500):
        message = await receive(ws)
        if message["type"] == kind:
            return message
    raise SystemExit(f"no {kind} frame")


async def pupil_loop(room: Class, pupil: Pupil) -> None:
    """Show every screen; tap after ``interval`` when it is this pupil's turn (a lost
    connection counted in ``room.dropped``, the pupil gone)."""
    pending: asyncio.Task[None] | None = None
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout_at(room.until):  # one timer, not one per frame
            while True:
                try:
                    message = await pupil.ws.recv()
                except ConnectionClosed as error:
                    room.drop(f"pupil {pupil.number}", error)
                    return
                pending = shown(room, pupil, message, pending)


def shown(
    room: Class, pupil: Pupil, message: str | bytes, pending: asyncio.Task[None] | None
) -> asyncio.Task[None] | None:
    """One frame ``pupil`` was sent, shown: a tap started when it is the pupil's turn
    and none is ``pending``; the tap pending now."""
    now = time.monotonic()
    data = json.loads(message)
    room.heard(f"pupils' {data['type']}", message)
    pupil.greeted += data["type"] == "walk"
    if data["type"] == "done":
        (room.answered if data["taken"] else room.refused).add(data["move"])
    if data["type"] != "seat":
        return pending
    screen = data["screen"]
    pupil.arrivals.setdefault(screen["step"], now)
    pupil.seat = screen
    if screen["actions"] and not screen["over"] and (pending is None or pending.done()):
        return asyncio.create_task(tap(room, pupil, screen))
    return pending


async def tap(room: Class, pupil: Pupil, screen: dict[str, object]) -> None:
    await asyncio.sleep(room.interval * room.rng.uniform(0.8, 1.2))
    latest = pupil.seat or {}
    if latest.get("step") != screen["step"] or time.monotonic() > room.until:
        return
    actions = screen["actions"]
    assert isinstance(actions, list)
    move = f"bench-{pupil.number}-{len(room.sent)}"
    text = json.dumps({"type": "act", "move": move, "action": room.rng.choice(actions)["key"]})
    room.sent[move] = (str(screen["table"]), int(str(screen["step"])), time.monotonic())
    with contextlib.suppress(ConnectionClosed):  # counted by the pupil's loop
        await pupil.ws.send(text)
        if room.rng.random() < 0.05:
            room.twice += 1
            await pupil.ws.send(text)


async def settled(room: Class, seated: list[Pupil], measure: Callable[[], Usage]) -> Usage:
    """What the servers had spent once every pupil's hello again was answered (the
    walkthrough's screen of the first was read while the table was seated): the frames
    counted from then on, and the moves sent since (``room.since``) are the ones a
    move's cost is counted over."""
    while time.monotonic() < room.until and any(pupil.greeted < 1 for pupil in seated):
        await asyncio.sleep(0.05)
    room.frames.clear()
    room.received.clear()
    room.since = time.monotonic()
    return measure()


async def watch(room: Class, ws: ClientConnection, arrivals: dict[int, float], table: str) -> None:
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout_at(room.until):
            while True:
                try:
                    message = await ws.recv()
                except ConnectionClosed as error:
                    room.drop("the projector" if table else "the teacher", error)
                    return
                data = json.loads(message)
                room.heard(f"{'projector' if table else 'teacher'}'s {data['type']}", message)
                screen = data.get("screen") if data["type"] == "projector" else None
                if screen and screen["table"] == table:
                    arrivals.setdefault(screen["step"], time.monotonic())


async def seat_class(
    port: int, pupils: int, code: str
) -> tuple[list[Pupil], dict[str, list[Pupil]], list[str]]:
    """``pupils`` pupils seated four a table; a table that could not be filled (a
    connection lost or refused, no answer in ``WAIT``) left out and said why."""
    seated: list[Pupil] = []
    tables: dict[str, list[Pupil]] = {}
    failed: list[str] = []
    for first in range(0, pupils, 4):
        try:
            table, at_table = await seat_table(port, first, code)
        except (ConnectionClosed, WebSocketException, OSError, TimeoutError, SystemExit) as error:
            failed.append(f"table of pupils {first}-{first + 3}: {type(error).__name__}: {error}")
            continue
        tables[table] = at_table
        seated += at_table
    return seated, tables, failed


async def seat_table(port: int, first: int, code: str) -> tuple[str, list[Pupil]]:
    """A table opened by pupil ``first`` and joined by the next three."""
    opener = Pupil(first, await hello(port, {"role": "pupil", "lang": "fi", "code": code}))
    await until(opener.ws, "lobby")
    await opener.ws.send(json.dumps({"type": "open", "preset": "match", "players": 4,
                                     "nickname": f"Oppilas {first}"}))  # fmt: skip
    opener.token = str((await until(opener.ws, "joined"))["token"])
    table = str((await until(opener.ws, "seat"))["screen"]["table"])  # type: ignore[index]
    at_table = [opener]
    for number in range(first + 1, first + 4):
        came = await hello(port, {"role": "pupil", "lang": "sv", "code": code})
        other = Pupil(number, came)
        await until(other.ws, "lobby")
        await other.ws.send(json.dumps({"type": "join", "table": table,
                                        "nickname": f"Elev {number}"}))  # fmt: skip
        other.token = str((await until(other.ws, "joined"))["token"])
        at_table.append(other)
    return table, at_table


async def flood(port: int, code: str, rate: float, end: float) -> tuple[int, int]:
    """One socket sending ``rate`` messages a second until ``end``: a move at its own
    table (out of turn or not legal, mostly) every other message, garbage between.
    The messages sent, and the frames it was sent back."""
    ws = await hello(port, {"role": "pupil", "lang": "en", "code": code})
    await until(ws, "lobby")
    await ws.send(json.dumps({"type": "open", "preset": "block", "players": 2,
                              "computers": 1, "nickname": "Flood"}))  # fmt: skip
    heard = 0

    async def drain() -> None:
        nonlocal heard
        while time.monotonic() < end:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ws.recv(), 1.0)
                heard += 1

    draining = asyncio.create_task(drain())
    rng, sent, began = random.Random(7), 0, time.monotonic()
    while time.monotonic() < end:
        action = rng.choice(["pass", "draw", "play:0-0:left", "open:6-6"])
        move = json.dumps({"type": "act", "move": f"flood-{sent}", "action": action})
        await ws.send(rng.choice(GARBAGE) if sent % 2 else move)
        sent += 1
        await asyncio.sleep(max(0.0, began + sent / rate - time.monotonic()))
    await draining
    await ws.close()
    return sent, heard


def latencies(
    room: Class, tables: dict[str, list[Pupil]], projector: dict[int, float], first: str
) -> list[float]:
    """Per move answered: the time until the last screen of its table showed it (ms)."""
    found = []
    for move, (table, step, sent) in room.sent.items():
        if move not in room.answered:
            continue
        screens = [p.arrivals for p in tables[table]] + ([projector] if table == first else [])
        times = [
            min((t for s, t in arrivals.items() if s > step), default=None) for arrivals in screens
        ]
        if all(t is not None for t in times):
            found.append((max(t for t in times if t is not None) - sent) * 1000)
    return found


def visitors(port: int, paths: list[str], count: int, deadline: float) -> list[threading.Thread]:
    threads = [threading.Thread(target=fetch_all, args=(port, paths, deadline), daemon=True)
               for _ in range(count)]  # fmt: skip
    for thread in threads:
        thread.start()
    return threads


async def class_run(
    args: argparse.Namespace,
    port: int,
    keys: tuple[str, str],
    paths: list[str],
    measure: Callable[[], Usage],
) -> dict[str, object]:
    link, code = keys
    teaching, projecting = passes(port, link)
    seated, tables, unseated = await seat_class(port, args.pupils, code)
    first = next(iter(tables))
    teacher = await hello(port, {"role": "teacher"}, teaching)
    await until(teacher, "teacher")
    await teacher.send(json.dumps({"type": "show", "table": first}))
    projector = await hello(port, {"role": "projector"}, projecting)
    room = Class(port, args.interval, time.monotonic() + args.seconds, random.Random(1))
    shown: dict[int, float] = {}
    greeting = measure()
    for pupil in seated:  # each pupil's current screen: ask for it again
        again = json.dumps({"type": "hello", "role": "pupil", "token": pupil.token})
        with contextlib.suppress(ConnectionClosed):  # counted by the pupil's loop
            await pupil.ws.send(again)
    crowd = visitors(port, paths, args.visitors, room.until)
    flooding = [flood(port, code, args.flood, room.until)] if args.flood else []
    before, *_, flooded = await asyncio.gather(
        settled(room, seated, measure),
        *(pupil_loop(room, pupil) for pupil in seated),
        watch(room, projector, shown, first),
        watch(room, teacher, {}, ""),
        *flooding,
    )
    after = measure()
    for thread in crowd:
        thread.join(timeout=WAIT)
    found = latencies(room, tables, shown, first)
    for ws in [teacher, projector, *(p.ws for p in seated)]:
        with contextlib.suppress(WebSocketException, OSError, TimeoutError):
            await asyncio.wait_for(ws.close(), WAIT)
    return {"room": room, "latencies": found, "tables": tables, "flooded": flooded,
            "unseated": unseated, "usage": (before, after), "greeting": greeting}  # fmt: skip


async def idle_run(port: int, count: int, code: str) -> tuple[int, float]:
    """Open ``count`` idle connections, then time a new pupil's join (ms)."""
    idle = []
    for _ in range(count):
        idle.append(await connect(f"ws://127.0.0.1:{port}/class/ws", open_timeout=WAIT))
    started = time.monotonic()
    newcomer = await hello(port, {"role": "pupil", "lang": "en", "code": code})
    await until(newcomer, "lobby")
    await newcomer.send(json.dumps({"type": "open", "preset": "block", "players": 2,
                                    "computers": 1, "nickname": "Late"}))  # fmt: skip
    await until(newcomer, "seat")
    took = (time.monotonic() - started) * 1000
    for ws in [*idle, newcomer]:
        await ws.close()
    return len(idle), took


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


def seated_of(result: dict[str, object]) -> list[Pupil]:
    tables: dict[str, list[Pupil]] = result["tables"]  # type: ignore[assignment]
    return [pupil for at_table in tables.values() for pupil in at_table]


def first_visit(site: Path, port: int, paths: list[str], later: list[str]) -> None:
    """Fetch a first visit's ``paths``, then the ``later`` ones (the snapshot, fetched
    once Python has started, for the second visit); print the bytes of each."""
    said = ("first visit: {count} files, {raw} MB in the files, {wire} MB on the wire "
            "(br/gzip; bar 8 MB)", "then the snapshot, once Python has started (the second "
            "visit boots from it): {raw} MB in the file, {wire} MB on the wire")  # fmt: skip
    for named, words in zip((paths, later), said, strict=True):
        if not named:
            continue
        raw = sum((site / p.lstrip("/")).stat().st_size for p in named)
        wire, count = fetch_all(port, named, time.monotonic() + 120)
        print(words.format(count=count, raw=f"{raw / 1e6:.1f}", wire=f"{wire / 1e6:.2f}"))
        print(f"  30 of them through a shared 50 Mbit/s link: "
              f"{FIRST_VISITS * wire * 8 / LINK_BITS:.0f} s (uncompressed: "
              f"{FIRST_VISITS * raw * 8 / LINK_BITS:.0f} s)")  # fmt: skip


def wait_for_keys(log: Path) -> tuple[str, str]:
    """The teacher's one-time link (its path) and the class code, read from the
    addresses the command printed (a site served the first time has its compressed
    copies written first: minutes for Pyodide's)."""
    deadline = time.monotonic() + STARTUP
    while time.monotonic() < deadline:
        printed = log.read_text(encoding="utf-8")
        link = re.search(r"/class/teacher/[\w-]+", printed)
        code = re.search(r"/class/\?\S*code=(\w+)", printed)
        if link and code:
            return link[0], code[1]
        time.sleep(0.1)
    raise SystemExit("the server printed no teacher's address")


def passes(port: int, link: str) -> tuple[str, str]:
    """The teacher's and the projector's cookies, as their browsers get them: the
    teacher's one-time ``link`` opened, then the teacher's page's link to the projector."""

    def get(path: str, cookie: str = "") -> tuple[str, str]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        answer = connection.getresponse()
        body, kept = answer.read().decode(), answer.getheader("Set-Cookie") or ""
        connection.close()
        return body, kept.split(";")[0]

    _, teacher = get(link)
    page, _ = get("/class/teacher/", teacher)
    pairing = re.search(r'href="(/projector\?pair=[^"]+)"', page)
    if not teacher or pairing is None:
        raise SystemExit("the teacher's link did not open the teacher's page")
    return teacher, get(pairing[1].replace("&amp;", "&"))[1]


if __name__ == "__main__":
    raise SystemExit(main())

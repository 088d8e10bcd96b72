"""The class at play (``bench_class.py``): pupils seated four a table, each tapping a
random legal action when its screen shows its turn, the projector and the teacher's
page watching; the moves sent, taken, refused and each screen's arrival times, from
which a move's time to every screen of its table is counted."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from _class_screens import WAIT, hello, passes, until
from _first_visit import visitors
from _flood import flood
from _usage import Usage
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, WebSocketException


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
    """Each screen whose connection closed while the class played: who, and why."""
    since: float = 0.0
    """When the class's screens had all shown their seats again: moves sent since are
    the ones a move's cost is counted over."""

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


def seated_of(result: dict[str, object]) -> list[Pupil]:
    tables: dict[str, list[Pupil]] = result["tables"]  # type: ignore[assignment]
    return [pupil for at_table in tables.values() for pupil in at_table]

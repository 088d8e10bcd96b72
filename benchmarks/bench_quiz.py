"""Load-test the class quiz: ``--pupils`` pupils (32) answer each question within the
same second, through ``blockdomino serve`` on 127.0.0.1 (the command itself, in a
process of its own, its data in a temporary folder, a minimal site).

The teacher starts a quiz of ``--questions`` questions (10); for each, every pupil
sends their answer at once (and one pupil in eight sends it a second time, as a tablet
that lost its acknowledgement does); the projector listens. Reported: the time from the
last answer's sending until the projector has the complete count (``{pupils}`` answered),
and then, after the teacher shows the answers, until the projector has the distribution;
p50, p95 and max over the questions; and whether any answer was lost or counted twice
(the database read after). Bounded: every wait has a limit.

    .venv/bin/python benchmarks/bench_quiz.py --pupils 32 --questions 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _servers import free_port, start, stop
from websockets.asyncio.client import ClientConnection, connect

from blockdomino.publish.staging import write_stamp
from blockdomino.stores.keys import class_keys

WAIT = 30.0


async def hello(port: int, message: dict[str, object]) -> ClientConnection:
    ws = await connect(f"ws://127.0.0.1:{port}/class/ws", max_size=None, max_queue=None)
    await ws.send(json.dumps({"type": "hello", **message}))
    return ws


async def until(ws: ClientConnection, test: object) -> dict[str, object]:
    """Frames until one that ``test`` accepts."""
    async with asyncio.timeout(WAIT):
        while True:
            message: dict[str, object] = json.loads(await ws.recv())
            if callable(test) and test(message):
                return message


def quiz_in(phase: str, answered: str | None = None) -> object:
    def test(message: dict[str, object]) -> bool:
        screen = message.get("screen")
        if message.get("type") != "quiz" or not isinstance(screen, dict):
            return False
        return screen["phase"] == phase and (answered is None or answered in screen["answered"])

    return test


async def run(
    port: int, secret: str, code: str, pupils: int, questions: int
) -> tuple[list[float], list[float]]:
    teacher = await hello(port, {"role": "teacher", "secret": secret, "lang": "fi"})
    projector = await hello(port, {"role": "projector", "secret": secret, "lang": "fi"})
    screens = [await hello(port, {"role": "pupil", "lang": "sv", "code": code})
               for _ in range(pupils)]  # fmt: skip
    await teacher.send(json.dumps({"type": "quiz_start", "topics": ["matching", "doubles"],
                                   "level": 1, "count": questions, "seconds": None}))  # fmt: skip
    counted, shown = [], []
    for number in range(questions):
        asked = await until(projector, quiz_in("asking"))
        screen = asked["screen"]
        assert isinstance(screen, dict)
        while screen["number"] != number:
            screen = (await until(projector, quiz_in("asking")))["screen"]
            assert isinstance(screen, dict)
        sends = []
        for index, ws in enumerate(screens):
            answer = {"type": "quiz_answer", "quiz": screen["quiz"], "number": number,
                      "choice": index % len(screen["choices"]), "pupil": f"pupil-{index:04}",
                      "nickname": f"Pupil {index}"}  # fmt: skip
            twice = 2 if index % 8 == 0 else 1
            sends += [ws.send(json.dumps(answer)) for _ in range(twice)]
        await asyncio.gather(*sends)
        last = time.perf_counter()
        await until(projector, quiz_in("asking", f"{pupils} "))
        counted.append(time.perf_counter() - last)
        revealing = time.perf_counter()
        await teacher.send(json.dumps({"type": "quiz_reveal"}))
        await until(projector, quiz_in("revealed"))
        shown.append(time.perf_counter() - revealing)
        await teacher.send(json.dumps({"type": "quiz_next"}))
    for ws in [teacher, projector, *screens]:
        await ws.close()
    return counted, shown


def figures(times: list[float]) -> str:
    ms = sorted(1000 * t for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return f"p50 {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", type=int, default=32)
    parser.add_argument("--questions", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        site, data = Path(folder) / "site", Path(folder) / "data" / "tables.sqlite3"
        site.mkdir()
        data.parent.mkdir()
        for name in ("index.html", "jupyter-lite.json"):
            (site / name).write_text("{}")
        write_stamp(site)
        keys = class_keys(data.parent)
        port = free_port()
        command = [sys.executable, "-m", "blockdomino.cli", "serve", str(site), "--host",
                   "127.0.0.1", "--port", str(port), "--data", str(data)]  # fmt: skip
        server = start(command, port)
        try:
            counted, shown = asyncio.run(
                run(port, keys.secret, keys.code, args.pupils, args.questions)
            )
        finally:
            stop(server)
        db = sqlite3.connect(data.parent / "class-lessons.sqlite3")
        kept = db.execute("SELECT number, COUNT(*) FROM answers GROUP BY number").fetchall()
    print(f"{args.pupils} pupils answering at once, {args.questions} questions")
    print(f"  last answer sent -> projector has the complete count: {figures(counted)}")
    print(f"  answers shown -> projector has the distribution: {figures(shown)}")
    wrong = [row for row in kept if row[1] != args.pupils]
    print(f"  answers kept per question: {sorted({c for _, c in kept})}; wrong: {len(wrong)}")
    return 0 if not wrong and len(kept) == args.questions else 1


if __name__ == "__main__":
    raise SystemExit(main())

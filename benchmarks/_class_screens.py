"""The class server as the benchmark's screens reach it (``bench_class.py``): the
teacher's link and the class code read from what ``blockdomino serve`` printed, the
teacher's and the projector's cookies, a screen's hello, and its frames read with a
limit on every wait."""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import time
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

WAIT = 20.0


STARTUP = 600.0


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

"""A class at the classroom app: thirty visitors at once, each playing a round.

Starts ``blockdomino classroom`` on 127.0.0.1 (a free port, its own process group) and
sends thirty simulated visitors at it together. Each opens the play chapter (Voilà runs
the chapter in a kernel of its own and answers with the page), connects to its kernel
as the page does and plays a round to its end through the round player's own methods,
the ones its buttons call (the first legal move, or a pass when none is left). Prints
whether every visitor was served without error, the time to the first page (median
and slowest), the memory per visitor (the server and its kernels, before and after),
then stops the server. Bounded: it ends after one visit each, or after TIMEOUT seconds.

    .venv/bin/python benchmarks/bench_classroom.py [--visitors 30]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
import uuid

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

TOKEN = "blockdomino-load-test"
TIMEOUT = 900
"""The longest the whole test may take, in seconds."""
PAGE = "en/05_play.ipynb"
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')

PLAY_A_ROUND = """
import gc
from blockdomino.widgets import RoundPlayer
player = next(o for o in gc.get_objects() if isinstance(o, RoundPlayer))
for _ in range(60):
    if player.position.is_over:
        break
    legal = player.position.legal_moves()
    if legal:
        player.play(legal[0].tile, legal[0].end)
    else:
        player.pass_turn()
print("round over" if player.position.is_over else "round not over")
"""
"""What a visitor does at the table: the widget's own methods, as its buttons call them."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def tree_rss(process: psutil.Process) -> int:
    """The resident memory of a process and everything it started, in bytes."""
    total = 0
    for member in [process, *process.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += member.memory_info().rss
    return total


def execute_request(code: str) -> dict[str, object]:
    msg_id = uuid.uuid4().hex
    return {
        "header": {
            "msg_id": msg_id,
            "msg_type": "execute_request",
            "username": "visitor",
            "session": uuid.uuid4().hex,
            "date": "",
            "version": "5.3",
        },
        "parent_header": {},
        "metadata": {},
        "content": {"code": code, "silent": False, "store_history": False},
        "channel": "shell",
    }


async def visit(base: str) -> tuple[float, str]:
    """One visitor: the page (timed), then a round played in its kernel; what it saw."""
    start = time.monotonic()
    page = await AsyncHTTPClient().fetch(
        HTTPRequest(f"{base}/voila/render/{PAGE}?token={TOKEN}", request_timeout=TIMEOUT)
    )
    first_page = time.monotonic() - start
    found = _KERNEL_ID.search(page.body.decode())
    if not found:
        return first_page, "no kernel in the page"
    socket_url = base.replace("http", "ws") + f"/api/kernels/{found.group(1)}/channels"
    connection = await websocket_connect(f"{socket_url}?token={TOKEN}")
    request = execute_request(PLAY_A_ROUND)
    await connection.write_message(json.dumps(request))
    said = ""
    while True:
        raw = await connection.read_message()
        if raw is None:
            return first_page, "the kernel closed the connection"
        reply = json.loads(raw)
        if reply.get("parent_header", {}).get("msg_id") != request["header"]["msg_id"]:
            continue
        if reply["msg_type"] == "stream":
            said += reply["content"]["text"]
        if reply["msg_type"] == "error":
            said += reply["content"]["ename"]
        if reply["msg_type"] == "execute_reply":
            connection.close()
            return first_page, said.strip()


async def crowd(base: str, visitors: int) -> list[tuple[float, str] | BaseException]:
    AsyncHTTPClient.configure(None, max_clients=visitors)
    return await asyncio.wait_for(
        asyncio.gather(*(visit(base) for _ in range(visitors)), return_exceptions=True),
        TIMEOUT,
    )


def start_classroom(port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "blockdomino.cli", "classroom", f"--port={port}"]
    command += [f"--token={TOKEN}", "--no-browser", "--lang=en"]
    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            time.sleep(0.5)
    os.killpg(server.pid, signal.SIGTERM)
    raise SystemExit("the classroom did not start in 120 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=30)
    visitors = parser.parse_args().visitors
    port = free_port()
    server = start_classroom(port)
    try:
        process = psutil.Process(server.pid)
        before = tree_rss(process)
        began = time.monotonic()
        results = asyncio.run(crowd(f"http://127.0.0.1:{port}", visitors))
        took = time.monotonic() - began
        after = tree_rss(process)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    served = [r for r in results if isinstance(r, tuple) and r[1] == "round over"]
    failed = [r for r in results if r not in served]
    times = [r[0] for r in served]
    print(f"visitors: {visitors}, served and played a round to its end: {len(served)}")
    for failure in failed[:5]:
        print(f"  failed: {failure!r}")
    if times:
        print(
            f"time to the first page: median {statistics.median(times):.1f} s, "
            f"slowest {max(times):.1f} s (all {visitors} at once; whole test {took:.0f} s)"
        )
    print(
        f"memory: server alone {before / 1e6:.0f} MB, with {visitors} visitors "
        f"{after / 1e6:.0f} MB: {(after - before) / visitors / 1e6:.0f} MB per visitor"
    )
    raise SystemExit(0 if not failed else 1)


if __name__ == "__main__":
    main()

"""A class at the classroom app: thirty visitors at once, each playing a round.

Starts ``blockdomino classroom`` on 127.0.0.1 (a free port, its own process group) and
sends thirty simulated visitors at it together. Each opens the play chapter (Voilà runs
the chapter in a kernel of its own and answers with the page), connects to its kernel
as the page does, asks for the widgets' states as the page's widget manager does and
clicks the round player's New round button (a widget message, as the browser sends it),
then waits for the widgets' update: a new deal. Prints
whether every visitor was served without error, the time to the first page (median
and slowest), the memory per visitor (the server and its kernels, before and after),
then stops the server. Bounded: one visit each, every wait at most STEP seconds.

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
from typing import Any

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

from blockdomino.i18n import translate

TOKEN = "blockdomino-load-test"
TIMEOUT = 900
"""The longest the whole test may take, in seconds."""
PAGE = "en/05_play.ipynb"
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')

NEW_ROUND = translate("widgets.button.new_round.tooltip", "en")
STEP = 300
"""The longest wait for one answer of the server, in seconds."""


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


def message(
    msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A message to the kernel on the shell channel, as the page's widget manager sends."""
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "visitor"}
    header.update({"session": uuid.uuid4().hex, "date": "", "version": "5.3"})
    return {
        "header": header,
        "parent_header": {},
        "metadata": metadata or {},
        "content": content,
        "channel": "shell",
    }


async def answer(connection: Any, sent: dict[str, Any], method: str) -> dict[str, Any]:
    """The first widget message answering ``sent`` with ``method``."""
    while True:
        raw = await asyncio.wait_for(connection.read_message(), STEP)
        if raw is None:
            raise ConnectionError("the kernel closed the connection")
        reply = json.loads(raw)
        answers = reply.get("parent_header", {}).get("msg_id") == sent["header"]["msg_id"]
        data = reply.get("content", {}).get("data", {})
        if answers and reply["msg_type"] == "comm_msg" and data.get("method") == method:
            return dict(data)


async def visit(base: str) -> tuple[float, str]:
    """One visitor: the page (timed), then a click on the round player's New round
    button, as the page's widget manager sends it; what the visitor saw."""
    start = time.monotonic()
    page = await AsyncHTTPClient().fetch(
        HTTPRequest(f"{base}/voila/render/{PAGE}?token={TOKEN}", request_timeout=STEP)
    )
    first_page = time.monotonic() - start
    found = _KERNEL_ID.search(page.body.decode())
    if not found:
        return first_page, "no kernel in the page"
    socket_url = base.replace("http", "ws") + f"/api/kernels/{found.group(1)}/channels"
    connection = await websocket_connect(f"{socket_url}?token={TOKEN}")
    control = uuid.uuid4().hex
    opening = {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}
    control_version = {"version": "1.0.0"}
    await connection.write_message(json.dumps(message("comm_open", opening, control_version)))
    asking = message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
    await connection.write_message(json.dumps(asking))
    states = (await answer(connection, asking, "update_states"))["states"]
    buttons = [key for key, model in states.items() if model["state"].get("tooltip") == NEW_ROUND]
    if not buttons:
        return first_page, "no New round button"
    click = {"method": "custom", "content": {"event": "click"}}
    clicking = message("comm_msg", {"comm_id": buttons[0], "data": click})
    await connection.write_message(json.dumps(clicking))
    await answer(connection, clicking, "update")
    connection.close()
    return first_page, "dealt"


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


def stop(server: subprocess.Popen[bytes]) -> None:
    """Stop the classroom, Voilà and the kernels: their process group, killed if need be."""
    os.killpg(server.pid, signal.SIGTERM)
    time.sleep(10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGKILL)
    server.wait()


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
        stop(server)
    served = [r for r in results if isinstance(r, tuple) and r[1] == "dealt"]
    failed = [r for r in results if r not in served]
    times = [r[0] for r in served]
    print(f"visitors: {visitors}, served and dealt a new round by a click: {len(served)}")
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

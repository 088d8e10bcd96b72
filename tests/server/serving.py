"""Helpers of the server tests: a class server run from a thread, and plain HTTP asks."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from blockdomino.publish.staging import write_stamp
from blockdomino.server.run import ClassServer, open_server

START_SECONDS = 10.0
SRC = Path(__file__).resolve().parents[2] / "src"


@contextmanager
def running(server: ClassServer) -> Iterator[ClassServer]:
    """``server`` serving from a thread until the block ends."""
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_SECONDS
    while not (server.server and server.server.started) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.server is not None, "the server did not start"
    assert server.server.started, "the server did not start"
    try:
        yield server
    finally:
        server.stop()
        thread.join(timeout=START_SECONDS)


def class_server(folder: Path, lang: str) -> Iterator[ClassServer]:
    """A class server in ``lang`` on the smallest site in ``folder``, its data beside it,
    serving while the generator is open (a server started again in the same folder
    finds what was kept)."""
    opened = open_server(
        make_site(folder), host="127.0.0.1", port=0, lang=lang, data=folder / "t.sqlite3"
    )
    with running(opened) as served:
        yield served


def class_code(server: ClassServer) -> str:
    """The code pupils type to join ``server``'s class."""
    assert server.hub is not None
    return server.hub.keys.code


def ask(
    server: ClassServer, path: str, method: str = "GET", headers: dict[str, str] | None = None
) -> tuple[http.client.HTTPResponse, bytes]:
    """The server's answer to ``method path`` and its body, the path sent as written
    (``..`` too)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request(method, path, headers=headers or {})
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer, data


def teacher_page(server: ClassServer, cookie: str | None = None) -> tuple[str, str]:
    """The teacher's page as the teacher opens it: a new one-time link traded for the
    teacher's pass (or ``cookie``, a pass kept before), then the page; the page and the
    cookie."""
    if cookie is None:
        link = (server.teacher_address or "").split(str(server.port), 1)[1]
        answer, _ = ask(server, link)
        assert answer.status == 303, answer.status
        cookie = (answer.getheader("Set-Cookie") or "").split(";")[0]
    answer, body = ask(server, "/class/teacher/", headers={"Cookie": cookie})
    assert answer.status == 200, answer.status
    return body.decode(), cookie


def make_site(folder: Path) -> Path:
    """The smallest folder ``serve`` takes for a built site: its two top files and the
    build stamp, written last."""
    for name in ("index.html", "jupyter-lite.json"):
        (folder / name).write_text("{}")
    write_stamp(folder)
    return folder


def start(site: Path, data: Path, *more: str) -> tuple[subprocess.Popen[str], int]:
    """``blockdomino serve`` (with ``more`` options) in a process of its own on
    127.0.0.1: the process and its port (read from the first line it prints)."""
    command = [sys.executable, "-m", "blockdomino.cli", "serve", str(site), "--host", "127.0.0.1"]
    command += ["--port", "0", "--data", str(data), *more]
    env = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8"}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    found = re.search(r":(\d+)/", first)
    assert found, first + (process.stderr.read() if process.stderr else "")
    return process, int(found[1])

"""Helpers of the tests of a class server with two worker processes sharing one Redis
(``--redis URL --workers 2``): the class's keys as the server printed them, and screens
opened until they land on the worker wanted (the kernel hands each new socket to
whichever worker it wakes)."""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from classroom import WAIT_SECONDS, Screen
from serving import make_site, start

from blockdomino.server.live import WORKER_HEADER

PAUSE_SECONDS = 0.1
"""The wait after a socket met the other worker: on a busy machine the second worker may
still be starting, and the kernel hands every socket to the one that listens."""

MOST_TRIES = int(WAIT_SECONDS / PAUSE_SECONDS)
"""Sockets a test opens at most to meet the worker it wants: as many as fit in the
time a server is given to answer (a loaded machine starts the second worker late)."""


def worker(screen: Screen) -> str:
    """The pid of the server process that serves ``screen``."""
    return str(screen.ws.response.headers[WORKER_HEADER])


@dataclass
class Workers:
    """A server of two workers: its port, the class code and the teacher's secret, and
    every screen opened (closed at the end)."""

    port: int
    code: str
    secret: str
    opened: list[Screen] = field(default_factory=list)

    def on(self, hello: dict[str, Any], where: Callable[[str], bool]) -> Screen:
        """A screen saying ``hello`` on a worker whose pid ``where`` takes."""
        for _ in range(MOST_TRIES):
            screen = Screen.open(self.port, hello)
            if where(worker(screen)):
                self.opened.append(screen)
                return screen
            screen.close()
            time.sleep(PAUSE_SECONDS)
        raise AssertionError(f"{MOST_TRIES} sockets never met the worker wanted")

    def teacher(self, lang: str) -> Screen:
        screen = self.on({"role": "teacher", "secret": self.secret, "lang": lang}, bool)
        screen.until("teacher")
        return screen

    def projector(self, lang: str, where: Callable[[str], bool]) -> Screen:
        screen = self.on({"role": "projector", "secret": self.secret, "lang": lang}, where)
        screen.until("projector")
        return screen

    def pupil(self, lang: str, where: Callable[[str], bool]) -> Screen:
        screen = self.on({"role": "pupil", "lang": lang, "token": None, "code": self.code}, where)
        screen.until("lobby")
        return screen


@contextmanager
def two_workers(folder: Path, redis_url: str) -> Iterator[Workers]:
    """``blockdomino serve --redis redis_url --workers 2`` on 127.0.0.1 while the block
    runs; it must stop without a word on its standard error."""
    from redis import Redis

    from blockdomino.stores.redis_class import shared_keys

    process, port = start(
        make_site(folder), folder / "t.sqlite3", "--redis", redis_url, "--workers", "2"
    )
    try:
        assert process.stdout is not None
        said = "".join(process.stdout.readline() for _ in range(5))
        code = re.search(r"code=(\w+)", said)
        assert code, said
        assert "/class/teacher/" in said, said
        secret = shared_keys(Redis.from_url(redis_url)).secret  # never printed
        served = Workers(port, code[1], secret)
        yield served
        for screen in served.opened:
            screen.close()
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=WAIT_SECONDS)
    assert err == ""

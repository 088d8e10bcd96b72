"""Tables shared through Redis (``--redis URL``): two server processes with one Redis
share the class's keys and tables; pupils connected to different processes play one
table to its end, each move seen through the other process, and a pupil's screen is
the same whichever process draws it; the two workers of one server (``--workers 2``)
both serve, and a table played across them ends as the same actions end it on one
process; the projector's table and the teacher's notice of a failed commit are the
same on every process, the notice in words (never Redis's own); a move is one call to
Redis and takes no lock; a server killed (``kill -9``) and started again resumes its
tables from Redis. A real ``redis-server`` (Debian's package) is started on 127.0.0.1
on a free port (``conftest.py``); the tests skip, saying why, where it is missing.
"""

from __future__ import annotations

import random
import re
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from classroom import MOST_FRAMES, WAIT_SECONDS, Screen, play, pupil
from conftest import free_port
from serving import class_code, make_site, running, start
from workers import PAUSE_SECONDS, worker

from blockdomino.cli import main
from blockdomino.server.run import ClassServer, open_server
from blockdomino.stores.redis_class import RedisKeeping
from blockdomino.stores.redis_store import PREFIX, RedisStore
from blockdomino.tables.screens import seat_screen
from blockdomino.tables.service import Table, TableService
from blockdomino.tables.store import Store, StoredTable
from blockdomino.words.i18n import translate

redis = pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[test]'")


def _printed(process: subprocess.Popen[str]) -> str:
    """The lines a server printed before its QR code: its addresses."""
    assert process.stdout is not None
    lines = [process.stdout.readline() for _ in range(5)]
    return "".join(lines)


def _stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=WAIT_SECONDS)
    return err


def _seat_two(opener: Screen, other: Screen) -> str:
    """``opener`` (in the lobby) opens a table of ``block`` for two, ``other`` (in the
    lobby, maybe of another process) waits until its lobby lists it and joins it: the
    table, both pupils at their seats."""
    opener.send({"type": "open", "preset": "block", "players": 2, "nickname": "Ada"})
    table = str(opener.until("seat")["screen"]["table"])
    for _ in range(50):
        if any(listed["table"] == table for listed in other.until("lobby")["tables"]):
            break
    other.send({"type": "join", "table": table, "nickname": "Bo"})
    other.until("joined")
    opener.until("seat")
    other.until("seat")
    return table


def test_two_servers_share_the_keys_and_play_one_table_to_its_end(
    tmp_path: Path, redis_url: str
) -> None:
    site = make_site(tmp_path)
    one, first_port = start(site, tmp_path / "one.sqlite3", "--redis", redis_url)
    two, second_port = start(site, tmp_path / "two.sqlite3", "--redis", redis_url)
    try:
        said = [_printed(one), _printed(two)]
        keys = [re.findall(r"code=(\w+)", text) for text in said]
        assert keys[0] == keys[1]
        code = re.search(r"code=(\w+)", said[0])
        assert code
        opener = pupil(first_port, code=code[1])
        opener.until("lobby")
        other = pupil(second_port, code=code[1])
        other.until("lobby")
        _seat_two(opener, other)
        play([opener, other], random.Random(3), most_rounds=1, most_moves=60, to_end=False)
        assert opener.latest is not None
        assert other.latest is not None
        assert opener.latest["step"] == other.latest["step"] > 0
        assert opener.latest["scores"] == other.latest["scores"]
        again = pupil(first_port, token=other.token)
        assert again.until("seat")["screen"] == other.latest
        for screen in (opener, other, again):
            screen.close()
    finally:
        errors = [_stop(one), _stop(two)]
    assert errors == ["", ""]


def test_several_workers_without_redis_are_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = ["serve", str(make_site(tmp_path)), "--host", "127.0.0.1", "--port", "0"]
    assert main([*command, "--workers", "2", "--lang", "sv"]) == 2
    said = translate("serve.error.workers", "sv", workers=2, most=32)
    assert said in capsys.readouterr().err


def test_a_redis_that_does_not_answer_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"
    command = ["serve", str(make_site(tmp_path)), "--host", "127.0.0.1", "--port", "0"]
    assert main([*command, "--redis", url, "--lang", "fi"]) == 2
    err = capsys.readouterr().err
    assert url in err
    assert "Traceback" not in err


MOST_TRIES = 60
"""Sockets a test opens at most to meet both workers of a server."""


def _on_two_workers(port: int, code: str) -> tuple[Screen, Screen, list[Screen]]:
    """A pupil in the lobby of each of two different workers (the kernel hands each new
    socket to whichever worker it wakes), and the other sockets opened meanwhile."""
    met: dict[str, Screen] = {}
    spare: list[Screen] = []
    for _ in range(MOST_TRIES):
        screen = pupil(port, code=code)
        screen.until("lobby")
        if worker(screen) in met:
            spare.append(screen)
            time.sleep(PAUSE_SECONDS)
        else:
            met[worker(screen)] = screen
        if len(met) == 2:
            first, second = met.values()
            return first, second, spare
    raise AssertionError(f"{MOST_TRIES} sockets all met one worker")


def _one_process(tmp_path: Path, kept: StoredTable) -> Table:
    """The table ``kept`` played again by one process alone: dealt from its seed, each
    pupil's action taken by the seat to move, in the order kept."""
    store = Store(tmp_path / "one-process.sqlite3")
    store.add_table(replace(kept, actions=()))
    service = TableService.load(store)
    table = service.tables[kept.id]
    for move_id, text in kept.actions:
        if not move_id.startswith("computer:"):
            to_move = table.game.to_move
            token = table.seats[0 if to_move is None else to_move].token
            assert token is not None
            assert service.act(token, move_id, text).refused is None
    store.close()
    return table


def test_two_workers_of_one_server_play_one_table_to_its_end(
    tmp_path: Path, redis_url: str
) -> None:
    process, port = start(
        make_site(tmp_path), tmp_path / "t.sqlite3", "--redis", redis_url, "--workers", "2"
    )
    try:
        code = re.search(r"code=(\w+)", _printed(process))
        assert code
        opener, other, spare = _on_two_workers(port, code[1])
        assert worker(opener) != worker(other)
        table = _seat_two(opener, other)
        play([opener, other], random.Random(8), most_rounds=1, most_moves=80, to_end=True)
        kept = RedisStore(redis.Redis.from_url(redis_url, decode_responses=True)).table(table)
        assert kept is not None
        alone = _one_process(tmp_path, kept)
        assert alone.game.is_over
        for screen in (opener, other):
            assert screen.latest is not None
            assert screen.latest == seat_screen(alone, screen.latest["seat"], "en")
        for screen in (opener, other, *spare):
            screen.close()
    finally:
        err = _stop(process)
    assert err == ""


def test_a_server_killed_resumes_its_tables_from_redis(tmp_path: Path, redis_url: str) -> None:
    site = make_site(tmp_path)
    process, port = start(site, tmp_path / "t.sqlite3", "--redis", redis_url)
    try:
        code = re.search(r"code=(\w+)", _printed(process))
        assert code
        opener = pupil(port, code=code[1])
        opener.until("lobby")
        opener.send({"type": "open", "preset": "draw", "players": 2, "computers": 1,
                     "nickname": "Ada"})  # fmt: skip
        opener.until("joined")
        opener.until("seat")
        play([opener], random.Random(5), most_rounds=1, most_moves=4, to_end=False)
        before = opener.latest
        assert before is not None
        assert before["step"] > 0
        opener.close()
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=WAIT_SECONDS)
    process, port = start(site, tmp_path / "other.sqlite3", "--redis", redis_url)
    try:
        again = pupil(port, token=opener.token)
        assert again.until("seat")["screen"] == before
        again.close()
    finally:
        _stop(process)


LOST = "Error 111 connecting to 127.0.0.1:6379. Connection refused."
"""What redis-py says when Redis is gone: never for a pupil's or a teacher's eyes."""


@contextmanager
def two_servers(tmp_path: Path, url: str, lang: str = "en") -> Iterator[list[ClassServer]]:
    """Two class servers in ``lang`` in this process sharing the Redis at ``url``."""
    site = make_site(tmp_path)
    servers = [open_server(site, host="127.0.0.1", port=0, redis=url, lang=lang) for _ in range(2)]
    with running(servers[0]), running(servers[1]):
        yield servers


def _shared(server: ClassServer) -> RedisKeeping:
    assert server.hub is not None
    assert server.hub.store is not None
    return server.hub.store


def _alone_with_the_computer(server: ClassServer, name: str) -> tuple[Screen, str]:
    """A pupil who opened a table of ``block`` against the computer, once it is the
    pupil's turn (the computer leads when it holds the highest double): the pupil, the
    table."""
    opener = pupil(server.port, code=class_code(server))
    opener.until("lobby")
    opener.send({"type": "open", "preset": "block", "players": 2, "computers": 1,
                 "nickname": name})  # fmt: skip
    seat = opener.until("seat")["screen"]
    for _ in range(MOST_FRAMES):
        if seat["actions"]:
            return opener, seat["table"]
        seat = opener.until("seat")["screen"]
    raise AssertionError("the pupil's turn never came")


def _teacher(server: ClassServer) -> Screen:
    assert server.hub is not None
    teacher = Screen.open(server.port, {"role": "teacher", "secret": server.hub.keys.secret})
    teacher.until("teacher")
    return teacher


def _until(screen: Screen, kind: str, holds: Callable[[dict[str, Any]], bool]) -> None:
    for _ in range(MOST_FRAMES):
        message = screen.receive()
        if message["type"] == kind and holds(message):
            return
    raise AssertionError(f"no {kind} frame came that holds")


def _shown(server: ClassServer, table: str) -> tuple[Screen, Screen]:
    """A teacher of ``server`` who shows ``table``, and a projector of ``server`` that
    shows it."""
    assert server.hub is not None
    projector = Screen.open(server.port, {"role": "projector", "secret": server.hub.keys.secret})
    projector.until("projector")
    teacher = Screen.open(server.port, {"role": "teacher", "secret": server.hub.keys.secret})
    page = teacher.until("teacher")
    for _ in range(MOST_FRAMES):  # a table the teacher's page lists: this process has heard of it
        if any(listed["table"] == table for listed in page["tables"]):
            break
        page = teacher.until("teacher")
    teacher.send({"type": "show", "table": table})
    _until(projector, "projector", lambda m: (m["screen"] or {}).get("table") == table)
    return teacher, projector


def test_the_projector_and_the_teachers_notice_are_the_same_on_every_process(
    tmp_path: Path, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with two_servers(tmp_path, redis_url, lang="sv") as (one, two):
        opener, table = _alone_with_the_computer(one, "Ada")
        teacher, projector = _shown(two, table)
        teachers = [_teacher(one), teacher]

        async def unanswered(*_: object) -> tuple[bool, int]:
            raise redis.ConnectionError(LOST)

        monkeypatch.setattr(_shared(one), "commit", unanswered)
        assert opener.latest is not None
        opener.send({"type": "act", "move": "m0", "action": opener.latest["actions"][0]["key"]})
        assert opener.until("refused")["text"] == translate("tables.error.shared", "en")
        notice = translate("tables.error.shared", "sv")
        _until(teachers[1], "teacher", lambda m: m["trouble"] == notice)
        monkeypatch.undo()
        opener.send({"type": "act", "move": "m0", "action": opener.latest["actions"][0]["key"]})
        assert opener.until("done")["taken"]
        for teacher in teachers:
            _until(teacher, "teacher", lambda m: m["trouble"] is None)
        for screen in (opener, projector, *teachers):
            assert not any(LOST in frame or "ConnectionError" in frame for frame in screen.frames)
            screen.close()


def test_a_move_is_one_call_to_redis_and_takes_no_lock(tmp_path: Path, redis_url: str) -> None:
    with two_servers(tmp_path, redis_url) as (one, two):
        opener, table = _alone_with_the_computer(one, "Ada")
        teacher, projector = _shown(two, table)
        assert opener.latest is not None
        step = opener.latest["step"]
        watcher = redis.Redis.from_url(redis_url, decode_responses=True)
        watcher.config_resetstat()
        opener.send({"type": "act", "move": "m0", "action": opener.latest["actions"][0]["key"]})
        assert opener.until("done")["taken"]
        _until(projector, "projector", lambda m: (m["screen"] or {}).get("step", -1) > step)
        stats = watcher.info("commandstats")
        called = {name.removeprefix("cmdstat_"): stat["calls"] for name, stat in stats.items()}
        assert called.get("evalsha") == 1
        assert not {"set", "watch", "multi", "exec", "lrange", "hgetall"} & set(called)
        assert watcher.keys(f"{PREFIX}lock:*") == []
        moved = opener.until("seat", step + 1)["screen"]["step"]
        assert watcher.llen(f"{PREFIX}actions:{table}") == moved
        watcher.close()
        for screen in (opener, teacher, projector):
            screen.close()

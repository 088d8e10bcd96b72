"""Tables shared through Redis (``--redis URL``): two server processes with one Redis
share the class's keys and tables; pupils connected to different processes play one
table to its end, each move seen through the other process, and a pupil's screen is
the same whichever process draws it; a server killed (``kill -9``) and started again
resumes its tables from Redis. A real ``redis-server`` (Debian's package) is
started on 127.0.0.1 on a free port; the tests skip, saying why, where it is missing.
"""

from __future__ import annotations

import random
import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom import WAIT_SECONDS, Screen, play, pupil
from serving import make_site, start

from blockdomino.cli import main
from blockdomino.words.i18n import translate

redis = pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[test]'")
STARTUP_SECONDS = 10.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A redis-server of its own on 127.0.0.1, nothing kept on disk."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (Debian: apt-get install redis-server)")
    port = free_port()
    command = [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", ""]
    command += ["--appendonly", "no", "--dir", str(tmp_path)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url, socket_timeout=1)
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            try:
                client.ping()
                break
            except redis.RedisError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
        yield url
    finally:
        client.close()
        process.terminate()
        process.wait(timeout=WAIT_SECONDS)


def _printed(process: subprocess.Popen[str]) -> str:
    """The lines a server printed before its QR code: its addresses."""
    assert process.stdout is not None
    lines = [process.stdout.readline() for _ in range(5)]
    return "".join(lines)


def _stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=WAIT_SECONDS)
    return err


def test_two_servers_share_the_keys_and_play_one_table_to_its_end(
    tmp_path: Path, redis_url: str
) -> None:
    site = make_site(tmp_path)
    one, first_port = start(site, tmp_path / "one.sqlite3", "--redis", redis_url)
    two, second_port = start(site, tmp_path / "two.sqlite3", "--redis", redis_url)
    try:
        said = [_printed(one), _printed(two)]
        keys = [re.findall(r"code=(\w+)|/teacher/([\w-]+)", text) for text in said]
        assert keys[0] == keys[1]
        code = re.search(r"code=(\w+)", said[0])
        assert code
        opener = pupil(first_port, code=code[1])
        opener.until("lobby")
        opener.send({"type": "open", "preset": "block", "players": 2, "nickname": "Ada"})
        table = opener.until("seat")["screen"]["table"]
        other = pupil(second_port, code=code[1])
        for _ in range(50):
            lobby = other.until("lobby")
            if any(listed["table"] == table for listed in lobby["tables"]):
                break
        other.send({"type": "join", "table": table, "nickname": "Bo"})
        other.until("joined")
        opener.until("seat")
        other.until("seat")
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


def test_two_workers_of_one_server_share_the_tables(tmp_path: Path, redis_url: str) -> None:
    process, port = start(
        make_site(tmp_path), tmp_path / "t.sqlite3", "--redis", redis_url, "--workers", "2"
    )
    try:
        code = re.search(r"code=(\w+)", _printed(process))
        assert code
        screens: list[Screen] = []
        for _ in range(6):  # each accepted by whichever worker the kernel wakes
            screen = pupil(port, code=code[1])
            screen.until("lobby")
            screens.append(screen)
        screens[0].send({"type": "open", "preset": "block", "players": 2, "nickname": "Ada"})
        table = screens[0].until("seat")["screen"]["table"]
        for screen in screens[1:]:
            for _ in range(50):
                if any(t["table"] == table for t in screen.until("lobby")["tables"]):
                    break
            else:
                raise AssertionError("a lobby never listed the new table")
        for screen in screens:
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

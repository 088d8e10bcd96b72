"""The class server under faults: killed mid-round (``kill -9``) and started again, every
table resumes with every hand and every score and a pupil's screen rejoins its seat by
its token; a move sent twice is taken once, an illegal one refused in the pupil's
language, a nickname shown as text, a request of garbage answered 400 in one log line, and
a teacher's screen without the secret refused in one log line, never a traceback."""

from __future__ import annotations

import random
import re
import signal
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom import WAIT_SECONDS, Screen, play, pupil, seat_table
from serving import class_code, make_site, running, start
from websockets.exceptions import ConnectionClosed

from blockdomino.server.run import ClassServer, open_server
from blockdomino.stores.keys import class_keys
from blockdomino.words.i18n import translate


def hand_of(screen: dict[str, object]) -> str:
    """The sentence of the table's picture that lists the seat's own hand."""
    described = re.search(r"<desc[^>]*>(.*?)</desc>", str(screen["svg"]))
    assert described
    return described[1]


def test_a_server_killed_mid_round_resumes_every_table(tmp_path: Path) -> None:
    site, data = make_site(tmp_path), tmp_path / "tables.sqlite3"
    process, port = start(site, data)
    code = class_keys(tmp_path).code
    try:
        first = seat_table(port, code, "match", 3)
        second = seat_table(port, code, "draw", 2)
        play(first, random.Random(1), most_rounds=1, most_moves=5, to_end=False)
        play(second, random.Random(2), most_rounds=1, most_moves=7, to_end=False)
        before = [[p.latest for p in table] for table in (first, second)]
        tokens = [[p.token for p in table] for table in (first, second)]
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=WAIT_SECONDS)
    process, port = start(site, data)
    try:
        for kept, held in zip(before, tokens, strict=True):
            for screen, token in zip(kept, held, strict=True):
                assert screen is not None
                again = pupil(port, token=token)
                resumed = again.until("seat")["screen"]
                assert resumed["step"] == screen["step"]
                assert resumed["scores"] == screen["scores"]
                assert hand_of(resumed) == hand_of(screen)
                assert resumed["svg"] == screen["svg"]
                again.close()
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=WAIT_SECONDS)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    folder = tmp_path_factory.mktemp("faults")
    opened = open_server(make_site(folder), host="127.0.0.1", port=0, data=folder / "t.sqlite3")
    with running(opened) as served:
        yield served


def test_a_move_sent_twice_is_taken_once(server: ClassServer) -> None:
    pupils = seat_table(server.port, class_code(server), "block", 2)
    mover = next(p for p in pupils if p.latest and p.latest["actions"])
    assert mover.latest is not None
    step, action = mover.latest["step"], mover.latest["actions"][0]["key"]
    for _ in range(2):
        mover.send({"type": "act", "move": "the same", "action": action})
        mover.until("done")
    assert mover.until("seat", step + 1)["screen"]["step"] == step + 1
    mover.send({"type": "act", "move": "the same", "action": action})
    mover.until("done")
    assert mover.until("seat")["screen"]["step"] == step + 1


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_an_illegal_move_and_a_move_out_of_turn_are_refused(server: ClassServer, lang: str) -> None:
    pupils = seat_table(server.port, class_code(server), "block", 2, lang=lang)
    mover = next(p for p in pupils if p.latest and p.latest["actions"])
    waiting = next(p for p in pupils if p is not mover)
    assert mover.latest is not None
    mover.send({"type": "act", "move": "bad", "action": "play:[6|6]:[0|0]:line_a"})
    assert mover.until("refused")["text"] == translate("tables.refused.illegal", lang)
    good = mover.latest["actions"][0]["key"]
    waiting.send({"type": "act", "move": "early", "action": good})
    assert waiting.until("refused")["text"] == translate("tables.refused.not_your_turn", lang)
    assert mover.until("seat")["screen"]["step"] == 0


@pytest.mark.parametrize(
    "message", ["not json", "[]", '{"type": "open"}', '{"type": "__init__"}', '{"type": 3}']
)
def test_a_message_not_understood_is_refused_and_the_socket_stays(
    server: ClassServer, message: str
) -> None:
    screen = pupil(server.port, code=class_code(server))
    screen.until("lobby")
    screen.ws.send(message)
    assert screen.until("refused")["text"] == translate("tables.error.message", "en")
    screen.send({"type": "leave"})
    screen.until("lobby")


def test_a_nickname_is_shown_as_text_everywhere(server: ClassServer) -> None:
    pupils = seat_table(server.port, class_code(server), "block", 2)
    assert server.hub is not None
    teacher = Screen.open(server.port, {"role": "teacher", "secret": server.hub.keys.secret})
    listed = teacher.until("teacher")
    assert pupils[0].latest is not None
    svg = pupils[0].latest["svg"]
    assert "<b>" not in svg
    assert "&lt;b&gt;Pupil 1&lt;/b&gt;" in svg
    assert any("<b>Pupil 1</b>" in name for t in listed["tables"] for name in t["names"])


def test_the_teacher_needs_the_secret(server: ClassServer) -> None:
    screen = Screen.open(server.port, {"role": "teacher", "secret": "guess"})
    assert screen.until("refused")
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(b"GET /class/teacher/guess HTTP/1.1\r\nHost: x\r\n\r\n")
        assert raw.recv(100).startswith(b"HTTP/1.1 403")


def test_a_wrong_secret_is_refused_in_one_log_line(tmp_path: Path) -> None:
    process, port = start(make_site(tmp_path), tmp_path / "t.sqlite3")
    try:
        screen = Screen.open(port, {"role": "teacher", "secret": "guess"})
        assert screen.until("refused")["text"] == translate("tables.error.message", "en")
        with pytest.raises(ConnectionClosed):
            screen.receive()
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=WAIT_SECONDS)
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    assert "secret did not match" in err


def test_the_teacher_closes_a_table_and_gives_a_seat_to_the_computer(server: ClassServer) -> None:
    assert server.hub is not None
    pupils = seat_table(server.port, class_code(server), "block", 3)
    assert pupils[0].latest is not None
    table = pupils[0].latest["table"]
    teacher = Screen.open(server.port, {"role": "teacher", "secret": server.hub.keys.secret})
    teacher.until("teacher")
    teacher.send({"type": "remove", "table": table, "seat": 2})
    assert pupils[2].until("lobby")["type"] == "lobby"
    teacher.send({"type": "close", "table": table})
    assert any(pupils[0].until("seat")["screen"]["closed"] for _ in range(3))
    mover = pupils[0]
    mover.send({"type": "act", "move": "late", "action": "pass"})
    assert mover.until("refused")["text"] == translate("tables.refused.closed", "en")


def test_garbage_is_answered_400_in_one_log_line(tmp_path: Path) -> None:
    process, port = start(make_site(tmp_path), tmp_path / "t.sqlite3")
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
            raw.sendall(b"GET /a%00b HTTP/1.1\r\nHost: x\r\n\r\n")
            assert raw.recv(100).startswith(b"HTTP/1.1 400")
        with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
            raw.sendall(b"\x00\x01\x02 garbage\r\n\r\n")
            assert raw.recv(100).startswith(b"HTTP/1.1 400")
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=WAIT_SECONDS)
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert "Traceback" not in err

"""Hostile frames, sent as a pupil who edits the page's script would send them: bytes,
JSON nested 2,000 deep, ``Infinity``, ``NaN`` or ``1e999`` where a number stands, fields
of the wrong kind, types nobody handles, frames far too long (one too big to read closes
its socket, said in one log line). Each is refused once in
the pupil's language and logged in one line, never with a traceback; the socket stays
usable and the pupils at another table notice nothing."""

from __future__ import annotations

import json
import logging
import random
import signal
from pathlib import Path

import pytest
from classroom import WAIT_SECONDS, Screen, play, pupil, seat_table
from serving import ask, make_site, running, start
from websockets.exceptions import ConnectionClosedError

from blockdomino.protocol.door import LONGEST_FRAME, TOO_BIG, FrameError, parse
from blockdomino.protocol.messages import Open, QuizAnswer
from blockdomino.server.run import open_server
from blockdomino.stores.keys import class_keys
from blockdomino.words.i18n import translate

OPEN = {"type": "open", "preset": "block", "nickname": "Aino"}
MESSAGE = "tables.error.message"


def players(number: str) -> str:
    """An ``open`` whose number of players is written as ``number``."""
    return '{"type": "open", "preset": "block", "players": ' + number + ', "nickname": "x"}'


HOSTILE: list[tuple[str | bytes, str]] = [
    (b"\x00\xff binary", MESSAGE),
    ("[" * 2000 + "]" * 2000, MESSAGE),
    (players("Infinity"), MESSAGE),
    (players("NaN"), MESSAGE),
    (players("1e999"), MESSAGE),
    (players("1" + "0" * 3000), MESSAGE),
    (json.dumps(OPEN | {"players": "2"}), MESSAGE),
    (json.dumps({"type": "act", "move": ["m"], "action": "pass"}), MESSAGE),
    (json.dumps({"type": "join", "table": {"a": 1}, "nickname": "x"}), MESSAGE),
    (json.dumps({"type": "remove", "table": "x", "seat": True}), MESSAGE),
    (json.dumps({"type": "dance"}), MESSAGE),
    (json.dumps({"type": "hello", "role": "admin"}), MESSAGE),
    (json.dumps({"kind": "open"}), MESSAGE),
    (json.dumps({"type": "quiz_answer", "number": "0", "choice": 0, "pupil": "p", "nickname": "x"}),
     "lessons.error.message"),
    (json.dumps(OPEN | {"players": 2, "nickname": "x" * 100_000}), "tables.error.too_long"),
]  # fmt: skip


@pytest.mark.parametrize(("frame", "key"), HOSTILE)
def test_the_door_refuses_a_hostile_frame(frame: str | bytes, key: str) -> None:
    with pytest.raises(FrameError) as refused:
        parse(frame)
    assert refused.value.key == key


def test_the_door_lets_in_a_message_of_the_listed_kinds_only() -> None:
    sent = json.dumps(OPEN | {"players": 2, "computers": 1, "extra": [[1]], "code": 3})
    assert parse(sent) == Open(preset="block", players=2, nickname="Aino", computers=1)
    answer = parse('{"type": "quiz_answer", "quiz": 1.5, "number": 0, "choice": 2, '
                   '"pupil": "p", "nickname": "x"}')  # fmt: skip
    assert isinstance(answer, QuizAnswer)
    assert answer.quiz == 1.5
    with pytest.raises(FrameError, match="without players"):
        parse(json.dumps(OPEN))


def test_hostile_frames_are_refused_in_words_and_one_log_line_each(tmp_path: Path) -> None:
    process, port = start(make_site(tmp_path), tmp_path / "t.sqlite3")
    code = class_keys(tmp_path).code
    try:
        others = seat_table(port, code, "block", 2)
        for number, (frame, key) in enumerate(HOSTILE):
            lang = ("fi", "sv", "en")[number % 3]
            mischief = pupil(port, lang, code=code)
            mischief.until("lobby")
            mischief.ws.send(frame)
            assert mischief.until("refused")["text"] == translate(key, lang)
            mischief.send({"type": "leave"})
            mischief.until("lobby")
            mischief.close()
        play(others, random.Random(3), most_rounds=1, most_moves=3, to_end=False)
        for screen in others:
            assert all(json.loads(frame)["type"] != "refused" for frame in screen.frames)
            screen.close()
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=WAIT_SECONDS)
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == len(HOSTILE), err
    assert all("a message refused" in line for line in lines), err


def test_keys_that_are_not_ascii_are_refused_not_a_traceback(tmp_path: Path) -> None:
    opened = open_server(make_site(tmp_path), host="127.0.0.1", port=0, data=tmp_path / "t.db")
    with running(opened) as server:
        screen = Screen.open(server.port, {"role": "pupil", "code": "ÄÄÄÄÄ", "token": "ää"})
        assert screen.until("code") == {"type": "code", "wrong": True}
        teacher = Screen.open(server.port, {"role": "teacher", "secret": "ä"})
        assert teacher.until("refused")["text"] == translate(MESSAGE, "en")
        assert ask(server, "/class/teacher/%C3%A4")[0].status == 403
        assert ask(server, "/class/teacher/%C3%A4/mastery.csv")[0].status == 404
        screen.close()


def test_a_frame_too_big_to_read_closes_its_socket_in_one_log_line_and_no_other(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    opened = open_server(make_site(tmp_path), host="127.0.0.1", port=0, data=tmp_path / "t.db")
    with running(opened) as server, caplog.at_level(logging.WARNING, "blockdomino.server"):
        assert server.hub is not None
        others = seat_table(server.port, server.hub.keys.code, "block", 2)
        mischief = pupil(server.port, code=server.hub.keys.code)
        mischief.until("lobby")
        mischief.ws.send("[" * (LONGEST_FRAME + 1))
        with pytest.raises(ConnectionClosedError):
            mischief.until("never")
        assert mischief.ws.close_code == TOO_BIG
        play(others, random.Random(3), most_rounds=1, most_moves=3, to_end=False)
        for screen in others:
            assert all(json.loads(frame)["type"] != "refused" for frame in screen.frames)
            screen.close()
    refused = [r.message for r in caplog.records if "refused" in r.message]
    assert refused == [f"a frame over {LONGEST_FRAME} bytes refused from 127.0.0.1"]

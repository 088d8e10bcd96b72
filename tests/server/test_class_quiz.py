"""The class quiz over the class server's WebSocket, in Finnish and Swedish: the teacher
starts it, every joined pupil gets the question in their language with its diagram (a
pupil who joins late or reconnects too), an answer sent twice counts once, a late one
and one after the reveal are refused politely, the projector then shows how many chose
what and the mistake behind each wrong choice, the server shows the answers itself
once a timed question's time is up (once, and after a restart too), and a server
killed mid-quiz resumes it.
"""

from __future__ import annotations

import json
import logging
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom import TOKENS, WAIT_SECONDS, Screen, pupil
from hubs import quiz_room
from serving import class_code, make_site, running, start

from blockdomino.lessons import quiz as quiz_rules
from blockdomino.lessons.mistakes import described
from blockdomino.lessons.quiz import GRACE_SECONDS, SECONDS, Quiz
from blockdomino.practice import words
from blockdomino.server.run import ClassServer, open_server
from blockdomino.stores.keys import class_keys
from blockdomino.words.i18n import translate

SHORTEST = SECONDS[0]
"""The shortest time a question may have (seconds)."""
SHORT = 2
"""The seconds of the question the server's own timer reveals (``SECONDS`` widened for
it): short, but long enough for a loaded machine to send an answer in time."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    opened = open_server(
        make_site(tmp_path), host="127.0.0.1", port=0, lang="fi", data=tmp_path / "t.sqlite3"
    )
    with running(opened) as served:
        yield served


def quiz_of(server: ClassServer) -> Quiz:
    assert server.hub is not None
    quiz = quiz_room(server.hub).quiz.quiz
    assert quiz is not None
    return quiz


def teacher(port: int, secret: str, lang: str) -> Screen:
    screen = Screen.open(port, {"role": "teacher", "secret": secret, "lang": lang})
    screen.until("teacher")
    return screen


def joined(port: int, code: str, lang: str) -> Screen:
    screen = pupil(port, lang, code=code)
    screen.until("lobby")
    return screen


def next_quiz(screen: Screen, phase: str) -> dict[str, Any]:
    """The screen's quiz frames until one in ``phase``."""
    for _ in range(50):
        message = screen.until("quiz")
        if message["screen"] is not None and message["screen"]["phase"] == phase:
            return dict(message["screen"])
    raise AssertionError(f"no quiz frame in {phase}")


def answer(screen: Screen, shown: dict[str, Any], choice: object, pupil_id: str) -> dict[str, Any]:
    screen.send(
        {"type": "quiz_answer", "quiz": shown["quiz"], "number": shown["number"],
         "choice": choice, "pupil": TOKENS.get(f"<b>{pupil_id}</b>"),
         "nickname": f"<b>{pupil_id}</b>"}
    )  # fmt: skip
    for _ in range(20):
        message = screen.receive()
        if message["type"] in ("quiz_done", "refused"):
            return message
    raise AssertionError("the answer got no reply")


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_a_question_reaches_every_pupil_and_the_projector_names_the_mistakes(
    server: ClassServer, lang: str, caplog: pytest.LogCaptureFixture
) -> None:
    assert server.hub is not None
    port, code = server.port, class_code(server)
    boss = teacher(port, server.hub.keys.secret, lang)
    projector = Screen.open(
        port, {"role": "projector", "secret": server.hub.keys.secret, "lang": lang}
    )
    pupils = [joined(port, code, lang) for _ in range(3)]
    boss.send({"type": "quiz_start", "topics": ["doubles", "matching"], "level": 1,
               "count": 2, "seconds": None, "names": False})  # fmt: skip
    shown = [next_quiz(p, "asking") for p in pupils]
    item = quiz_of(server).item
    text = words(item, lang, spoken=True)
    assert all(s["question"] == text.question and s["choices"] == list(text.choices) for s in shown)
    assert all(s["figures"][0]["svg"].startswith("<svg") for s in shown)
    assert "answer" not in shown[0]
    assert "notes" not in shown[0]
    right = item.answer_index
    slip = next(i for i, c in enumerate(item.choices) if not c.is_right)
    assert answer(pupils[0], shown[0], right, "pupil-0000")["choice"] == right
    assert answer(pupils[0], shown[0], slip, "pupil-0000")["choice"] == right
    late = joined(port, code, lang)
    assert next_quiz(late, "asking")["question"] == text.question
    for number, screen in enumerate([*pupils[1:], late], start=1):
        assert answer(screen, shown[0], slip, f"pupil-{number:04}")["choice"] == slip
    boss.send({"type": "quiz_reveal"})
    revealed = next_quiz(projector, "revealed")
    counts = [row["count"] for row in revealed["results"]]
    assert counts[right] == 1
    assert counts[slip] == 3
    assert sum(counts) == 4
    mistake = item.choices[slip].mistake
    assert mistake is not None
    assert described(mistake.key, 3, lang) in revealed["results"][slip]["said"]
    assert revealed["explanation"] == text.explanation
    assert revealed["total"] == translate("lessons.result.total", lang, right=1, answered=4)
    assert all(row["names"] == [] for row in revealed["results"])
    assert next_quiz(pupils[1], "revealed")["answer"] == right
    refused = answer(pupils[2], shown[0], right, "pupil-0099")
    assert refused["text"] == translate("lessons.refused.closed", lang)
    with caplog.at_level(logging.WARNING, logger="blockdomino.server"):
        pupils[1].send({"type": "quiz_start", "topics": ["doubles"], "level": 1, "count": 1})
        assert pupils[1].until("refused")["text"] == translate("lessons.error.message", lang)
    assert len([r for r in caplog.records if "quiz message refused" in r.message]) == 1
    boss.send({"type": "quiz_names", "names": True})
    named = next_quiz(projector, "revealed")
    assert "<b>pupil-0001</b>" in named["results"][slip]["names"]
    for screen in [boss, projector, *pupils, late]:
        screen.close()


def test_an_answer_after_the_time_is_refused_and_not_counted(server: ClassServer) -> None:
    assert server.hub is not None
    port, code = server.port, class_code(server)
    boss = teacher(port, server.hub.keys.secret, "sv")
    slow = joined(port, code, "sv")
    boss.send({"type": "quiz_start", "topics": ["matching"], "level": 2, "count": 1,
               "seconds": 30, "names": False})  # fmt: skip
    shown = next_quiz(slow, "asking")
    assert 29 < shown["left"] <= 30
    clock = quiz_room(server.hub).quiz.clock
    quiz_room(server.hub).quiz.clock = lambda: clock() + 32
    refused = answer(slow, shown, 0, "pupil-slow")
    assert refused["text"] == translate("lessons.refused.late", "sv")
    assert quiz_room(server.hub).quiz.answers() == []
    boss.close()
    slow.close()


@pytest.mark.parametrize(
    "garbage",
    [
        {"choice": "A"},
        {"choice": 99},
        {"pupil": 7},
        {"nickname": "   "},
    ],
)
def test_an_answer_that_is_garbage_is_refused(server: ClassServer, garbage: dict[str, Any]) -> None:
    assert server.hub is not None
    boss = teacher(server.port, server.hub.keys.secret, "fi")
    screen = joined(server.port, class_code(server), "fi")
    boss.send({"type": "quiz_start", "topics": ["passing"], "level": 1, "count": 1,
               "seconds": None, "names": False})  # fmt: skip
    shown = next_quiz(screen, "asking")
    message = {"type": "quiz_answer", "quiz": shown["quiz"], "number": 0, "choice": 0,
               "pupil": "pupil-garbage", "nickname": "Aino"} | garbage  # fmt: skip
    screen.send(message)
    assert screen.until("refused")["text"]
    assert quiz_of(server).kept.phase == "asking"
    assert quiz_room(server.hub).quiz.answers() == []


def killed_after_an_answer(
    site: Path, data: Path, lang: str, topic: str, seconds: int | None
) -> dict[str, Any]:
    """A server process that put the first question of a quiz on ``topic`` and kept one
    answer (``pupil-kept``, the first choice), then killed: the question as a pupil saw
    it."""
    keys = class_keys(data.parent)
    process, port = start(site, data)
    try:
        boss = teacher(port, keys.secret, lang)
        screen = joined(port, keys.code, lang)
        boss.send({"type": "quiz_start", "topics": [topic], "level": 1, "count": 3,
                   "seconds": seconds, "names": False})  # fmt: skip
        before = next_quiz(screen, "asking")
        assert answer(screen, before, 0, "pupil-kept")["type"] == "quiz_done"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=WAIT_SECONDS)
    return before


def test_a_server_killed_mid_quiz_resumes_the_question_and_its_answers(tmp_path: Path) -> None:
    site, data = make_site(tmp_path), tmp_path / "tables.sqlite3"
    keys = class_keys(tmp_path)
    before = killed_after_an_answer(site, data, "fi", "scoring", None)
    process, port = start(site, data)
    try:
        again = joined(port, keys.code, "fi")
        resumed = next_quiz(again, "asking")
        assert {k: resumed[k] for k in ("quiz", "number", "question", "choices")} == {
            k: before[k] for k in ("quiz", "number", "question", "choices")
        }
        assert answer(again, resumed, 1, "pupil-kept")["choice"] == 0
        projector = Screen.open(port, {"role": "projector", "secret": keys.secret, "lang": "fi"})
        assert next_quiz(projector, "asking")["answered"] == translate(
            "lessons.quiz.answered.one", "fi", count=1
        )
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=WAIT_SECONDS)


def test_the_server_shows_the_answers_itself_once_when_the_time_is_up(
    server: ClassServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A question of two seconds (the quiz's rules allowing it here: a teacher's
    shortest is five) shown by the server's own timer, as a teacher's would be."""
    monkeypatch.setattr(quiz_rules, "SECONDS", range(SHORT, SECONDS.stop))
    assert server.hub is not None
    port, code = server.port, class_code(server)
    boss = teacher(port, server.hub.keys.secret, "fi")
    projector = Screen.open(
        port, {"role": "projector", "secret": server.hub.keys.secret, "lang": "fi"}
    )
    pupils = [joined(port, code, "fi") for _ in range(2)]
    boss.send({"type": "quiz_start", "topics": ["matching"], "level": 1, "count": 2,
               "seconds": SHORT, "names": False})  # fmt: skip
    shown = [next_quiz(p, "asking") for p in pupils]
    asked = time.monotonic()
    item = quiz_of(server).item
    slip = next(i for i, c in enumerate(item.choices) if not c.is_right)
    assert answer(pupils[0], shown[0], slip, "pupil-0000")["choice"] == slip
    revealed = next_quiz(projector, "revealed")
    assert SHORT - 1 < time.monotonic() - asked < SHORT + GRACE_SECONDS + 5
    mistake = item.choices[slip].mistake
    assert mistake is not None
    assert described(mistake.key, 1, "fi") in revealed["results"][slip]["said"]
    assert next_quiz(pupils[1], "revealed")["answer"] == item.answer_index
    late = answer(pupils[1], shown[1], item.answer_index, "pupil-0001")
    assert late["text"] == translate("lessons.refused.late", "fi")
    boss.send({"type": "quiz_reveal"})
    assert boss.until("refused")["text"] == translate("lessons.error.not_asking", "fi")
    frames = [json.loads(frame) for frame in boss.frames]
    shows = [
        f for f in frames if f["type"] == "quiz" and (f["screen"] or {}).get("phase") == "revealed"
    ]
    assert len(shows) == 1
    assert quiz_of(server).kept.phase == "revealed"
    for screen in [boss, projector, *pupils]:
        screen.close()


def test_a_question_whose_time_ran_out_while_the_server_was_down_is_shown_on_start(
    tmp_path: Path,
) -> None:
    """The server started again later: its clock (the test's) says the question's time
    and the grace ran out while it was down."""
    site, data = make_site(tmp_path), tmp_path / "tables.sqlite3"
    before = killed_after_an_answer(site, data, "sv", "doubles", SHORTEST)
    opened = open_server(site, host="127.0.0.1", port=0, lang="sv", data=data)
    assert opened.hub is not None
    quiz = quiz_room(opened.hub).quiz
    clock = quiz.clock
    quiz.clock = lambda: clock() + SHORTEST + GRACE_SECONDS + 0.5
    with running(opened) as served:
        secret = class_keys(tmp_path).secret
        projector = Screen.open(served.port, {"role": "projector", "secret": secret, "lang": "sv"})
        first = projector.until("quiz")["screen"]
        assert (first["quiz"], first["number"], first["phase"]) == (before["quiz"], 0, "revealed")
        assert sum(row["count"] for row in first["results"]) == 1
        projector.close()

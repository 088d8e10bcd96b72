"""The lessons shared through Redis (``--redis URL --workers 2``): the teacher and the
projector on one worker process, pupils on the other. The quiz the teacher starts
reaches the pupils of the other worker, their answers are counted once (an answer sent
again, to either worker, finds the first one kept) on the projector and in the
teacher's table of mastery; a timed question is revealed once, not once per server
(two servers in this process sharing the Redis, as the workers do, the question shorter
than a teacher's shortest); the walkthrough's step and its "Which tiles fit here?" are
the same on both workers, the answers counted across them; the projector's table of
mastery follows the teacher wherever each is connected; Redis failing is said in the
catalogs' words; a server killed and started again on another machine resumes the quiz
and the walkthrough. A real ``redis-server`` is started on 127.0.0.1 (``conftest.py``);
the tests skip, saying why, where it is missing.
"""

from __future__ import annotations

import http.client
import json
import re
import signal
from pathlib import Path
from typing import Any

import pytest
from classroom import MOST_FRAMES, TOKENS, WAIT_SECONDS, Screen, enrolled, pupil
from serving import class_code, make_site, running, start
from test_class_quiz import SHORT
from test_class_redis import two_servers
from workers import Workers, two_workers, worker

from blockdomino.lessons import quiz as quiz_rules
from blockdomino.lessons.fitting import fit_question
from blockdomino.lessons.quiz import SECONDS
from blockdomino.practice import TOPICS, generate
from blockdomino.server.run import ClassServer, open_server
from blockdomino.stores.shared_lessons import VERSION_KEY
from blockdomino.words.i18n import translate

redis = pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[test]'")
LANG = "fi"


def next_quiz(screen: Screen, phase: str, number: int = 0) -> dict[str, Any]:
    """The screen's quiz frames until one of question ``number`` in ``phase``."""
    for _ in range(MOST_FRAMES):
        shown = screen.until("quiz")["screen"]
        if shown is not None and (shown["phase"], shown["number"]) == (phase, number):
            return dict(shown)
    raise AssertionError(f"no quiz frame in {phase}")


def answer(screen: Screen, shown: dict[str, Any], choice: int, pupil_id: str) -> dict[str, Any]:
    token = TOKENS.get(pupil_id)
    screen.send({"type": "quiz_answer", "quiz": shown["quiz"], "number": shown["number"],
                 "choice": choice, "pupil": token, "nickname": pupil_id})  # fmt: skip
    for _ in range(MOST_FRAMES):
        message = screen.receive()
        if message["type"] in ("quiz_done", "refused"):
            return message
    raise AssertionError("the answer got no reply")


def until_said(screen: Screen, kind: str, key: str, said: str) -> dict[str, Any]:
    """The screen's frames of ``kind`` until one whose screen says ``said`` at ``key``."""
    for _ in range(MOST_FRAMES):
        shown = screen.until(kind)["screen"]
        if shown is not None and shown.get(key) == said:
            return dict(shown)
    raise AssertionError(f"no {kind} frame said {said!r}")


def practised(port: int, code: str, name: str, count: int) -> int:
    """``count`` Practice results of ``name`` sent to the server (to either worker): the
    answer's status."""
    sent = [
        {"id": f"{name}-{n:06}", "topic": "doubles", "level": 1, "seed": n,
         "choice": generate("doubles", 1, n).answer_index}
        for n in range(count)
    ]  # fmt: skip
    body = json.dumps({"code": code, "pupil": enrolled(port, code, name), "results": sent})
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", "/class/practice", body, {"Content-Type": "application/json"})
    status = connection.getresponse().status
    connection.close()
    return status


def placed(served: Workers) -> tuple[Screen, Screen, list[Screen]]:
    """The teacher and the projector on one worker, two pupils on the other."""
    boss = served.teacher(LANG)
    first = worker(boss)
    projector = served.projector(LANG, lambda pid: pid == first)
    pupils = [served.pupil(LANG, lambda pid: pid != first) for _ in range(2)]
    return boss, projector, pupils


def started(teacher: Screen, *, seconds: int | None, names: bool) -> None:
    """The teacher starts a quiz of two questions on the doubles, level 1."""
    teacher.send({"type": "quiz_start", "topics": ["doubles"], "level": 1, "count": 2,
                  "seconds": seconds, "names": names})  # fmt: skip


def test_a_quiz_reaches_the_other_workers_pupils_and_their_answers_count_once(
    tmp_path: Path, redis_url: str
) -> None:
    with two_workers(tmp_path, redis_url) as served:
        boss, projector, pupils = placed(served)
        started(boss, seconds=None, names=True)
        shown = [next_quiz(screen, "asking") for screen in pupils]
        assert (
            shown[0]["question"]
            == shown[1]["question"]
            == next_quiz(projector, "asking")["question"]
        )
        assert answer(pupils[0], shown[0], 0, "pupil-0000")["choice"] == 0
        assert answer(pupils[1], shown[1], 1, "pupil-0001")["choice"] == 1
        assert answer(pupils[0], shown[0], 1, "pupil-0000")["choice"] == 0
        again = served.pupil(LANG, lambda pid: pid == worker(boss))
        assert answer(again, shown[0], 1, "pupil-0000")["choice"] == 0
        two = translate("lessons.quiz.answered.other", LANG, count=2)
        until_said(projector, "quiz", "answered", two)
        boss.send({"type": "quiz_reveal"})
        revealed = next_quiz(projector, "revealed")
        assert [row["count"] for row in revealed["results"]][:2] == [1, 1]
        assert sum(row["count"] for row in revealed["results"]) == 2
        assert [row["names"] for row in revealed["results"]][:2] == [["pupil-0000"],
                                                                     ["pupil-0001"]]  # fmt: skip
        assert next_quiz(pupils[1], "revealed")["answer"] == revealed["answer"]
        for _ in range(2):  # the same results sent again count once
            assert practised(served.port, served.code, "Aino", 3) == 200
        boss.send({"type": "quiz_mastery"})
        table = boss.until("mastery")["screen"]
        rows = {row["nickname"]: row for row in table["rows"]}
        assert sorted(rows) == ["Aino", "pupil-0000", "pupil-0001"]
        assert rows["Aino"]["cells"][TOPICS.index("doubles")]["answered"] == 3
        assert rows["pupil-0000"]["cells"][TOPICS.index("doubles")]["answered"] == 1


def test_a_timed_question_is_revealed_once_by_the_two_servers(
    tmp_path: Path, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two servers in this process sharing the Redis, each setting the question's timer
    as each worker does: a question of ``SHORT`` seconds (the quiz's rules widened for
    it, a teacher's shortest is five) is revealed once, by one of them."""
    monkeypatch.setattr(quiz_rules, "SECONDS", range(SHORT, SECONDS.stop))
    with two_servers(tmp_path, redis_url, LANG) as (one, two):
        boss, projector, pupils = placed_apart(one, two)
        started(boss, seconds=SHORT, names=False)
        asked = next_quiz(pupils[0], "asking")
        assert answer(pupils[0], asked, 0, "pupil-0000")["choice"] == 0
        next_quiz(pupils[0], "revealed")
        next_quiz(projector, "revealed")
        boss.send({"type": "quiz_reveal"})
        assert boss.until("refused")["text"] == translate("lessons.error.not_asking", LANG)
        boss.send({"type": "quiz_next"})
        next_quiz(pupils[0], "asking", 1)
        frames = [json.loads(frame) for frame in pupils[0].frames]
        shown = [f["screen"] for f in frames if f["type"] == "quiz" and f["screen"] is not None]
        assert [(s["number"], s["phase"]) for s in shown].count((0, "revealed")) == 1
        kept = redis.Redis.from_url(redis_url, decode_responses=True)
        assert kept.get(VERSION_KEY) == "3"  # started, revealed once, the next question
        kept.close()
        for screen in (boss, projector, *pupils):
            screen.close()


def placed_apart(one: ClassServer, two: ClassServer) -> tuple[Screen, Screen, list[Screen]]:
    """The teacher and the projector on server ``one``, two pupils on ``two``."""
    assert one.hub is not None
    secret, code = one.hub.keys.secret, class_code(one)
    boss = Screen.open(one.port, {"role": "teacher", "secret": secret, "lang": LANG})
    boss.until("teacher")
    projector = Screen.open(one.port, {"role": "projector", "secret": secret, "lang": LANG})
    projector.until("projector")
    pupils = [pupil(two.port, LANG, code=code) for _ in range(2)]
    for screen in pupils:
        screen.until("lobby")
    return boss, projector, pupils


def test_the_walkthrough_and_which_tiles_fit_are_shared_by_the_workers(
    tmp_path: Path, redis_url: str
) -> None:
    question = fit_question("placed-1-1", 0)
    assert question is not None
    with two_workers(tmp_path, redis_url) as served:
        boss, projector, pupils = placed(served)
        boss.send({"type": "walk_start", "example": "placed-1-1"})
        boss.send({"type": "walk_next"})
        assert until_said(pupils[0], "walk", "step", 1)["count"] > 1
        boss.send({"type": "walk_back"})
        boss.send({"type": "walk_ask"})
        asked = until_said(pupils[1], "walk", "ask", "asking")
        assert asked["step"] == 0
        right = [i for i, tile in enumerate(question.tiles) if question.fits(tile)]
        wrong = [i for i, tile in enumerate(question.tiles) if not question.fits(tile)]
        taps = [right, [wrong[0]]]
        for number, (screen, chosen) in enumerate(zip(pupils, taps, strict=True)):
            screen.send({"type": "walk_answer", "walk": asked["walk"], "step": 0,
                         "tiles": chosen, "pupil": f"pupil-{number:04}"})  # fmt: skip
            assert screen.until("walk_done")["tiles"] == sorted(chosen)
        pupils[1].send({"type": "walk_answer", "walk": asked["walk"], "step": 0, "tiles": right,
                        "pupil": "pupil-0001"})  # fmt: skip
        assert pupils[1].until("walk_done")["tiles"] == [wrong[0]]
        two = translate("lessons.fit.answered", LANG, count=2)
        until_said(projector, "walk", "answered", two)
        boss.send({"type": "walk_reveal"})
        shown = until_said(projector, "walk", "ask", "revealed")
        expected = [sum(index in chosen for chosen in taps) for index in range(len(question.tiles))]
        assert shown["counts"] == expected
        assert until_said(pupils[0], "walk", "ask", "revealed")["fits"] == shown["fits"]


def test_the_projectors_table_of_mastery_follows_the_teacher_on_the_other_worker(
    tmp_path: Path, redis_url: str
) -> None:
    with two_workers(tmp_path, redis_url) as served:
        boss = served.teacher(LANG)
        first = worker(boss)
        projector = served.projector(LANG, lambda pid: pid != first)
        projector.until("walk")
        boss.send({"type": "mastery_show", "shown": True})
        assert projector.until("mastery")["screen"] is not None
        assert boss.until("mastery")["projected"] is True
        boss.send({"type": "mastery_show", "shown": False})
        assert projector.until("mastery")["screen"] is None


LOST = "Error 111 connecting to 127.0.0.1:6379. Connection refused."
"""What redis-py says when Redis is gone: never for a pupil's or a teacher's eyes."""


def test_redis_failing_is_said_to_the_teacher_in_words(
    tmp_path: Path, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = open_server(make_site(tmp_path), host="127.0.0.1", port=0, redis=redis_url,
                         lang="sv")  # fmt: skip
    assert server.hub is not None
    keeper = server.hub.store

    async def unanswered(*_: object, **__: object) -> object:
        raise redis.ConnectionError(LOST)

    with running(server):
        boss = Screen.open(server.port, {"role": "teacher", "secret": server.hub.keys.secret,
                                         "lang": "sv"})  # fmt: skip
        boss.until("teacher")
        monkeypatch.setattr(keeper, "_script", lambda _: unanswered)
        boss.send({"type": "walk_start", "example": "placed-1-1"})
        said = translate("lessons.error.shared", "sv")
        assert boss.until("refused")["text"] == said
        troubles = (boss.until("teacher").get("trouble") for _ in range(MOST_FRAMES))
        assert said in troubles  # a teacher's frame sent before the refusal may come first
        monkeypatch.undo()
        boss.send({"type": "walk_start", "example": "placed-1-1"})
        assert until_said(boss, "walk", "step", 0)["example"] == "placed-1-1"
        assert not any(LOST in frame or "ConnectionError" in frame for frame in boss.frames)
        boss.close()


def test_a_server_killed_resumes_the_lessons_from_redis_on_another_machine(
    tmp_path: Path, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = make_site(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "first-machine"))
    process, port = start(site, tmp_path / "one.sqlite3", "--redis", redis_url)
    try:
        said = "".join(process.stdout.readline() for _ in range(5))  # type: ignore[union-attr]
        code = re.search(r"code=(\w+)", said)
        assert code
        from blockdomino.stores.redis_class import shared_keys

        secret = shared_keys(redis.Redis.from_url(redis_url)).secret  # never printed
        boss = Screen.open(port, {"role": "teacher", "secret": secret, "lang": LANG})
        boss.send({"type": "quiz_start", "topics": ["doubles"], "level": 1, "count": 2,
                   "seconds": None, "names": False})  # fmt: skip
        asked = next_quiz(boss, "asking")
        boss.send({"type": "walk_start", "example": "placed-1-1"})
        boss.send({"type": "walk_next"})
        until_said(boss, "walk", "step", 1)
        boss.close()
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=WAIT_SECONDS)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "second-machine"))
    process, port = start(site, tmp_path / "two.sqlite3", "--redis", redis_url)
    try:
        again = pupil(port, LANG, code=code[1])
        assert next_quiz(again, "asking")["question"] == asked["question"]
        assert until_said(again, "walk", "step", 1)["example"] == "placed-1-1"
        again.close()
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=WAIT_SECONDS)

"""The version of the lessons shared through Redis, process by process: a change judged
on a copy another process changed since is judged again on the lessons as they are (an
answer to a quiz this process has not heard of is kept; the teacher's second "Show the
answers" is told they are shown); a timed question whose time is up in two processes
at once is revealed once; a note announced is applied to the other process's copy and
told to its screens. Two hubs (``Hub``) of one Redis stand for two server processes;
their screens are sockets that keep what they are sent, and nothing listens on the
channel unless the test hands a hub what was announced.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hubs import Socket, quiz_room, say, screen_of

from blockdomino.classroom.store import LESSONS
from blockdomino.lessons.quiz import GRACE_SECONDS
from blockdomino.server.class_hub import shared_hub
from blockdomino.server.live import Hub
from blockdomino.stores.shared_lessons import VERSION_KEY, SharedLessons
from blockdomino.words.i18n import translate

redis = pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[test]'")


def quizzes(socket: Socket) -> list[dict[str, Any] | None]:
    """The quiz screens ``socket`` was sent, in order."""
    return [message["screen"] for message in socket.said if message["type"] == "quiz"]


def _keeper(hub: Hub) -> SharedLessons:
    assert isinstance(hub.store, SharedLessons)
    return hub.store


START = {"type": "quiz_start", "topics": ["doubles"], "level": 1, "count": 2, "names": False}


def test_an_answer_to_a_quiz_not_heard_of_yet_is_judged_again_and_kept(redis_url: str) -> None:
    async def run() -> None:
        one, two = shared_hub(redis_url, "en"), shared_hub(redis_url, "en")
        boss, _ = screen_of(one, "teacher")
        await say(one, boss, **START, seconds=None)
        quiz = quiz_room(one).quiz.quiz
        assert quiz is not None
        pupil, said = screen_of(two, "pupil")
        await say(two, pupil, type="quiz_answer", quiz=quiz.kept.id, number=0, choice=1,
                   pupil="pupil-0000", nickname="Ada")  # fmt: skip
        done = [m for m in said.said if m["type"] == "quiz_done"]
        assert [m["choice"] for m in done] == [1]
        assert quizzes(said)[-1] is not None  # the question told once read
        await say(one, boss, type="quiz_reveal")
        other, told = screen_of(two, "teacher")
        await say(two, other, type="quiz_reveal")
        refused = [m["text"] for m in told.said if m["type"] == "refused"]
        assert refused == [translate("lessons.error.not_asking", "en")]
        shown = quizzes(told)[-1]
        assert shown is not None
        assert [row["count"] for row in shown["results"]][1] == 1

    asyncio.run(run())


def test_a_timed_question_due_in_two_processes_is_revealed_once(redis_url: str) -> None:
    async def run() -> None:
        one, two = shared_hub(redis_url, "en"), shared_hub(redis_url, "en")
        boss, _ = screen_of(one, "teacher")
        await say(one, boss, **START, seconds=5)
        await two.heard(LESSONS)
        for hub in (one, two):
            clock = quiz_room(hub).quiz.clock
            quiz_room(hub).quiz.clock = lambda clock=clock: clock() + 5 + GRACE_SECONDS  # type: ignore[misc]
        revealed = []
        for hub in (one, two):
            revealed.append(await quiz_room(hub)._kept(hub, quiz_room(hub).quiz.reveal_due))
        assert sorted(revealed) == [False, True]
        client = redis.Redis.from_url(redis_url, decode_responses=True)
        assert client.get(VERSION_KEY) == "2"
        client.close()
        for hub in (one, two):
            assert quiz_room(hub).quiz.quiz is not None
            assert quiz_room(hub).quiz.quiz.kept.phase == "revealed"

    asyncio.run(run())


def test_a_note_heard_is_told_to_the_other_processes_screens(redis_url: str) -> None:
    async def run() -> None:
        one, two = shared_hub(redis_url, "en"), shared_hub(redis_url, "en")
        _, shown = screen_of(two, "projector")
        _, seen = screen_of(two, "pupil")
        boss, _ = screen_of(one, "teacher")
        await say(one, boss, type="walk_start", example="placed-1-1")
        await two.heard(LESSONS + ':{"version": 1}')
        assert seen.said[-1]["type"] == "walk"
        assert seen.said[-1]["screen"]["example"] == "placed-1-1"
        count = len(shown.said)
        await two.heard(LESSONS + ':{"version": 1}')  # known: nothing to tell
        await two.heard(LESSONS + ":not json")  # not understood: logged, left
        assert len(shown.said) == count
        await say(one, boss, type="walk_ask")
        await two.heard(LESSONS + ':{"version": 2}')
        walk = _keeper(two).mirror.state.walk
        assert walk is not None
        other, said = screen_of(one, "pupil")
        await say(one, other, type="walk_answer", walk=walk.id, step=0, tiles=[0],
                   pupil="pupil-0001")  # fmt: skip
        assert said.said[-1]["tiles"] == [0]
        note = {"kind": "fits", "owner": walk.id, "name": "0:pupil-0001",
                "text": json.dumps({"answered": 1.0, "tiles": [0]})}  # fmt: skip
        await two.heard(LESSONS + ":" + json.dumps(note))
        told = shown.said[-1]["screen"]
        assert told["answered"] == translate("lessons.fit.answered", "en", count=1)

    asyncio.run(run())

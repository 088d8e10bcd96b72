"""A removed pupil leaves nothing behind: when the teacher removes a nickname, its
answers to the earlier quizzes and walkthroughs go too, not only those to the ones
running, with SQLite and with Redis (answers Redis kept before it noted where, too), and
none comes back when the server starts again.

The rule (``stores.shared_pupils.RELEASE_SCRIPT``): "its answers to every quiz and
walkthrough, the running ones and the earlier ones, [...] deleted"."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from hubs import quiz_room, say, screen_of
from test_class_forget_redis import ours

from blockdomino.classroom.teaching import who
from blockdomino.classroom.walking import WalkRoom
from blockdomino.lessons.store import lessons_path
from blockdomino.protocol.messages import Activity
from blockdomino.server.class_hub import open_hub, shared_hub
from blockdomino.server.live import Hub
from blockdomino.stores.redis_store import ANSWERED_KEY

QUIZ = {"type": "quiz_start", "topics": ["doubles"], "level": 1, "count": 2, "seconds": None}


def opened(store: str, tmp_path: Path, request: pytest.FixtureRequest) -> Hub:
    """A server process of the class, started (again) on the class's store."""
    if store == "redis":
        return shared_hub(request.getfixturevalue("redis_url"), "en")
    return open_hub(tmp_path / "t.db", "en")


def _quiz_id(hub: Hub) -> str:
    quiz = quiz_room(hub).quiz.quiz
    assert quiz is not None
    return quiz.kept.id


def _walk(hub: Hub) -> tuple[str, int]:
    room = hub.activities[Activity.WALK]
    assert isinstance(room, WalkRoom)
    walk = room.walk.walk
    assert walk is not None
    return walk.id, walk.step


async def answer_quiz(hub: Hub, names: dict[str, str | None]) -> dict[str, str]:
    """Each of ``names`` answers the quiz's question on a screen of its own, with the
    pupil token its page keeps (none yet: a new one): each one's token."""
    tokens = {}
    for name, token in names.items():
        screen, socket = screen_of(hub)
        screen.address = "10.0.0.5"
        answer = {"quiz": _quiz_id(hub), "number": 0, "choice": 0, "nickname": name}
        await say(hub, screen, type="quiz_answer", pupil=token, **answer)
        tokens[name] = socket.last("pupil")["token"]
    return tokens


async def earlier_lessons(hub: Hub) -> dict[str, str]:
    """A quiz and a walkthrough Rude and Ann answered, each ended, then a quiz begun
    that only Ann answered: each pupil's token."""
    boss, _ = screen_of(hub, "teacher")
    await say(hub, boss, **QUIZ)
    tokens = await answer_quiz(hub, {"Rude": None, "Ann": None})
    await say(hub, boss, type="quiz_end")
    await say(hub, boss, type="walk_start", example="chapter-02")
    await say(hub, boss, type="walk_ask")
    walk, step = _walk(hub)
    for name, token in tokens.items():
        screen, _ = screen_of(hub)
        await say(hub, screen, type="hello", role="pupil", code=hub.keys.code, pupil=token)
        answer = {"walk": walk, "step": step, "tiles": [0], "pupil": name}
        await say(hub, screen, type="walk_answer", **answer)
    await say(hub, boss, type="walk_end")
    await say(hub, boss, **QUIZ)
    await answer_quiz(hub, {"Ann": tokens["Ann"]})
    return tokens


async def removed(hub: Hub, token: str) -> None:
    """The teacher removes the nickname of the pupil ``token``, come back to ``hub``."""
    screen, _ = screen_of(hub)
    await say(hub, screen, type="hello", role="pupil", code=hub.keys.code, pupil=token)
    boss, _ = screen_of(hub, "teacher")
    await say(hub, boss, type="rename", pupil=who(screen), nickname=None)


def everything_kept(store: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Every value the class's store keeps about its lessons and pupils, as one text."""
    if store == "sqlite":
        with sqlite3.connect(lessons_path(tmp_path / "t.db")) as db:
            names = [
                row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            ]
            return repr([db.execute(f"SELECT * FROM {name}").fetchall() for name in names])
    return repr(ours(request.getfixturevalue("redis_url")))


def forget_the_note(store: str, request: pytest.FixtureRequest) -> None:
    """A Redis as an earlier version kept it: answers, but no note of where."""
    if store == "redis":
        import redis

        redis.Redis.from_url(request.getfixturevalue("redis_url")).delete(ANSWERED_KEY)


@pytest.mark.parametrize("store", ["sqlite", "redis"])
def test_a_removed_pupils_answers_to_earlier_quizzes_and_walkthroughs_are_deleted(
    tmp_path: Path, request: pytest.FixtureRequest, store: str
) -> None:
    hub = opened(store, tmp_path, request)

    async def run() -> tuple[dict[str, str], str, str]:
        tokens = await earlier_lessons(hub)
        before = everything_kept(store, tmp_path, request)
        await removed(hub, tokens["Rude"])
        return tokens, before, everything_kept(store, tmp_path, request)

    tokens, before, after = asyncio.run(run())
    rude, ann = tokens["Rude"], tokens["Ann"]
    assert before.count(rude) >= 3  # a quiz answer, a walkthrough answer, its nickname
    assert rude not in after
    assert "Rude" not in after
    assert after.count(ann) == before.count(ann)  # Ann's stay
    again = opened(store, tmp_path, request)  # the server started again
    assert [a.nickname for a in asyncio.run(again.store.history())] == ["Ann"] * 2
    assert rude not in everything_kept(store, tmp_path, request)


@pytest.mark.parametrize("store", ["sqlite", "redis"])
def test_a_pupil_removed_after_a_restart_leaves_nothing_behind(
    tmp_path: Path, request: pytest.FixtureRequest, store: str
) -> None:
    """Removed on a server started again (with Redis: on answers kept before the store
    noted where it keeps them), the pupil's earlier answers go too."""
    tokens = asyncio.run(earlier_lessons(opened(store, tmp_path, request)))
    forget_the_note(store, request)
    again = opened(store, tmp_path, request)

    async def run() -> list[str]:
        await removed(again, tokens["Rude"])
        return [a.nickname for a in await again.store.history()]

    assert asyncio.run(run()) == ["Ann"] * 2
    assert tokens["Rude"] not in everything_kept(store, tmp_path, request)
    assert tokens["Ann"] in everything_kept(store, tmp_path, request)

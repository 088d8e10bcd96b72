"""Pupil tokens, tried as a mischievous pupil would: 50 wrong Practice results sent as
Ann from another client, 40 invented pupils, quiz answers with a chosen pupil id, a
second screen claiming Ann's nickname. Each is refused (in words in the pupil's
language where a pupil reads it) and Ann's row stays hers; Ann's own screen keeps her
nickname with her token, after a restart too, and on another process sharing Redis.
"""

from __future__ import annotations

import asyncio
import csv
from pathlib import Path
from typing import Any

import pytest
from hubs import Socket, quiz_room, say, screen_of
from serving import make_site
from test_class_limits import posted
from test_class_mastery import results

from blockdomino.classroom.limits import NAMES_PER_ADDRESS, NAMES_PER_SCREEN
from blockdomino.classroom.screens import Client
from blockdomino.classroom.store import LESSONS
from blockdomino.classroom.teaching import who
from blockdomino.classroom.walking import WalkRoom
from blockdomino.lessons.store import Answer
from blockdomino.protocol.messages import Activity
from blockdomino.server.app import Site, class_app
from blockdomino.server.class_hub import open_hub, shared_hub
from blockdomino.server.live import Hub
from blockdomino.stores.redis_class import RedisKeeping
from blockdomino.stores.shared_keeping import export_shared_csv
from blockdomino.words.i18n import translate

START = {"type": "quiz_start", "topics": ["doubles"], "level": 1, "count": 2, "seconds": None}


def hub_of(folder: Path, lang: str = "fi") -> Hub:
    return open_hub(folder / "t.db", lang)


async def claimed(hub: Hub, nickname: str, lang: str = "en", **more: Any) -> Socket:
    """A new pupil screen of ``hub`` that claims ``nickname``: its socket."""
    screen, socket = screen_of(hub, lang=lang)
    screen.address = more.pop("address", "10.0.0.5")
    await say(hub, screen, type="name", nickname=nickname, **more)
    return socket


def history(hub: Hub) -> list[Answer]:
    return asyncio.run(hub.store.history())


def test_fifty_wrong_results_sent_as_ann_from_another_client_are_not_anns(tmp_path: Path) -> None:
    hub = hub_of(tmp_path)
    app = class_app(Site(make_site(tmp_path), "http://c/", "http://c", "fi", b""), hub)
    wrong = [r | {"choice": (r["choice"] + 1) % 2} for r in results("mischief", 50)]

    async def run() -> list[tuple[int, Any]]:
        ann = (await claimed(hub, "Ann")).last("pupil")["token"]
        own = {"code": hub.keys.code, "nickname": "Ann", "pupil": ann, "results": results("a", 5)}
        sent = [await posted(app, "10.0.0.5", own)]
        for token in (None, "made-up-token-0000000000000000", ann[:-1]):
            body = {"code": hub.keys.code, "nickname": "Ann", "pupil": token, "results": wrong}
            sent.append(await posted(app, "10.0.0.6", body))
        return sent

    mine, *others = asyncio.run(run())
    assert mine[0] == 200
    assert others == [(403, {"error": translate("lessons.refused.pupil", "fi")})] * 3
    kept = history(hub)
    assert [a.nickname for a in kept] == ["Ann"] * 5
    assert sum(a.right for a in kept) == 3  # her own: every third one wrong


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_a_second_screen_claiming_anns_nickname_is_told_and_not_let_in(
    tmp_path: Path, lang: str
) -> None:
    hub = hub_of(tmp_path)

    async def run() -> tuple[Socket, Socket, Socket]:
        ann = await claimed(hub, "Ann")
        token = ann.last("pupil")["token"]
        other = await claimed(hub, "aNN", lang, pupil="chosen-by-the-other-screen-0000")
        again = await claimed(hub, "Ann", lang, pupil=token)
        return ann, other, again

    ann, other, again = asyncio.run(run())
    assert other.last("refused")["text"] == translate("tables.refused.nickname", lang)
    assert other.last("pupil") == {"type": "pupil", "taken": "aNN"}
    assert again.last("pupil") == ann.last("pupil")  # Ann's own page, with her token


def test_forty_invented_pupils_get_no_result_in(tmp_path: Path) -> None:
    hub = hub_of(tmp_path)
    app = class_app(Site(make_site(tmp_path), "http://c/", "http://c", "fi", b""), hub)

    async def run() -> tuple[list[int], Socket]:
        statuses = []
        for number in range(40):
            body = {"code": hub.keys.code, "nickname": f"Invented {number}",
                    "results": results(f"i{number}", 50)}  # fmt: skip
            statuses.append((await posted(app, "10.0.0.9", body))[0])
        screen, socket = screen_of(hub, lang="sv")
        screen.address = "10.0.0.9"
        for number in range(40):
            await say(hub, screen, type="name", nickname=f"Invented {number}")
        return statuses, socket

    statuses, socket = asyncio.run(run())
    assert statuses == [403] * 40
    assert history(hub) == []
    tokens = [m for m in socket.said if m["type"] == "pupil"]
    assert len(tokens) == NAMES_PER_SCREEN
    refused = {m["text"] for m in socket.said if m["type"] == "refused"}
    assert refused == {translate("tables.limit.names", "sv")}


def test_one_address_is_given_tokens_for_a_class_not_for_a_school(tmp_path: Path) -> None:
    hub = hub_of(tmp_path)

    async def run() -> list[Socket]:
        return [await claimed(hub, f"Pupil {n}") for n in range(NAMES_PER_ADDRESS + 1)]

    sockets = asyncio.run(run())
    assert all(s.last("pupil").get("token") for s in sockets[:-1])
    assert sockets[-1].last("refused")["text"] == translate("tables.limit.names", "en")


def test_quiz_answers_with_a_chosen_pupil_id_count_once_under_the_screens_token(
    tmp_path: Path,
) -> None:
    hub = hub_of(tmp_path)

    async def run() -> tuple[Socket, str]:
        boss, _ = screen_of(hub, "teacher")
        ann = await claimed(hub, "Ann")
        await say(hub, boss, **START)
        assert quiz_room(hub).quiz.quiz is not None
        asked = {"type": "quiz_answer", "quiz": quiz_room(hub).quiz.quiz.kept.id, "number": 0}
        mischief, socket = screen_of(hub, lang="sv")
        for number in range(10):  # as Ann, then as a pupil of its own under ids it chose
            await say(hub, mischief, **asked, choice=0, pupil=f"ann-{number:04}", nickname="Ann")
        for number in range(10):
            chosen = f"chosen-{number:04}"
            await say(hub, mischief, **asked, choice=number % 2, pupil=chosen, nickname="Bo")
        await say(hub, screen_of(hub)[0], **asked, choice=1, nickname="Ann")
        return socket, ann.last("pupil")["token"]

    socket, token = asyncio.run(run())
    kept = quiz_room(hub).quiz.answers()
    assert [a.nickname for a in kept] == ["Bo"]
    assert not kept[0].pupil.startswith("chosen-")
    assert kept[0].pupil == socket.last("pupil")["token"] != token
    assert socket.said.count({"type": "pupil", "taken": "Ann"}) == 10
    assert translate("tables.refused.nickname", "sv") in [m.get("text") for m in socket.said]


def test_a_pupils_token_outlives_a_restart_and_keeps_the_nickname(tmp_path: Path) -> None:
    async def given() -> str:
        hub = hub_of(tmp_path)
        return str((await claimed(hub, "Ann")).last("pupil")["token"])

    async def back(token: str) -> Client:
        hub = hub_of(tmp_path)
        screen, socket = screen_of(hub)
        await say(hub, screen, type="hello", role="pupil", code=hub.keys.code, pupil=token)
        assert socket.said[0] == {"type": "pupil", "token": token, "nickname": "Ann"}
        other = await claimed(hub, "Ann")
        assert other.last("pupil") == {"type": "pupil", "taken": "Ann"}
        return screen

    token = asyncio.run(given())
    screen = asyncio.run(back(token))
    assert screen.pupil is not None
    assert screen.pupil.nickname == "Ann"
    assert len(token) >= 32


def test_a_token_given_by_one_process_holds_on_another_through_redis(redis_url: str) -> None:
    async def run() -> tuple[Socket, Socket, Socket]:
        one, two = shared_hub(redis_url, "en"), shared_hub(redis_url, "en")
        ann = await claimed(one, "Ann")
        other = await claimed(two, "ann")
        back = await claimed(two, "Ann", pupil=ann.last("pupil")["token"])
        return ann, other, back

    ann, other, back = asyncio.run(run())
    assert other.last("pupil") == {"type": "pupil", "taken": "ann"}
    assert back.last("pupil") == ann.last("pupil")


@pytest.fixture(params=["sqlite", "redis"])
def kept_hub(request: pytest.FixtureRequest, tmp_path: Path) -> Hub:
    """A hub whose pupils' tokens are kept in SQLite, or in Redis."""
    if request.param == "redis":
        return shared_hub(request.getfixturevalue("redis_url"), "en")
    return hub_of(tmp_path, "en")


def test_a_pupil_the_teacher_renames_keeps_their_token_and_every_result(
    tmp_path: Path, kept_hub: Hub
) -> None:
    hub = kept_hub
    app = class_app(Site(make_site(tmp_path), "http://c/", "http://c", "en", b""), hub)

    async def run() -> tuple[Socket, Socket, str, Socket, list[Answer]]:
        screen, ann = screen_of(hub)
        screen.address = "10.0.0.5"
        await say(hub, screen, type="name", nickname="Ann")
        token = ann.last("pupil")["token"]
        body = {"code": hub.keys.code, "pupil": token, "results": results("ann", 4)}
        assert (await posted(app, "10.0.0.5", body))[0] == 200
        await claimed(hub, "Bo")
        boss, told = screen_of(hub, "teacher")
        await say(hub, boss, type="rename", pupil=who(screen), nickname="Bo")  # Bo's
        await say(hub, boss, type="rename", pupil=who(screen), nickname="Anni")
        newcomer = await claimed(hub, "Ann")
        return ann, told, token, newcomer, await hub.store.history()

    ann, told, token, newcomer, kept = asyncio.run(run())
    assert told.last("refused")["text"] == translate("tables.refused.nickname", "en")
    assert ann.last("pupil") == {"type": "pupil", "token": token, "nickname": "Anni"}
    assert ann.last("renamed") == {"type": "renamed", "nickname": "Anni"}
    assert [(a.pupil, a.nickname) for a in kept] == [(token, "Anni")] * 4
    assert newcomer.last("pupil")["token"] != token  # "Ann" is free for another pupil


def test_a_nickname_the_teacher_removes_is_given_up_in_the_store(
    tmp_path: Path, kept_hub: Hub
) -> None:
    hub = kept_hub
    app = class_app(Site(make_site(tmp_path), "http://c/", "http://c", "en", b""), hub)

    async def run() -> tuple[str, Socket, Socket, int, str | None]:
        screen, rude = screen_of(hub)
        await say(hub, screen, type="name", nickname="Rude")
        token = rude.last("pupil")["token"]
        boss, _ = screen_of(hub, "teacher")
        await say(hub, boss, type="rename", pupil=who(screen), nickname=None)
        again, back = screen_of(hub)
        await say(hub, again, type="hello", role="pupil", code=hub.keys.code, pupil=token)
        body = {"code": hub.keys.code, "pupil": token, "results": results("rude", 2)}
        status = (await posted(app, "10.0.0.5", body))[0]
        other = await claimed(hub, "rude")
        return token, back, other, status, await hub.store.nickname_of(token)

    token, back, other, status, held = asyncio.run(run())
    assert held is None  # the token holds the nickname no more
    assert not [m for m in back.said if m["type"] == "pupil"]  # not given back on a reload
    assert status == 403  # nor sent results under it
    assert other.last("pupil")["token"] != token  # free for another pupil


def test_the_answers_of_a_nickname_the_teacher_removes_leave_the_teachers_table(
    tmp_path: Path, kept_hub: Hub
) -> None:
    """Quiz answers and Practice results given before the teacher removed a nickname
    no longer show under it in the teacher's table; another pupil's stay."""
    hub = kept_hub
    app = class_app(Site(make_site(tmp_path), "http://c/", "http://c", "en", b""), hub)

    async def run() -> tuple[list[Answer], list[Answer], str]:
        boss, told = screen_of(hub, "teacher")
        await say(hub, boss, **START)
        quiz = quiz_room(hub).quiz.quiz
        assert quiz is not None
        pupils = {}
        for name in ("Rude", "Ann"):
            screen, socket = screen_of(hub)
            screen.address = "10.0.0.5"
            answer = {"quiz": quiz.kept.id, "number": 0, "choice": 0, "nickname": name}
            await say(hub, screen, type="quiz_answer", **answer)
            token = socket.last("pupil")["token"]
            body = {"code": hub.keys.code, "pupil": token, "results": results(name, 3)}
            assert (await posted(app, "10.0.0.5", body))[0] == 200
            pupils[name] = screen
        before = await hub.store.history()
        await say(hub, boss, type="rename", pupil=who(pupils["Rude"]), nickname=None)
        await say(hub, boss, type="quiz_mastery")
        return before, await hub.store.history(), str(told.last("mastery"))

    before, after, table = asyncio.run(run())
    assert sorted(a.nickname for a in before) == ["Ann"] * 4 + ["Rude"] * 4
    assert [a.nickname for a in after] == ["Ann"] * 4
    assert "Rude" not in table
    assert "Ann" in table


def test_the_table_exported_from_redis_names_a_renamed_pupil_as_the_teachers_page_does(
    tmp_path: Path, redis_url: str
) -> None:
    hub = shared_hub(redis_url, "en")
    app = class_app(Site(make_site(tmp_path), "http://c/", "http://c", "en", b""), hub)

    async def run() -> None:
        screen, ann = screen_of(hub)
        screen.address = "10.0.0.5"
        await say(hub, screen, type="name", nickname="Ann")
        body = {"code": hub.keys.code, "pupil": ann.last("pupil")["token"]}
        assert (await posted(app, "10.0.0.5", body | {"results": results("ann", 2)}))[0] == 200
        boss, _ = screen_of(hub, "teacher")
        await say(hub, boss, type="rename", pupil=who(screen), nickname="Anni")

    asyncio.run(run())
    export_shared_csv(redis_url, tmp_path / "mastery.csv", "en")
    with (tmp_path / "mastery.csv").open(encoding="utf-8") as exported:
        fields = {field for row in csv.reader(exported) for field in row}
    assert "Anni" in fields
    assert "Ann" not in fields


def test_the_answer_of_a_nickname_the_teacher_removes_no_longer_counts_anywhere(
    tmp_path: Path, kept_hub: Hub, request: pytest.FixtureRequest
) -> None:
    """The question being asked counts only the answers of pupils still on the roll: on
    this process, on another one of the class (Redis), and once the server starts again."""
    hub = kept_hub

    def opened() -> Hub:
        if isinstance(hub.store, RedisKeeping):
            return shared_hub(request.getfixturevalue("redis_url"), "en")
        return hub_of(tmp_path, "en")

    async def run() -> tuple[list[str], set[str] | None, list[str], list[str]]:
        boss, told = screen_of(hub, "teacher")
        await say(hub, boss, **START)
        other = opened()  # another process of the class, already serving
        quiz = quiz_room(hub).quiz.quiz
        assert quiz is not None
        pupils = {}
        for name in ("Rude", "Ann"):
            screen, _ = screen_of(hub)
            answer = {"quiz": quiz.kept.id, "number": 0, "choice": 0, "nickname": name}
            await say(hub, screen, type="quiz_answer", **answer)
            pupils[name] = screen
        await other.heard(LESSONS)
        await say(hub, boss, type="rename", pupil=who(pupils["Rude"]), nickname=None)
        await other.heard(LESSONS)  # what Redis announced (SQLite: one process only)
        await asyncio.sleep(0.1)  # the count told
        one = translate("lessons.quiz.answered.one", "en", count=1)
        assert told.last("quiz")["screen"]["answered"] == one  # the teacher's count
        named = [a.nickname for a in quiz_room(hub).quiz.answers()]
        elsewhere = [a.nickname for a in quiz_room(other).quiz.answers()]
        again = opened()
        return (
            named,
            quiz_room(hub).answered(),
            elsewhere,
            [a.nickname for a in quiz_room(again).quiz.answers()],
        )

    named, answered, elsewhere, after_restart = asyncio.run(run())
    assert named == ["Ann"]
    assert answered == {"ann"}
    assert after_restart == ["Ann"]
    if isinstance(hub.store, RedisKeeping):
        assert elsewhere == ["Ann"]


def _fits(hub: Hub) -> list[tuple[int, ...]]:
    """The answers ``hub`` counts to the walkthrough's question at its step."""
    room = hub.activities[Activity.WALK]
    assert isinstance(room, WalkRoom)
    walk = room.walk.walk
    assert walk is not None
    return room.walk.store.fits(walk.id, walk.step)


def test_the_walkthrough_answers_of_a_nickname_the_teacher_removes_are_deleted(
    tmp_path: Path, kept_hub: Hub, request: pytest.FixtureRequest
) -> None:
    """As with the quiz, a removed nickname's answer to the walkthrough's question is
    deleted from the store: it no longer counts on this process, on another one of the
    class (Redis), nor once the server starts again."""
    hub = kept_hub

    def opened() -> Hub:
        if isinstance(hub.store, RedisKeeping):
            return shared_hub(request.getfixturevalue("redis_url"), "en")
        return hub_of(tmp_path, "en")

    async def run() -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], Hub]:
        boss, _ = screen_of(hub, "teacher")
        await say(hub, boss, type="walk_start", example="chapter-02")
        await say(hub, boss, type="walk_ask")
        other = opened()  # another process of the class, already serving
        room = hub.activities[Activity.WALK]
        assert isinstance(room, WalkRoom)
        walk = room.walk.walk
        assert walk is not None
        pupils = {}
        for name, tiles in (("Rude", [0]), ("Ann", [0, 1])):
            screen, _ = screen_of(hub)
            screen.address = "10.0.0.5"
            await say(hub, screen, type="name", nickname=name)
            answer = {"walk": walk.id, "step": walk.step, "tiles": tiles, "pupil": name}
            await say(hub, screen, type="walk_answer", **answer)
            pupils[name] = screen
        await other.heard(LESSONS)
        assert len(_fits(hub)) == 2
        await say(hub, boss, type="rename", pupil=who(pupils["Rude"]), nickname=None)
        await other.heard(LESSONS)  # what Redis announced (SQLite: one process only)
        return _fits(hub), _fits(other), opened()

    here, elsewhere, again = asyncio.run(run())
    assert here == [(0, 1)]
    assert _fits(again) == [(0, 1)]
    if isinstance(hub.store, RedisKeeping):
        assert elsewhere == [(0, 1)]

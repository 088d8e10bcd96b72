"""Limits per screen and per address, tried as a mischievous pupil would: one socket
opening table after table or sitting in every free seat, a flood of quiz answers or of
Practice results, the class code guessed again and again. Each is refused in words in
the pupil's language; a burst of wrong codes is logged in one line."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom import Screen, pupil
from hubs import Socket, quiz_room, say, screen_of
from serving import class_code, class_server, make_site
from starlette.types import ASGIApp
from test_class_mastery import results

from blockdomino.classroom.limits import (
    ANSWERS_PER_MINUTE,
    FREE_GUESSES,
    LOCK_AFTER,
    MOVES_PER_MINUTE,
    RESULTS_PER_MINUTE,
    RESULTS_PER_PUPIL,
    SEATS_PER_ADDRESS,
    TABLES_PER_ADDRESS,
    TABLES_PER_SCREEN,
    Asked,
    Limits,
)
from blockdomino.server.app import Site, class_app
from blockdomino.server.class_hub import open_hub
from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate

OPEN = {"type": "open", "preset": "block", "players": 4, "nickname": "Mischief"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    yield from class_server(tmp_path_factory.mktemp("limits"), "en")


def test_one_socket_opens_one_table_not_every_table(server: ClassServer) -> None:
    assert server.hub is not None
    before = len(server.hub.tables.tables)
    screen = pupil(server.port, "sv", code=class_code(server))
    screen.until("lobby")
    for _ in range(10):
        screen.send(OPEN)
    screen.until("joined")
    refused = [screen.until("refused")["text"] for _ in range(9)]
    seat, tables = translate("tables.limit.seat", "sv"), translate("tables.limit.tables", "sv")
    assert refused == [seat] * (TABLES_PER_SCREEN - 1) + [tables] * (10 - TABLES_PER_SCREEN)
    assert len(server.hub.tables.tables) == before + 1
    screen.close()


def test_one_socket_sits_in_one_seat_not_in_every_free_seat(server: ClassServer) -> None:
    code = class_code(server)
    openers = [pupil(server.port, code=code) for _ in range(3)]
    tables = []
    for number, opener in enumerate(openers):
        opener.until("lobby")
        opener.send(OPEN | {"nickname": f"Opener {number}"})
        tables.append(opener.until("joined")["table"])
    screen = pupil(server.port, "fi", code=code)
    screen.until("lobby")
    for table in tables:
        screen.send({"type": "join", "table": table, "nickname": "Seat taker"})
    screen.until("joined")
    for _ in tables[1:]:
        assert screen.until("refused")["text"] == translate("tables.limit.seat", "fi")
    assert server.hub is not None
    seated = [s for t in tables for s in server.hub.tables.tables[t].seats if s.nickname]
    assert [s.nickname for s in seated].count("Seat taker") == 1
    for other in [*openers, screen]:
        other.close()


def test_a_socket_opens_a_few_tables_and_an_address_a_dozen(tmp_path: Path) -> None:
    async def run() -> None:
        hub = open_hub(tmp_path / "t.db", "en")
        teacher, _ = screen_of(hub, "teacher")
        screen, said = screen_of(hub)
        screen.address = "10.0.0.7"
        for _ in range(TABLES_PER_SCREEN):
            await say(hub, screen, **OPEN)
            await say(hub, teacher, type="close", table=said.last("joined")["table"])
        await say(hub, screen, **OPEN)
        assert said.last("refused")["text"] == translate("tables.limit.tables", "en")
        assert len(hub.tables.tables) == TABLES_PER_SCREEN

    asyncio.run(run())
    limits = Limits(clock=lambda: 0.0)
    opened = [limits.may_open("10.0.0.7", Asked()) for _ in range(TABLES_PER_ADDRESS + 3)]
    assert opened.count(True) == TABLES_PER_ADDRESS
    assert all(limits.may_open("127.0.0.1", Asked()) for _ in range(TABLES_PER_ADDRESS + 3))


def test_one_address_takes_a_dozen_seats_not_every_free_seat(tmp_path: Path) -> None:
    async def run() -> None:
        hub = open_hub(tmp_path / "t.db", "fi")
        tables = []
        for number in range(5):
            opener, said = screen_of(hub)
            opener.address = "127.0.0.1"
            await say(hub, opener, **OPEN | {"nickname": f"Opener {number}"})
            tables.append(said.last("joined")["table"])
        free = [table for table in tables for _ in range(3)]
        for number, table in enumerate(free[: SEATS_PER_ADDRESS + 1]):
            screen, said = screen_of(hub, lang="fi")
            screen.address = "10.0.0.7"
            await say(hub, screen, type="join", table=table, nickname=f"Sock {number}")
            if number < SEATS_PER_ADDRESS:
                assert said.last("joined")["table"] == table
            else:
                assert said.last("refused")["text"] == translate("tables.limit.seats", "fi")

    asyncio.run(run())


def test_a_flood_of_quiz_answers_is_refused_in_one_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def run() -> None:
        hub = open_hub(tmp_path / "t.db", "sv")
        teacher, _ = screen_of(hub, "teacher")
        screen, said = screen_of(hub, lang="sv")
        start = {"topics": ["doubles"], "level": 1, "count": 2}
        await say(hub, teacher, type="quiz_start", **start)
        assert quiz_room(hub).quiz.quiz is not None
        quiz = quiz_room(hub).quiz.quiz.kept.id
        answer = {"quiz": quiz, "number": 0, "choice": 0, "nickname": "Ann"}
        for number in range(ANSWERS_PER_MINUTE):
            await say(hub, screen, type="quiz_answer", pupil=f"pupil-{number:04}", **answer)
        assert not [m for m in said.said if m["type"] == "refused"]
        for _ in range(5):
            await say(hub, screen, type="quiz_answer", pupil="pupil-9999", **answer)
        assert said.last("refused")["text"] == translate("lessons.limit.answers", "sv")
        assert len(quiz_room(hub).quiz.answers()) == 1  # one pupil, whatever ids it names

    with caplog.at_level(logging.WARNING, logger="blockdomino.server"):
        asyncio.run(run())
    assert len([r for r in caplog.records if "lessons.limit.answers" in r.message]) == 1


async def posted(app: ASGIApp, address: str, body: dict[str, Any]) -> tuple[int, Any]:
    """The answer of ``app`` to Practice results ``body`` posted from ``address`` (a
    tablet on the school's network): its status and its JSON."""
    asked = [{"type": "http.request", "body": json.dumps(body).encode(), "more_body": False}]
    said: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return asked.pop(0) if asked else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        said.append(message)

    path = "/class/practice"
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "headers": [(b"host", b"class")],
             "client": (address, 50000), "server": ("10.0.0.1", 80)}  # fmt: skip
    await app(scope, receive, send)  # type: ignore[arg-type]
    status = next(m["status"] for m in said if m["type"] == "http.response.start")
    data = b"".join(m.get("body", b"") for m in said if m["type"] == "http.response.body")
    return status, json.loads(data)


def test_a_flood_of_practice_results_from_one_tablet_or_pupil_is_refused_for_now(
    tmp_path: Path,
) -> None:
    hub = open_hub(tmp_path / "t.db", "fi")
    site = Site(make_site(tmp_path), "http://class/", "http://class", "fi", b"")
    app = class_app(site, hub)
    pupils = hub.store

    async def run() -> list[int]:
        tokens = [await pupils.enroll(f"token-{n:04}", f"Pupil {n}") for n in range(5)]
        statuses = []
        for token in tokens[:4]:  # 100 results a pupil: 300 from the tablet, then no more
            for part in range(2):
                body = {"code": hub.keys.code, "pupil": token,
                        "results": results(f"{token}-{part}", 50)}  # fmt: skip
                statuses.append((await posted(app, "10.0.0.9", body))[0])
        again = {"code": hub.keys.code, "pupil": tokens[0], "results": results("more", 5)}
        statuses.append((await posted(app, "10.0.0.11", again))[0])  # a pupil's own minute
        other = {"code": hub.keys.code, "pupil": tokens[4], "results": results("aino", 5)}
        statuses.append((await posted(app, "10.0.0.10", other))[0])  # another tablet
        return statuses

    assert asyncio.run(run()) == [200] * 6 + [429, 429, 429, 200]
    assert RESULTS_PER_PUPIL == 100
    assert RESULTS_PER_MINUTE == 300


def test_guessing_the_class_code_is_slowed_then_refused_in_one_log_line(
    server: ClassServer, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guesses beyond the free ones answered after a hundredth of a second instead
    of ``GUESS_WAIT`` (the waits themselves: the next test, by its clock)."""
    assert server.hub is not None
    monkeypatch.setattr(server.hub.limits, "guess_wait", 0.01)
    screen = Screen.open(server.port, {"role": "pupil", "lang": "fi", "code": None})
    screen.until("code")
    with caplog.at_level(logging.WARNING, logger="blockdomino.server"):
        for number in range(LOCK_AFTER):
            screen.send({"type": "hello", "role": "pupil", "lang": "fi", "code": f"{number:05}"})
            assert screen.until("code")["wrong"] is True
        screen.send({"type": "hello", "role": "pupil", "lang": "fi", "code": class_code(server)})
        assert screen.until("refused")["text"] == translate("tables.limit.guesses", "fi")
        assert screen.until("code")["wrong"] is True
    guessed = [r for r in caplog.records if "guessed wrong" in r.message]
    assert len(guessed) == 1
    assert FREE_GUESSES < LOCK_AFTER
    screen.close()


def test_guesses_wait_after_the_free_ones_and_the_right_code_forgives() -> None:
    limits = Limits(clock=lambda: 0.0)
    guesses = limits.of("10.0.0.8").guesses
    waits = [guesses.missed(0.0)[0] for _ in range(FREE_GUESSES + 1)]
    assert waits[:FREE_GUESSES] == [0.0] * FREE_GUESSES
    assert waits[-1] > 0
    guesses.hit()
    assert guesses.missed(0.0) == (0.0, False)
    for _ in range(LOCK_AFTER - 2):
        guesses.missed(1.0)
    assert guesses.missed(1.0)[1] is True
    assert guesses.locked(2.0)
    assert not guesses.locked(1.0 + 301)


def test_every_open_counts_refused_too_and_a_pupil_opens_no_more_from_new_screens(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def run() -> tuple[Socket, list[Socket]]:
        hub = open_hub(tmp_path / "t.db", "en")
        teacher, _ = screen_of(hub, "teacher")
        screen, said = screen_of(hub)
        screen.address = "10.0.0.7"
        await say(hub, screen, **OPEN)  # taken, then refused: the seat is held
        for _ in range(TABLES_PER_SCREEN - 1):
            await say(hub, screen, **OPEN)
        await say(hub, teacher, type="close", table=said.last("joined")["table"])
        await say(hub, screen, **OPEN)
        token = said.last("pupil")["token"]
        again = []
        for _ in range(TABLES_PER_SCREEN + 1):  # the same pupil, a new screen each time
            other, socket = screen_of(hub)
            other.address = "10.0.0.8"
            await say(hub, other, **OPEN, pupil=token)
            again.append(socket)
        return said, again

    with caplog.at_level(logging.WARNING, logger="blockdomino.server"):
        said, again = asyncio.run(run())
    refused = [m["text"] for m in said.said if m["type"] == "refused"]
    seat, tables = translate("tables.limit.seat", "en"), translate("tables.limit.tables", "en")
    assert refused == [seat] * (TABLES_PER_SCREEN - 1) + [tables]
    assert all(s.last("refused")["text"] == tables for s in again)  # the pupil's allowance
    logged = [r.message for r in caplog.records if "tables.limit" in r.message]
    assert logged == [
        "tables.limit.seat from 10.0.0.7 (refused so again all minute, unlogged)",
        "tables.limit.tables from 10.0.0.7 (refused so again all minute, unlogged)",
        "tables.limit.tables from 10.0.0.8 (refused so again all minute, unlogged)",
    ]


def test_a_flood_of_moves_is_refused_before_the_table_hears_of_it(tmp_path: Path) -> None:
    async def run() -> tuple[Socket, int]:
        hub = open_hub(tmp_path / "t.db", "fi")
        screen, said = screen_of(hub, lang="fi")
        await say(hub, screen, **OPEN | {"players": 2, "computers": 1})
        for number in range(MOVES_PER_MINUTE):
            await say(hub, screen, type="act", move=f"flood-{number}", action="nonsense")
        drawn = len([m for m in said.said if m["type"] == "seat"])
        await say(hub, screen, type="act", move="flood-last", action="nonsense")
        assert said.last("refused")["text"] == translate("tables.limit.moves", "fi")
        return said, drawn

    said, drawn = asyncio.run(run())
    assert len([m for m in said.said if m["type"] == "seat"]) == drawn  # nothing drawn again

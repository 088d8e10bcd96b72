"""The teacher runs the class's tables: everyone waiting seated in one tap (tables of the
size chosen, pupils shared out evenly, computers in the seats left), a nickname renamed
or removed, a table dealt again with the same players, a table watched, who has not
answered the quiz's question; a pupil who leaves asks first on its page, the computer
plays its seat, the teacher sees it and the pupil sits down again. Only the teacher's
screen may send the teacher's messages: a pupil's or the projector's is refused in words
and logged in one line. The teacher's page opens from a one-time link that leaves a
cookie and no secret in the address bar."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom import Screen, pupil, seat_table
from hubs import quiz_room
from serving import ask, class_code, class_server
from websockets.sync.client import connect
from workers import MOST_TRIES, PAUSE_SECONDS

from blockdomino.classroom.teaching import groups
from blockdomino.server.run import ClassServer
from blockdomino.stores.keys import TEACHER_COOKIE
from blockdomino.words.i18n import translate

LANG = "fi"
TEACHERS: list[dict[str, Any]] = [
    {"type": "seat_all", "preset": "block", "players": 2},
    {"type": "rename", "pupil": "0", "nickname": "x"},
    {"type": "reset", "table": "x"},
    {"type": "watch", "table": None},
    {"type": "roll"},
    {"type": "show", "table": "x"},
    {"type": "close", "table": "x"},
    {"type": "remove", "table": "x", "seat": 0},
]
"""Every message only the teacher may send about the tables and the class."""
LESSONS: list[dict[str, Any]] = [
    {"type": "quiz_start", "topics": ["matching"], "level": 1, "count": 3},
    *({"type": kind} for kind in ("quiz_reveal", "quiz_next", "quiz_end", "quiz_mastery")),
    {"type": "quiz_names", "names": True},
    {"type": "mastery_show", "shown": True},
    {"type": "walk_start", "example": "placed-1-4"},
    *({"type": kind} for kind in ("walk_next", "walk_back", "walk_end", "walk_ask")),
    {"type": "walk_reveal"},
]
"""Every message only the teacher may send about the quiz and the walkthrough."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    yield from class_server(tmp_path, LANG)


def teacher(server: ClassServer) -> Screen:
    assert server.hub is not None
    screen = Screen.open(server.port, {"role": "teacher", "secret": server.hub.keys.secret})
    screen.until("teacher")
    return screen


def named(server: ClassServer, name: str | None) -> Screen:
    """A pupil in the lobby, who said ``name`` there (or none)."""
    screen = pupil(server.port, LANG, code=class_code(server))
    screen.until("lobby")
    if name is not None:
        screen.send({"type": "name", "nickname": name})
        assert screen.until("pupil")["nickname"] == name  # kept, and told
    return screen


def roll_of(
    screen: Screen,
    pupils: int,
    answered: dict[str, bool] | None = None,
    *,
    named: bool = False,
) -> dict[str, Any]:
    """The roll the teacher asks for, once it lists ``pupils`` pupils (who answered as
    ``answered`` says, if given; each with its nickname, if ``named``)."""
    for _ in range(MOST_TRIES):
        screen.send({"type": "roll"})
        message = screen.until("roll")
        rows = {row["nickname"]: row["answered"] for row in message["pupils"]}
        if len(rows) == pupils and answered in (None, rows) and not (named and None in rows):
            return message
        time.sleep(PAUSE_SECONDS)  # the other screens' frames, on a loaded machine
    raise AssertionError(f"the roll never listed {pupils} pupils ({answered})")


def dealt_again(screen: Screen, old: str) -> str:
    """The table ``screen``'s seat is at once it is no longer ``old``."""
    for _ in range(20):
        table = str(screen.until("seat")["screen"]["table"])
        if table != old:
            return table
    raise AssertionError("the pupil was not seated at the table dealt again")


def test_tables_are_as_few_as_hold_everyone_and_shared_out_evenly() -> None:
    assert groups(5, 4) == [3, 2]
    assert groups(8, 4) == [4, 4]
    assert groups(7, 3) == [3, 2, 2]
    assert groups(1, 2) == [1]
    assert groups(0, 3) == []


def test_a_pupil_or_the_projector_sending_a_teacher_message_is_refused_in_one_log_line(
    server: ClassServer, caplog: pytest.LogCaptureFixture
) -> None:
    assert server.hub is not None
    child = named(server, "Aino")
    projector = Screen.open(server.port, {"role": "projector", "secret": server.hub.keys.secret})
    projector.until("projector")
    said = translate("tables.error.message", LANG)
    with caplog.at_level(logging.WARNING, logger="blockdomino.server"):
        for screen in (child, projector):
            for message in TEACHERS:
                screen.send(message)
                assert screen.until("refused")["text"] == said
            for message in LESSONS:
                screen.send(message)
                assert screen.until("refused")["text"] == translate("lessons.error.message", LANG)
    refused = [r for r in caplog.records if "refused: sent by" in r.message]
    assert len(refused) == 2 * len(TEACHERS)
    lessons = [r for r in caplog.records if "quiz message refused" in r.message]
    assert len(lessons) == 2 * len(LESSONS)
    assert not server.hub.tables.tables
    assert quiz_room(server.hub).quiz.quiz is None


def test_the_teacher_seats_everyone_waiting_in_one_tap(server: ClassServer) -> None:
    assert server.hub is not None
    boss = teacher(server)
    children = [named(server, name) for name in ("Eino", "Aino", "Veeti", "Siiri", "Oona")]
    nameless = named(server, None)
    roll_of(boss, 6)
    boss.send({"type": "seat_all", "preset": "block", "players": 4})
    seated = boss.until("seated")
    assert (seated["tables"], seated["pupils"], seated["unnamed"]) == (2, 5, 1)
    for child in children:
        child.until("joined")
        assert child.until("seat")["screen"]["seat"] is not None
    tables = list(server.hub.tables.tables.values())
    pupils = sorted(sum(seat.token is not None for seat in t.seats) for t in tables)
    assert pupils == [2, 3]
    assert all(t.rules.players == 4 and not t.free for t in tables)
    names = sorted(seat.nickname for t in tables for seat in t.seats if seat.nickname)
    assert names == ["Aino", "Eino", "Oona", "Siiri", "Veeti"]
    nameless.send({"type": "name", "nickname": "Lumi"})
    assert nameless.until("pupil")["nickname"] == "Lumi"
    boss.send({"type": "seat_all", "preset": "block", "players": 4})
    assert boss.until("seated")["pupils"] == 1  # the seated pupils stay where they are
    assert len(server.hub.tables.tables) == 3


def test_seating_everyone_at_tables_no_game_has_is_refused_in_words(server: ClassServer) -> None:
    assert server.hub is not None
    boss = teacher(server)
    named(server, "Aino")
    roll_of(boss, 1)
    wrong = [("block", 0, "players"), ("block", -3, "players"), ("partnership", 2, "players")]
    for preset, players, key in [*wrong, ("chess", 2, "preset")]:
        boss.send({"type": "seat_all", "preset": preset, "players": players})
        assert boss.until("refused")["text"] == translate(f"tables.error.{key}", LANG)
    assert not server.hub.tables.tables


def test_the_teacher_renames_and_removes_a_nickname_at_its_seat_too(server: ClassServer) -> None:
    assert server.hub is not None
    first, _ = seat_table(server.port, class_code(server), "block", 2, LANG)
    boss = teacher(server)
    row = next(r for r in roll_of(boss, 2)["pupils"] if str(r["nickname"]).startswith("Pupil 0"))
    assert row["table"] is not None
    boss.send({"type": "rename", "pupil": row["pupil"], "nickname": "  Kettu \n"})
    assert first.until("renamed")["nickname"] == "Kettu"
    table = server.hub.tables.tables[row["table"]]
    assert table.seats[row["seat"]].nickname == "Kettu"
    boss.send({"type": "rename", "pupil": row["pupil"], "nickname": None})
    assert first.until("renamed")["nickname"] is None
    assert table.seats[row["seat"]].nickname is None
    boss.send({"type": "rename", "pupil": "nobody", "nickname": "x"})
    assert boss.until("refused")["text"] == translate("tables.error.no_pupil", LANG)


def test_a_table_dealt_again_seats_the_same_pupils_and_the_projector_follows(
    server: ClassServer,
) -> None:
    assert server.hub is not None
    seated = seat_table(server.port, class_code(server), "block", 2, LANG)
    old = str(seated[0].latest and seated[0].latest["table"])
    boss = teacher(server)
    boss.send({"type": "show", "table": old})
    boss.send({"type": "reset", "table": old})
    new = {dealt_again(screen, old) for screen in seated}
    assert len(new) == 1
    table = server.hub.tables.tables[new.pop()]
    assert table.names == server.hub.tables.tables[old].names
    assert server.hub.tables.tables[old].closed
    assert server.hub.shown == table.id
    boss.send({"type": "watch", "table": table.id})
    watched = boss.until("watched")
    assert watched["screen"]["table"] == table.id
    assert watched["screen"]["actions"] == []


def test_the_teacher_sees_who_has_not_answered_the_question(server: ClassServer) -> None:
    boss = teacher(server)
    aino, _ = named(server, "Aino"), named(server, "Eino")
    roll_of(boss, 2)
    boss.send({"type": "quiz_start", "topics": ["matching"], "level": 1, "count": 3,
               "seconds": None, "names": False})  # fmt: skip
    asked = aino.until("quiz")["screen"]
    while asked is None or asked["phase"] != "asking":
        asked = aino.until("quiz")["screen"]
    aino.send({"type": "quiz_answer", "quiz": asked["quiz"], "number": asked["number"],
               "choice": 0, "pupil": "a" * 24, "nickname": "Aino"})  # fmt: skip
    aino.until("quiz_done")
    assert roll_of(boss, 2, {"Aino": True, "Eino": False})["asking"]


def test_a_pupil_who_leaves_is_played_by_the_computer_and_sits_down_again(
    server: ClassServer,
) -> None:
    assert server.hub is not None
    first, second = seat_table(server.port, class_code(server), "block", 2, LANG)
    boss = teacher(server)
    second.send({"type": "leave"})
    lobby = second.until("lobby")
    assert first.latest is not None
    assert lobby["back"]["table"] == first.latest["table"]
    listed = next(
        listed
        for listed in (boss.until("teacher")["tables"][0] for _ in range(10))
        if listed["seats"] == ["pupil", "away"]
    )
    table = server.hub.tables.tables[listed["table"]]
    assert table.game.is_over or table.game.to_move != 1  # the computer plays the seat
    latest = first.until("seat")["screen"]
    if latest["actions"]:
        first.send({"type": "act", "move": "m1", "action": latest["actions"][0]["key"]})
        assert first.until("seat", latest["step"] + 1)["screen"]["step"] > latest["step"]
        assert table.game.is_over or table.game.to_move != 1  # and plays on
    second.send({"type": "act", "move": "away", "action": "pass"})
    assert second.until("refused")
    second.send({"type": "back"})
    back = second.until("seat")["screen"]
    assert back["seat"] == 1
    assert table.seats[1].computer is None


def test_the_teacher_link_works_once_and_leaves_no_secret_in_the_address(
    server: ClassServer, caplog: pytest.LogCaptureFixture
) -> None:
    assert server.hub is not None
    secret = server.hub.keys.secret
    link = server.teacher_address or ""
    assert secret not in link
    path = link.split(str(server.port), 1)[1]
    answer, _ = ask(server, path)
    assert answer.status == 303
    assert answer.getheader("Location") == "/class/teacher/"
    cookie = answer.getheader("Set-Cookie") or ""
    assert "HttpOnly" in cookie
    assert "SameSite=strict" in cookie or "SameSite=Strict" in cookie
    assert secret not in cookie
    with caplog.at_level(logging.WARNING, logger="blockdomino.server"):
        again, _ = ask(server, path)
    assert again.status == 403
    assert len([r for r in caplog.records if "teacher's page refused" in r.message]) == 1
    kept = cookie.split(";", 1)[0]
    page_answer, page = ask(server, "/class/teacher/", headers={"Cookie": kept})
    assert page_answer.status == 200
    assert secret not in page.decode()
    locked, text = ask(server, "/class/teacher/")
    assert locked.status == 403
    assert translate("tables.teacher.locked", LANG) in text.decode()
    assert kept.startswith(TEACHER_COOKIE + "=")
    url = f"ws://127.0.0.1:{server.port}/class/ws"
    with connect(url, additional_headers={"Cookie": kept}) as socket:
        socket.send('{"type": "hello", "role": "teacher"}')
        assert '"type": "teacher"' in str(socket.recv(timeout=10))
    csv, _ = ask(server, "/class/teacher/mastery.csv", headers={"Cookie": kept})
    assert csv.status == 200
    assert ask(server, "/class/teacher/mastery.csv")[0].status == 404

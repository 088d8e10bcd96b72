"""The table of mastery on the projector: off until the teacher shows it, switched only
by the teacher's secret (a pupil or the projector is refused), sent to the projector at
once with the teacher's numbers, taken off at once, and still shown after a restart."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom import Screen, enrolled, pupil
from hubs import quiz_room
from serving import class_code, class_server

from blockdomino.practice import TOPICS, generate
from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate


def serving(folder: Path) -> Iterator[ClassServer]:
    return class_server(folder, "fi")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    yield from serving(tmp_path)


def practised(server: ClassServer, name: str, count: int) -> None:
    """``count`` Practice results of ``name`` in the doubles, level 1, all right."""
    sent = [
        {"id": f"{name[-4:]}-{n:06}", "topic": "doubles", "level": 1, "seed": n,
         "choice": generate("doubles", 1, n).answer_index}
        for n in range(count)
    ]  # fmt: skip
    token = enrolled(server.port, class_code(server), name)
    body = json.dumps({"code": class_code(server), "pupil": token, "results": sent})
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/class/practice", body, {"Content-Type": "application/json"})
    assert connection.getresponse().status == 200
    connection.close()


def teacher(server: ClassServer) -> Screen:
    assert server.hub is not None
    hello = {"role": "teacher", "secret": server.hub.keys.secret, "lang": "sv"}
    screen = Screen.open(server.port, hello)
    screen.until("teacher")
    return screen


def projector(server: ClassServer, lang: str = "sv") -> Screen:
    assert server.hub is not None
    hello = {"role": "projector", "secret": server.hub.keys.secret, "lang": lang}
    screen = Screen.open(server.port, hello)
    screen.until("projector")
    return screen


def mastery(screen: Screen) -> dict[str, Any]:
    return screen.until("mastery")


def test_the_projector_shows_the_table_only_while_the_teacher_shows_it(
    server: ClassServer,
) -> None:
    practised(server, "<b>Aino</b>", 4)
    boss, shown = teacher(server), projector(server)
    boss.send({"type": "quiz_mastery"})
    first = mastery(boss)
    assert first["projected"] is False
    shown.until("walk")
    boss.send({"type": "mastery_show", "shown": True})
    on = mastery(shown)["screen"]
    told = mastery(boss)
    assert told["projected"] is True
    assert on["rows"] == told["screen"]["rows"] == first["screen"]["rows"]
    (row,) = on["rows"]
    cell = row["cells"][TOPICS.index("doubles")]
    assert (row["nickname"], cell["right"], cell["answered"]) == ("<b>Aino</b>", 4, 4)
    assert on["reminder"] is None
    practised(server, "Bo", 2)
    boss.send({"type": "quiz_mastery"})
    assert [r["nickname"] for r in mastery(boss)["screen"]["rows"]] == ["<b>Aino</b>", "Bo"]
    assert len(mastery(shown)["screen"]["rows"]) == 2
    boss.send({"type": "mastery_show", "shown": False})
    assert mastery(shown)["screen"] is None
    assert mastery(boss)["projected"] is False
    boss.send({"type": "quiz_mastery"})
    mastery(boss)
    later = projector(server)
    later.until("walk")
    boss.send({"type": "mastery_show", "shown": "yes"})
    assert boss.until("refused")["text"] == translate("lessons.error.message", "sv")
    later.send({"type": "ping"})
    later.until("refused")
    assert all(json.loads(frame)["type"] != "mastery" for frame in later.frames)
    for screen in (boss, shown, later):
        screen.close()


def test_only_the_teachers_secret_switches_it(server: ClassServer) -> None:
    practised(server, "Aino", 1)
    child = pupil(server.port, "fi", code=class_code(server))
    child.until("lobby")
    shown = projector(server, "fi")
    wrong = Screen.open(server.port, {"role": "teacher", "secret": "guess", "lang": "fi"})
    for screen in (child, shown):
        screen.send({"type": "mastery_show", "shown": True})
        assert screen.until("refused")["text"] == translate("lessons.error.message", "fi")
    assert wrong.until("refused")["text"] == translate("tables.error.message", "fi")
    assert server.hub is not None
    assert quiz_room(server.hub).quiz.store.projected() is False
    assert all(json.loads(frame)["type"] != "mastery" for frame in shown.frames)
    for screen in (child, shown, wrong):
        screen.close()


def test_a_server_started_again_keeps_the_teachers_choice(tmp_path: Path) -> None:
    first = serving(tmp_path)
    server = next(first)
    practised(server, "Aino", 3)
    fresh = projector(server)
    fresh.until("walk")
    fresh.send({"type": "ping"})
    fresh.until("refused")
    assert all(json.loads(frame)["type"] != "mastery" for frame in fresh.frames)
    boss = teacher(server)
    boss.send({"type": "mastery_show", "shown": True})
    assert mastery(fresh)["screen"]["rows"][0]["nickname"] == "Aino"
    boss.close()
    fresh.close()
    first.close()
    again = serving(tmp_path)
    server = next(again)
    shown = projector(server, "fi")
    table = mastery(shown)["screen"]
    assert table["topics"][TOPICS.index("doubles")] == translate("practice.topic.doubles", "fi")
    assert table["rows"][0]["cells"][TOPICS.index("doubles")]["answered"] == 3
    shown.close()
    again.close()

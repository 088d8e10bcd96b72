"""The door gives typed messages, and one viewer decides by a screen's role: which
messages each role may send (every other refused in the words and the log line of the
message's activity), and what each role sees. No handler of the server compares a role
itself."""

from __future__ import annotations

import ast
import asyncio
import dataclasses
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from hubs import quiz_room, say, screen_of

import blockdomino.classroom
import blockdomino.server
from blockdomino.protocol.door import FrameError, parse
from blockdomino.protocol.messages import MESSAGES, Hello, Message, WalkAnswer
from blockdomino.protocol.roles import Role
from blockdomino.protocol.viewer import VIEWS, may_send, refusal
from blockdomino.server.class_hub import open_hub
from blockdomino.words.i18n import translate

PUPILS = {"open", "join", "name", "leave", "act", "quiz_answer", "walk_answer", "back"}
"""The messages a pupil's screen sends; ``hello`` any screen; every other the teacher's."""
LESSONS = {
    kind for kind in MESSAGES if kind.startswith(("quiz_", "walk_")) or kind == "mastery_show"
}
DESK = {"show", "close", "remove", "seat_all", "rename", "reset", "watch", "roll", "back"}
OWN = {Role.TEACHER: "teacher", Role.PROJECTOR: "projector", Role.PUPIL: "lobby"}
"""The screen each role is sent when it comes in."""
SAMPLES: dict[str, object] = {
    "str": "x",
    "int": 1,
    "bool": True,
    "str | None": None,
    "int | None": None,
    "Plain": 1.5,
    "tuple[str, ...]": ["matching"],
    "tuple[int, ...]": [0, 2],
    "Role": "teacher",
}


def wire(kind: str) -> dict[str, Any]:
    """A message of ``kind`` as a screen sends it, with every field it declares."""
    shape = MESSAGES[kind]
    return {"type": kind} | {f.name: SAMPLES[str(f.type)] for f in dataclasses.fields(shape)}


def typed(kind: str) -> Message:
    return parse(json.dumps(wire(kind)))


def sender(kind: str) -> Role | None:
    if kind == "hello":
        return None
    return Role.PUPIL if kind in PUPILS else Role.TEACHER


@pytest.mark.parametrize("kind", sorted(MESSAGES))
def test_the_door_gives_each_message_as_its_frozen_dataclass(kind: str) -> None:
    message = typed(kind)
    assert type(message) is MESSAGES[kind]
    assert message.kind == kind
    for field in dataclasses.fields(message):
        value = getattr(message, field.name)
        assert not isinstance(value, list)  # lists come in as tuples: nothing to change
        assert value == SAMPLES[str(field.type)] or list(value) == SAMPLES[str(field.type)]
    with pytest.raises(dataclasses.FrozenInstanceError):
        message.kind = "other"  # type: ignore[misc]


def test_the_door_gives_typed_fields_and_defaults() -> None:
    hello = parse('{"type": "hello", "role": "projector"}')
    assert hello == Hello(role=Role.PROJECTOR)
    assert isinstance(hello, Hello)
    assert hello.role is Role.PROJECTOR
    assert parse('{"type": "hello"}') == Hello(role=Role.PUPIL)
    answer = parse('{"type": "walk_answer", "step": 2, "tiles": [1, 0], "pupil": "p"}')
    assert answer == WalkAnswer(step=2, tiles=(1, 0), pupil="p", walk=None)


@pytest.mark.parametrize(
    "frame",
    [
        '{"type": "hello", "role": "admin"}',
        '{"type": "hello", "role": "Teacher"}',
        '{"type": "hello", "role": null}',
        '{"type": "poll"}',
        '{"type": "Hello"}',
    ],
)
def test_an_unknown_role_or_message_kind_is_refused_at_the_door(frame: str) -> None:
    with pytest.raises(FrameError) as refused:
        parse(frame)
    assert refused.value.key == "tables.error.message"


@pytest.mark.parametrize("role", list(Role))
@pytest.mark.parametrize("kind", sorted(MESSAGES))
def test_each_role_may_send_only_its_own_messages(role: Role, kind: str) -> None:
    message = typed(kind)
    expected = sender(kind)
    assert message.sender == expected
    assert may_send(role, message, admitted=True) == (expected in (None, role))
    assert may_send(role, message, admitted=False) == (kind == "hello")


@pytest.mark.parametrize("role", list(Role))
@pytest.mark.parametrize("kind", sorted(set(MESSAGES) - {"hello"}))
def test_a_message_not_ones_own_is_refused_in_its_activitys_words(role: Role, kind: str) -> None:
    said = refusal(role, typed(kind))
    if kind in LESSONS:
        assert said.key == "lessons.error.message"
        assert said.log is not None
        assert said.log.startswith("a quiz message refused: ")
    elif kind in DESK:
        assert said.key == "tables.error.message"
        assert said.log == f"a {kind} message refused: sent by a {role.value}'s screen"
    else:
        assert (said.key, said.log) == ("tables.error.message", None)


def test_what_each_role_sees() -> None:
    pupil, projector, teacher = (VIEWS[role] for role in (Role.PUPIL, Role.PROJECTOR, Role.TEACHER))
    assert pupil.pupil
    assert not pupil.whole_class
    assert not pupil.hosts
    assert not pupil.runs
    assert projector.whole_class
    assert projector.hosts
    assert not projector.pupil
    assert teacher.whole_class
    assert teacher.runs
    assert not teacher.hosts
    assert not teacher.pupil
    assert set(VIEWS) == set(Role)


def test_every_screen_is_refused_what_its_role_may_not_send_and_told_its_own_screen(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Against a hub: each role's screen sends every message of the other roles; each is
    refused once, in the words of its activity, and changes nothing."""

    async def run() -> None:
        hub = open_hub(tmp_path / "t.db", "fi")
        for role in Role:
            screen, said = screen_of(hub, role, "fi")
            assert hub.screen_of(screen).kind == OWN[role]
            for kind in sorted(set(MESSAGES) - {"hello"}):
                if sender(kind) == role:
                    continue
                before = len(said.said)
                await say(hub, screen, **wire(kind))
                refused = [m for m in said.said[before:] if m["type"] == "refused"]
                key = "lessons.error.message" if kind in LESSONS else "tables.error.message"
                assert [m["text"] for m in refused] == [translate(key, "fi")], (role, kind)
        assert not hub.tables.tables
        assert quiz_room(hub).quiz.quiz is None

    with caplog.at_level(logging.WARNING, logger="blockdomino.server"):
        asyncio.run(run())
    desk = [r for r in caplog.records if "refused: sent by" in r.message]
    assert len(desk) == 2 * len(DESK)  # the teacher may not send a pupil's "back"


def test_a_screen_that_did_not_say_hello_may_send_nothing_else(tmp_path: Path) -> None:
    async def run() -> None:
        hub = open_hub(tmp_path / "t.db", "en")
        for role in Role:
            screen, said = screen_of(hub, role)
            hub.screens.discard(screen)
            for kind in sorted(set(MESSAGES) - {"hello"}):
                await say(hub, screen, **wire(kind))
            assert {m["type"] for m in said.said} == {"refused"}
            assert len(said.said) == len(MESSAGES) - 1
        assert not hub.tables.tables

    asyncio.run(run())


def test_no_module_of_the_server_decides_by_comparing_a_role() -> None:
    """The viewer decides: no handler compares a screen's role, nor a role's name (the
    hub's nor the live activities')."""
    names = {role.value for role in Role}
    compares = []
    packages = (blockdomino.server, blockdomino.classroom)
    paths = [path for package in packages for path in Path(package.__path__[0]).glob("*.py")]
    assert "playing.py" in {path.name for path in paths}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            for side in sides:
                role = isinstance(side, ast.Attribute) and side.attr == "role"
                named = isinstance(side, ast.Constant) and side.value in names
                members = isinstance(side, ast.Tuple | ast.Set) and any(
                    isinstance(e, ast.Constant) and e.value in names for e in side.elts
                )
                if role or named or members:
                    compares.append(f"{path.name}:{node.lineno}")
    assert compares == []

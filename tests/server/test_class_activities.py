"""Every live activity of the class (``classroom.registry.ACTIVITIES``: the tables, the quiz,
the walkthrough, the teacher's desk, and any added later) through the same checks: it
takes the messages of its own activity and no other; each of them is refused from a
screen of any other role, or not let in, and changes nothing any screen sees; a server
started again from the store resumes it, every role greeted as before; and no screen is
ever sent a tile of another seat's hand, nor the projector and the teacher any hand."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hubs import Socket, say, screen_of
from test_class_frames import named_tiles
from test_class_viewer import wire

from blockdomino.classroom.registry import ACTIVITIES
from blockdomino.classroom.screens import Client
from blockdomino.engine.tiles import Tile
from blockdomino.protocol.messages import MESSAGES, Activity
from blockdomino.protocol.roles import Role
from blockdomino.protocol.said import SAID
from blockdomino.server.class_hub import open_hub
from blockdomino.server.live import Hub

Class = dict[str, tuple[Client, Socket]]
"""The screens of a scripted class, by name: the teacher's, the projector's, two pupils'."""
Script = Callable[[Hub, Class], Awaitable[None]]
MOST_MOVES = 6
EXAMPLES = {"quiz", "quiz_done", "walk", "walk_done", "mastery"}
"""The frames of the lessons: the tiles they name are their worked examples', no seat's."""


async def _seated(hub: Hub, screens: Class) -> None:
    """Ann opens a table of three, one seat the computer's, Bea joins it, and whoever
    may act taps a legal move, a few times."""
    (ann, told_ann), (bea, _) = screens["ann"], screens["bea"]
    opening = {"preset": "block", "players": 3, "computers": 1, "nickname": "Ann"}
    await say(hub, ann, type="open", **opening)
    table = told_ann.last("joined")["table"]
    await say(hub, bea, type="join", table=table, nickname="Bea")
    for number in range(MOST_MOVES):
        seats = [(s, told.last("seat")["screen"]) for s, told in (screens["ann"], screens["bea"])]
        movers = [(s, seen) for s, seen in seats if seen["actions"]]
        if not movers:
            return
        mover, seen = movers[0]
        await say(hub, mover, type="act", move=f"m{number}", action=seen["actions"][0]["key"])


async def _quiz(hub: Hub, screens: Class) -> None:
    """The teacher starts a quiz, Ann answers its first question, the teacher shows the answers."""
    teacher, ann = screens["teacher"][0], screens["ann"]
    start = {"topics": ["doubles"], "level": 1, "count": 2, "seconds": None}
    await say(hub, teacher, type="quiz_start", **start)
    asked = ann[1].last("quiz")["screen"]
    answer = {"quiz": asked["quiz"], "number": 0, "choice": 0, "nickname": "Ann"}
    await say(hub, ann[0], type="quiz_answer", **answer)
    await say(hub, teacher, type="quiz_reveal")


async def _walk(hub: Hub, screens: Class) -> None:
    """The teacher walks an example two steps on."""
    teacher = screens["teacher"][0]
    await say(hub, teacher, type="walk_start", example="domino-0-8")
    await say(hub, teacher, type="walk_next")


async def _desk(hub: Hub, screens: Class) -> None:
    """Pupils seated and playing; the teacher shows their table and watches it."""
    await _seated(hub, screens)
    table = screens["ann"][1].last("joined")["table"]
    teacher = screens["teacher"][0]
    await say(hub, teacher, type="show", table=table)
    await say(hub, teacher, type="watch", table=table)
    await say(hub, teacher, type="roll")


SCRIPTS: dict[Activity, Script] = {
    Activity.TABLES: _seated,
    Activity.QUIZ: _quiz,
    Activity.WALK: _walk,
    Activity.DESK: _desk,
}
"""A use of each activity, as a class would use it (a new activity adds its own)."""


def _class(hub: Hub) -> Class:
    screens = {
        "teacher": screen_of(hub, "teacher"),
        "projector": screen_of(hub, "projector"),
        "ann": screen_of(hub, "pupil"),
        "bea": screen_of(hub, "pupil"),
    }
    screens["bea"][0].address = "10.0.0.6"
    return screens


async def _greeted(hub: Hub, ann: Client) -> dict[Role, list[dict[str, Any]]]:
    """What a screen of each role is sent as it comes in (every activity greets it), the
    pupil's with Ann's seat and pupil token, as her page says hello again."""
    for part in hub.activities.values():
        await part.resume(hub)
    seen = {}
    for role in Role:
        screen, socket = screen_of(hub, role)
        if role is Role.PUPIL:
            screen.token, screen.pupil = ann.token, ann.pupil
        for part in hub.activities.values():
            await part.greet(hub, screen)
        hub.screens.discard(screen)
        seen[role] = socket.said
    return seen


def test_each_activity_is_registered_under_the_activity_of_the_messages_it_takes(
    tmp_path: Path,
) -> None:
    hub = open_hub(tmp_path / "t.db", "en")
    assert set(ACTIVITIES) == set(Activity) == set(hub.activities) == set(SCRIPTS)
    for activity, part in hub.activities.items():
        assert part.takes is activity
    assert {shape.activity for shape in MESSAGES.values()} <= set(ACTIVITIES)


def _messages_of(activity: Activity) -> list[str]:
    return sorted(k for k, shape in MESSAGES.items() if shape.activity is activity and shape.sender)


@pytest.mark.parametrize("activity", list(ACTIVITIES))
def test_an_activitys_messages_from_any_other_role_are_refused_and_change_nothing(
    tmp_path: Path, activity: Activity
) -> None:
    async def run() -> None:
        hub = open_hub(tmp_path / "t.db", "en")
        screens = _class(hub)
        await SCRIPTS[activity](hub, screens)
        ann = screens["ann"][0]
        before = await _greeted(hub, ann)
        for kind in _messages_of(activity):
            sender = MESSAGES[kind].sender
            for name, (screen, socket) in screens.items():
                if screen.role != sender:
                    await say(hub, screen, **wire(kind))
                    assert socket.said[-1]["type"] == "refused", (kind, name)
            stranger, told = screen_of(hub, sender or "pupil")
            hub.screens.discard(stranger)  # a screen of the right role, not let in
            await say(hub, stranger, **wire(kind))
            assert [m["type"] for m in told.said] == ["refused"], kind
        assert await _greeted(hub, ann) == before

    asyncio.run(run())


def _hub_of(store: str, tmp_path: Path, request: pytest.FixtureRequest) -> Callable[[], Hub]:
    if store == "sqlite":
        return lambda: open_hub(tmp_path / "t.db", "en")
    from blockdomino.server.class_hub import shared_hub

    url = request.getfixturevalue("redis_url")
    return lambda: shared_hub(url, "en")


@pytest.mark.parametrize("store", ["sqlite", "redis"])
@pytest.mark.parametrize("activity", list(ACTIVITIES))
def test_a_server_started_again_resumes_each_activity_as_every_role_saw_it(
    tmp_path: Path, request: pytest.FixtureRequest, store: str, activity: Activity
) -> None:
    opened = _hub_of(store, tmp_path, request)

    async def run() -> tuple[dict[Role, Any], dict[Role, Any], Hub, Class]:
        hub = opened()
        screens = _class(hub)
        await SCRIPTS[activity](hub, screens)
        ann = screens["ann"][0]
        for screen, _ in screens.values():
            hub.screens.discard(screen)  # the class's screens gone with the server
        before = await _greeted(hub, ann)
        again = opened()
        (tmp_path / "fresh").mkdir()
        fresh = await _greeted(open_hub(tmp_path / "fresh" / "t.db", "en"), ann)
        assert before != fresh  # what the script changed is what comes back
        return before, await _greeted(again, ann), again, screens

    before, after, again, screens = asyncio.run(run())
    assert after == before
    _no_hidden_tile(again, screens, after)


def _hands(hub: Hub) -> Iterator[tuple[str, int, tuple[Tile, ...]]]:
    for table in hub.tables.tables.values():
        for seat, hand in enumerate(table.game.current_round.hands):
            yield table.id, seat, hand


def _no_hidden_tile(hub: Hub, screens: Class, greeted: dict[Role, Any]) -> None:
    """No frame any screen was sent names or draws a tile of a hand that screen may not
    see: a pupil only its own seat's, the projector and the teacher none (the rounds
    scripted here do not end, so every hand now was hidden all along)."""
    kept = {(table, seat): set(hand) for table, seat, hand in _hands(hub)}
    ann = screens["ann"][0]
    sent = [(screen.token, socket.said) for screen, socket in screens.values()]
    sent += [(ann.token if role is Role.PUPIL else None, said) for role, said in greeted.items()]
    for token, frames in sent:
        _said_as_listed(frames)
        held = None if token is None else hub.tables.find(token)
        own = None if held is None else (held[0].id, held[1])
        hidden = set().union(*(tiles for place, tiles in kept.items() if place != own))
        for frame in frames:
            if frame["type"] not in EXAMPLES:
                assert not named_tiles(frame) & hidden, frame["type"]


def _said_as_listed(frames: list[dict[str, Any]]) -> None:
    """Every frame a screen was sent is a message of ``protocol.said``: its ``type``
    listed, each field it declares sent (but those left out while ``None``), no other."""
    for frame in frames:
        shape = SAID[frame["type"]]
        declared = {field.name for field in fields(shape)}
        assert set(frame) - {"type"} <= declared, frame["type"]
        assert declared - shape.left_out <= set(frame), frame["type"]

"""The versions of tables shared through Redis, process by process: a move on a table
another process changed first is refereed again on the table as it is now (taken, or
refused in the pupil's words when no longer legal), never written twice; a move written
whose answer Redis lost is taken, not refused; a change announced is applied to the
other process's copy without reading the table again, and a version missed makes that
process read only what it lacks. Two hubs (``Hub``) of one Redis stand for two server
processes; their screens are sockets that keep what they are sent, and nothing listens
on the channel unless the test hands a hub what was announced.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from hubs import Socket, say, screen_of

from blockdomino.classroom.screens import Client
from blockdomino.server.class_hub import shared_hub
from blockdomino.server.live import Hub
from blockdomino.stores.redis_class import RedisKeeping
from blockdomino.stores.redis_store import CHANNEL, RedisStore, Write, actions_key, version_key
from blockdomino.tables.screens import seat_screen
from blockdomino.tables.service import TableService, pupil_move
from blockdomino.words.i18n import translate

redis = pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[test]'")


def _shared(hub: Hub) -> RedisKeeping:
    assert hub.store is not None
    return hub.store


def _counted(hub: Hub) -> list[int]:
    """The version each commit of ``hub`` expects, one entry per call of Redis's script."""
    shared, expected = _shared(hub), []
    commit = shared.commit

    async def counting(table_id: str, version: int, writes: list[Write]) -> tuple[bool, int]:
        expected.append(version)
        return await commit(table_id, version, writes)

    shared.commit = counting  # type: ignore[method-assign]
    return expected


async def _seated(
    hub: Hub, players: int, computers: int = 0, preset: str = "block"
) -> tuple[str, list[Socket]]:
    """A table of ``preset`` opened on ``hub`` and every pupil's seat taken there: the
    table and each pupil's socket, seat by seat."""
    opener, said = screen_of(hub)
    await say(hub, opener, type="open", preset=preset, players=players, computers=computers,
               nickname="Ada")  # fmt: skip
    table = str(said.last("joined")["table"])
    sockets = [said]
    for number in range(1, players - computers):
        other, socket = screen_of(hub)
        await say(hub, other, type="join", table=table, nickname=f"Pupil {number}")
        sockets.append(socket)
    return table, sockets


def _kept(url: str, table: str) -> tuple[tuple[tuple[str, str], ...], int]:
    """The actions Redis keeps of ``table`` and its version."""
    client = redis.Redis.from_url(url, decode_responses=True)
    kept = RedisStore(client).table(table)
    assert kept is not None
    version = int(client.get(version_key(table)))
    client.close()
    return kept.actions, version


def _same(hub: Hub, other: Hub, table: str) -> None:
    """Both hubs have ``table`` as it is, at the same version."""
    mine, theirs = hub.tables.tables[table], other.tables.tables[table]
    assert mine.taken == theirs.taken
    assert mine.seats == theirs.seats
    for seat in range(mine.rules.players):
        assert seat_screen(mine, seat, "en") == seat_screen(theirs, seat, "en")
    assert _shared(hub).versions[table] == _shared(other).versions[table]


async def _two_processes(
    url: str, lang: str, players: int
) -> tuple[Hub, Hub, str, int, Client, Socket]:
    """Two hubs of one Redis, a table for ``players`` pupils all seated on the first,
    the seat to move, its pupil's screen and socket on the first hub."""
    one = shared_hub(url, lang)
    table, sockets = await _seated(one, players)
    two = shared_hub(url, lang)
    mover = one.tables.tables[table].game.to_move
    assert mover is not None
    pupil = next(screen for screen in one.screens if screen.socket is sockets[mover])
    return one, two, table, mover, pupil, sockets[mover]


def test_a_move_on_a_table_another_process_changed_first_is_refereed_again(
    redis_url: str,
) -> None:
    async def run() -> None:
        one, two, table, mover, pupil, said = await _two_processes(redis_url, "en", 3)
        given = (mover + 1) % 3
        teacher, _ = screen_of(two, role="teacher")
        await say(two, teacher, type="remove", table=table, seat=given)
        expected = _counted(one)
        action = said.last("seat")["screen"]["actions"][0]["key"]
        await say(one, pupil, type="act", move="m0", action=action)
        assert said.last("done") == {"type": "done", "move": "m0", "taken": True}
        assert expected[1] == expected[0] + 1
        assert len(expected) == 2
        actions, version = _kept(redis_url, table)
        assert actions[0] == (pupil_move(mover, "m0"), action)
        assert [move for move, _ in actions].count(pupil_move(mover, "m0")) == 1
        mine = one.tables.tables[table]
        assert mine.seats[given].computer is not None
        assert mine.taken == len(actions)
        assert mine.taken > 1 or mine.game.is_over  # the computer now at the seat played
        assert _shared(one).versions[table] == version
        client = redis.Redis.from_url(redis_url, decode_responses=True)
        alone = TableService.load(RedisStore(client)).tables[table]
        assert seat_screen(alone, mover, "en") == seat_screen(mine, mover, "en")
        client.close()

    asyncio.run(run())


def test_a_move_no_longer_legal_when_another_process_moved_first_is_refused_in_words(
    redis_url: str,
) -> None:
    async def run() -> None:
        one, two, table, mover, first, said = await _two_processes(redis_url, "fi", 2)
        screen = said.last("seat")["screen"]
        second, heard = screen_of(two, lang="sv")
        second.token = first.token
        await say(two, second, type="act", move="m0", action=screen["actions"][0]["key"])
        assert heard.last("done")["taken"]
        before = _kept(redis_url, table)
        first.lang = "sv"
        expected = _counted(one)
        await say(one, first, type="act", move="m1", action=screen["actions"][-1]["key"])
        assert said.last("done") == {"type": "done", "move": "m1", "taken": False}
        game = two.tables.tables[table].game  # the other's turn, or over: nobody could play
        reason = "over" if game.is_over else "not_your_turn"
        assert game.is_over or game.to_move == 1 - mover
        assert said.last("refused")["text"] == translate(f"tables.refused.{reason}", "sv")
        assert len(expected) == 1
        assert _kept(redis_url, table) == before
        _same(one, two, table)
        assert one.trouble is None
        other = next(screen for screen in one.screens if screen.seat == 1 - mover)
        drawn = seat_screen(one.tables.tables[table], 1 - mover, "en")
        assert other.socket.last("seat")["screen"] == drawn  # type: ignore[attr-defined]

    asyncio.run(run())


def test_a_move_written_whose_answer_was_lost_is_taken_once(redis_url: str) -> None:
    async def run() -> None:
        one, _, table, mover, pupil, said = await _two_processes(redis_url, "en", 2)
        shared = _shared(one)
        commit = shared.commit

        async def unanswered(table_id: str, version: int, writes: list[Write]) -> tuple[bool, int]:
            await commit(table_id, version, writes)
            raise redis.TimeoutError("Timeout reading from 127.0.0.1:6379")

        shared.commit = unanswered  # type: ignore[method-assign]
        action = said.last("seat")["screen"]["actions"][0]["key"]
        await say(one, pupil, type="act", move="m0", action=action)
        assert said.last("done") == {"type": "done", "move": "m0", "taken": True}
        assert not [message for message in said.said if message["type"] == "refused"]
        actions, version = _kept(redis_url, table)
        assert actions == ((pupil_move(mover, "m0"), action),)
        assert one.tables.tables[table].taken == 1
        assert shared.versions[table] == version
        assert one.trouble is None

    asyncio.run(run())


async def _opened_elsewhere(url: str) -> tuple[Hub, str]:
    """A hub of one process, and the table a pupil opened on another process of its
    class a moment ago, which it has not heard of yet."""
    two = shared_hub(url, "sv")
    one = shared_hub(url, "sv")
    opener, opened = screen_of(one)
    await say(one, opener, type="open", preset="block", players=2, nickname="Ada")
    table = str(opened.last("joined")["table"])
    assert table not in two.tables.tables
    return two, table


def test_a_pupil_joins_a_table_this_process_has_not_heard_of_yet(redis_url: str) -> None:
    async def run() -> None:
        two, table = await _opened_elsewhere(redis_url)
        pupil, said = screen_of(two, lang="sv")
        await say(two, pupil, type="join", table=table, nickname="Bo")
        assert said.last("joined")["table"] == table
        assert not [message for message in said.said if message["type"] == "refused"]
        seats = RedisStore(redis.Redis.from_url(redis_url, decode_responses=True)).table(table)
        assert seats is not None
        assert [seat.nickname for seat in seats.seats] == ["Ada", "Bo"]

    asyncio.run(run())


def test_the_teacher_shows_a_table_this_process_has_not_heard_of_yet(redis_url: str) -> None:
    """A table a pupil opened on another process a moment ago, shown by the teacher
    before this process heard of it: read from Redis and shown, not nothing."""

    async def run() -> tuple[str, Hub, Socket]:
        two, table = await _opened_elsewhere(redis_url)
        boss, _ = screen_of(two, "teacher", lang="sv")
        _, shown = screen_of(two, "projector", lang="sv")
        await say(two, boss, type="show", table=table)
        return table, two, shown

    table, two, shown = asyncio.run(run())
    assert two.shown == table
    assert table in two.tables.tables
    assert shown.last("projector")["screen"]["table"] == table
    assert shared_hub(redis_url, "sv").shown == table  # the choice kept for every process


def _announced(url: str) -> tuple[Any, Callable[[], list[str]]]:
    """A subscriber to the channel, and what it heard so far."""
    listener = redis.Redis.from_url(url, decode_responses=True).pubsub()
    listener.subscribe(CHANNEL)
    listener.get_message(timeout=1)

    def heard() -> list[str]:
        notes = []
        while (message := listener.get_message(timeout=0.2)) is not None:
            notes.append(str(message["data"]))
        return notes

    return listener, heard


def test_a_change_announced_is_applied_and_a_version_missed_reads_the_table_again(
    redis_url: str,
) -> None:
    listener, heard = _announced(redis_url)

    async def run() -> None:
        one = shared_hub(redis_url, "en")
        table, (said,) = await _seated(one, players=2, computers=1, preset="draw")
        two, three = shared_hub(redis_url, "en"), shared_hub(redis_url, "en")
        heard()
        pupil = next(iter(one.screens))
        for number in range(2):
            action = said.last("seat")["screen"]["actions"][0]["key"]
            await say(one, pupil, type="act", move=f"m{number}", action=action)
        notes = heard()
        assert [json.loads(note)["version"] for note in notes] == [3, 4]
        assert json.loads(notes[0])["actions"][0][0] == pupil_move(0, "m0")

        async def never(*_: object) -> Awaitable[bool]:
            raise AssertionError("the table was read again")

        _shared(two)._catch_up = never  # type: ignore[method-assign]
        for note in [notes[0], *notes]:  # the first twice: heard again, taken once
            await two.heard(note)
        _same(one, two, table)
        await three.heard(notes[-1])
        _same(one, three, table)

    try:
        asyncio.run(run())
    finally:
        listener.close()


def test_a_table_left_waiting_for_the_computer_plays_on_once_when_processes_start(
    redis_url: str,
) -> None:
    async def run() -> None:
        one = shared_hub(redis_url, "en")
        table, (said,) = await _seated(one, players=2, computers=1)
        action = said.last("seat")["screen"]["actions"][0]["key"]
        await say(one, next(iter(one.screens)), type="act", move="m0", action=action)
        played, _ = _kept(redis_url, table)
        moved = [move for move, _ in played].index(pupil_move(0, "m0"))
        client = redis.Redis.from_url(redis_url, decode_responses=True)
        # As a server stopped between the pupil's move and the computer's reply left it.
        client.ltrim(actions_key(table), 0, moved)
        client.incr(version_key(table))
        client.close()
        two, three = shared_hub(redis_url, "en"), shared_hub(redis_url, "en")
        assert two.tables.tables[table].game.to_move == 1
        await asyncio.gather(two.play_on(), three.play_on())
        kept, _ = _kept(redis_url, table)
        assert kept == played  # the same replies, taken once
        again = shared_hub(redis_url, "en").tables.tables[table]
        assert again.game == one.tables.tables[table].game

    asyncio.run(run())

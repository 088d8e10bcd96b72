"""The class's tables as a live activity (``classroom.activity.LiveActivity``): a pupil opens,
joins, plays and leaves a table, each screen sent its own screen of it
(``Hall.screen_of``: a pupil's from its seat's view only).

Every change is made through the hub's one store (``Hall.change``) before any screen is
drawn from it; a move resent with the same id is taken once (named by its seat and that
id, ``tables.service``); a screen holds one seat at a game that goes on, and what one
screen or one address may open, sit at and move is limited (``classroom.limits``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, Final

from blockdomino.classroom.activity import Hall, LiveActivity
from blockdomino.classroom.pupils import identified
from blockdomino.classroom.screens import Client
from blockdomino.protocol.messages import Act, Activity, Join, Leave, Message, Name, Open
from blockdomino.protocol.said import Done, Joined
from blockdomino.tables.service import REFUSED, Table, TableError


async def claimed(hub: Hall, screen: Client, nickname: str, pupil: str | None) -> str:
    """The nickname ``screen`` plays and answers under, as it claims ``nickname`` with
    the ``pupil`` token its page keeps for it (``classroom.pupils``)."""
    tell = partial(hub.send, screen)
    claim: dict[str, object] = {"nickname": nickname, "pupil": pupil}
    given = await identified(hub.store, hub.limits, screen, claim, tell)
    return given.nickname


def _free_to_sit(hub: Hall, screen: Client) -> None:
    """A screen holds one seat at a game that goes on: another is refused, as is a seat
    beyond those its address may take (``classroom.limits``)."""
    held = screen.asked.held
    found = None if held is None else hub.tables.find(held)
    playing = found is not None and found[0].seats[found[1]].computer is None
    if playing and found is not None and not found[0].closed and not found[0].game.is_over:
        raise TableError("tables.limit.seat")
    if not hub.limits.may_sit(screen.address):
        raise TableError("tables.limit.seats")


async def _seated(hub: Hall, screen: Client, table: Table, token: str) -> None:
    screen.token = screen.asked.held = token
    await hub.send(screen, Joined(token, table.id))
    await hub.refresh(table.id)
    if screen.seat is not None:
        await hub.tell_named(screen)


async def _open(hub: Hall, screen: Client, message: Open) -> None:
    name = await claimed(hub, screen, message.nickname, message.pupil)
    pupil = None if screen.pupil is None else screen.pupil.token or None
    if not hub.limits.may_open(screen.address, screen.asked, pupil):
        raise TableError("tables.limit.tables")  # every open counts, taken or refused
    _free_to_sit(hub, screen)

    def opening() -> Table:
        return hub.tables.open(message.preset, message.players, computers=message.computers)

    opened = await hub.change(None, opening)
    table, _, token = await hub.change(opened.id, lambda: hub.tables.join(opened.id, name))
    await _seated(hub, screen, table, token)


async def _join(hub: Hall, screen: Client, message: Join) -> None:
    table_id = message.table
    _free_to_sit(hub, screen)
    name = await claimed(hub, screen, message.nickname, message.pupil)
    table, _, token = await hub.change(table_id, lambda: hub.tables.join(table_id, name))
    await _seated(hub, screen, table, token)


async def _name(hub: Hall, screen: Client, message: Name) -> None:
    await claimed(hub, screen, message.nickname, message.pupil)
    await hub.tell_named(screen)


async def _leave(hub: Hall, pupil: Client, _: Leave) -> None:
    """The pupil leaves its table for the lobby: the computer plays its seat on
    (``TableService.leave``), the others and the teacher are told; the pupil keeps its
    token, to sit down again (``back``, ``classroom.teaching``)."""
    held = None if pupil.token is None else hub.tables.find(pupil.token)
    hub.screens.place(pupil, None, None)
    if pupil.token is None or held is None:
        await hub.send(pupil, hub.screen_of(pupil))
        return
    await hub.change(held[0].id, partial(hub.tables.leave, pupil.token))
    await hub.refresh(held[0].id)


async def _act(hub: Hall, screen: Client, message: Act) -> None:
    if screen.token is None:
        raise TableError("tables.refused.unknown_seat")
    if not screen.asked.moves.allow(hub.limits.clock()):
        raise TableError("tables.limit.moves")  # a flood: no table touched, nothing drawn
    move = message.move[:64]
    token, action, held = screen.token, message.action, hub.tables.find(screen.token)
    table_id = None if held is None else held[0].id
    outcome = await hub.change(table_id, lambda: hub.tables.act(token, move, action), once=True)
    taken = outcome.refused is None
    await hub.send(screen, Done(move, taken))
    if outcome.refused is not None:
        await hub.refuse(screen, REFUSED[outcome.refused])
    if outcome.taken:
        if hub.trouble is not None:
            await hub.keep_trouble(None)
        await hub.refresh(screen.table)
    else:
        await hub.send(screen, hub.screen_of(screen))


HANDLERS: Final[dict[type[Message], Callable[[Hall, Client, Any], Awaitable[None]]]] = {
    Open: _open,
    Join: _join,
    Name: _name,
    Leave: _leave,
    Act: _act,
}
"""The handler of each message of the tables (``Activity.TABLES``)."""


class Tables(LiveActivity):
    """The class's tables: a pupil sees its seat or the lobby, the projector the table
    the teacher shows, the teacher every table (``Hall.screen_of``); kept table by table
    in the hub's store and resumed from it (``Hall.play_on``)."""

    takes = Activity.TABLES

    def handler(self, hub: Hall, message: Message) -> Callable[[Client, Message], Awaitable[None]]:
        return partial(HANDLERS[type(message)], hub)

    async def greet(self, hub: Hall, screen: Client) -> None:
        await hub.send(screen, hub.screen_of(screen))

    async def resume(self, hub: Hall) -> None:
        await hub.play_on()

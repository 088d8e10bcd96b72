"""The teacher running the class's tables, and the class's roll (``server.live``'s socket).

Only the teacher's screen may send (the door, ``protocol.door``, checks the fields,
``protocol.viewer`` the sender):

- ``seat_all`` (``preset``, ``players``): every pupil in the lobby who said a nickname
  seated in one go, at tables of ``players`` seats, as few tables as hold them all and
  the pupils shared out evenly, computer players in the seats left; the teacher is
  answered ``{"type": "seated", "tables": …, "pupils": …, "unnamed": …}`` (the pupils
  left in the lobby without a nickname);
- ``rename`` (``pupil``, ``nickname``: new, or null to take it away): a pupil of the
  roll renamed, at its table too; the pupil's screen is sent ``renamed``;
- ``reset`` (``table``): the table dealt again, the same pupils and computers seated
  (the old table closed, the projector moved to the new one if it showed it);
- ``watch`` (``table`` or null): answered ``{"type": "watched", "screen": …}``, the
  table as the projector would show it;
- ``roll``: answered ``{"type": "roll", "pupils": […], "asking": …}``: every pupil's
  screen connected, its nickname, its table and seat, and, while a quiz question is
  asked, whether it answered it (by nickname).

A pupil's screen sends ``name`` (``nickname``) from the lobby, so that the teacher sees
who waits and can seat them; after ``leave`` (``classroom.playing``) its lobby
offers the table it left (``back`` in the lobby's frame), and ``back`` sits it down
again there (the computer played its seat meanwhile, ``TableService.leave``). A
message sent by a screen that may not send it is refused in words and logged in one
line (``protocol.viewer``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, Final

from blockdomino.classroom.activity import Hall, LiveActivity
from blockdomino.classroom.pupils import Pupil
from blockdomino.classroom.roster import roster, tell_class
from blockdomino.classroom.screens import Client
from blockdomino.protocol.messages import (
    Activity,
    Back,
    Close,
    Message,
    Remove,
    Rename,
    Reset,
    Roll,
    SeatAll,
    Show,
    Watch,
)
from blockdomino.protocol.roles import Role
from blockdomino.protocol.said import (
    ClassList,
    Joined,
    PupilToken,
    Renamed,
    RollCall,
    Seated,
    Watched,
)
from blockdomino.tables.screens import listing, projector_screen
from blockdomino.tables.service import TableError, nickname, table_rules

Handler = Callable[[Client, Message], Awaitable[None]]


def who(screen: Client) -> str:
    """The name the roll gives a connected screen (never a token)."""
    return f"{id(screen):x}"


def _said_name(hub: Hall, screen: Client) -> str | None:
    """The nickname a pupil's screen goes by: its seat's, else the one it said."""
    held = None if screen.token is None else hub.tables.find(screen.token)
    if held is not None and screen.table is not None:
        return held[0].seats[held[1]].nickname
    return screen.nickname


def in_lobby(hub: Hall, screen: Client) -> bool:
    """Whether a pupil's screen is free to be seated: in the lobby, or at a table whose
    game is over or closed."""
    if not screen.view.pupil or screen not in hub.screens:
        return False
    held = None if screen.token is None else hub.tables.find(screen.token)
    if held is None or screen.table is None:
        return True
    table = held[0]
    return table.closed or table.game.is_over


def roll(hub: Hall) -> RollCall:
    """The class's roll as the teacher's page shows it."""
    asked = (part.answered() for part in hub.activities.values())
    said = next((names for names in asked if names is not None), None)
    asking = said is not None
    answered = said or set()
    pupils: list[dict[str, Any]] = []
    for screen in hub.screens.of(Role.PUPIL):
        name = _said_name(hub, screen)
        seated = not in_lobby(hub, screen)
        pupils.append({
            "pupil": who(screen),
            "nickname": name,
            "table": screen.table if seated else None,
            "seat": screen.seat if seated else None,
            "answered": None if not asking else bool(name and name.casefold() in answered),
        })  # fmt: skip
    pupils.sort(key=lambda row: (str(row["nickname"] or "").casefold(), row["pupil"]))
    return RollCall(pupils, asking)


async def tell_roll(hub: Hall) -> None:
    """Every teacher's screen sent the roll, at the pace of the class's lists
    (``classroom.pacing``)."""

    async def send() -> None:
        teachers = hub.screens.of(Role.TEACHER)
        if teachers:
            told = roll(hub)
            for screen in teachers:
                await hub.send(screen, told)

    await hub.pacing.send("roll", send)


def groups(count: int, size: int) -> list[int]:
    """How many of ``count`` pupils sit at each table of ``size`` seats: as few tables
    as hold them all, shared out evenly (never more than one apart)."""
    tables = -(-count // size)
    if not tables:
        return []
    base, extra = divmod(count, tables)
    return [base + 1 if number < extra else base for number in range(tables)]


async def _seat_all(hub: Hall, teacher: Client, message: SeatAll) -> None:
    preset = message.preset
    players = table_rules(preset, message.players).players
    waiting = [screen for screen in hub.screens if in_lobby(hub, screen)]
    said = {screen: _said_name(hub, screen) for screen in waiting}
    named = sorted((s for s in waiting if said[s]), key=lambda s: (str(said[s]).casefold(), who(s)))
    first = 0
    for size in groups(len(named), players):
        group, first = named[first : first + size], first + size
        names = [str(said[screen]) for screen in group]
        seating = partial(hub.tables.seat_group, preset, players, names)
        table, tokens = await hub.change(None, seating)
        for screen, token in zip(group, tokens, strict=True):
            screen.token = screen.asked.held = token
            await hub.send(screen, Joined(token, table.id))
        await hub.refresh(table.id)
    tables = len(groups(len(named), players))
    unnamed = len(waiting) - len(named)
    await hub.send(teacher, Seated(tables, len(named), unnamed))
    await tell_roll(hub)


async def _rename(hub: Hall, _: Client, message: Rename) -> None:
    new = None if message.nickname is None else nickname(message.nickname)
    pupils = (s for s in hub.screens.of(Role.PUPIL) if who(s) == message.pupil)
    screen = next(pupils, None)
    if screen is None:
        raise TableError("tables.error.no_pupil")
    await _renamed_pupil(hub, screen, new)
    held = None if screen.token is None else hub.tables.find(screen.token)
    if held is not None and screen.table is not None:
        table, seat = held
        await hub.change(table.id, partial(hub.tables.rename, table.id, seat, new))
        await hub.refresh(table.id)
    await hub.send(screen, Renamed(new))
    await tell_roll(hub)


async def _renamed_pupil(hub: Hall, screen: Client, new: str | None) -> None:
    """The pupil of ``screen`` called ``new`` (``None``: no nickname, to say one again):
    their token keeps its answers and mastery under the new nickname (told to their
    page, which keeps the token for it); refused when another pupil holds it. A
    nickname removed is given up in the store too: free for another pupil, and the
    token, sent again, no longer brings it back."""
    token = "" if screen.pupil is None else screen.pupil.token
    if new is None:
        if token:  # its answer to the question asked counts no more
            await hub.store.release(token)
            await hub.lessons_changed({"answers"})
        screen.pupil = None
        return
    if token:
        if not await hub.store.rename(token, new):
            raise TableError("tables.refused.nickname")
        await hub.send(screen, PupilToken(token, new))
    screen.pupil = Pupil(token, new)


async def _reset(hub: Hall, _: Client, message: Reset) -> None:
    old = hub.tables.tables[message.table]
    if old.closed:
        raise TableError("tables.error.no_table")
    seats = await hub.change(old.id, partial(hub.tables.retire, old.id))
    new = await hub.change(None, partial(hub.tables.deal_again, old.rules.name, seats))
    if hub.shown == old.id:
        await hub.store.keep_state("shown", new.id)
        hub.shown = new.id
    await hub.refresh(old.id)
    await hub.refresh(new.id)


async def _show(hub: Hall, _: Client, message: Show) -> None:
    """The projector shows the table (or nothing, for a table that is not there); the
    choice kept before it is shown. A table this process has not heard of yet (another
    process opened it a moment ago) is read from the store first."""
    table_id = message.table
    if table_id not in hub.tables.tables:
        await hub.store.read_table(hub.tables, table_id)
    shown = table_id if table_id in hub.tables.tables else None
    await hub.store.keep_state("shown", shown)
    hub.shown = shown
    await hub.refresh(hub.shown)


async def _close(hub: Hall, _: Client, message: Close) -> None:
    table_id = message.table
    await hub.change(table_id, lambda: hub.tables.close(table_id))
    await hub.refresh(table_id)


async def _remove(hub: Hall, _: Client, message: Remove) -> None:
    """The pupil at ``seat`` sent away from the table: its seat free, its screen's
    token forgotten."""
    table_id, seat = message.table, message.seat
    await hub.change(table_id, lambda: hub.tables.remove(table_id, seat))
    for other in hub.screens:
        if other.table == table_id and other.seat == seat:
            other.token = None
    await hub.refresh(table_id)


async def _watch(hub: Hall, teacher: Client, message: Watch) -> None:
    table = hub.tables.tables.get(message.table or "")
    shown = None if table is None else projector_screen(table, teacher.lang)
    listed = None if table is None else listing(table, teacher.lang)
    await hub.send(teacher, Watched(shown, listed))


async def _roll(hub: Hall, teacher: Client, _: Roll) -> None:
    await hub.send(teacher, roll(hub))


async def _back(hub: Hall, pupil: Client, _: Back) -> None:
    token = pupil.token
    held = None if token is None else hub.tables.find(token)
    if token is None or held is None:
        raise TableError("tables.refused.unknown_seat")
    table = await hub.change(held[0].id, partial(hub.tables.back, token))
    await hub.refresh(table.id)


def way_back(hub: Hall, screen: Client) -> dict[str, Any] | None:
    """The table a pupil's lobby offers when it left a table whose game goes on, to sit
    down again (``back``)."""
    held = None if screen.token is None else hub.tables.find(screen.token)
    if held is None:
        return None
    table, seat = held
    if table.closed or table.game.is_over or table.seats[seat].computer is None:
        return None
    return listing(table, screen.lang)


HANDLERS: Final[dict[type[Message], Callable[[Hall, Client, Any], Awaitable[None]]]] = {
    Show: _show,
    Close: _close,
    Remove: _remove,
    SeatAll: _seat_all,
    Rename: _rename,
    Reset: _reset,
    Watch: _watch,
    Roll: _roll,
    Back: _back,
}
"""The desk's handler of each of its messages (``Activity.DESK``)."""


class TeachersDesk(LiveActivity):
    """The teacher's desk as a live activity (``classroom.activity.LiveActivity``): the
    teacher's messages, the roll on the teacher's screen, the class's nicknames on the
    projector, a pupil's way back to the table it left; what it changes is kept by the
    tables and the hub's store, and read again from them as the server starts."""

    takes = Activity.DESK

    def handler(self, hub: Hall, message: Message) -> Handler:
        return partial(HANDLERS[type(message)], hub)

    def way_back(self, hub: Hall, screen: Client) -> dict[str, Any] | None:
        return way_back(hub, screen)

    async def greet(self, hub: Hall, screen: Client) -> None:
        if screen.view.hosts:  # its own list at once, the other projectors' unchanged
            await hub.send(screen, ClassList(roster(hub.screens)))
        elif screen.pupil is not None:
            await self.named(hub, screen)

    async def named(self, hub: Hall, screen: Client) -> None:
        await tell_roll(hub)
        await tell_class(hub)

    async def gone(self, hub: Hall, screen: Client) -> None:
        if screen.nickname:
            await tell_class(hub)

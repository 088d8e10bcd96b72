"""A move is sent to its own table's screens (and the projector showing it) alone: the
lobby is sent again only when its list of tables changed, or to a pupil who left the
table and may go back to it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hubs import Socket, say, screen_of

from blockdomino.classroom.screens import Client
from blockdomino.server.class_hub import open_hub
from blockdomino.server.live import Hub
from blockdomino.tables import actions
from blockdomino.tables.service import TableService


def class_of(folder: Path, tables: int) -> tuple[Hub, list[list[tuple[Client, Socket]]]]:
    """A hub with ``tables`` full tables of two pupils, each pupil's screen at its seat."""
    hub = open_hub(folder / "tables.sqlite3", "en")
    seated = []
    for _ in range(tables):
        table = hub.tables.open("block", 2)
        pupils = []
        for seat in range(2):
            screen, socket = screen_of(hub)
            screen.token = hub.tables.join(table.id, f"pupil {seat}")[2]
            hub.screen_of(screen)
            pupils.append((screen, socket))
        seated.append(pupils)
    return hub, seated


async def move(hub: Hub, pupils: list[tuple[Client, Socket]], number: int) -> None:
    """The pupil whose turn it is plays its first legal action."""
    table = next(t for t in hub.tables.tables.values() if t.id == pupils[1][0].table)
    to_move = table.game.to_move
    action = actions.key(table.game.legal_actions()[0])
    mover = pupils[0 if to_move is None else to_move][0]
    await say(hub, mover, type="act", move=f"m{number}", action=action)


def test_a_move_is_sent_to_its_tables_screens_alone(tmp_path: Path) -> None:
    hub, seated = class_of(tmp_path, 3)
    waiting, lobby = screen_of(hub)
    hub.screen_of(waiting)
    _, shown = screen_of(hub, "projector")
    hub.shown = str(seated[0][0][0].table)

    async def play() -> None:
        for number in range(4):
            await move(hub, seated[0], number)

    asyncio.run(play())
    assert all(len(socket.said) >= 4 for _, socket in seated[0])
    assert len(shown.said) == 4
    assert not lobby.said
    assert not any(socket.said for pupils in seated[1:] for _, socket in pupils)


def test_a_lobby_is_sent_again_when_its_tables_changed_or_to_who_may_go_back(
    tmp_path: Path,
) -> None:
    hub, seated = class_of(tmp_path, 2)
    waiting, lobby = screen_of(hub)
    hub.screen_of(waiting)
    left, gone = seated[1][0]

    async def play() -> None:
        await say(hub, left, type="leave")
        gone.said.clear()
        await move(hub, seated[1], 0)
        hub.tables.open("block", 2)
        await hub.refresh(str(seated[0][0][0].table))

    asyncio.run(play())
    assert gone.last("lobby")["back"]["table"] == seated[1][1][0].table
    assert len(lobby.last("lobby")["tables"]) == 1


class Stuck(Socket):
    """A screen's socket that takes no frame (a tablet gone quiet, its buffer full)."""

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()


class Announced:
    """Tables shared with other processes, each announcement naming the table changed."""

    async def heard(self, _: TableService, message: str) -> str:
        return message


def test_a_stuck_screen_holds_up_no_other_table_changed_by_another_process(
    tmp_path: Path,
) -> None:
    hub, seated = class_of(tmp_path, 2)
    hub.store = Announced()  # type: ignore[assignment]
    stuck, other = seated[0][0][0], seated[1][0][1]
    stuck.socket = Stuck()  # type: ignore[assignment]

    async def hear() -> None:
        for pupils in seated:
            await asyncio.wait_for(hub.heard(str(pupils[0][0].table)), 1.0)
        await asyncio.sleep(0.1)
        for task in hub.sending:
            task.cancel()

    asyncio.run(hear())
    assert other.last("seat")["screen"]["table"] == seated[1][0][0].table

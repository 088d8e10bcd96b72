"""One screen connected to the class (by the hub's socket, ``server.live``): what it is,
whom it answers as and what it watches; and every screen connected, found by table and
role. The socket itself is the transport's: here it is only what the hub asks of it
(:class:`Link`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from blockdomino.classroom.limits import Asked
from blockdomino.classroom.pupils import Pupil
from blockdomino.protocol.roles import Role
from blockdomino.protocol.viewer import View, view


class Link(Protocol):
    """A screen's connection as the hub uses it (a Starlette ``WebSocket``)."""

    @property
    def cookies(self) -> Mapping[str, str]:
        """The cookies its browser sent as it connected."""
        ...

    async def send_text(self, data: str) -> None:
        """``data`` sent to the screen."""

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        """The connection closed with ``code``."""


@dataclass(eq=False)
class Client:
    """One connected screen: its socket, language, role and what it watches."""

    socket: Link
    lang: str
    role: Role = Role.PUPIL
    token: str | None = None
    table: str | None = None
    seat: int | None = None
    address: str = ""
    """The address the socket came from."""
    paired: str | None = None
    """The projector's pass its browser keeps, if it has one."""
    pupil: Pupil | None = None
    """The pupil (token and nickname, ``classroom.pupils``) the screen answers as."""
    asked: Asked = field(default_factory=Asked)
    """What the screen asked so far, against its limits (``classroom.limits``)."""

    @property
    def nickname(self) -> str | None:
        """The nickname the screen goes by: its pupil's, once its page said one."""
        return None if self.pupil is None else self.pupil.nickname

    @property
    def view(self) -> View:
        """What the screen sees, by its role (``protocol.viewer``)."""
        return view(self.role)


class Screens:
    """Every connected screen, found by the table it shows and by its role: a move
    touches only its table's screens, not the whole class's."""

    def __init__(self) -> None:
        self._where: dict[Client, tuple[Role, str | None]] = {}
        self._at: dict[tuple[Role, str | None], set[Client]] = {}

    def __contains__(self, screen: object) -> bool:
        return screen in self._where

    def __iter__(self) -> Iterator[Client]:
        return iter(list(self._where))

    def __len__(self) -> int:
        return len(self._where)

    def add(self, screen: Client) -> None:
        """``screen`` kept (again), found by its role and table as they are now."""
        self.discard(screen)
        where = (screen.role, screen.table)
        self._where[screen] = where
        self._at.setdefault(where, set()).add(screen)

    def discard(self, screen: Client) -> None:
        where = self._where.pop(screen, None)
        if where is not None:
            kept = self._at[where]
            kept.discard(screen)
            if not kept:
                del self._at[where]

    def place(self, screen: Client, table: str | None, seat: int | None) -> None:
        """``screen`` shows ``seat`` of ``table`` now (``None``: the lobby)."""
        screen.table, screen.seat = table, seat
        if screen in self:
            self.add(screen)

    def at(self, role: Role, table: str | None) -> list[Client]:
        """The screens of ``role`` that show ``table`` (``None``: no table)."""
        return list(self._at.get((role, table), ()))

    def of(self, role: Role) -> list[Client]:
        """Every screen of ``role``."""
        return [screen for (kind, _), kept in self._at.items() if kind == role for screen in kept]

"""One screen connected to the class's socket (``server.live``): what it is, whom it
answers as and what it watches."""

from __future__ import annotations

from dataclasses import dataclass, field

from starlette.websockets import WebSocket

from blockdomino.server.limits import Asked
from blockdomino.server.pupils import Pupil


@dataclass(eq=False)
class Client:
    """One connected screen: its socket, language, role and what it watches."""

    socket: WebSocket
    lang: str
    role: str = "pupil"
    token: str | None = None
    table: str | None = None
    seat: int | None = None
    address: str = ""
    """The address the socket came from."""
    paired: str | None = None
    """The projector's pass its browser keeps, if it has one."""
    pupil: Pupil | None = None
    """The pupil (token and nickname, ``server.pupils``) the screen answers as."""
    asked: Asked = field(default_factory=Asked)
    """What the screen asked so far, against its limits (``server.limits``)."""

    @property
    def nickname(self) -> str | None:
        """The nickname the screen goes by: its pupil's, once its page said one."""
        return None if self.pupil is None else self.pupil.nickname

"""Who a pupil is: an unguessable pupil token the server gives each nickname a pupil
screen first claims, kept by the page and sent back with that nickname.

A nickname belongs to the one token that claimed it first (whatever its capitals), for
as long as the class keeps its answers: a second screen claiming a nickname in use is
told so in words and not let in under it, and the same screen (or the app beside it,
for Practice results) keeps its nickname by sending its token. Quiz answers and
Practice results count only under a token, and the nickname shown with them is the
token's, never one a message names. A tablet the class shares keeps a token for each
nickname used on it.

The tokens are kept where the lessons are (:class:`KeptPupils`): the lessons' SQLite
file of one process (``stores.lesson_keeping``) or Redis, shared by every process of the class
(``stores.shared_pupils``), so they outlive a restart.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Final, Protocol

from blockdomino.classroom.limits import Asked, Limits
from blockdomino.protocol.said import PupilToken, Said
from blockdomino.tables.service import TableError, nickname

TOKEN_BYTES: Final = 24
"""The pupil token's random bytes (32 characters)."""


class KeptPupils(Protocol):
    """Where the pupils' tokens are kept."""

    async def enroll(self, token: str, name: str) -> str:
        """``name`` given to ``token`` unless another token holds it: the token holding it."""
        ...

    async def nickname_of(self, token: str) -> str | None:
        """The nickname ``token`` holds (``None``: no pupil's token)."""
        ...

    async def holder(self, name: str) -> str | None:
        """The token holding ``name`` (whatever its capitals), if one does."""
        ...

    async def rename(self, token: str, name: str) -> bool:
        """``token``'s nickname made ``name`` unless another token holds it: whether it was."""
        ...

    async def release(self, token: str) -> None:
        """``token`` holds no nickname any more (the teacher removed it): the nickname
        is free, and the token names nobody (its answers no longer go to the teacher)."""
        ...


@dataclass(frozen=True)
class Pupil:
    """The pupil a screen answers as: its token and the nickname it holds ("" for the
    token: a server that keeps no lessons gives none)."""

    token: str
    nickname: str


async def identify(
    kept: KeptPupils, name: str, token: object, may_enroll: Callable[[], bool]
) -> Pupil:
    """The pupil a screen is when it claims the nickname ``name`` with ``token`` (the
    one its page keeps for that nickname, if any): that token's pupil when it holds
    the nickname, else a new token for a nickname nobody holds (when ``may_enroll``:
    the screen's and its address's limits). ``TableError`` for a nickname another
    token holds, or a screen that enrolled too many."""
    if isinstance(token, str) and token:
        held = await kept.nickname_of(token)
        if held is not None and held.casefold() == name.casefold():
            return Pupil(token, held)
    if await kept.holder(name) is not None:
        raise TableError("tables.refused.nickname")
    if not may_enroll():
        raise TableError("tables.limit.names")
    fresh = secrets.token_urlsafe(TOKEN_BYTES)
    if await kept.enroll(fresh, name) != fresh:  # claimed by another meanwhile
        raise TableError("tables.refused.nickname")
    return Pupil(fresh, name)


class Screen(Protocol):
    """A pupil's screen as far as who it is goes (``server.live.Client``)."""

    pupil: Pupil | None
    address: str
    asked: Asked


async def identified(
    kept: KeptPupils | None,
    limits: Limits,
    screen: Screen,
    message: dict[str, object],
    tell: Callable[[Said], Awaitable[None]],
) -> Pupil:
    """The pupil ``screen`` is when ``message`` claims its ``nickname`` with the
    ``pupil`` token the page keeps for it (:func:`identify`; the same pupil as before
    without asking the store again), told to the screen whenever it changes
    (``{"type": "pupil", "token", "nickname"}``), and a nickname in use too
    (``{"type": "pupil", "taken": nickname}``, before the refusal). A server that keeps
    no lessons keeps no tokens: the nickname as claimed, under no token ("")."""
    claimed, token = message.get("nickname"), message.get("pupil")
    name = nickname(claimed if isinstance(claimed, str) else "")
    if kept is None:
        screen.pupil = Pupil("", name)
        return screen.pupil
    known = screen.pupil
    if known is not None and known.nickname.casefold() == name.casefold():
        return known
    try:
        pupil = await identify(
            kept, name, token, partial(limits.may_name, screen.address, screen.asked)
        )
    except TableError as error:
        if error.key == "tables.refused.nickname":
            await tell(PupilToken(taken=name))
        raise
    screen.pupil = pupil
    await tell(PupilToken(pupil.token, pupil.nickname))
    return pupil


async def recognized(
    kept: KeptPupils,
    screen: Screen,
    hello: dict[str, object],
    tell: Callable[[Said], Awaitable[None]],
) -> None:
    """A screen come back with the ``pupil`` token its page keeps (in its ``hello``):
    the pupil of that token again, told its nickname (a token no pupil holds is left
    unsaid)."""
    token = hello.get("pupil")
    if not isinstance(token, str) or not token:
        return
    name = await kept.nickname_of(token)
    if name is not None:
        screen.pupil = Pupil(token, name)
        await tell(PupilToken(token, name))

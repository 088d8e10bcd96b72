"""Every message the server sends a class screen, typed: the other half of the wire's
list, beside the messages screens send (``protocol.messages``).

Each is a frozen dataclass registered in :data:`SAID` under its ``type`` on the wire;
:meth:`Said.wire` is what is sent: ``{"type": …}`` and each field by its name, a field
named in ``left_out`` left out while it is ``None`` (the page tells "not there" from
"nothing" only where it was always so). A screen's drawing (a table, a question, a
step) is the plain value its own module draws (``tables.screens``, ``lessons.screens``,
``lessons.walkthrough``), sent as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Final, TypeVar, dataclass_transform

Drawn = dict[str, Any]
"""A screen's drawing, as its module draws it."""


@dataclass(frozen=True)
class Said:
    """A message the server sends a screen: its ``kind`` (the ``type`` on the wire)."""

    kind: ClassVar[str]
    left_out: ClassVar[frozenset[str]] = frozenset()
    """The fields not sent while they are ``None``."""

    def wire(self) -> dict[str, Any]:
        """The message as it is sent (as JSON)."""
        given = {field.name: getattr(self, field.name) for field in fields(self)}
        sent = {
            name: value
            for name, value in given.items()
            if name not in self.left_out or value is not None
        }
        return {"type": self.kind} | sent


S = TypeVar("S", bound=Said)
SAID: Final[dict[str, type[Said]]] = {}
"""Every message the server sends, by its ``type``."""


@dataclass_transform(frozen_default=True)
def said(kind: str, *left_out: str) -> Callable[[type[S]], type[S]]:
    """The class below, made a frozen dataclass, is the message ``kind`` the server
    sends (``left_out``: its fields not sent while ``None``)."""

    def declared(shape: type[S]) -> type[S]:
        typed = dataclass(frozen=True)(shape)
        typed.kind, typed.left_out = kind, frozenset(left_out)
        SAID[kind] = typed
        return typed

    return declared


# -- the tables (``server.live``, ``classroom.playing``) ------------------------------------


@said("code")
class Code(Said):
    """A pupil's screen is asked for the class code (``wrong``: the one it gave was not)."""

    wrong: bool


@said("lobby", "back")
class Lobby(Said):
    """The lobby: the tables with a free seat, and the table the pupil left, to sit
    down again (``classroom.teaching``)."""

    tables: list[Drawn]
    back: Drawn | None = None


@said("seat")
class Seat(Said):
    """A pupil's seat: the table as that seat sees it (``tables.screens``)."""

    screen: Drawn


@said("projector")
class Projector(Said):
    """The projector's table, as a spectator sees it (``None``: none shown)."""

    screen: Drawn | None


@said("teacher")
class Teacher(Said):
    """The teacher's page: every table, the one shown, the last failed commit in words."""

    tables: list[Drawn]
    shown: str | None
    trouble: str | None


@said("joined")
class Joined(Said):
    """A pupil sat at ``table``: its seat's ``token``, to come back to it."""

    token: str
    table: str


@said("done")
class Done(Said):
    """A pupil's move ``move`` answered: whether it was taken."""

    move: str
    taken: bool


@said("refused")
class Refused(Said):
    """A message refused, and why, in the screen's words."""

    text: str


@said("pupil", "token", "nickname", "taken")
class PupilToken(Said):
    """A pupil's token and the nickname it holds (``classroom.pupils``), or the nickname
    ``taken`` by another pupil."""

    token: str | None = None
    nickname: str | None = None
    taken: str | None = None


# -- the teacher's desk (``classroom.teaching``, ``classroom.roster``) -------------------------


@said("renamed")
class Renamed(Said):
    """A pupil's screen: the teacher renamed it (``None``: took the nickname away)."""

    nickname: str | None


@said("seated")
class Seated(Said):
    """The teacher's page: ``pupils`` seated at ``tables``, ``unnamed`` left without a
    nickname."""

    tables: int
    pupils: int
    unnamed: int


@said("watched")
class Watched(Said):
    """The teacher's page: the table watched as the projector would show it, and its line."""

    screen: Drawn | None
    table: Drawn | None


@said("roll")
class RollCall(Said):
    """The teacher's page: the roll, and whether a question is asked now."""

    pupils: list[Drawn]
    asking: bool


@said("class")
class ClassList(Said):
    """The projector: the nicknames of the pupils whose screens are connected."""

    pupils: list[str]


# -- the quiz and the walkthrough (``classroom.quiz``, ``classroom.walking``) ----------------


@said("quiz")
class QuizScreen(Said):
    """The quiz as the screen's role sees it (``lessons.screens``; ``None``: none)."""

    screen: Drawn | None


@said("quiz_done")
class QuizDone(Said):
    """A pupil's answer kept: the ``choice`` kept for question ``number`` of ``quiz``."""

    quiz: str | int | float | None
    number: int
    choice: int


@said("mastery", "projected")
class Mastery(Said):
    """The table of mastery (``None``: hidden); the teacher's also says whether the
    projector shows it."""

    screen: Drawn | None
    projected: bool | None = None


@said("walk", "examples")
class WalkScreen(Said):
    """The walkthrough's step as the screen's role sees it; the teacher's also the
    walkthroughs to choose from."""

    screen: Drawn | None
    examples: list[Any] | None = None


@said("walk_done")
class WalkDone(Said):
    """A pupil's answer to a step's question kept: the places of the tiles kept."""

    walk: str | int | float | None
    step: int
    tiles: list[int]

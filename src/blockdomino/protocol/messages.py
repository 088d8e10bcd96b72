"""Every message a class screen may send, typed, and the type of every message the server
sends.

Each message a pupil's screen, the projector or the teacher sends is a frozen dataclass
here, registered in :data:`MESSAGES` under its ``type`` on the wire: its fields (what the
door, ``protocol.door``, lets in: a field without a default must be sent), the activity
it belongs to (the tables, the quiz, the walkthrough, the teacher's desk: each handled
by its own part of the server) and the role that sends it (``protocol.viewer`` says
whether a screen may). A handler reads typed fields, which ``mypy --strict`` checks.
The messages the server sends are typed the same way, in ``protocol.said``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Final, TypeVar, dataclass_transform

from blockdomino.protocol.roles import Role

TABLES_REFUSAL: Final = "tables.error.message"
LESSONS_REFUSAL: Final = "lessons.error.message"

Plain = str | int | float | None
"""A field the handler reads itself (an id the screen was sent back)."""


class Activity(StrEnum):
    """The part of the class a message belongs to, each with its own handler."""

    TABLES = "tables"
    """The tables: a screen's hello, a pupil opening, joining and playing a table."""
    QUIZ = "quiz"
    """The class quiz and the table of mastery (``classroom.quiz``)."""
    WALK = "walk"
    """The teacher's walkthrough (``classroom.walking``)."""
    DESK = "desk"
    """The teacher running the tables and the roll (``classroom.teaching``)."""

    @property
    def refusal(self) -> str:
        """The words (a key of the catalogs) a message of this part is refused with."""
        return LESSONS_REFUSAL if self in (Activity.QUIZ, Activity.WALK) else TABLES_REFUSAL


@dataclass(frozen=True)
class Message:
    """A message a screen sent, let in by the door: its ``kind`` (the ``type`` on the
    wire), its activity, and the role that sends it (``None``: any screen)."""

    kind: ClassVar[str]
    activity: ClassVar[Activity]
    sender: ClassVar[Role | None]


M = TypeVar("M", bound=Message)
MESSAGES: Final[dict[str, type[Message]]] = {}
"""Every message a screen may send, by its ``type``."""


@dataclass_transform(frozen_default=True)
def message(kind: str, activity: Activity, sender: Role | None) -> Callable[[type[M]], type[M]]:
    """The class below, made a frozen dataclass, is the message ``kind`` of ``activity``
    that a screen of ``sender`` sends."""

    def declared(shape: type[M]) -> type[M]:
        typed = dataclass(frozen=True)(shape)
        typed.kind, typed.activity, typed.sender = kind, activity, sender
        MESSAGES[kind] = typed
        return typed

    return declared


TABLES, QUIZ, WALK, DESK = Activity.TABLES, Activity.QUIZ, Activity.WALK, Activity.DESK
PUPIL, TEACHER = Role.PUPIL, Role.TEACHER


# -- the tables (``server.live``) -------------------------------------------------------


@message("hello", TABLES, None)
class Hello(Message):
    """A screen says what it is, with the class code, a seat's token, the teacher's
    secret or the pupil token its page keeps."""

    role: Role = Role.PUPIL
    lang: Plain = None
    token: str | None = None
    code: str | None = None
    secret: str | None = None
    pupil: str | None = None


@message("open", TABLES, PUPIL)
class Open(Message):
    """A pupil opens a table of ``preset`` for ``players`` (``computers`` of them the
    computer) and sits at it as ``nickname``."""

    preset: str
    players: int
    nickname: str
    computers: int = 0
    pupil: str | None = None


@message("join", TABLES, PUPIL)
class Join(Message):
    """A pupil sits at ``table`` as ``nickname``."""

    table: str
    nickname: str
    pupil: str | None = None


@message("name", TABLES, PUPIL)
class Name(Message):
    """A pupil says its nickname in the lobby."""

    nickname: str
    pupil: str | None = None


@message("leave", TABLES, PUPIL)
class Leave(Message):
    """A pupil leaves its table for the lobby."""


@message("act", TABLES, PUPIL)
class Act(Message):
    """A pupil's move: ``action`` (``tables.actions``), ``move`` the id its screen gave it."""

    move: str
    action: str


# -- the quiz and the table of mastery (``classroom.quiz``) ------------------------------


@message("quiz_start", QUIZ, TEACHER)
class QuizStart(Message):
    """The teacher starts a quiz of ``count`` questions on ``topics`` at ``level``."""

    topics: tuple[str, ...]
    level: int
    count: int
    seconds: int | None = None
    names: bool = False


@message("quiz_reveal", QUIZ, TEACHER)
class QuizReveal(Message):
    """The teacher shows the answers of the question asked."""


@message("quiz_next", QUIZ, TEACHER)
class QuizNext(Message):
    """The teacher asks the next question."""


@message("quiz_names", QUIZ, TEACHER)
class QuizNames(Message):
    """The teacher shows (or hides) on the projector who has not answered."""

    names: bool


@message("quiz_end", QUIZ, TEACHER)
class QuizEnd(Message):
    """The teacher ends the quiz."""


@message("quiz_mastery", QUIZ, TEACHER)
class QuizMastery(Message):
    """The teacher asks for the table of mastery."""


@message("mastery_show", QUIZ, TEACHER)
class MasteryShow(Message):
    """The teacher shows (or hides) the table of mastery on the projector."""

    shown: bool


@message("quiz_answer", QUIZ, PUPIL)
class QuizAnswer(Message):
    """A pupil's ``choice`` for question ``number`` of the quiz ``quiz``."""

    number: int
    choice: int
    nickname: str
    quiz: Plain = None
    pupil: str | None = None


# -- the walkthrough (``classroom.walking``) ------------------------------------------------


@message("walk_start", WALK, TEACHER)
class WalkStart(Message):
    """The teacher starts the walkthrough of ``example``."""

    example: str


@message("walk_next", WALK, TEACHER)
class WalkNext(Message):
    """The teacher goes on a step."""


@message("walk_back", WALK, TEACHER)
class WalkBack(Message):
    """The teacher goes back a step."""


@message("walk_end", WALK, TEACHER)
class WalkEnd(Message):
    """The teacher ends the walkthrough."""


@message("walk_ask", WALK, TEACHER)
class WalkAsk(Message):
    """The teacher asks the step's question."""


@message("walk_reveal", WALK, TEACHER)
class WalkReveal(Message):
    """The teacher shows the answer of the step's question."""


@message("walk_answer", WALK, PUPIL)
class WalkAnswer(Message):
    """A pupil's answer to the question of ``step``: the places of the ``tiles`` chosen."""

    step: int
    tiles: tuple[int, ...]
    pupil: str
    walk: Plain = None


# -- the teacher's desk and the roll (``classroom.teaching``) -------------------------------


@message("show", DESK, TEACHER)
class Show(Message):
    """The teacher shows ``table`` on the projector."""

    table: str


@message("close", DESK, TEACHER)
class Close(Message):
    """The teacher closes ``table``."""

    table: str


@message("remove", DESK, TEACHER)
class Remove(Message):
    """The teacher sends the pupil at ``seat`` of ``table`` away."""

    table: str
    seat: int


@message("seat_all", DESK, TEACHER)
class SeatAll(Message):
    """The teacher seats every waiting pupil at tables of ``preset`` for ``players``."""

    preset: str
    players: int


@message("rename", DESK, TEACHER)
class Rename(Message):
    """The teacher renames a pupil of the roll (``nickname`` ``None``: takes it away)."""

    pupil: str
    nickname: str | None


@message("reset", DESK, TEACHER)
class Reset(Message):
    """The teacher deals ``table`` again."""

    table: str


@message("watch", DESK, TEACHER)
class Watch(Message):
    """The teacher watches ``table`` (``None``: none)."""

    table: str | None


@message("roll", DESK, TEACHER)
class Roll(Message):
    """The teacher asks for the roll."""


@message("back", DESK, PUPIL)
class Back(Message):
    """A pupil sits down again at the table it left."""

"""Every message a class screen may send, and the one door each frame passes through.

A screen (a pupil's, the projector's, the teacher's) sends JSON objects with a ``type``.
:func:`parse` reads a frame and lets in only a message of a known type whose fields have
the kinds :data:`MESSAGES` lists (a field not listed is dropped); anything else is a
:class:`FrameError` naming the words the screen is told and, for the server's log, what was
wrong. So a frame of bytes, a frame longer than :data:`LONGEST_MESSAGE`, JSON nested
deeper than a message ever is, ``NaN``, ``Infinity`` or ``1e999`` where a number stands,
a field of the wrong kind, or a type nobody handles is refused before any table, quiz or
walkthrough sees it: a handler behind the door may take each field for the kind listed.
This module knows no web server: it reads text and gives plain values.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any, Final

LONGEST_MESSAGE: Final = 4096
"""Characters a screen's message may have."""
LONGEST_FRAME: Final = 256 * 1024
"""Bytes a frame may have at all: the web server closes the socket of a longer one
(code :data:`TOO_BIG`) before reading it whole; a frame up to this long but longer than
a message is refused in words."""
TOO_BIG: Final = 1009
"""The WebSocket close code of a frame too big to read."""
DEEPEST: Final = 3
"""How deep brackets may nest in a message: an object of lists is two."""
LONGEST_NUMBER: Final = 15
"""Digits a whole number in a message may have."""
TABLES_REFUSAL: Final = "tables.error.message"
LESSONS_REFUSAL: Final = "lessons.error.message"
STRINGS: Final = re.compile(r'"(?:[^"\\]|\\.)*"')
BRACKETS: Final = re.compile(r"[\[\]{}]")

Check = Callable[[object], bool]


def _text(value: object) -> bool:
    return isinstance(value, str)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _flag(value: object) -> bool:
    return isinstance(value, bool)


def _maybe_text(value: object) -> bool:
    return value is None or _text(value)


def _maybe_whole(value: object) -> bool:
    return value is None or _whole(value)


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(map(_text, value))


def _wholes(value: object) -> bool:
    return isinstance(value, list) and all(map(_whole, value))


def _plain(value: object) -> bool:
    """A value the handler reads itself: text, a number, true or false, or null."""
    return value is None or isinstance(value, str | int | float)


REQUIRED: Final = True
"""A field the message must have (the others may be left out)."""
Fields = dict[str, tuple[Check, bool]]

TABLES: Final[dict[str, Fields]] = {
    "hello": {
        "role": (_text, False),
        "lang": (_plain, False),
        "token": (_maybe_text, False),
        "code": (_maybe_text, False),
        "secret": (_maybe_text, False),
        "pupil": (_maybe_text, False),
    },
    "open": {
        "preset": (_text, REQUIRED),
        "players": (_whole, REQUIRED),
        "computers": (_whole, False),
        "nickname": (_text, REQUIRED),
        "pupil": (_maybe_text, False),
    },
    "join": {
        "table": (_text, REQUIRED),
        "nickname": (_text, REQUIRED),
        "pupil": (_maybe_text, False),
    },
    "name": {"nickname": (_text, REQUIRED), "pupil": (_maybe_text, False)},
    "leave": {},
    "act": {"move": (_text, REQUIRED), "action": (_text, REQUIRED)},
}
"""The tables' messages (``server.live``), by type: each field's kind, and whether the
message must have it."""
LESSONS: Final[dict[str, Fields]] = {
    "quiz_start": {
        "topics": (_texts, REQUIRED),
        "level": (_whole, REQUIRED),
        "count": (_whole, REQUIRED),
        "seconds": (_maybe_whole, False),
        "names": (_flag, False),
    },
    "quiz_reveal": {},
    "quiz_next": {},
    "quiz_names": {"names": (_flag, REQUIRED)},
    "quiz_end": {},
    "quiz_mastery": {},
    "mastery_show": {"shown": (_flag, REQUIRED)},
    "quiz_answer": {
        "quiz": (_plain, False),
        "number": (_whole, REQUIRED),
        "choice": (_whole, REQUIRED),
        "pupil": (_maybe_text, False),
        "nickname": (_text, REQUIRED),
    },
    "walk_start": {"example": (_text, REQUIRED)},
    "walk_next": {},
    "walk_back": {},
    "walk_end": {},
    "walk_ask": {},
    "walk_reveal": {},
    "walk_answer": {
        "walk": (_plain, False),
        "step": (_whole, REQUIRED),
        "tiles": (_wholes, REQUIRED),
        "pupil": (_text, REQUIRED),
    },
}
"""The lessons' messages (``server.lessons``, ``server.walking``)."""
CLASSROOM: Final[dict[str, Fields]] = {
    "show": {"table": (_text, REQUIRED)},
    "close": {"table": (_text, REQUIRED)},
    "remove": {"table": (_text, REQUIRED), "seat": (_whole, REQUIRED)},
    "seat_all": {"preset": (_text, REQUIRED), "players": (_whole, REQUIRED)},
    "rename": {"pupil": (_text, REQUIRED), "nickname": (_maybe_text, REQUIRED)},
    "reset": {"table": (_text, REQUIRED)},
    "watch": {"table": (_maybe_text, REQUIRED)},
    "roll": {},
    "back": {},
}
"""The class's roll and the teacher's running of the tables (``server.teaching``): the
teacher's messages, and a pupil's nickname said in the lobby and its way back to a
table it left."""
MESSAGES: Final = TABLES | LESSONS | CLASSROOM


class FrameError(ValueError):
    """A frame not let in: ``key`` the words the screen is told, ``reason`` what was
    wrong (for the server's log)."""

    def __init__(self, reason: str, key: str = TABLES_REFUSAL) -> None:
        super().__init__(reason)
        self.key = key
        self.reason = reason


def _depth(text: str) -> int:
    """How deep the brackets of ``text`` nest (outside strings)."""
    deepest = depth = 0
    for bracket in BRACKETS.findall(STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _no_constant(name: str) -> object:
    raise FrameError(f"{name} is no number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise FrameError(f"{text[:20]} is too large")
    return number


def _short_whole(text: str) -> int:
    if len(text.lstrip("-")) > LONGEST_NUMBER:
        raise FrameError("a number too long")
    return int(text)


def _decoded(frame: str | bytes | None) -> object:
    """The JSON value of a frame, or ``FrameError``."""
    if not isinstance(frame, str):
        raise FrameError("a frame of bytes, not text")
    if len(frame) > LONGEST_MESSAGE:
        raise FrameError(f"{len(frame)} characters", "tables.error.too_long")
    if _depth(frame) > DEEPEST:
        raise FrameError("nested too deep")
    try:
        return json.loads(
            frame, parse_constant=_no_constant, parse_float=_finite, parse_int=_short_whole
        )
    except ValueError as error:
        if isinstance(error, FrameError):
            raise
        raise FrameError("not JSON") from None


def parse(frame: str | bytes | None) -> dict[str, Any]:
    """The message a screen sent as ``frame``: its ``type`` and the fields its type
    has, each of the kind listed; ``FrameError`` for anything else."""
    value = _decoded(frame)
    if not isinstance(value, dict):
        raise FrameError("not an object")
    kind = value.get("type")
    fields = MESSAGES.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise FrameError(f"no such type: {str(kind)[:40]!r}")
    key = LESSONS_REFUSAL if kind in LESSONS else TABLES_REFUSAL
    message: dict[str, Any] = {"type": kind}
    for name, (check, required) in fields.items():
        if name not in value:
            if required:
                raise FrameError(f"{kind} without {name}", key)
            continue
        if not check(value[name]):
            raise FrameError(f"{kind}: {name} of the wrong kind", key)
        message[name] = value[name]
    return message

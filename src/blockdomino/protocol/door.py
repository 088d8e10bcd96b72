"""The one door each frame of a class screen passes through.

A screen (a pupil's, the projector's, the teacher's) sends JSON objects with a ``type``.
:func:`parse` reads a frame and lets in only a message of a known type whose fields have
the kinds its dataclass declares (``protocol.messages``; a field not declared is
dropped, one without a default must be there), and gives that dataclass; anything else
is a :class:`FrameError` naming the words the screen is told and, for the server's log,
what was wrong. So a frame of bytes, a frame longer than :data:`LONGEST_MESSAGE`, JSON nested
deeper than a message ever is, ``NaN``, ``Infinity`` or ``1e999`` where a number stands,
a field of the wrong kind, a role nobody has or a type nobody handles is refused before
any table, quiz or walkthrough sees it: a handler behind the door reads typed fields.
This module knows no web server: it reads text and gives typed values.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, Final

from blockdomino.protocol.messages import MESSAGES, TABLES_REFUSAL, Message
from blockdomino.protocol.roles import Role

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


def _role(value: object) -> bool:
    return isinstance(value, str) and value in tuple(Role)


def _kept(value: object) -> object:
    return value


KINDS: Final[dict[str, tuple[Check, Callable[[Any], object]]]] = {
    "str": (_text, str),
    "int": (_whole, int),
    "bool": (_flag, bool),
    "str | None": (_maybe_text, _kept),
    "int | None": (_maybe_whole, _kept),
    "Plain": (_plain, _kept),
    "tuple[str, ...]": (_texts, tuple),
    "tuple[int, ...]": (_wholes, tuple),
    "Role": (_role, Role),
}
"""Each kind a message's field may be declared of (``protocol.messages``): how the
door checks a value sent for it, and makes it that kind."""
SHAPES: Final = {
    kind: tuple(
        (field.name, *KINDS[str(field.type)], field.default is MISSING) for field in fields(shape)
    )
    for kind, shape in MESSAGES.items()
}
"""Each message's fields, by its type: the name, how it is checked and made, and whether
the message must have it (a field declared of a kind not in :data:`KINDS` stops the
server at its start)."""


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


def parse(frame: str | bytes | None) -> Message:
    """The message a screen sent as ``frame``, typed: the dataclass of its ``type``
    (``protocol.messages``), each field of the kind declared; ``FrameError`` for
    anything else."""
    value = _decoded(frame)
    if not isinstance(value, dict):
        raise FrameError("not an object")
    kind = value.get("type")
    shape = MESSAGES.get(kind) if isinstance(kind, str) else None
    if shape is None:
        raise FrameError(f"no such type: {str(kind)[:40]!r}")
    key = shape.activity.refusal
    given: dict[str, object] = {}
    for name, check, make, required in SHAPES[shape.kind]:
        if name not in value:
            if required:
                raise FrameError(f"{kind} without {name}", key)
            continue
        if not check(value[name]):
            raise FrameError(f"{kind}: {name} of the wrong kind", key)
        given[name] = make(value[name])
    return shape(**given)

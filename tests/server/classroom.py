"""Helpers of the class-table tests: pupils, a projector and a teacher as WebSocket
clients that keep every frame they are sent."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass, field
from typing import Any

from websockets.sync.client import ClientConnection, connect

WAIT_SECONDS = 20.0
MOST_FRAMES = 200
TOKENS: dict[str, str] = {}
"""The pupil token each nickname was given, as a page keeps it (a pupil coming back
sends it: ``classroom.pupils``)."""
TABLES = itertools.count(1)
"""Each table's tag, in its pupils' nicknames: a nickname is one pupil's in the class."""


@dataclass
class Screen:
    """One connected screen and every frame it got, in order."""

    ws: ClientConnection
    frames: list[str] = field(default_factory=list)
    latest: dict[str, Any] | None = None
    token: str | None = None

    @classmethod
    def open(cls, port: int, hello: dict[str, Any]) -> Screen:
        url = f"ws://127.0.0.1:{port}/class/ws"
        connection = connect(url, open_timeout=WAIT_SECONDS, max_queue=None)
        screen = cls(connection.__enter__())
        screen.send({"type": "hello", **hello})
        return screen

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def receive(self) -> dict[str, Any]:
        text = str(self.ws.recv(timeout=WAIT_SECONDS))
        self.frames.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "joined":
            self.token = message["token"]
        if message["type"] == "pupil" and "token" in message:
            TOKENS[message["nickname"]] = message["token"]
        if message["type"] in ("seat", "projector"):
            self.latest = message["screen"]
        return message

    def until(self, kind: str, step: int | None = None) -> dict[str, Any]:
        """Frames until one of ``kind`` (a screen at ``step`` or later, if given)."""
        for _ in range(MOST_FRAMES):
            message = self.receive()
            screen = message.get("screen") or {}
            if message["type"] == kind and (step is None or screen.get("step", -1) >= step):
                return message
        raise AssertionError(f"no {kind} frame came")

    def close(self) -> None:
        self.ws.close()


def pupil(port: int, lang: str = "en", token: str | None = None, code: str | None = None) -> Screen:
    hello = {"role": "pupil", "lang": lang, "token": token, "code": code}
    screen = Screen.open(port, hello)
    screen.token = token
    return screen


def seat_table(port: int, code: str, preset: str, players: int, lang: str = "en") -> list[Screen]:
    """Pupils at every seat of a new table of ``preset``, come in by the class
    ``code``: the first opens it."""
    tag = next(TABLES)
    first = pupil(port, lang, code=code)
    first.until("lobby")
    first.send({"type": "open", "preset": preset, "players": players, "nickname": f"Pupil 0 {tag}"})
    first.until("joined")
    table = first.until("seat")["screen"]["table"]
    seated = [first]
    for number in range(1, players):
        other = pupil(port, lang, code=code)
        other.until("lobby")
        other.send({"type": "join", "table": table, "nickname": f"<b>Pupil {number}</b> {tag}"})
        other.until("joined")
        seated.append(other)
    step = 0
    for screen in seated:
        screen.until("seat", step)
    return seated


def play(
    pupils: list[Screen], rng: random.Random, *, most_rounds: int, most_moves: int, to_end: bool
) -> None:
    """Random legal taps by whichever pupil may act, each answered on every screen,
    until the game is over, ``most_rounds`` rounds are played or ``most_moves`` made
    (which, ``to_end``, is a failure)."""
    rounds = 1
    for number in range(most_moves):
        screens = [p.latest for p in pupils]
        assert all(screens)
        if screens[0] and screens[0]["over"]:
            return
        mover = next(p for p in pupils if p.latest and p.latest["actions"])
        assert mover.latest is not None
        choice = rng.choice(mover.latest["actions"])["key"]
        if choice == "next":
            rounds += 1
            if rounds > most_rounds:
                return
        step = mover.latest["step"]
        mover.send({"type": "act", "move": f"m{number}", "action": choice})
        for screen in pupils:
            screen.until("seat", step + 1)
    assert not to_end, "the game went on too long"


def enrolled(port: int, code: str, nickname: str) -> str:
    """The pupil token the server gives a screen that claims ``nickname`` (as the class
    page does when a nickname is typed; the one given before, when the nickname was
    claimed already): what the app sends its Practice results with."""
    screen = pupil(port, code=code)
    screen.until("lobby")
    screen.send({"type": "name", "nickname": nickname, "pupil": TOKENS.get(nickname)})
    token = str(screen.until("pupil")["token"])
    screen.close()
    return token

"""The class's tables over WebSockets: pupils, the projector and the teacher, each told
only what its screen may show.

One socket per screen at ``/class/ws``; every message is JSON with a ``type``, let in
by one door as a typed message (``protocol.door``, ``protocol.messages``: anything
else is refused in words and logged in one line), sent only by the role it belongs to
(``protocol.viewer``), and what one screen or one address may ask is limited
(``classroom.limits``). A screen opens with ``hello`` and says what it is:

- a pupil: ``{"type": "hello", "role": "pupil", "lang": …, "token": … or null,
  "code": …, "pupil": …}``; a token that holds a seat rejoins it at once (the screen of
  that seat; a pupil token, ``classroom.pupils``, is that pupil again), else the class
  code (``stores.keys``) leads to the lobby; without either the pupil is
  answered ``{"type": "code", "wrong": …}`` and must say hello again with the code.
  Then ``open`` (``preset``, ``players``, ``computers``, ``nickname``), ``join``
  (``table``, ``nickname``), ``act`` (``move``, a move id, and ``action``, see
  ``tables.actions``; answered ``done`` with the move id and whether it is taken),
  ``name`` (a ``nickname`` claimed, as ``open`` and ``join`` do) and ``leave`` (back to
  the lobby; the computer plays the seat until the pupil comes ``back``,
  ``classroom.teaching``);
- the projector: ``{"type": "hello", "role": "projector"}`` from a browser the teacher
  paired (the projector's pass in its cookie, ``stores.keys``), or with the teacher's
  ``secret``: it is sent the table the teacher shows, as a spectator sees it;
- the teacher: ``{"type": "hello", "role": "teacher"}`` from the browser that keeps the
  teacher's pass (a cookie, ``stores.keys``) or with the ``secret``, then the
  messages of ``classroom.teaching`` (``show``, ``close``, ``remove``, ``seat_all``, …).

Every message but ``hello`` is handled by the live activity registered for its activity
(``classroom.registry.ACTIVITIES``, ``classroom.activity.LiveActivity``): the tables
(``classroom.playing``), the quiz (``classroom.quiz``), the walkthrough
(``classroom.walking``), the teacher's desk (``classroom.teaching``); a screen let in is
greeted by each in turn.

After every change of a table each screen watching it is sent its own screen again
(``tables.screens``; a pupil's from its seat's view only), once the change is committed;
a failed commit is refused and told to the teacher in words, the table as it was. A move
resent with the same id is taken once (named by its seat and that id, ``tables.service``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Final, TypeVar

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from blockdomino.classroom.activity import LiveActivity
from blockdomino.classroom.limits import Limits
from blockdomino.classroom.pacing import Pacing
from blockdomino.classroom.pupils import recognized
from blockdomino.classroom.screens import Client, Screens
from blockdomino.classroom.store import CLASS, LESSONS, Store
from blockdomino.protocol import messages
from blockdomino.protocol.door import LONGEST_FRAME, TOO_BIG, FrameError, parse
from blockdomino.protocol.messages import Activity, Message
from blockdomino.protocol.roles import Role
from blockdomino.protocol.said import Code, Lobby, Projector, Refused, Said, Seat, Teacher
from blockdomino.protocol.viewer import may_send, refusal
from blockdomino.server.admission import trusted, waiting
from blockdomino.stores.keys import PROJECTOR_COOKIE, ClassKeys
from blockdomino.tables.screens import listing, projector_screen, seat_screen
from blockdomino.tables.service import TableError, TableService
from blockdomino.tables.store import CommitError, failure
from blockdomino.words.i18n import parse_lang, translate

LOG: Final = logging.getLogger("blockdomino.server")
T = TypeVar("T")
Handler = Callable[[Client, Message], Awaitable[None]]
TEACHER_EVERY: Final = 0.25
"""Seconds the teacher's page is sent the tables at most once in while they play (a
school's 250 tables move a hundred times a second)."""
WORKER_HEADER: Final = "x-class-worker"
"""The answer to a socket's opening names the server process (its pid) that serves it:
with ``--workers N`` several do."""


@dataclass
class Hub:
    """Every connected screen of the class, and the table the projector shows: what the
    live activities ask of the hub (``classroom.activity.Hall``), over the sockets."""

    tables: TableService
    keys: ClassKeys
    lang: str
    store: Store
    """The one object that keeps the class (``stores.keeping``): the tables' changes,
    the class's state, the lessons, the pupils' tokens and the one-time links to the
    teacher's page, in one process's SQLite files or in Redis, shared with the others."""
    activities: dict[Activity, LiveActivity] = field(default_factory=dict)
    """The class's live activities (``classroom.registry.ACTIVITIES``), each given the
    messages of its activity, in the order they greet a screen."""
    screens: Screens = field(default_factory=Screens)
    shown: str | None = None
    trouble: str | None = None
    """The last failed commit, said on the teacher's page."""
    limits: Limits = field(default_factory=Limits)
    """What each address may still ask (``classroom.limits``)."""
    teachers_due: asyncio.Task[None] | None = None
    """The teachers' pages, waiting to be sent the tables' latest moves."""
    lobbies: dict[str, Lobby] = field(default_factory=dict)
    """The lobby each language's lobby screens were last sent."""
    sending: set[asyncio.Task[None]] = field(default_factory=set)
    pacing: Pacing = field(default_factory=Pacing)
    """The pace of the class's lists (``classroom.pacing``)."""
    """The screens of tables other processes changed, being sent."""

    # -- sending -------------------------------------------------------------------------

    async def send(self, screen: Client, message: Said) -> None:
        try:
            await screen.socket.send_text(json.dumps(message.wire(), ensure_ascii=False))
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.screens.discard(screen)

    def lobby(self, lang: str) -> Lobby:
        open_tables = [t for t in self.tables.tables.values() if not t.closed]
        return Lobby([listing(t, lang) for t in open_tables if t.free])

    def screen_of(self, screen: Client) -> Said:
        """What ``screen`` shows now (``protocol.viewer``): the teacher every table, the
        projector the shown table, a pupil its seat or the lobby."""
        if screen.view.runs:
            tables = [listing(t, screen.lang) for t in self.tables.tables.values()]
            return Teacher(tables, self.shown, self.trouble)
        if screen.view.hosts:
            table = self.tables.tables.get(self.shown or "")
            shown = None if table is None else projector_screen(table, screen.lang)
            return Projector(shown)
        if screen.token is not None:
            held = self.tables.find(screen.token)
            if held is not None and held[0].seats[held[1]].computer is None:
                table, seat = held
                self.screens.place(screen, table.id, seat)
                return Seat(seat_screen(table, seat, screen.lang))
        self.screens.place(screen, None, None)
        self.lobbies[screen.lang] = self.lobby(screen.lang)
        backs = (part.way_back(self, screen) for part in self.activities.values())
        back = next((table for table in backs if table is not None), None)
        return replace(self.lobbies[screen.lang], back=back)

    async def refresh(self, table_id: str | None) -> None:
        """Send every screen that shows ``table_id`` (and every teacher, and every lobby
        whose list of tables changed) its screen again: the teacher's at most once in
        ``TEACHER_EVERY`` seconds for a table's move, at once for the class's changes
        (``table_id`` ``None``: every screen but the seats')."""
        if table_id is not None and self.screens.of(Role.TEACHER):
            self._teachers_soon()
        concerned = self.screens.at(Role.PUPIL, table_id) if table_id is not None else []
        if table_id is None or self.shown == table_id:
            concerned += self.screens.of(Role.PROJECTOR)
        if table_id is None:
            concerned += self.screens.of(Role.TEACHER)
        lobbies = self.screens.at(Role.PUPIL, None)
        if table_id is not None and not self._lobby_changed({s.lang for s in lobbies}):
            lobbies = [screen for screen in lobbies if self._held_at(screen, table_id)]
        concerned += lobbies
        await asyncio.gather(*(self.send(screen, self.screen_of(screen)) for screen in concerned))

    def _held_at(self, screen: Client, table_id: str) -> bool:
        """Whether ``screen``'s token holds a seat at ``table_id`` (a lobby's way back)."""
        held = None if screen.token is None else self.tables.find(screen.token)
        return held is not None and held[0].id == table_id

    def _lobby_changed(self, langs: set[str]) -> bool:
        """Whether the lobby in any of ``langs`` lists other tables than it last did."""
        now = {lang: self.lobby(lang) for lang in langs}
        changed = any(self.lobbies.get(lang) != lobby for lang, lobby in now.items())
        self.lobbies.update(now)
        return changed

    def _teachers_soon(self) -> None:
        if self.teachers_due is None:
            self.teachers_due = asyncio.create_task(self._tell_teachers())

    async def _tell_teachers(self) -> None:
        await asyncio.sleep(TEACHER_EVERY)
        self.teachers_due = None
        teachers = self.screens.of(Role.TEACHER)
        await asyncio.gather(*(self.send(t, self.screen_of(t)) for t in teachers))

    # -- receiving -------------------------------------------------------------------------

    async def serve(self, socket: WebSocket) -> None:
        """One screen's whole connection: each frame, text or bytes, through the door
        (``protocol.door``) and to its handler."""
        await socket.accept(headers=[(WORKER_HEADER.encode(), str(os.getpid()).encode())])
        address = socket.client.host if socket.client else ""
        paired = socket.cookies.get(PROJECTOR_COOKIE)
        screen = Client(socket, self.lang, address=address, paired=paired)
        try:
            while True:
                frame = await socket.receive()
                if frame["type"] == "websocket.disconnect":
                    if frame.get("code") == TOO_BIG:  # closed by the web server, unread
                        LOG.warning("a frame over %d bytes refused from %s", LONGEST_FRAME, address)
                    break
                text = frame.get("text")
                await self.handle(screen, frame.get("bytes") if text is None else text)
                if socket.application_state is WebSocketState.DISCONNECTED:
                    break  # closed by this side: a teacher's screen without the secret
        except WebSocketDisconnect:
            pass
        finally:
            self.screens.discard(screen)
            for part in self.activities.values():
                await part.gone(self, screen)

    async def handle(self, screen: Client, frame: str | bytes | None) -> None:
        """One frame from ``screen``: a message let in by the door and sent by a screen
        that may send it (``protocol.viewer``) handled, anything else refused in the
        screen's language (and logged in one line)."""
        try:
            message = parse(frame)
        except FrameError as refused:
            LOG.warning("a message refused (%s): %r", refused.reason, (frame or "")[:100])
            await self.refuse(screen, refused.key)
            return
        if not may_send(screen.role, message, admitted=screen in self.screens):
            refused_so = refusal(screen.role, message)
            if refused_so.log is not None:
                LOG.warning("%s", refused_so.log)
            await self.refuse(screen, refused_so.key)
            return
        kind, handler = message.kind, self._handler(message)
        if handler is None:
            await self.refuse(screen, "tables.error.message")
            return
        try:
            await handler(screen, message)
        except TableError as error:
            self.limits.said(screen.address, error.key)
            await self.refuse(screen, error.key)
        except (LookupError, TypeError, ValueError) as error:  # a case the door let by
            LOG.warning("a %s message refused: %s: %s", kind, type(error).__name__, error)
            await self.refuse(screen, "tables.error.message")
        except (sqlite3.Error, CommitError) as error:
            await self._failed(error, screen)

    def _handler(self, message: Message) -> Handler | None:
        """What handles ``message``: a screen's ``hello`` the hub, every other the live
        activity registered for the message's activity (``None``: none is)."""
        if isinstance(message, messages.Hello):
            return self._on_hello  # type: ignore[return-value]
        part = self.activities.get(message.activity)
        return None if part is None else part.handler(self, message)

    async def _failed(self, error: sqlite3.Error | CommitError, screen: Client | None) -> None:
        """A commit that failed: logged, refused to ``screen`` and said on the teacher's
        page, each in words that say why."""
        LOG.error("a commit failed: %s: %s", type(error).__name__, error)
        key = error.key if isinstance(error, CommitError) else failure(error)
        if screen is not None:
            await self.refuse(screen, key)
        await self.keep_trouble(translate(key, self.lang))

    async def play_on(self) -> None:
        """Every table left waiting for a computer player (a server stopped between a
        pupil's move and the computer's reply) played on, as the server starts."""
        for table_id in self.tables.waiting():
            try:
                await self.change(table_id, partial(self.tables.play_on, table_id))
            except (sqlite3.Error, CommitError) as error:
                await self._failed(error, None)

    async def refuse(self, screen: Client, key: str, **params: Any) -> None:
        said = translate(key, screen.lang, **params)
        await self.send(screen, Refused(said))

    async def _on_hello(self, screen: Client, message: messages.Hello) -> None:
        screen.lang = parse_lang(message.lang, default=parse_lang(self.lang))
        if not trusted(self.keys, screen, message.role, message.secret):
            LOG.warning("a %s's screen refused: the secret did not match", message.role)
            await self.refuse(screen, "tables.error.message")
            await screen.socket.close(code=1008)
            return
        screen.role, screen.token = message.role, message.token
        wait = waiting(screen, message.code, self.tables, self.limits, self.keys)
        if wait is not None:  # a pupil asked for the code: a wrong guess answered slowly
            if wait < 0:
                await self.refuse(screen, "tables.limit.guesses")
            await asyncio.sleep(max(wait, 0.0))
            await self.send(screen, Code(wrong=message.code is not None))
            return
        self.screens.add(screen)
        if screen.view.pupil:
            tell = partial(self.send, screen)
            await recognized(self.store, screen, {"pupil": message.pupil}, tell)
        for part in self.activities.values():
            await part.greet(self, screen)

    async def tell_named(self, screen: Client) -> None:
        """The pupil of ``screen`` said its nickname (or sat down under it): every
        activity told (the teacher's roll, the projector's list of the class)."""
        for part in self.activities.values():
            await part.named(self, screen)

    async def change(
        self, table_id: str | None, change: Callable[[], T], *, once: bool = False
    ) -> T:
        """Make ``change`` of the table ``table_id`` (``None``: one about to be opened),
        kept by the store before it is shown: committed to SQLite off the event loop, or
        written to Redis and announced to the other processes, made again if another
        process changed the table first (or, taken ``once`` whatever comes, if Redis did
        not answer its write)."""
        try:
            return await self.store.change(self.tables, table_id, change, once=once)
        finally:
            for read in self.store.read_again():
                await self.refresh(read)

    async def heard(self, message: str) -> None:
        """Another process changed a table (``message``: the change, applied here, or
        the table's id: caught up with; its screens here sent again) or the class's
        state (``CLASS``: the projector's table and the teacher's notice taken from
        Redis, the projector and the teacher sent theirs again) or the lessons
        (``LESSONS``: ``classroom.quiz``)."""
        if message.startswith(LESSONS):
            await self._heard_lessons(message)
            return
        if message == CLASS:
            state = await self.store.class_state()
            self.shown, self.trouble = state["shown"], state["trouble"]
            await self.refresh(self.shown)
            return
        changed = await self.store.heard(self.tables, message)
        if changed is not None:  # sent meanwhile: a slow screen holds up no other table
            task = asyncio.create_task(self.refresh(changed))
            self.sending.add(task)
            task.add_done_callback(self.sending.discard)

    async def _heard_lessons(self, message: str) -> None:
        """Another process changed the lessons (``message``, ``stores.shared_lessons``):
        every activity told what changed (a note not understood is logged and left)."""
        try:
            changed = await self.store.heard_lessons(message)
        except (ValueError, KeyError, TypeError) as error:
            LOG.error("a note of the shared lessons not understood: %r (%s)", message[:200], error)
            return
        await self.lessons_changed(changed)

    async def lessons_changed(self, changed: set[str]) -> None:
        """The ``changed`` parts of the lessons (``stores.lesson_keeping``) told to every
        activity, which tells its screens."""
        for part in self.activities.values():
            await part.heard(self, changed)

    async def keep_trouble(self, trouble: str | None) -> None:
        """Say ``trouble`` (``None``: no more) on every teacher's page, of every process
        when the tables are shared (and of this one at least if Redis fails too)."""
        self.trouble = trouble
        try:
            await self.store.keep_state("trouble", trouble)
        except CommitError as error:
            LOG.error("the teacher's notice is not shared: %s", error)
        await self.refresh(None)

"""The class server as an ASGI application (Starlette): the site's files, the projector
page and, when the server has them, the class's tables.

Every answer carries the safety headers of ``files.SECURITY``. Only GET and HEAD reach
the files (anything else: 405). A request that is garbage (a NUL byte in its path, a
path that is no text) is answered 400 and logged in one line, never with a traceback;
requests that are not even HTTP are answered 400 by uvicorn, also in one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from blockdomino.app.names import SHARED
from blockdomino.app.names import STATIC as APP_STATIC
from blockdomino.publish.serve import PROJECTOR, projector_page
from blockdomino.server.files import SECURITY, BadRequestError, file_response, request_path
from blockdomino.server.guide import guide_routes
from blockdomino.server.lesson_routes import lesson_routes
from blockdomino.server.live import Hub
from blockdomino.server.packed import pack_ahead, packed_response
from blockdomino.server.pages import (
    CLASS,
    STATIC,
    class_address,
    locked_page,
    pupil_page,
    teacher_page,
    unpaired_part,
)
from blockdomino.stores.keys import PROJECTOR_COOKIE, TEACHER_COOKIE
from blockdomino.tables.store import CommitError
from blockdomino.words.i18n import parse_lang

LOG: Final = logging.getLogger("blockdomino.server")
STATIC_FOLDER: Final = Path(__file__).resolve().parent / "static"
"""The pupils' pages' script and style."""


@dataclass(frozen=True, slots=True)
class Site:
    """What the server serves: the site's folder (resolved), the address pupils open, the
    server's own address and the projector page's HTML."""

    root: Path
    url: str
    origin: str
    lang: str
    projector: bytes


class Guard:
    """ASGI middleware: the safety headers on every answer, and a path that is garbage
    answered 400 before any route sees it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.headers = [(name.lower().encode(), value.encode()) for name, value in SECURITY.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        try:
            request_path(scope["path"])
        except BadRequestError:
            LOG.warning("400 bad request: %r", scope.get("raw_path", b"")[:200])
            if scope["type"] == "http":
                await PlainTextResponse("400\n", status_code=400)(scope, receive, send)
            else:
                await send({"type": "websocket.close", "code": 1008})
            return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.headers]
            await send(message)

        await self.app(scope, receive, guarded)


def site_routes(site: Site) -> list[BaseRoute]:
    """The projector page and every file of the site."""

    async def projector(_: Request) -> Response:
        headers = {"Cache-Control": "no-store"}
        return Response(site.projector, media_type="text/html; charset=utf-8", headers=headers)

    async def files(request: Request) -> Response:
        return file_response(site.root, request.url.path, request.headers)

    return [
        Route(PROJECTOR, projector, methods=["GET", "HEAD"]),
        Route("/{path:path}", files, methods=["GET", "HEAD"]),
    ]


def table_routes(hub: Hub, site: Site) -> list[BaseRoute]:
    """The class's tables: the pupils' page, the teacher's (behind its secret, showing
    the class code), their script and style (compressed here, as the server starts),
    and the WebSocket every screen talks through."""
    lang = site.lang
    unpaired = projector_page(site.url, lang, more=unpaired_part(lang)).encode("utf-8")

    async def projector(request: Request) -> Response:
        """The projector's page: with the class's code and tables only in a browser the
        teacher paired (a pairing link from the teacher's page, traded for the
        projector's pass in a cookie, the link then gone from the address bar)."""
        pairing = request.query_params.get("pair")
        if pairing is not None:
            answer = RedirectResponse(PROJECTOR, 303, headers={"Cache-Control": "no-store"})
            if hub.keys.paired(pairing, time.time()):
                answer.set_cookie(
                    PROJECTOR_COOKIE, hub.keys.projector_pass(), httponly=True, samesite="strict"
                )
            else:
                LOG.warning("a projector's pairing refused: the link was wrong or too old")
            return answer
        paired = hub.keys.shows_projector(request.cookies.get(PROJECTOR_COOKIE))
        page = site.projector if paired else unpaired
        headers = {"Cache-Control": "no-store"}
        return Response(page, media_type="text/html; charset=utf-8", headers=headers)

    async def pupils(request: Request) -> Response:
        asked = request.query_params.get("lang", lang)
        shown = parse_lang(asked, default=parse_lang(lang))
        return HTMLResponse(pupil_page(shown), headers={"Cache-Control": "no-cache"})

    async def teacher(request: Request) -> Response:
        """The teacher's page, in a browser that keeps the teacher's pass; elsewhere
        what opens it (the one-time link ``serve`` prints)."""
        headers = {"Cache-Control": "no-store"}
        if not hub.keys.teaches(request.cookies.get(TEACHER_COOKIE)):
            return HTMLResponse(locked_page(lang), status_code=403, headers=headers)
        address = class_address(site.origin, lang, hub.keys.code)
        page = teacher_page(lang, hub.keys, address, hub.keys.pairing(time.time()))
        return HTMLResponse(page, headers=headers)

    async def teacher_link(request: Request) -> Response:
        """A one-time link traded for the teacher's pass (an HttpOnly cookie), then the
        teacher's page at an address without any secret; a link used before, or a
        guess, opens nothing and is logged in one line."""
        headers = {"Cache-Control": "no-store"}
        try:
            let_in = await hub.store.use(request.path_params["ticket"])
        except CommitError as error:
            LOG.warning("a link to the teacher's page not checked: %s", error)
            unchecked = locked_page(lang, "tables.teacher.unchecked")
            return HTMLResponse(unchecked, status_code=503, headers=headers)
        if not let_in:
            LOG.warning("a link to the teacher's page refused: used before, or a guess")
            return HTMLResponse(locked_page(lang), status_code=403, headers=headers)
        answer = RedirectResponse(f"{CLASS}/teacher/", 303, headers=headers)
        answer.set_cookie(
            TEACHER_COOKIE,
            hub.keys.teacher_pass(),
            path=CLASS,
            httponly=True,
            samesite="strict",
            secure=site.origin.startswith("https:"),
        )
        return answer

    async def static(request: Request) -> Response:
        """The class pages' scripts and style, and the app's modules they share,
        compressed once (``server.packed``)."""
        name = request.path_params["name"]
        folder = APP_STATIC if name in SHARED else STATIC_FOLDER
        return packed_response(folder, name, request.headers)

    async def here(_: Request) -> Response:
        """The app asks whether a class is served beside it: the pupils' page, where its
        start page offers to join (a plain web server answers 404: no class)."""
        return JSONResponse({"join": f"{CLASS}/"}, headers={"Cache-Control": "no-store"})

    pack_ahead(STATIC_FOLDER)
    pack_ahead(APP_STATIC, SHARED)
    lessons = lesson_routes(hub, CLASS)
    return [
        *lessons,
        Route(PROJECTOR, projector, methods=["GET", "HEAD"]),
        Route(f"{CLASS}/", pupils, methods=["GET", "HEAD"]),
        Route(f"{CLASS}/here", here, methods=["GET", "HEAD"]),
        Route(f"{CLASS}/teacher/", teacher, methods=["GET", "HEAD"]),
        Route(f"{CLASS}/teacher/{{ticket}}", teacher_link, methods=["GET"]),
        Route(f"{STATIC}/{{name:path}}", static, methods=["GET", "HEAD"]),
        WebSocketRoute(f"{CLASS}/ws", hub.serve),
    ]


def class_app(site: Site, hub: Hub | None = None) -> ASGIApp:
    """The application: the class's tables and quiz (with ``hub``) before the site's files; with
    tables shared in Redis, the announcements of the other processes listened to while
    it runs. A quiz kept with a timed question has its timer set again as it starts."""
    routes = [] if hub is None else table_routes(hub, site)

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        if hub is None:
            yield
            return
        for part in hub.activities.values():
            await part.resume(hub)
        listening = asyncio.create_task(hub.store.listen(hub.heard))
        yield
        listening.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listening

    routes += guide_routes(site.lang)
    return Guard(Starlette(routes=[*routes, *site_routes(site)], lifespan=lifespan))

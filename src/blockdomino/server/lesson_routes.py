"""The lessons' HTTP routes (``classroom.quiz``): the app's Practice results sent in,
and the teacher's table of mastery as CSV."""

from __future__ import annotations

import json
import logging
import time
from typing import Final

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from blockdomino.lessons.mastery import mastery_csv, practice_results
from blockdomino.lessons.quiz import QuizError
from blockdomino.lessons.store import Answer
from blockdomino.server.live import Hub
from blockdomino.stores.keys import TEACHER_COOKIE, same
from blockdomino.tables.service import TableError
from blockdomino.tables.store import CommitError
from blockdomino.words.i18n import translate

LOG: Final = logging.getLogger("blockdomino.server")
LONGEST_BODY: Final = 64 * 1024
"""Bytes a request of Practice results may have."""


def lesson_routes(hub: Hub, prefix: str) -> list[BaseRoute]:
    """The lessons' HTTP routes under ``prefix``: the app's Practice results sent in
    (``POST``, JSON with the class code and the pupil's token, ``classroom.pupils``; kept
    under the token's nickname and answered with the ids kept, new or known) and
    the teacher's table of mastery as CSV (for the teacher's pass, or behind the secret)."""

    async def received(body: bytes) -> tuple[str, list[tuple[str, Answer]]]:
        """The pupil token and the Practice results a request's ``body`` sends;
        ``QuizError`` for anything else (``lessons.refused.pupil``: no pupil's token)."""
        try:
            payload = json.loads(body) if len(body) <= LONGEST_BODY else None
        except ValueError:
            payload = None
        if not isinstance(payload, dict) or not hub.keys.admits(payload.get("code")):
            raise QuizError("lessons.error.message")
        token = payload.get("pupil")
        name = await hub.store.nickname_of(token) if isinstance(token, str) else None
        if name is None:
            raise QuizError("lessons.refused.pupil")
        return str(token), practice_results(payload | {"nickname": name}, time.time())

    async def practice(request: Request) -> Response:
        body = await request.body()
        address = request.client.host if request.client else ""
        try:
            token, results = await received(body)
            if not hub.limits.may_send(address, token, len(results)):
                hub.limits.said(address, "lessons.limit.results")
                return JSONResponse({"error": translate("lessons.limit.results", hub.lang)}, 429)
            new = await hub.store.add_practice(results)
        except (QuizError, TableError) as error:
            status = 403 if error.key == "lessons.refused.pupil" else 400
            LOG.warning("%d practice results refused from %s: %r", status, address, body[:200])
            said = translate(error.key, hub.lang) if status == 403 else "bad request"
            return JSONResponse({"error": said}, status_code=status)
        except CommitError as error:  # the app keeps them and sends them again
            LOG.error("503 practice results not kept: %s", error)
            return JSONResponse({"error": translate(error.key, hub.lang)}, status_code=503)
        return JSONResponse({"kept": [key for key, _ in results], "new": new})

    async def sheet(request: Request) -> Response:
        given = request.path_params.get("secret")
        teacher = hub.keys.teaches(request.cookies.get(TEACHER_COOKIE))
        if not (teacher or (given is not None and same(given, hub.keys.secret))):
            return PlainTextResponse("404\n", status_code=404)
        try:
            text = mastery_csv(await hub.store.history(), hub.lang)
        except CommitError as error:
            LOG.error("the table of mastery could not be read: %s", error)
            return PlainTextResponse(translate(error.key, hub.lang) + "\n", status_code=503)
        headers = {"Cache-Control": "no-store",
                   "Content-Disposition": 'attachment; filename="mastery.csv"'}  # fmt: skip
        return Response(text, media_type="text/csv; charset=utf-8", headers=headers)

    return [
        Route(f"{prefix}/practice", practice, methods=["POST"]),
        Route(f"{prefix}/teacher/mastery.csv", sheet, methods=["GET"]),
        Route(f"{prefix}/teacher/{{secret}}/mastery.csv", sheet, methods=["GET"]),
    ]

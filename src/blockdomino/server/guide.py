"""The teachers' guide on the class server: ``/guide`` in the server's language,
``/guide/fi`` (``sv``, ``en``) or ``/guide?lang=fi`` in another.

The page is whole in itself (``publish.guide_page``): it asks nothing of any other
server, so it reads on a school network with no internet. A language the guide is not
written in is answered 404 and one log line.
"""

from __future__ import annotations

import functools
import logging
from typing import Final

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from blockdomino.publish.guide_page import html_page
from blockdomino.words.i18n import LANGS, parse_lang

GUIDE: Final = "/guide"
LOG: Final = logging.getLogger("blockdomino.server")


@functools.cache
def guide_page(lang: str) -> bytes:
    """The guide's page in ``lang``, made once, linking the other languages' pages."""
    return html_page(lang, link=lambda other: f"{GUIDE}/{other}").encode("utf-8")


def guide_routes(lang: str) -> list[BaseRoute]:
    """The guide's routes; ``lang`` is the server's language, the page's when the address
    names none."""

    async def page(request: Request) -> Response:
        asked = request.path_params.get("lang") or request.query_params.get("lang") or lang
        if asked not in LANGS:
            LOG.warning("404 no guide in %r", asked[:20])
            return PlainTextResponse("404\n", status_code=404)
        body = guide_page(parse_lang(asked))
        return Response(body, media_type="text/html; charset=utf-8",
                        headers={"Cache-Control": "no-cache"})  # fmt: skip

    return [
        Route(GUIDE, page, methods=["GET", "HEAD"]),
        Route(f"{GUIDE}/", page, methods=["GET", "HEAD"]),
        Route(f"{GUIDE}/{{lang}}", page, methods=["GET", "HEAD"]),
    ]

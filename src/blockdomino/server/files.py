"""The built site's files over HTTP: the right type, the best encoding the browser
accepts, ranges, validators and the headers that keep a page safe.

:func:`file_response` answers a GET or HEAD for a path inside the site: a ``.br`` or
``.gz`` copy beside the file (see ``precompress``) when the browser accepts it
(``Content-Encoding`` and ``Vary: Accept-Encoding``), the file itself for a range
request; an ``ETag`` (each encoding its own) answered with a short 304 when it matches;
the caching of ``publish.serve.cache_control``, in the app ``app.names.cache_control``
(a file named by its content immutable, the pages and the service worker asked again).
A path with a NUL byte or another control
character, or one that is no text, is a bad request (400); one that climbs out of the
folder (``..``, a link leading out) is forbidden (403); a folder is not listed (404).
"""

from __future__ import annotations

from email.utils import parsedate_to_datetime
from pathlib import Path, PurePosixPath
from typing import Final

from starlette.datastructures import Headers
from starlette.responses import FileResponse, PlainTextResponse, Response

from blockdomino.app.names import cache_control as app_cache_control
from blockdomino.publish.serve import TYPES, cache_control
from blockdomino.server.precompress import ENCODINGS, SUFFIX

SECURITY: Final = {
    "Content-Security-Policy": "; ".join(
        (
            "default-src 'self'",
            # Pyodide compiles WebAssembly and JupyterLite evaluates its modules' code.
            "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob:",
            "font-src 'self' data:",
            "connect-src 'self' ws: wss: blob: data:",
            "worker-src 'self' blob:",
            "frame-src 'self' blob:",
            "media-src 'self' data: blob:",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'self'",
        )
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}
"""The headers of every answer: the page may load only from this server (Python in the
browser needs its evaluation and WebAssembly), no other site may frame it, no type is
guessed, no address leaks to another site (a teacher's secret is in one)."""


class BadRequestError(ValueError):
    """A request's path is no text or holds a control character (a NUL byte)."""


def _plain(status: int) -> Response:
    return PlainTextResponse(f"{status}\n", status_code=status)


def request_path(raw: str) -> PurePosixPath:
    """The path asked for, checked: a control character (``\\0`` above all) or a
    backslash is a ``BadRequestError``."""
    if any(ord(char) < 32 or ord(char) == 127 for char in raw) or "\\" in raw:
        raise BadRequestError(raw)
    return PurePosixPath("/", raw)


def locate(root: Path, path: PurePosixPath) -> Path | int:
    """The file of the site at ``path``, or the status to answer: 403 for a path that
    climbs out of ``root``, 404 for nothing there or a folder without its page."""
    if ".." in path.parts:
        return 403
    target = root.joinpath(*path.parts[1:])
    if target.is_dir():
        target = target / "index.html"
    if not target.is_file():
        return 404
    if not target.resolve().is_relative_to(root):
        return 403
    return target


def accepted(headers: Headers) -> set[str]:
    """The encodings the browser offers (``Accept-Encoding``), those it refuses
    (``;q=0``) left out."""
    return {
        part.split(";")[0].strip().lower()
        for part in headers.get("accept-encoding", "").split(",")
        if not part.strip().endswith(";q=0")
    }


def encoding_for(target: Path, headers: Headers) -> str | None:
    """The best encoding of ``target`` that the browser accepts and that has a copy;
    none for a range request (ranges count the file's own bytes)."""
    if "range" in headers:
        return None
    offered = accepted(headers)
    for encoding in ENCODINGS:
        if encoding in offered and target.with_name(target.name + SUFFIX[encoding]).is_file():
            return encoding
    return None


def media_type(target: Path) -> str:
    """The type a file is served as (``publish.serve.TYPES``; else bytes)."""
    return TYPES.get(target.suffix, "application/octet-stream")


def _not_modified(answer: FileResponse, headers: Headers) -> bool:
    """Whether the browser's copy is this one: its ``If-None-Match`` names the ETag, or
    (without one) its ``If-Modified-Since`` is not before the file's last change."""
    tags = headers.get("if-none-match")
    if tags is not None:
        return answer.headers["etag"] in {tag.strip() for tag in tags.split(",")}
    since = headers.get("if-modified-since")
    try:
        asked = parsedate_to_datetime(since) if since else None
    except (TypeError, ValueError):
        return False
    return asked is not None and parsedate_to_datetime(answer.headers["last-modified"]) <= asked


def file_response(root: Path, raw_path: str, headers: Headers) -> Response:
    """The answer to a GET or HEAD of ``raw_path`` in the site at ``root`` (resolved)."""
    try:
        path = request_path(raw_path)
    except BadRequestError:
        return _plain(400)
    found = locate(root, path)
    if isinstance(found, int):
        return _plain(found)
    encoding = encoding_for(found, headers)
    sent = found if encoding is None else found.with_name(found.name + SUFFIX[encoding])
    caching = app_cache_control(str(path)) or cache_control(str(path))
    extra = {"Cache-Control": caching, "Vary": "Accept-Encoding"}
    if encoding is not None:
        extra["Content-Encoding"] = encoding
    answer = FileResponse(
        sent, media_type=media_type(found), headers=extra, stat_result=sent.stat()
    )
    if _not_modified(answer, headers):
        kept = {name: answer.headers[name] for name in ("etag", "cache-control", "vary")}
        return Response(status_code=304, headers=kept)
    return answer

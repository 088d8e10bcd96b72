"""The class pages' own scripts and styles, compressed once: thirty phones on one
access point load them at a fifth of their size.

They live in the package (no site build writes copies beside them), so the server
compresses every one of them as it starts (:func:`pack_ahead`: the first pupil waits
for none), with brotli and with gzip (``precompress.compressed``: the best level, no
time stamp, so the same file gives the same bytes), and keeps the copies for as long
as it runs. :func:`packed_response` sends
the best encoding the browser offers (``Content-Encoding``, ``Vary: Accept-Encoding``),
each with its own ``ETag``, and a short 304 when the browser's copy is that one; a range
request gets the file itself (``files.file_response``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from starlette.datastructures import Headers
from starlette.responses import Response

from blockdomino.publish.serve import cache_control
from blockdomino.server.files import accepted, file_response, locate, media_type, request_path
from blockdomino.server.precompress import ENCODINGS, WORTH, compressed


@dataclass(frozen=True)
class Packed:
    """A file's bytes by encoding (``identity`` the file itself; ``br`` and ``gzip``
    where the copy is worth it) and the hash that names this content."""

    bodies: dict[str, bytes]
    digest: str

    def etag(self, encoding: str) -> str:
        """The validator of the file sent with ``encoding``."""
        return f'"{self.digest}-{encoding}"'


@cache
def packed(path: Path) -> Packed:
    """``path`` read and compressed, once for as long as the server runs (the
    package's files do not change under it)."""
    data = path.read_bytes()
    bodies = {"identity": data}
    for encoding in ENCODINGS:
        copy = compressed(data, encoding)
        if len(copy) <= WORTH * len(data):
            bodies[encoding] = copy
    return Packed(bodies, hashlib.sha256(data).hexdigest()[:16])


def pack_ahead(folder: Path, names: Collection[str] | None = None) -> None:
    """Compress the files ``names`` of the package's ``folder`` (default: every file in
    it) now, as the server starts, rather than at the first pupil's request."""
    for path in sorted(folder.iterdir()):
        if path.is_file() and (names is None or path.name in names):
            packed(path)


def chosen_encoding(file: Packed, headers: Headers) -> str:
    """The best encoding of ``file`` the browser offers (``identity`` when none)."""
    offered = accepted(headers)
    return next((e for e in ENCODINGS if e in offered and e in file.bodies), "identity")


def packed_response(folder: Path, name: str, headers: Headers) -> Response:
    """The answer to a GET or HEAD of the file ``name`` of the package's ``folder``."""
    try:
        found = locate(folder, request_path(name))
    except ValueError:
        found = 400
    if isinstance(found, int) or "range" in headers:
        return file_response(folder, name, headers)
    file = packed(found)
    encoding = chosen_encoding(file, headers)
    sent = {
        "Cache-Control": cache_control(name),
        "Vary": "Accept-Encoding",
        "ETag": file.etag(encoding),
    }
    if encoding != "identity":
        sent["Content-Encoding"] = encoding
    tags = {tag.strip() for tag in headers.get("if-none-match", "").split(",")}
    if sent["ETag"] in tags:
        return Response(status_code=304, headers=sent)
    return Response(file.bodies[encoding], media_type=media_type(found), headers=sent)

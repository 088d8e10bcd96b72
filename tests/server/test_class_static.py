"""The class pages' scripts and styles go compressed: thirty phones on one access point
load them with brotli where the browser offers it (a secure origin), with gzip over
plain http, each encoding with its own validator, the same bytes every time."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest
from serving import ask, class_server

from blockdomino.app.names import SHARED
from blockdomino.app.names import STATIC as APP_STATIC
from blockdomino.server.packed import packed
from blockdomino.server.precompress import compressed
from blockdomino.server.run import ClassServer

FOLDER = Path(__file__).resolve().parents[2] / "src/blockdomino/server/static"
BIG = ("class.js", "lesson.js", "teacher.js", "class.css")
CHROME_HTTP = "gzip, deflate"
"""What Chromium offers a plain-http origin (the school network): no brotli."""
CHROME_SECURE = "gzip, deflate, br, zstd"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    yield from class_server(tmp_path_factory.mktemp("static"), "en")


@pytest.mark.parametrize("name", BIG)
def test_a_script_goes_gzip_over_plain_http_and_brotli_where_offered(
    server: ClassServer, name: str
) -> None:
    data = (FOLDER / name).read_bytes()
    plain, body = ask(server, f"/class/static/{name}", headers={"Accept-Encoding": CHROME_HTTP})
    assert plain.getheader("Content-Encoding") == "gzip"
    assert plain.getheader("Vary") == "Accept-Encoding"
    assert body == compressed(data, "gzip")
    assert gzip.decompress(body) == data
    secure, packed = ask(
        server, f"/class/static/{name}", headers={"Accept-Encoding": CHROME_SECURE}
    )
    assert secure.getheader("Content-Encoding") == "br"
    assert brotli.decompress(packed) == data
    assert len(packed) < len(body) < len(data) / 2
    itself, whole = ask(server, f"/class/static/{name}")
    assert itself.getheader("Content-Encoding") is None
    assert whole == data
    tags = {plain.getheader("ETag"), secure.getheader("ETag"), itself.getheader("ETag")}
    assert len(tags) == 3


def test_the_browsers_copy_is_answered_short_and_a_range_gets_the_file(
    server: ClassServer,
) -> None:
    offered = {"Accept-Encoding": CHROME_HTTP}
    first, _ = ask(server, "/class/static/class.js", headers=offered)
    again, body = ask(
        server,
        "/class/static/class.js",
        headers={**offered, "If-None-Match": first.getheader("ETag") or ""},
    )
    assert (again.status, body) == (304, b"")
    assert again.getheader("Vary") == "Accept-Encoding"
    part, some = ask(server, "/class/static/class.js", headers={**offered, "Range": "bytes=0-9"})
    assert part.status == 206
    assert part.getheader("Content-Encoding") is None
    assert some == (FOLDER / "class.js").read_bytes()[:10]


def test_the_apps_board_goes_compressed_too_and_a_missing_file_is_404(
    server: ClassServer,
) -> None:
    answer, body = ask(server, "/class/static/board.js", headers={"Accept-Encoding": CHROME_HTTP})
    assert answer.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(body) == (APP_STATIC / "board.js").read_bytes()
    assert (
        ask(server, "/class/static/nothing.js", headers={"Accept-Encoding": CHROME_HTTP})[0].status
        == 404
    )


def test_every_class_file_is_compressed_as_the_server_starts(tmp_path: Path) -> None:
    """Before any pupil asks, the server holds every class page's file compressed, the
    same bytes a request then gets: no first pupil waits for brotli's best level."""
    packed.cache_clear()
    for _ in class_server(tmp_path, "en"):
        held = packed.cache_info().currsize
        names = sorted(path.name for path in FOLDER.iterdir() if path.is_file())
        assert held == len(names) + len(SHARED)
        for name in names:
            ahead = packed(FOLDER / name)
            data = (FOLDER / name).read_bytes()
            assert ahead.bodies["identity"] == data
            assert all(
                ahead.bodies[e] == compressed(data, e) for e in ahead.bodies if e != "identity"
            )
        assert packed.cache_info().currsize == held
        assert packed(APP_STATIC / "board.js").bodies["gzip"] == compressed(
            (APP_STATIC / "board.js").read_bytes(), "gzip"
        )

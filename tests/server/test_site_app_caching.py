"""The class server keeps the app's files named by their content for good (a reload asks
for none of them) and asks again for its entry points, in every encoding."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from serving import ask, make_site, running

from blockdomino.app.names import ASKED, IMMUTABLE, digest
from blockdomino.server.precompress import precompress
from blockdomino.server.run import ClassServer, open_server

SCRIPT = b"export const word = 'sana';\n" * 40
HASHED = {
    f"app/app.{digest(SCRIPT)}.js": SCRIPT,
    f"app/pyodide.{digest(b'p')}/pyodide.asm.wasm": b"\0asm" + bytes(range(256)) * 40,
    f"app/snapshot.{digest(b's')}.data": bytes(2048),
}
ENTRIES = {
    "app/index.html": b"<!doctype html><title>app</title>" + b" " * 1024,
    "app/sw.js": b"// the service worker\n" * 40,
    "app/contents.json": b"{}",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    folder = tmp_path_factory.mktemp("app-caching")
    for name, data in (HASHED | ENTRIES).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    precompress(folder)
    site = make_site(folder)
    with running(open_server(site, host="127.0.0.1", port=0)) as served:
        yield served


@pytest.mark.parametrize("encoding", ["br", "gzip", "identity"])
@pytest.mark.parametrize("name", sorted(HASHED))
def test_a_file_named_by_its_content_is_immutable(
    server: ClassServer, name: str, encoding: str
) -> None:
    answer, _ = ask(server, f"/{name}", headers={"Accept-Encoding": encoding})
    assert answer.status == 200
    assert answer.getheader("Cache-Control") == IMMUTABLE
    assert IMMUTABLE == "public, max-age=31536000, immutable"


@pytest.mark.parametrize("path", ["/app/", "/app/index.html", "/app/sw.js", "/app/contents.json"])
def test_the_entry_points_are_asked_for_again(server: ClassServer, path: str) -> None:
    answer, _ = ask(server, path, headers={"Accept-Encoding": "br"})
    assert answer.status == 200
    assert answer.getheader("Cache-Control") == ASKED
    tag = {"If-None-Match": str(answer.getheader("ETag"))}
    again, body = ask(server, path, headers={"Accept-Encoding": "br", **tag})
    assert (again.status, body) == (304, b"")
    assert again.getheader("Cache-Control") == ASKED


def test_the_compressed_copies_of_the_app_are_there(server: ClassServer) -> None:
    answer, _ = ask(server, f"/{sorted(HASHED)[0]}", headers={"Accept-Encoding": "br"})
    assert answer.getheader("Content-Encoding") == "br"


def test_nothing_else_of_the_site_is_kept_for_good(server: ClassServer) -> None:
    assert ask(server, "/index.html")[0].getheader("Cache-Control") != IMMUTABLE

"""The class server serving a site (``blockdomino.server`` over ``publish.serve``): the
site's files with their types and caching, nothing outside the folder, GET and HEAD only,
and the projector page whose QR code holds the address pupils open, all it shows in one
``main`` landmark (the class's styles name the pages' parts by id, never every ``main``).

Each test serves a small site of its own, made in a temporary folder, on 127.0.0.1 and a
free port, from a thread.
"""

from __future__ import annotations

import gzip
import re
import socket
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest
import segno
from serving import ask, running

from blockdomino.publish import serve
from blockdomino.publish.staging import write_stamp
from blockdomino.server import pages
from blockdomino.server.run import ClassServer, open_server
from blockdomino.stores.keys import ClassKeys
from blockdomino.words.i18n import LANGS, translate

FILES = {
    "index.html": b"<!doctype html><title>Block</title>",
    "jupyter-lite.json": b"{}",
    "static/pyodide/pyodide.asm.wasm": b"\0asm" + bytes(range(256)) * 40,
    "static/pyodide/pyodide.mjs": b"export const x = 1;",
    "static/pyodide-lock/blockdomino-0.1.0-py3-none-any.whl": b"PK\3\4wheel",
    "build/jlab_core.a86436d.js": b"let a;",
    "build/style.css": b"body {}",
    "icons/tile.svg": b"<svg xmlns='http://www.w3.org/2000/svg'/>",
    "files/en/00_welcome.ipynb": b'{"cells": []}',
}
SECRET = b"not for pupils"


def make_site(folder: Path, *, app: bool = False) -> Path:
    """A small built site in ``folder / "site"`` (with the app when ``app``), a file beside
    it that it must not serve, and a link inside it that leads to that file."""
    root = folder / "site"
    for name, data in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    if app:
        (root / "app").mkdir()
        (root / "app" / "index.html").write_text("<!doctype html><title>app</title>")
    write_stamp(root)
    (folder / "secret.txt").write_bytes(SECRET)
    (root / "leak.txt").symlink_to(folder / "secret.txt")
    return root


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    """One server for the module, of a site whose projector page is in Swedish."""
    site = make_site(tmp_path_factory.mktemp("served"))
    with running(open_server(site, host="127.0.0.1", port=0, lang="sv")) as served:
        yield served


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("index.html", "text/html; charset=utf-8"),
        ("jupyter-lite.json", "application/json"),
        ("static/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("static/pyodide/pyodide.mjs", "text/javascript; charset=utf-8"),
        ("static/pyodide-lock/blockdomino-0.1.0-py3-none-any.whl", "application/zip"),
        ("icons/tile.svg", "image/svg+xml"),
        ("build/style.css", "text/css; charset=utf-8"),
        ("files/en/00_welcome.ipynb", "application/json"),
    ],
)
def test_each_file_is_served_whole_with_its_type(server: ClassServer, name: str, kind: str) -> None:
    answer, data = ask(server, f"/{name}")
    assert answer.status == 200
    assert answer.getheader("Content-Type") == kind
    assert data == FILES[name]


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        ("static/pyodide/pyodide.asm.wasm", True),
        ("static/pyodide/pyodide.mjs", True),
        ("static/pyodide-lock/blockdomino-0.1.0-py3-none-any.whl", True),
        ("build/jlab_core.a86436d.js", True),
        ("build/style.css", False),
        ("index.html", False),
        ("jupyter-lite.json", False),
    ],
)
def test_tablets_keep_the_big_files_and_ask_again_for_the_rest(
    server: ClassServer, name: str, kept: bool
) -> None:
    cache = ask(server, f"/{name}")[0].getheader("Cache-Control")
    assert cache == (serve.KEPT if kept else serve.ASKED)


def test_a_file_not_changed_is_answered_with_304(server: ClassServer) -> None:
    wasm = "/static/pyodide/pyodide.asm.wasm"
    since = {"If-Modified-Since": str(ask(server, wasm)[0].getheader("Last-Modified"))}
    assert ask(server, wasm, headers=since)[0].status == 304


def test_head_answers_without_a_body(server: ClassServer) -> None:
    answer, data = ask(server, "/static/pyodide/pyodide.asm.wasm", method="HEAD")
    assert answer.status == 200
    assert data == b""
    assert answer.getheader("Content-Length") == str(len(FILES["static/pyodide/pyodide.asm.wasm"]))


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_only_get_and_head_are_answered(server: ClassServer, method: str) -> None:
    assert ask(server, "/index.html", method=method)[0].status == 405


@pytest.mark.parametrize(
    "path", ["/../secret.txt", "/static/../../secret.txt", "/%2e%2e/secret.txt", "/leak.txt"]
)
def test_nothing_outside_the_folder_is_served(server: ClassServer, path: str) -> None:
    answer, data = ask(server, path)
    assert answer.status == 403
    assert SECRET not in data


def test_folders_are_not_listed(server: ClassServer) -> None:
    answer, data = ask(server, "/static/")
    assert answer.status == 404
    assert b"pyodide.asm.wasm" not in data


# -- the address and the projector page --------------------------------------------------


def svg_matrix(svg: str, border: int) -> list[list[bool]]:
    """The dark modules of segno's inline SVG (scale 1), read back from its path: each
    ``h`` run from the pen's position is a row of dark modules; the border taken off."""
    runs = re.search(r' d="([^"]+)"', svg)
    assert runs is not None
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for command, first, second in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", runs[1]):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:
            dark |= {(int(x) + step, int(y)) for step in range(int(first))}
            x += float(first)
    end = max(max(pair) for pair in dark) + 1
    return [[(column, row) in dark for column in range(border, end)] for row in range(border, end)]


def qr_matrix(text: str) -> list[list[bool]]:
    return [[bool(module) for module in row] for row in segno.make_qr(text).matrix]


def test_the_address_is_the_landing_page_without_the_app(server: ClassServer) -> None:
    assert server.site.url == f"http://127.0.0.1:{server.port}/"
    assert ask(server, "/")[0].status == 200


@pytest.mark.parametrize("lang", LANGS)
def test_the_address_opens_the_app_in_the_teachers_language(tmp_path: Path, lang: str) -> None:
    opened = open_server(make_site(tmp_path, app=True), host="127.0.0.1", port=0, lang=lang)
    opened.sock.close()
    assert opened.site.url == f"http://127.0.0.1:{opened.port}/app/?lang={lang}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_projector_page_shows_the_address_and_its_code_in_the_language(
    tmp_path: Path, lang: str
) -> None:
    url = "http://192.168.1.23:8000/app/?lang=" + lang
    page = serve.projector_page(url, lang)
    assert f'<html lang="{lang}">' in page
    assert f'<p class="address">{url}</p>' in page
    assert translate("serve.projector.title", lang) in page
    assert svg_matrix(page, border=2) == qr_matrix(url)
    assert svg_matrix(page, border=2) != qr_matrix(url.replace("23", "24"))


def test_everything_the_projector_shows_is_in_its_main_landmark() -> None:
    """A screen reader (and axe) finds all the projector shows in one ``main``, the
    class's part (its table, its quiz, its walkthrough) included."""
    part = pages.projector_part("fi", "KX7")
    page = serve.projector_page("http://127.0.0.1:8000/app/", "fi", more=part)
    body = page.partition("<body>")[2].partition("</body>")[0].strip()
    assert body.startswith('<main id="projector">')
    assert body.endswith("</main>")
    assert body.count("<main") == 1
    assert part in body


def test_the_projector_says_only_the_line_that_changes() -> None:
    """The projector's activity (its table, quiz and walkthrough places) is no live
    region, which a screen reader would read again whole at every change: only its line
    ``said`` is (and the reconnection banner); a pupil's page and the teacher's have
    the line ``lesson-said`` for their quiz, never the quiz's whole place."""

    def live(page: str) -> list[str]:
        tags = re.findall(r'<[^>]*\baria-live="polite"[^>]*>', page)
        return [re.search(r'id="([^"]+)"', tag)[1] for tag in tags]

    assert live(pages.projector_part("fi", "KX7")) == ["reconnecting", "said"]
    assert live(pages.pupil_page("fi")) == ["reconnecting", "said", "lesson-said"]
    teacher = pages.teacher_page("fi", ClassKeys("s", "KX7"), "http://x/class/", "p")
    assert live(teacher) == ["reconnecting", "lesson-said"]


STYLES = [
    Path(pages.__file__).parent / "static" / name
    for name in ("class.css", "lesson.css", "projector.css")
]
"""The class pages' styles: the projector's, the pupils' and the teacher's."""
_MAIN_ELEMENT = re.compile(r"(?:^|[\s>+~(])main(?![\w-])")
"""A selector of the ``main`` element itself (not of ``#main`` or a class)."""


def _selectors(css: str) -> list[str]:
    return [
        " ".join(selector.split())
        for rule in re.findall(r"([^{}]+)\{", re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL))
        for selector in rule.split(",")
    ]


def test_the_class_styles_name_the_pages_parts_by_id_never_every_main() -> None:
    """The projector's ``main`` holds its quiz: a quiz on hides the tables' part
    (``#main``) and nothing else, on every class page."""
    selectors = [selector for style in STYLES for selector in _selectors(style.read_text())]
    assert "body.quiz-on #main" in selectors
    assert [selector for selector in selectors if _MAIN_ELEMENT.search(selector)] == []
    assert _MAIN_ELEMENT.search("body.quiz-on main")
    assert not _MAIN_ELEMENT.search("body.showing #main, .mastery")


def test_the_server_shows_the_projector_page_of_its_address(server: ClassServer) -> None:
    answer, data = ask(server, serve.PROJECTOR)
    page = data.decode("utf-8")
    assert answer.getheader("Content-Type") == "text/html; charset=utf-8"
    assert answer.getheader("Cache-Control") == "no-store"
    assert '<html lang="sv">' in page
    assert server.site.url in page
    assert svg_matrix(page, border=2) == qr_matrix(server.site.url)


def test_the_greeting_says_when_only_this_computer_can_open_the_address(
    server: ClassServer,
) -> None:
    lines = serve.greeting(server.site.url, server.host, "fi").splitlines()
    assert lines[0] == translate("serve.open", "fi", address=server.site.url)
    assert translate("serve.only_here", "fi") in lines


@pytest.mark.parametrize("lang", LANGS)
def test_the_greeting_says_everyone_on_the_network_can_open_it(lang: str) -> None:
    lines = serve.greeting("http://192.168.1.23:8000/", "192.168.1.23", lang).splitlines()
    assert translate("serve.network", lang, host="192.168.1.23") in lines
    assert translate("serve.only_here", lang) not in lines


@pytest.mark.parametrize(("host", "here"), [("klassi.koulu.fi", False), ("localhost", True)])
def test_the_greeting_of_a_server_listening_on_a_name(host: str, here: bool) -> None:
    """``serve --host NAME`` (the name a school's certificate gives the laptop) is greeted
    as the network's address, ``localhost`` as this computer's alone."""
    lines = serve.greeting(f"https://{host}:8000/", host, "fi").splitlines()
    assert (translate("serve.only_here", "fi") in lines) is here
    assert (translate("serve.network", "fi", host=host) in lines) is not here


def test_the_local_network_address_is_never_this_computers_own() -> None:
    found = serve.lan_address()
    assert found is None or not found.startswith(("127.", "0."))
    assert serve.default_host() == (found or "127.0.0.1")


# -- refused folders and addresses --------------------------------------------------------


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(serve.ServeError) as refused:
        open_server(tmp_path / "nowhere", host="127.0.0.1", port=0)
    assert refused.value.key == "serve.error.missing"


def test_a_folder_that_is_no_built_site_is_refused(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>a page</p>")
    with pytest.raises(serve.ServeError) as refused:
        open_server(tmp_path, host="127.0.0.1", port=0)
    assert refused.value.key == "serve.error.not_a_site"


def test_a_port_in_use_is_refused(server: ClassServer) -> None:
    with pytest.raises(serve.ServeError) as refused:
        open_server(server.site.root, host="127.0.0.1", port=server.port)
    assert refused.value.key == "serve.error.listen"
    assert refused.value.params["port"] == server.port


# -- compression, ranges, validators, safety -----------------------------------------------

BIG_TEXT = "static/pyodide/pyodide.mjs"


@pytest.fixture(scope="module")
def compressed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    """A server of a site with a large script, its copies written when it starts."""
    site = make_site(tmp_path_factory.mktemp("compressed"))
    (site / BIG_TEXT).write_text("export const tiles = [" + "[1, 4], " * 4000 + "];\n")
    write_stamp(site)
    with running(open_server(site, host="127.0.0.1", port=0, lang="en")) as served:
        yield served


@pytest.mark.parametrize(
    ("accepted", "encoding"),
    [("br, gzip", "br"), ("gzip, deflate", "gzip"), ("gzip;q=0, br", "br"), ("", None)],
)
def test_the_best_encoding_the_browser_accepts_is_sent(
    compressed: ClassServer, accepted: str, encoding: str | None
) -> None:
    answer, data = ask(compressed, f"/{BIG_TEXT}", headers={"Accept-Encoding": accepted})
    whole = (compressed.site.root / BIG_TEXT).read_bytes()
    assert answer.getheader("Content-Encoding") == encoding
    assert answer.getheader("Vary") == "Accept-Encoding"
    assert answer.getheader("Content-Type") == "text/javascript; charset=utf-8"
    unpacked = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[encoding](data)
    assert unpacked == whole
    assert len(data) < len(whole) or encoding is None


def test_each_encoding_has_its_own_etag_and_a_match_is_a_304(compressed: ClassServer) -> None:
    tags = {
        accepted: ask(compressed, f"/{BIG_TEXT}", headers={"Accept-Encoding": accepted})[0]
        for accepted in ("br", "gzip", "identity")
    }
    assert len({answer.getheader("ETag") for answer in tags.values()}) == 3
    again = {"Accept-Encoding": "br", "If-None-Match": str(tags["br"].getheader("ETag"))}
    answer, data = ask(compressed, f"/{BIG_TEXT}", headers=again)
    assert (answer.status, data) == (304, b"")
    other = {"Accept-Encoding": "gzip", "If-None-Match": str(tags["br"].getheader("ETag"))}
    assert ask(compressed, f"/{BIG_TEXT}", headers=other)[0].status == 200


def test_a_range_is_served_from_the_file_itself(compressed: ClassServer) -> None:
    headers = {"Range": "bytes=7-12", "Accept-Encoding": "br, gzip"}
    answer, data = ask(compressed, f"/{BIG_TEXT}", headers=headers)
    whole = (compressed.site.root / BIG_TEXT).read_bytes()
    assert answer.status == 206
    assert answer.getheader("Content-Encoding") is None
    assert answer.getheader("Content-Range") == f"bytes 7-12/{len(whole)}"
    assert data == whole[7:13]


def test_files_too_small_to_gain_get_no_copy(compressed: ClassServer) -> None:
    assert not (compressed.site.root / "index.html.br").exists()
    assert (compressed.site.root / f"{BIG_TEXT}.br").exists()


@pytest.mark.parametrize("path", ["/", "/index.html", serve.PROJECTOR, "/nowhere"])
def test_every_answer_carries_the_safety_headers(server: ClassServer, path: str) -> None:
    answer = ask(server, path)[0]
    assert "frame-ancestors 'self'" in str(answer.getheader("Content-Security-Policy"))
    assert "'wasm-unsafe-eval'" in str(answer.getheader("Content-Security-Policy"))
    assert answer.getheader("X-Content-Type-Options") == "nosniff"
    assert answer.getheader("Referrer-Policy") == "no-referrer"


@pytest.mark.parametrize("path", ["/index.html%00", "/%00", "/a%01b", "/app%5c..%5csecret.txt"])
def test_a_path_with_garbage_is_a_bad_request(server: ClassServer, path: str) -> None:
    answer, data = ask(server, path)
    assert answer.status == 400
    assert b"Traceback" not in data


def test_a_request_that_is_no_http_is_answered_400_and_the_server_goes_on(
    server: ClassServer,
) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(b"GET /\0\xff HTTP/1.1\r\nHost: \0\r\n\r\n")
        first = raw.recv(200)
    assert first.startswith(b"HTTP/1.1 400")
    assert ask(server, "/index.html")[0].status == 200


def test_a_file_limit_too_low_for_a_class_is_refused_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("blockdomino.server.run.file_limit", lambda: 256)
    with pytest.raises(serve.ServeError) as refused:
        open_server(make_site(tmp_path), host="127.0.0.1", port=0)
    assert refused.value.key == "serve.error.files"
    assert refused.value.params["limit"] == 256

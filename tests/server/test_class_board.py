"""A pupil's seat at a class table is the app's board: the class server serves the
app's ``board.js``, the very file the app is built from, to the class pages beside their
own scripts, and ``shared.js`` (what both make alike), and none of the app's other modules."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import ask, class_server

from blockdomino.app.names import SHARED, STATIC
from blockdomino.server.run import ClassServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    yield from class_server(tmp_path, "en")


def test_the_seat_loads_the_apps_board_from_the_class_server(server: ClassServer) -> None:
    answer, board = ask(server, "/class/static/board.js")
    assert answer.status == 200
    assert (answer.getheader("Content-Type") or "").startswith("text/javascript")
    assert board == (STATIC / "board.js").read_bytes()
    _, seat = ask(server, "/class/static/seat.js")
    assert b'from "./board.js";' in seat


def test_the_class_pages_load_the_apps_shared_js(server: ClassServer) -> None:
    answer, body = ask(server, "/class/static/shared.js")
    assert answer.status == 200
    assert body == (STATIC / "shared.js").read_bytes()
    for name in ("class.js", "lesson.js", "dom.js"):
        _, script = ask(server, f"/class/static/{name}")
        assert re.search(rb'^import \{[^}]*\} from "\./shared\.js";$', script, re.MULTILINE)


def test_the_shared_modules_import_nothing_of_either_page(server: ClassServer) -> None:
    for name in SHARED:
        _, body = ask(server, f"/class/static/{name}")
        assert re.findall(rb"^import ", body, re.MULTILINE) == []


@pytest.mark.parametrize("name", ["live.js", "page.js", "worker.js", "index.html"])
def test_the_apps_other_files_stay_the_apps(server: ClassServer, name: str) -> None:
    assert ask(server, f"/class/static/{name}")[0].status == 404

"""One browser module for the app and the class pages: ``shared.js`` (in the app's
files, served by the class server beside its own scripts) makes every element, every
random id and names every key the class keeps in the browser; no script of either
folder makes its own."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import ask, class_server

from blockdomino.app.names import STATIC as APP_STATIC
from blockdomino.server.run import ClassServer

CLASS_STATIC = Path(__file__).resolve().parents[2] / "src/blockdomino/server/static"
SCRIPTS = sorted([*APP_STATIC.glob("*.js"), *CLASS_STATIC.glob("*.js")])
MADE_ONCE = {
    "an element": r"function element\(",
    "a random id": r"getRandomValues\(",
    "a class storage key": r"\"blockdomino\.class\.\w+\"",
}


def _found(pattern: str) -> dict[str, list[str]]:
    """What ``pattern`` matches in each script of both folders that it matches in."""
    found = {path.name: re.findall(pattern, path.read_text(encoding="utf-8")) for path in SCRIPTS}
    return {name: matches for name, matches in found.items() if matches}


@pytest.mark.parametrize("what", MADE_ONCE)
def test_each_is_made_in_shared_js_alone(what: str) -> None:
    found = _found(MADE_ONCE[what])
    assert list(found) == ["shared.js"], f"{what} made in {sorted(found)}"
    matches = found["shared.js"]
    assert len(matches) == len(set(matches))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    yield from class_server(tmp_path, "en")


def test_the_class_pages_load_the_apps_shared_js(server: ClassServer) -> None:
    answer, body = ask(server, "/class/static/shared.js")
    assert answer.status == 200
    assert body == (APP_STATIC / "shared.js").read_bytes()
    for name in ("class.js", "lesson.js", "dom.js"):
        _, script = ask(server, f"/class/static/{name}")
        assert re.search(rb'^import \{[^}]*\} from "\./shared\.js";$', script, re.MULTILINE)

"""One browser module for the app and the class pages: ``shared.js`` (in the app's
files, served by the class server beside its own scripts: ``test_class_board.py``)
makes every element, every random id, fills in every sentence of a page's words, keeps
every queue of what is sent until the server acknowledges it and names every key the
class keeps in the browser; no script of either folder makes its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from blockdomino.app.names import STATIC as APP_STATIC

CLASS_STATIC = Path(__file__).resolve().parents[2] / "src/blockdomino/server/static"
SCRIPTS = sorted([*APP_STATIC.glob("*.js"), *CLASS_STATIC.glob("*.js")])
MADE_ONCE = {
    "an element": r"function element\(",
    "a random id": r"getRandomValues\(",
    "a class storage key": r"\"blockdomino\.class\.\w+\"",
    "a sentence's words filled in": r"\\\{\(\\w\+\)\\\}",
    "a queue kept until acknowledged": r"function keptQueue\(",
}
QUEUED = (
    r"localStorage\.\w+\((?:CLASS_KEYS\.(?:move|answer|fit)\b"
    r"|\"blockdomino\.practice\.unsent\")"
)
"""A script reading or writing itself what waits to be acknowledged (a seat's move, a
quiz's or walkthrough's answer, the Practice results), instead of through the queue."""


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


def test_what_waits_to_be_acknowledged_is_kept_by_the_queue_alone() -> None:
    assert _found(QUEUED) == {}

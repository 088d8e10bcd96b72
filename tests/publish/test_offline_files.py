"""Offline: nothing the product shows fetches from the internet, so the files it ships and
the pages it saves name no address outside the machine they are served from.

The browser suite proves the same at run time (every outside request aborted and
recorded); these tests catch an outside address where it is written, in a second.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "blockdomino"
NOTEBOOKS = ROOT / "notebooks"

ADDRESS = re.compile(r"https?://[^\s\"'<>)\\]+")
"""Any web address, as written in source, templates or saved outputs."""

FETCHED = re.compile(r"""(?:src|href)\s*=\s*\\?["']https?://|url\(\s*["']?https?://|@import""")
"""An address a browser would fetch: a script, image, stylesheet or font, or an import."""

XML_NAMESPACES = frozenset(
    {
        "http://www.w3.org/2000/svg",
        "http://www.w3.org/1999/xlink",
        "http://www.w3.org/2001/xml-events",
        # The namespace of a Word document's text, which the leaflet reader looks for.
        "http://schemas.openxmlformats.org/wordprocessingml/2006/main}",
    }
)
"""The namespaces an SVG diagram declares, and a Word document's: names, which nothing
fetches."""

SHIPPED = ("*.py", "*.j2", "*.json", "*.html", "*.css", "*.js")


def shipped_files() -> list[Path]:
    return sorted(path for pattern in SHIPPED for path in PACKAGE.rglob(pattern))


def notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*/*.ipynb"))


def test_the_package_names_no_outside_address() -> None:
    """Offline bar: the package's code, templates and data name no outside address; the
    only address it writes is the classroom's own, built from its host and port (the
    diagrams' XML namespaces are names, not addresses). (The
    classroom template leaves Voilà's icon stylesheets out by what they are, not by
    where they come from.)"""
    named = {
        f"{path.relative_to(ROOT)}: {address}"
        for path in shipped_files()
        for address in ADDRESS.findall(path.read_text(encoding="utf-8"))
        if not re.match(r"https?://\{(host\}|reachable\(host$)", address)
        and address not in XML_NAMESPACES
    }
    assert not named


def test_the_scan_sees_the_package_and_its_classroom_template() -> None:
    """The scan above reads the package's modules and the classroom's Voilà template, so
    it can fail."""
    names = {path.name for path in shipped_files()}
    assert {"__init__.py", "round.py", "index.html.j2", "conf.json"} <= names
    assert ADDRESS.findall('<link href="https://example.org/a.css">')


@pytest.mark.parametrize(
    "path", notebooks(), ids=lambda path: path.relative_to(NOTEBOOKS).as_posix()
)
def test_a_notebook_fetches_nothing_from_outside(path: Path) -> None:
    """Offline bar: a notebook's saved outputs and prose load no script, image, stylesheet
    or font from another host (XML namespaces in the diagrams are names, not fetches)."""
    assert not FETCHED.findall(path.read_text(encoding="utf-8"))


def test_the_fetch_pattern_catches_what_a_browser_would_fetch() -> None:
    """The pattern above can fail: each way a page asks a host for a file is caught, an
    SVG namespace is not."""
    fetching = [
        '<script src="https://example.org/a.js">',
        "<link href='http://example.org/a.css'>",
        "background: url(https://example.org/font.woff2)",
        '@import "x.css";',
        '<img src=\\"https://example.org/a.png\\">',
    ]
    assert all(FETCHED.search(line) for line in fetching)
    assert not FETCHED.search('<svg xmlns="http://www.w3.org/2000/svg">')

"""Worksheets a child and a photocopier can read, read back from the printed A4 PDF of
every topic at every level: every pip at least 1.2 mm across, every number (the end
markers' among them) at least 8 pt, and tiles to match (a half at least 6 mm)."""

from __future__ import annotations

import io
from typing import Any, NamedTuple

import pytest

from blockdomino.practice.items import LEVELS
from blockdomino.practice.sheets import common, numbered, sheet_pages
from blockdomino.practice.topics import TOPICS
from blockdomino.practice.typesetting import compile_pages

pdfplumber = pytest.importorskip("pdfplumber")
pytest.importorskip("typst")

MM = 72 / 25.4
"""PDF points in a millimetre."""
ITEMS = 3 * len(TOPICS)
"""Items per sheet: the topics take turns, so each is asked about three times."""


class Page(NamedTuple):
    """What a printed page holds: its letters and its drawn shapes."""

    chars: list[dict[str, Any]]
    curves: list[dict[str, Any]]


@pytest.fixture(scope="module", params=LEVELS)
def printed(request: pytest.FixtureRequest) -> tuple[list[Any], list[Page]]:
    """A sheet of every topic at one level, in Finnish (the longest words): its items and
    what pdfplumber reads on each page."""
    sheets = list(numbered(TOPICS, request.param, ITEMS, [1], 11))
    pdf = compile_pages(sheet_pages(common(TOPICS, request.param, "fi", 11), sheets))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        pages = [Page(page.chars, page.curves) for page in document.pages]
    return sheets[0][1], pages


def _black(curve: dict[str, Any]) -> bool:
    return bool(curve["fill"]) and curve["non_stroking_color"] in (0, (0,), [0], 0.0, (0.0,))


def _round(curve: dict[str, Any]) -> bool:
    """A dot: drawn with Bézier arcs, as wide as it is high."""
    arcs = any(step[0] == "c" for step in curve["path"])
    return arcs and abs(curve["width"] - curve["height"]) < 0.05 * MM


def test_the_sheet_asks_about_every_topic(printed: tuple[list[Any], list[Page]]) -> None:
    items, _ = printed
    assert {item.topic for item in items} == set(TOPICS)


def test_every_pip_is_at_least_1_2_mm_across(printed: tuple[list[Any], list[Page]]) -> None:
    _, pages = printed
    pips = [
        curve["width"] / MM
        for page in pages
        for curve in page.curves
        if _black(curve) and _round(curve) and curve["width"] < 3 * MM
    ]
    assert len(pips) > 100
    assert min(pips) >= 1.2


def test_every_number_and_word_is_at_least_8_pt(printed: tuple[list[Any], list[Page]]) -> None:
    _, pages = printed
    digits = [char for page in pages for char in page.chars if char["text"].isdigit()]
    assert digits
    assert min(char["size"] for page in pages for char in page.chars) >= 8 - 0.05


def test_tiles_are_drawn_to_match(printed: tuple[list[Any], list[Page]]) -> None:
    """A tile lying lengthwise is twice as long as wide; its width, one half's side, is
    at least 6 mm (five pips across a half fit with room)."""
    _, pages = printed
    tiles = [
        min(curve["width"], curve["height"]) / MM
        for page in pages
        for curve in page.curves
        if curve["fill"]
        and curve["non_stroking_color"] in (1, (1,), [1], 1.0, (1.0,))
        and abs(max(curve["width"], curve["height"]) - 2 * min(curve["width"], curve["height"]))
        < 0.1 * MM
    ]
    assert len(tiles) > 50
    assert min(tiles) >= 6

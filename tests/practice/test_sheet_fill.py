"""Sheets that use their paper: a scoring item leaves a box to work out the sums in,
and a sheet's items are shared out over its pages so that no page is left half empty
(the fill of each page measured on the printed PDF with pdfplumber, over several seeds
at every level)."""

from __future__ import annotations

import io
import statistics
from typing import Any

import pytest

from blockdomino.practice.items import LEVELS
from blockdomino.practice.sheets import common, numbered, sheet_pages
from blockdomino.practice.topics import TOPICS
from blockdomino.practice.typesetting import compile_pages
from blockdomino.words.i18n import translate

pdfplumber = pytest.importorskip("pdfplumber")
pytest.importorskip("typst")

MM = 72 / 25.4
"""PDF points in a millimetre."""
TOP, BOTTOM = 14 * MM, (297 - 14) * MM
"""Where the text area of an A4 page starts and ends (the footer lies below)."""
LEFT, WIDTH = 15 * MM, 180 * MM
"""Where the text area starts across the page, and its width."""


def _pages(topics: tuple[str, ...], level: int, seed: int, lang: str = "en") -> list[Any]:
    """What pdfplumber reads on each page of one sheet that has anything printed."""
    sheets = list(numbered(topics, level, 12, [1], seed))
    pdf = compile_pages(sheet_pages(common(topics, level, lang, seed), sheets))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return [
            [*page.chars, *page.curves, *page.rects, *page.lines]
            for page in document.pages
            if any(char["bottom"] < BOTTOM for char in page.chars)
        ]


def _covered(spans: list[tuple[float, float]]) -> float:
    """How much of the height the spans (top, bottom) cover together."""
    total, reach = 0.0, -1.0
    for top, bottom in sorted(spans):
        if bottom > reach:
            total += bottom - max(top, reach)
            reach = bottom
    return total


def fill(objects: list[dict[str, Any]]) -> float:
    """The share of the page's two columns that holds print: the heights covered by
    letters and drawings, column by column, over the columns' height."""
    shares = []
    for column in (0, 1):
        left = LEFT + column * WIDTH / 2
        spans = [
            (item["top"], item["bottom"])
            for item in objects
            if left <= (item["x0"] + item["x1"]) / 2 < left + WIDTH / 2 and item["bottom"] < BOTTOM
        ]
        shares.append(_covered(spans) / (BOTTOM - TOP))
    return statistics.mean(shares)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 3])
def test_no_page_of_a_sheet_is_left_half_empty(level: int, seed: int) -> None:
    fills = [fill(page) for page in _pages(TOPICS, level, seed)]
    assert len(fills) >= 2
    assert min(fills) >= 0.4, fills
    assert fills[-1] >= 0.7 * statistics.mean(fills[:-1]), fills


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_scoring_items_leave_room_to_work_out_the_sums(lang: str) -> None:
    """Each scoring item has a box under its choices, at least 25 mm high, headed
    "Work it out here:"; items of other topics have none."""
    sheets = list(numbered(("scoring", "matching"), 2, 6, [1], 5))
    pdf = compile_pages(sheet_pages(common(("scoring", "matching"), 2, lang, 5), sheets))
    label = translate("practice.sheet.work", lang)
    boxes = []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            for found in page.search(label):
                boxes.extend(
                    curve["height"] / MM
                    for curve in page.curves
                    if abs(curve["top"] - found["top"]) < 3 * MM and curve["x0"] <= found["x0"]
                )
    scoring = sum(item.topic == "scoring" for item in sheets[0][1])
    assert scoring == 3
    assert len(boxes) == scoring
    assert min(boxes) >= 25

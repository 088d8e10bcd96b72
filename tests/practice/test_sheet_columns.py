"""Sheets laid out as a child reads them, read back from the printed PDF: no column left
empty while the sheet goes on (an item taller than its column is split rather than
pushed on, leaving the column bare), no tile broken at its bar at the end of a line
("[3|" on one line, "3]" on the next), and the hands an item shows side by side start at
one height under their names."""

from __future__ import annotations

import io
import re
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from blockdomino.cli import main
from blockdomino.practice.items import LEVELS
from blockdomino.words.text import player_name

pdfplumber = pytest.importorskip("pdfplumber")
pytest.importorskip("typst")

MM = 72 / 25.4
"""PDF points in a millimetre."""
MIDDLE = 105 * MM
"""The line between the two columns of an A4 page."""
BOTTOM = (297 - 14) * MM
"""Where the text area of an A4 page ends (the footer lies below)."""
TALL = ("scoring", "leader", "strategy")
"""Topics with tall items: a team game's long chain, four hands and the table."""


def _printed(topics: tuple[str, ...], level: int, seed: int, lang: str) -> Iterator[Any]:
    """Each page of one sheet of 12 items as the command prints it, read by pdfplumber."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder, "sheets.pdf")
        asked = ["--topics", ",".join(topics), "--level", str(level), "--seed", str(seed)]
        assert main(["worksheet", *asked, "--lang", lang, "--out", str(out)]) == 0
        with pdfplumber.open(io.BytesIO(out.read_bytes())) as document:
            yield from document.pages


@cache
def _sheet_pages(topics: tuple[str, ...], level: int, seed: int, lang: str) -> tuple[Any, ...]:
    """The pages that print part of the sheet (not the answer keys' or blank ones),
    printed once for every test that reads that sheet."""
    return tuple(
        page
        for page in _printed(topics, level, seed, lang)
        if any(re.fullmatch(r"\d+\.", word["text"]) for word in page.extract_words())
    )


def _columns_printed(page: Any) -> tuple[bool, bool]:
    """Whether each column of ``page`` holds anything between its first item's number
    (below the sheet's heading, which spans both columns) and the footer."""
    numbers = [w["top"] for w in page.extract_words() if re.fullmatch(r"\d+\.", w["text"])]
    objects = [*page.chars, *page.curves, *page.rects]
    inside = [o for o in objects if min(numbers) - 1 <= o["top"] and o["bottom"] < BOTTOM]
    return (
        any((o["x0"] + o["x1"]) / 2 < MIDDLE for o in inside),
        any((o["x0"] + o["x1"]) / 2 >= MIDDLE for o in inside),
    )


@pytest.mark.parametrize(("seed", "lang"), [(5, "sv"), (5, "fi"), (2, "en"), (9, "sv")])
def test_no_column_is_left_empty_while_the_sheet_goes_on(seed: int, lang: str) -> None:
    pages = _sheet_pages(TALL, 3, seed, lang)
    for number, page in enumerate(pages[:-1], start=1):
        assert _columns_printed(page) == (True, True), f"page {number}"
    assert _columns_printed(pages[-1])[0]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_no_tile_is_broken_at_the_end_of_a_line(level: int, lang: str) -> None:
    lines = [
        line["text"]
        for page in _sheet_pages(TALL, level, 5, lang)
        for line in page.extract_text_lines()
    ]
    assert any(re.search(r"\[[0-6]\|[0-6]\]", line) for line in lines)
    broken = [line for line in lines if re.search(r"\[[0-6]\|?$", line)]
    assert not broken


def test_hands_side_by_side_start_at_one_height() -> None:
    """The names over hands beside each other in one column (an empty hand that went
    out beside a hand with tiles among them) stand on one line. Two names printed a
    line or two apart belong to one caption; a row of hands lower down is at least an
    upright tile (12.8 mm) further."""
    name = player_name(0, "sv").split()[0]
    apart = []
    for page in _sheet_pages(TALL, 3, 5, "sv"):
        names = [w for w in page.extract_words(extra_attrs=["size"]) if w["text"] == name]
        captions = [word for word in names if word["size"] < 9]
        apart += [
            round(abs(a["top"] - b["top"]) / MM, 1)
            for a in captions
            for b in captions
            if (a["x0"] < MIDDLE) == (b["x0"] < MIDDLE) and 10 * MM < b["x0"] - a["x0"] < 80 * MM
        ]
    assert 0 in apart
    assert not [mm for mm in apart if 5 < mm < 14]

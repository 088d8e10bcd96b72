"""A sheet of 12 items fills its pages: at most 2 A4 pages at levels 1 and 2 and 3 at
level 3, in Finnish, Swedish and English, no item broken across pages or columns, and
the blank back a sheet may leave (so that the next one starts on a page of its own)
left without a footer. Read back from the printed PDF with pdfplumber."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from blockdomino.practice.items import LEVELS
from blockdomino.practice.sheets import common, numbered, sheet_pages
from blockdomino.practice.topics import TOPICS
from blockdomino.practice.typesetting import compile_pages

pdfplumber = pytest.importorskip("pdfplumber")
pytest.importorskip("typst")

MM = 72 / 25.4
"""PDF points in a millimetre."""
MIDDLE = 105 * MM
"""Between the two columns."""
FOOTER = (297 - 14) * MM
"""Below the text area: the footer."""
MOST_PAGES = {1: 2, 2: 2, 3: 3}
"""The most pages a sheet of 12 items takes, by level."""
LABEL = re.compile(r"^\d+\.$")


def _printed(level: int, seed: int, lang: str) -> list[Any]:
    """Each page of a sheet of 12 items of every topic, as pdfplumber reads it."""
    sheets = list(numbered(TOPICS, level, 12, [1], seed))
    pdf = compile_pages(sheet_pages(common(TOPICS, level, lang, seed), sheets))
    document = pdfplumber.open(io.BytesIO(pdf))
    return list(document.pages)


def _words(page: Any) -> list[dict[str, Any]]:
    return list(page.extract_words(extra_attrs=["fontname", "size"]))


def _body(page: Any) -> list[dict[str, Any]]:
    """The words of a page's items: below the sheet's heading (the rule under it, on the
    first page), above the footer."""
    rules = [line["top"] for line in page.lines if line["x1"] - line["x0"] > 150 * MM]
    start = max(rules, default=0.0)
    return [word for word in _words(page) if start < word["top"] and word["bottom"] < FOOTER]


def _label(word: dict[str, Any]) -> bool:
    """An item's number: "7." in bold."""
    return bool(LABEL.match(word["text"])) and "bold" in word["fontname"].lower()


def _sheet_pages(pages: list[Any]) -> list[Any]:
    return [page for page in pages if _body(page)]


@pytest.mark.parametrize(("lang", "seed"), [("fi", 2), ("sv", 7), ("en", 4)])
@pytest.mark.parametrize("level", LEVELS)
def test_twelve_items_fill_few_pages_and_none_is_broken(level: int, seed: int, lang: str) -> None:
    pages = _printed(level, seed, lang)
    printed = _sheet_pages(pages)
    assert len(printed) <= MOST_PAGES[level]
    labels = []
    for page in printed:
        for right in (False, True):
            column = sorted(
                (word for word in _body(page) if (word["x0"] >= MIDDLE) == right),
                key=lambda word: (round(word["top"]), word["x0"]),
            )
            if column:
                assert _label(column[0]), (page.page_number, right, column[0]["text"])
            labels += [int(word["text"][:-1]) for word in column if _label(word)]
    assert labels == list(range(1, 13))
    for page in pages[len(printed) :]:
        assert page.extract_text().strip() == ""
    footers = [word["text"] for page in printed for word in _words(page) if word["top"] > FOOTER]
    assert footers[-1] == f"{len(printed)}/{len(printed)}"

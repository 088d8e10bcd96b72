"""Worksheets as a PDF: one sheet per pupil, each its own variant, then the answer
keys: a strip per sheet, its number on top and the answers in a column, on pages of
their own or in a file of their own.

Typst typesets them (the ``typst`` package, the ``worksheet`` extra): the template
``sheet.typ`` reads everything to print as JSON, so no text is ever pasted into
markup. Only the fonts inside Typst are used and the document carries no date, so the
same arguments give the same bytes on any machine. The document's language (``lang``)
sets Finnish, Swedish or English hyphenation.

Sheets are made and typeset a batch at a time (``batches``: whole sheets, about
``BATCH_ITEMS`` items), so that a run of 500 pupils needs no more memory than one of
25; ``practice.typesetting`` typesets the batches side by side and joins them into
one PDF. Each sheet numbers its own pages ("Sheet 3 · 1/2"), so that no batch waits
for the page count of another.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

from blockdomino.practice.compact import trimmed
from blockdomino.practice.export import figures
from blockdomino.practice.generator import item_set
from blockdomino.practice.items import Item
from blockdomino.practice.topics import BY_ID, TOPIC_NAMES
from blockdomino.practice.wording import words
from blockdomino.words.i18n import format_list, translate

LETTERS: Final = "ABCD"
"""Choices are lettered A to D."""
MM_PER_PX: Final = 0.2
"""Every diagram is printed at one scale, 0.2 mm a pixel, so that on A4 a pip (6.4 px
across) is 1.28 mm and an end marker's number (16 px) 9 pt, and a tile 12.8 mm long."""
COLUMN_MM: Final = 87.0
"""The width of a column of the sheet (A4, 1.5 cm margins, two columns), in mm."""
TABLE_PX: Final = int(COLUMN_MM / MM_PER_PX)
"""The table a chain snakes on and a hand wraps within: a column at ``MM_PER_PX``."""
BATCH_ITEMS: Final = 300
"""About this many items are typeset together (whole sheets, at least one): a batch
takes Typst about 200 MB (measuring the items to share them out over the pages)."""
_WIDTH = re.compile(r'<svg[^>]*\swidth="([\d.]+)')

Numbered = tuple[int, list[Item]]
"""A sheet: its number (from 1) and its items."""


def variant_seed(seed: int, copy: int) -> int:
    """The seed of sheet ``copy`` (from 1) of a run seeded with ``seed``."""
    return seed * 10_007 + copy


def variants(
    topics: Sequence[str], level: int, count: int, copies: int, seed: int
) -> list[list[Item]]:
    """One set of ``count`` items per copy, each from its own seed."""
    return [items for _, items in numbered(topics, level, count, range(1, copies + 1), seed)]


def numbered(
    topics: Sequence[str], level: int, count: int, numbers: Iterable[int], seed: int
) -> Iterator[Numbered]:
    """The sheets ``numbers`` of a run seeded with ``seed``, each with its number."""
    for copy in numbers:
        yield copy, item_set(topics, level, count, variant_seed(seed, copy))


def batches(count: int, copies: int, items: int = BATCH_ITEMS) -> list[range]:
    """The sheet numbers typeset together: whole sheets of ``count`` items, about
    ``items`` items a batch and at least one sheet."""
    per = max(1, items // count)
    return [range(first, min(first + per, copies + 1)) for first in range(1, copies + 1, per)]


def _figure(caption: str, drawn: str) -> dict[str, Any]:
    """A diagram cut down to what it draws (``trimmed``) and its printed width in mm
    (``MM_PER_PX``, at most a column)."""
    image = trimmed(drawn)
    match = _WIDTH.search(image)
    width = float(match[1]) * MM_PER_PX if match else COLUMN_MM
    return {"caption": caption, "svg": image, "mm": round(min(width, COLUMN_MM), 2)}


def _item(number: int, item: Item, lang: str) -> dict[str, Any]:
    text = words(item, lang)
    return {
        "number": number,
        "question": text.question,
        "choices": list(text.choices),
        "work": BY_ID[item.topic].worked,
        "figures": [
            _figure(caption, image) for caption, image in figures(item, lang, width=TABLE_PX)
        ],
    }


def _heading(number: int, lang: str) -> str:
    return translate("practice.sheet.number", lang, number=number)


def common(topics: Sequence[str], level: int, lang: str, seed: int) -> dict[str, Any]:
    """The words every page of the run prints, in ``lang``: the seed among them, so that
    the set can be printed again."""
    names = format_list([translate(TOPIC_NAMES[topic], lang) for topic in topics], lang)
    return {
        "lang": lang,
        "title": translate("practice.sheet.title", lang),
        "name": translate("practice.sheet.name", lang),
        "level": translate("practice.sheet.level", lang, level=level),
        "instructions": translate("practice.sheet.instructions", lang),
        "work": translate("practice.sheet.work", lang),
        "topics": f"({names})",
        "key": translate("practice.sheet.key", lang),
        "seed": translate("practice.sheet.seed", lang, seed=seed),
    }


def sheet_pages(words_of_run: dict[str, Any], sheets: Sequence[Numbered]) -> dict[str, Any]:
    """What the template prints for a batch of ``sheets``: each sheet from an odd page,
    and an even number of pages in all."""
    lang = words_of_run["lang"]
    return {
        **words_of_run,
        "sheets": [
            {
                "heading": _heading(number, lang),
                "items": [_item(n, item, lang) for n, item in enumerate(items, 1)],
            }
            for number, items in sheets
        ],
        "keys": [],
    }


def key(sheet: Numbered, lang: str, *, explanations: bool = False) -> dict[str, Any]:
    """The answer key of one sheet: its heading, then each question's number and the
    letter of its answer, in order; with ``explanations``, why each answer is right."""
    number, items = sheet
    return {
        "heading": _heading(number, lang),
        "answers": [
            {
                "number": n,
                "letter": LETTERS[item.answer_index],
                "why": words(item, lang).explanation if explanations else "",
            }
            for n, item in enumerate(items, 1)
        ],
    }


def key_pages(words_of_run: dict[str, Any], keys: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What the template prints for the answer keys (``key`` of every sheet)."""
    return {**words_of_run, "sheets": [], "keys": list(keys)}

"""Worksheets as a PDF: one sheet per pupil, each its own variant, then the answer keys.

Typst typesets them (the ``typst`` package, the ``worksheet`` extra): the template
``sheet.typ`` reads everything to print as JSON, so no text is ever pasted into
markup. Only the fonts inside Typst are used and the document carries no date, so the
same arguments give the same bytes on any machine. The document's language (``lang``)
sets Finnish, Swedish or English hyphenation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from blockdomino.practice.export import figures
from blockdomino.practice.generator import item_set
from blockdomino.practice.items import Item
from blockdomino.practice.wording import words
from blockdomino.words.i18n import format_list, translate

TEMPLATE: Final = Path(__file__).with_name("sheet.typ")
LETTERS: Final = "ABCD"
"""Choices are lettered A to D."""
COLUMN_PX: Final = 820
"""A diagram this many pixels wide fills a column; narrower ones keep their scale."""
TOPIC_NAMES: Final = {
    "matching": "practice.topic.matching",
    "doubles": "practice.topic.doubles",
    "passing": "practice.topic.passing",
    "blocked": "practice.topic.blocked",
    "scoring": "practice.topic.scoring",
    "leader": "practice.topic.leader",
    "passes": "practice.topic.passes",
    "strategy": "practice.topic.strategy",
}
"""Each topic's name in the catalogs."""

_WIDTH = re.compile(r'<svg[^>]*\swidth="([\d.]+)')


def variant_seed(seed: int, copy: int) -> int:
    """The seed of sheet ``copy`` (from 1) of a run seeded with ``seed``."""
    return seed * 10_007 + copy


def variants(
    topics: Sequence[str], level: int, count: int, copies: int, seed: int
) -> list[list[Item]]:
    """One set of ``count`` items per copy, each from its own seed."""
    return [
        item_set(topics, level, count, variant_seed(seed, copy)) for copy in range(1, copies + 1)
    ]


def _figure(caption: str, image: str) -> dict[str, Any]:
    match = _WIDTH.search(image)
    width = float(match[1]) if match else COLUMN_PX
    return {"caption": caption, "svg": image, "width": round(min(width / COLUMN_PX, 1.0), 3)}


def _item(number: int, item: Item, lang: str) -> dict[str, Any]:
    text = words(item, lang)
    return {
        "number": number,
        "question": text.question,
        "choices": list(text.choices),
        "figures": [_figure(caption, image) for caption, image in figures(item, lang)],
    }


def document(
    topics: Sequence[str], level: int, sheets: Sequence[Sequence[Item]], lang: str
) -> dict[str, Any]:
    """Everything the template prints, in ``lang``."""
    names = format_list([translate(TOPIC_NAMES[topic], lang) for topic in topics], lang)
    heading = [
        translate("practice.sheet.number", lang, number=n) for n in range(1, len(sheets) + 1)
    ]
    return {
        "lang": lang,
        "title": translate("practice.sheet.title", lang),
        "name": translate("practice.sheet.name", lang),
        "level": translate("practice.sheet.level", lang, level=level),
        "instructions": translate("practice.sheet.instructions", lang),
        "topics": f"({names})",
        "key": translate("practice.sheet.key", lang),
        "sheets": [
            {
                "heading": heading[index],
                "items": [_item(n, item, lang) for n, item in enumerate(items, 1)],
            }
            for index, items in enumerate(sheets)
        ],
        "keys": [
            {
                "heading": heading[index],
                "answers": [
                    f"{n}\u00a0{LETTERS[item.answer_index]}" for n, item in enumerate(items, 1)
                ],
            }
            for index, items in enumerate(sheets)
        ],
    }


def typeset(data: dict[str, Any]) -> bytes:
    """The PDF of the sheets: Typst's own fonts only, no date, so always the same bytes."""
    import typst  # the worksheet extra, imported only to typeset

    pdf = typst.compile(
        str(TEMPLATE),
        sys_inputs={"data": json.dumps(data, ensure_ascii=False)},
        ignore_system_fonts=True,
        format="pdf",
    )
    assert isinstance(pdf, bytes)
    return pdf

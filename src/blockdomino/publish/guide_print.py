"""The teachers' guide printed: an A4 PDF typeset by Typst, as the worksheets are
(``practice.typesetting``), from the same plain values as the page.

Typst sets the words with each language's hyphenation and Typst's own fonts; the PDF
holds no date and nothing of the machine, so the same guide gives the same bytes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from blockdomino.practice.typesetting import compile_pages
from blockdomino.publish.guide import guide

TEMPLATE: Final = Path(__file__).with_name("guide_print.typ")


def guide_pdf(lang: str) -> bytes:
    """The guide in ``lang`` as a PDF (needs the ``worksheet`` extra: Typst)."""
    return compile_pages(guide(lang), TEMPLATE)

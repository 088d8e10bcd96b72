"""What a leaflet's text is, Markdown, HTML or plain text, told from its marks when no
file name tells it: text an author pastes into the app's "Check a leaflet", or a file
whose name has no ending ``verify`` knows (``formats``). Both read it the same way.

HTML starts with a tag: ``<!doctype html>``, ``<html>``, or a block such as ``<p>``,
``<div>`` or ``<h1>``. Markdown shows at least one mark that plain text does not write:

- a backslash before a mark of punctuation (``\\[2\\|5\\]``, as a conversion from Word
  to Markdown writes a tile);
- a tile in emphasis or in a code span (``**[2|5]**``, ``_[2|5]_``, ```[2|5]```);
- words in bold (``**end**``), a code span, a fenced code block;
- a heading, a ``#`` at the start of a line and a space after it (``# Rules``);
- a link (``[the rules](rules.md)``).

A stray ``*``, a single pair of stars around a word (as an e-mail writes it) or a ``#``
inside a sentence is no mark: such text stays plain text and reads as it always did.
Each mark's pattern looks at most ``_SPAN`` characters ahead, so telling costs time
linear in the text.
"""

from __future__ import annotations

import re
from typing import Final, Literal

TextFormat = Literal["markdown", "html", "text"]
"""How a text is read: through a Markdown parser, an HTML parser, or as it is."""

_SPAN: Final = 120
"""The longest piece of a line that one mark may span (emphasis, a code span, a link)."""

_HTML: Final = re.compile(
    r"\s*<(?:!doctype\s+html|html|head|body|main|article|section|header|div|p|h[1-6]"
    r"|ul|ol|table|blockquote)[\s>]",
    re.IGNORECASE,
)
_MARKDOWN: Final = re.compile(
    "|".join(
        (
            r"\\[\[\]|*_`#()<>{}!+.~-]",  # a backslash escape (not of a backslash: a path)
            r"(\*\*?|__?|`)\[[^\]\n]{1,12}\]\1",  # a tile in emphasis or a code span
            rf"\*\*[^*\s][^*\n]{{0,{_SPAN}}}\*\*",  # words in bold
            rf"__[^_\s][^_\n]{{0,{_SPAN}}}__",
            rf"`[^`\n]{{1,{_SPAN}}}`",  # a code span
            r"^ {0,3}(?:```|~~~)",  # a fenced code block
            r"^ {0,3}#{1,6}[ \t]+\S",  # a heading
            rf"\[(?!\s*\d+\s*\|)[^\]\n]{{1,{_SPAN}}}\]\([^()\s]{{1,{_SPAN}}}\)",  # a link
        )
    ),
    re.MULTILINE,
)


def text_format(text: str) -> TextFormat:
    """How ``text`` is read when no file name tells: as HTML when it starts with a tag of
    a page, as Markdown when it has a mark of Markdown (see the module's docstring), else
    as plain text."""
    if _HTML.match(text):
        return "html"
    if _MARKDOWN.search(text):
        return "markdown"
    return "text"

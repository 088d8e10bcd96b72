"""Where something stands in a document, in words its author can find it by.

A plain text, Markdown or HTML file is found by its line; a word processor's document
(.docx, .odt) by its paragraph (counting the paragraphs that hold text, a table's row
one paragraph) and, when the file records its pages, the page; a PDF by page and line.
A table's row is found by its table and row as well ("table 1, row 3"), counted from 1.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from blockdomino.words.i18n import translate


@dataclass(frozen=True, slots=True)
class Place:
    """A place in a document: a line, a paragraph, a page, or a page's line."""

    line: int | None = None
    paragraph: int | None = None
    page: int | None = None
    table: int | None = None
    row: int | None = None

    def words(self, lang: str) -> str:
        """The place in words: "line 12", "paragraph 4, page 2", "page 3, line 7",
        "table 1, row 3, page 2" (a table's row, found by its table)."""
        if self.row is not None and self.page is not None:
            return translate(
                "verify.place.table_row_page", lang, table=self.table, row=self.row, page=self.page
            )
        if self.row is not None:
            return translate("verify.place.table_row", lang, table=self.table, row=self.row)
        if self.paragraph is not None and self.page is not None:
            return translate(
                "verify.place.paragraph_page", lang, paragraph=self.paragraph, page=self.page
            )
        if self.paragraph is not None:
            return translate("verify.place.paragraph", lang, paragraph=self.paragraph)
        if self.page is not None:
            return translate("verify.place.page_line", lang, page=self.page, line=self.line)
        return translate("verify.place.line", lang, line=self.line)

    def to_json(self) -> dict[str, int]:
        """The place for machines: only the numbers it has."""
        fields = {
            "line": self.line,
            "paragraph": self.paragraph,
            "page": self.page,
            "table": self.table,
            "row": self.row,
        }
        return {name: value for name, value in fields.items() if value is not None}

    @property
    def is_line(self) -> bool:
        """A line of the file itself (text, Markdown, HTML)."""
        return self.paragraph is None and self.page is None


@dataclass(frozen=True, slots=True)
class Document:
    """A document's text, one line per place, and what each line's place is.

    ``places`` lists the place of each line of ``text`` (the first line first); when it
    is ``None`` the text keeps the file's own lines, so line ``n`` is the file's line ``n``.
    ``headings`` are the lines (from 1) that are headings, each with its level
    (``headings``).
    """

    text: str
    places: Sequence[Place] | None = None
    format: str = "text"
    headings: Mapping[int, int] = field(default_factory=dict)

    def place(self, line: int) -> Place:
        """The place of line ``line`` (from 1) of the text."""
        if self.places is None or not self.places:
            return Place(line=line)
        return self.places[min(line, len(self.places)) - 1]


class LineCounter:
    """Line numbers (from 1) of ascending positions in a text, counted once through."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.position = 0
        self.line = 1

    def at(self, position: int) -> int:
        """The line of ``position``, which is at or after the last position asked about."""
        self.line += self.text.count("\n", self.position, position)
        self.position = position
        return self.line


def line_of(text: str, position: int) -> int:
    """The line (from 1) of ``position`` in ``text``."""
    return text.count("\n", 0, position) + 1


def text_lines(text: str, start: int = 0) -> Iterator[str]:
    """The lines of ``text`` one at a time, as ``text.split("\\n")`` lists them (a long
    text's lines are never all held at once); from ``start``, the start of a line."""
    while (end := text.find("\n", start)) >= 0:
        yield text[start:end]
        start = end + 1
    yield text[start:]

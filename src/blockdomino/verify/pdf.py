"""The text of a PDF leaflet, page by page and line by line, its ruled tables as tables.

A PDF's text is read by pypdf, each page's lines numbered from 1. A table drawn with
ruled lines (as a word processor prints one) has no bars between its cells in the
text: its rows would read as words. So a page that draws lines is read again by
pdfplumber's table finder (the ``lines`` strategy: cells are the boxes the lines
close), on the characters and rules PDFium reads (``verify.ruled``); where it finds
a table of two rows or more and two columns or more, the page's lines are its text
outside the tables and each table's row as one line, cells parted by bars
(``tables.row_text``), top to bottom, so the table is read as a table and its rows
found as "table 1, row 3, page 2". A line whose letters are all set larger than most
of its page's text (by a fifth at least) is a heading (``headings``). A page that
draws fewer lines than a table needs is not looked at again (most pages: a leaflet of
text costs what it cost before; a page with a table costs about a hundredth of a second
more); where pdfplumber or pypdfium2 is not installed or cannot read a page, the page
keeps pypdf's lines.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from typing import Any, Final

from blockdomino.verify.findings import Finding, Problem, _finding
from blockdomino.verify.headings import TOP
from blockdomino.verify.places import Document, Place
from blockdomino.verify.ruled import ruled_pages

MAX_PAGES: Final = 2_000
"""The most pages of a PDF read."""
MAX_RULED_PAGES: Final = 200
"""The most pages of a PDF whose ruled tables are looked for (each costs a hundredth of
a second or so); the pages after keep their text's lines."""

_DRAWS_LINES: Final = re.compile(rb"[\d.]\s+(?:re|l)\s")
"""A rectangle or a line drawn in a content stream (``x y w h re``, ``x y l``)."""
HEADING_SIZE: Final = 1.2
"""How much larger than most of a page's text a heading's letters are set, at least."""
_HEADING_LINE: Final = re.compile(r"\S+(?: \S+){0,11}(?<![.,;:!?])")
"""A line a heading may be: twelve words at most, with no full stop or comma at its end
(a page whose prose is set larger than its tables has no headings in its sentences)."""
MIN_STROKES: Final = 4
"""The fewest rectangles and lines a page draws to hold a table of two rows and two
columns (four boxes, or three rules each way): a page with a frame alone is not read again."""


def read_pdf(data: bytes, path: str) -> Document | Finding:
    """The text layer of a PDF, page by page, each page's lines numbered from 1."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    if reader.is_encrypted and not _opened(reader):
        return _finding(Problem.FILE_PASSWORD, path=path)
    if len(reader.pages) > MAX_PAGES:
        return _finding(Problem.FILE_TOO_MANY_PAGES, path=path, limit=MAX_PAGES)
    read = [_page_text(page) for page in reader.pages]
    pages = {number: text.splitlines() for number, (text, _) in enumerate(read)}
    ruled = [number for number, page in enumerate(reader.pages) if _draws_lines(page)]
    pages |= ruled_pages(data, ruled[:MAX_RULED_PAGES])
    lines: list[str] = []
    places: list[Place] = []
    headings: set[int] = set()
    for number in range(len(pages)):
        for line, text in enumerate(pages[number], start=1):
            lines.append(text)
            places.append(Place(line=line, page=number + 1))
            if " ".join(text.split()) in read[number][1]:
                headings.add(len(lines))
    if not any(line.strip() for line in lines):
        return _finding(Problem.FILE_NO_TEXT, path=path)
    return Document("\n".join(lines), tuple(places), "pdf", dict.fromkeys(headings, TOP))


def _page_text(page: Any) -> tuple[str, frozenset[str]]:
    """A pypdf page's text, and the lines of it set larger than most of its text (by
    ``HEADING_SIZE`` at least) that may be headings (``_HEADING_LINE``)."""
    pieces: list[tuple[str, float]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        pieces.append((text, abs(size * (tm[3] if tm else 1) * (cm[3] if cm else 1))))

    text = page.extract_text(visitor_text=visit)
    sizes: Counter[float] = Counter()
    for piece, size in pieces:
        sizes[size] += len(piece.strip())
    if not sizes.total():
        return text, frozenset()
    body = sizes.most_common(1)[0][0]
    large = "".join(
        piece if size >= HEADING_SIZE * body else "\n" for piece, size in pieces if piece.strip()
    )
    lines = (" ".join(line.split()) for line in large.split("\n"))
    return text, frozenset(line for line in lines if _HEADING_LINE.fullmatch(line))


def _opened(reader: object) -> bool:
    """A PDF locked with an empty password (many are, to stop printing) opened."""
    try:
        return bool(reader.decrypt(""))  # type: ignore[attr-defined]
    except Exception:  # an unknown cipher is as locked as a password
        return False


def _draws_lines(page: Any) -> bool:
    """Whether a pypdf page's content draws lines or rectangles enough for a table."""
    try:
        contents = page.get_contents()
        if contents is None:
            return False
        strokes = _DRAWS_LINES.finditer(contents.get_data())
        return sum(1 for _, _ in zip(range(MIN_STROKES), strokes, strict=False)) == MIN_STROKES
    except Exception:  # content pypdf cannot unpack has no table to find either
        return False

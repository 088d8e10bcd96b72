"""Word (.docx) and OpenDocument (.odt) leaflets read with Python's own ``zipfile`` and
``xml.etree``, where python-docx and odfpy are not installed (the app's "Check a
leaflet", in the browser, carries neither: python-docx needs lxml).

The paragraphs are the desktop readers' (``formats``), to the letter: a Word
paragraph is the text of its runs and links (a tab a tab, a line break a line break,
a page break nothing), a table's row its cells (a cell spanning columns once for each,
a cell merged with the one above it that cell's text again); an OpenDocument paragraph
or heading is every text under it (``text:s`` its spaces, a tab, a line break), lists,
sections and tables' rows included. Pages are counted as the desktop readers count
them: Word's rendered and typed page breaks, OpenDocument's soft page breaks.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from typing import Final
from xml.etree import ElementTree

from blockdomino.verify.headings import TOP, WORD_HEADING_STYLE, Heading

_WORD: Final = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_TEXT: Final = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_DEEPEST: Final = 9
"""The deepest level of a heading Word or OpenDocument writes (Word's outline level 9
is body text)."""
_TABLE: Final = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE: Final = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"

Paragraphs = Iterator[tuple[str | list[str], int]]
"""A document's paragraphs in reading order, each with its page: a paragraph's text,
or a table's row as the text of each of its cells."""


def _element(data: bytes, part: str, path: str) -> ElementTree.Element:
    """The element at ``path`` in the XML part ``part`` of the package ``data`` (a
    package without it is damaged)."""
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        found = ElementTree.fromstring(package.read(part)).find(path)
    if found is None:
        raise ValueError(f"{part} has no {path}")
    return found


# Word --------------------------------------------------------------------------------------


def word_body(data: bytes) -> ElementTree.Element:
    """The body of the Word document ``data``."""
    return _element(data, "word/document.xml", f"{_WORD}body")


def word_page_breaks(element: ElementTree.Element) -> int:
    """The page breaks Word rendered and the author typed in ``element``."""
    typed = sum(br.get(f"{_WORD}type") == "page" for br in element.iter(f"{_WORD}br"))
    return typed + sum(1 for _ in element.iter(f"{_WORD}lastRenderedPageBreak"))


_RUN_TEXT: Final = {
    f"{_WORD}tab": "\t",
    f"{_WORD}ptab": "\t",
    f"{_WORD}cr": "\n",
    f"{_WORD}noBreakHyphen": "-",
}


def _run_text(run: ElementTree.Element) -> str:
    """The text of a Word run: its text, tabs and line breaks (a page or column break
    is no text)."""
    parts: list[str] = []
    for child in run:
        if child.tag == f"{_WORD}t":
            parts.append(child.text or "")
        elif child.tag == f"{_WORD}br":
            kind = child.get(f"{_WORD}type", "textWrapping")
            parts.append("\n" if kind == "textWrapping" else "")
        else:
            parts.append(_RUN_TEXT.get(child.tag, ""))
    return "".join(parts)


def _word_paragraph(paragraph: ElementTree.Element) -> str:
    """The text of a Word paragraph: its runs' and its links' runs'."""
    parts: list[str] = []
    for child in paragraph:
        if child.tag == f"{_WORD}r":
            parts.append(_run_text(child))
        elif child.tag == f"{_WORD}hyperlink":
            parts.extend(_run_text(run) for run in child.iter(f"{_WORD}r"))
    return "".join(parts)


def _word_cells(row: ElementTree.Element, above: list[str]) -> list[str]:
    """The text of each cell of a Word table's row, one for each column it spans; a cell
    merged with the one above it has that cell's text (``above``: the row before's)."""
    cells: list[str] = []
    for cell in row.findall(f"{_WORD}tc"):
        properties = cell.find(f"{_WORD}tcPr")
        span = properties.find(f"{_WORD}gridSpan") if properties is not None else None
        merge = properties.find(f"{_WORD}vMerge") if properties is not None else None
        width = int(span.get(f"{_WORD}val", "1")) if span is not None else 1
        if merge is not None and merge.get(f"{_WORD}val", "continue") == "continue":
            cells.extend(above[len(cells) : len(cells) + width])
            continue
        text = "\n".join(_word_paragraph(p) for p in cell.findall(f"{_WORD}p"))
        cells.extend([text] * width)
    return cells


def word_heading(paragraph: ElementTree.Element) -> int | None:
    """The level of a Word paragraph that is a heading (``None`` for any other): of a
    heading's style, its number ("Heading 2": 2), of the title's, 1; or its outline level
    of its own (Word counts it from 0)."""
    properties = paragraph.find(f"{_WORD}pPr")
    if properties is None:
        return None
    style = properties.find(f"{_WORD}pStyle")
    named = "" if style is None else style.get(f"{_WORD}val") or ""
    if WORD_HEADING_STYLE.fullmatch(named) is not None:
        number = "".join(letter for letter in named if letter.isdigit())
        return int(number) if number and 0 < int(number) <= _DEEPEST else TOP
    outline = properties.find(f"{_WORD}outlineLvl")
    level = None if outline is None else outline.get(f"{_WORD}val")
    if level is None or not level.isdigit() or int(level) >= _DEEPEST:
        return None
    return int(level) + 1


def odt_level(level: str | None) -> int:
    """An OpenDocument heading's level, from its ``text:outline-level`` (1 when it has
    none or one that is not a level)."""
    if level is None or not level.isdigit() or not 0 < int(level) <= _DEEPEST:
        return TOP
    return int(level)


def word_paragraphs(body: ElementTree.Element) -> Paragraphs:
    """The paragraphs and tables' rows of a Word document's body, each with its page."""
    page = 1
    for block in body:
        if block.tag == f"{_WORD}p":
            text = _word_paragraph(block)
            level = word_heading(block)
            yield Heading(text, level) if level else text, page
            page += word_page_breaks(block)
        elif block.tag == f"{_WORD}tbl":
            above: list[str] = []
            for row in block.findall(f"{_WORD}tr"):
                above = _word_cells(row, above)
                yield above, page
                page += word_page_breaks(row)


# OpenDocument ------------------------------------------------------------------------------


def odt_text(data: bytes) -> ElementTree.Element:
    """The text (``office:text``) of the OpenDocument text ``data``."""
    return _element(data, "content.xml", f"{_OFFICE}body/{_OFFICE}text")


def odt_paged(text: ElementTree.Element) -> bool:
    """Whether the office program that saved the document marked where its pages break."""
    return any(True for _ in text.iter(f"{_TEXT}soft-page-break"))


def _odt_words(element: ElementTree.Element) -> str:
    """Every text under an OpenDocument element, its spaces, tabs and line breaks said."""
    parts: list[str] = []
    for child in element:
        if child.tag == f"{_TEXT}s":
            parts.append(" " * int(child.get(f"{_TEXT}c") or 1))
        elif child.tag == f"{_TEXT}tab":
            parts.append("\t")
        elif child.tag == f"{_TEXT}line-break":
            parts.append("\n")
        else:
            parts.append(_odt_words(child))
        parts.append(child.tail or "")
    return (element.text or "") + "".join(parts)


def _odt_blocks(element: ElementTree.Element) -> Iterator[ElementTree.Element]:
    """The paragraphs, headings, tables' rows and page breaks under an element, in order."""
    for child in element:
        if child.tag == f"{_TABLE}table-row":
            yield child
        elif child.tag in (f"{_TEXT}p", f"{_TEXT}h"):
            yield child
            yield from child.findall(f"{_TEXT}soft-page-break")
        elif child.tag == f"{_TEXT}soft-page-break":
            yield child
        else:
            yield from _odt_blocks(child)


def odt_paragraphs(text: ElementTree.Element) -> Paragraphs:
    """The paragraphs, headings and tables' rows of an OpenDocument text, with pages."""
    page = 1
    for block in _odt_blocks(text):
        if block.tag == f"{_TEXT}soft-page-break":
            page += 1
        elif block.tag == f"{_TABLE}table-row":
            cells = block.findall(f"{_TABLE}table-cell")
            yield [" ".join(_odt_words(part) for part in cell) for cell in cells], page
        elif block.tag == f"{_TEXT}h":
            yield Heading(_odt_words(block), odt_level(block.get(f"{_TEXT}outline-level"))), page
        else:
            yield _odt_words(block), page

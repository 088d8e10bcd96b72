"""Word (.docx) and OpenDocument (.odt) documents, read as their paragraphs.

A document is its paragraphs in reading order, a table's row one paragraph, each on a
line of its own, with the page it is on where the file tells its pages, and its headings
with their levels. python-docx and odfpy read them where they are installed (the
command); elsewhere (the browser) ``packages`` reads the same with Python's own
``zipfile`` and ``xml.etree``. The package is known to unpack within the limits before
either is asked (``formats``).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Final

from blockdomino.verify import packages
from blockdomino.verify.headings import Heading
from blockdomino.verify.packages import Paragraphs
from blockdomino.verify.places import Document, Place
from blockdomino.verify.tables import row_text


def _paragraphs_document(paragraphs: Paragraphs, kind: str, paged: bool) -> Document:
    """A document of paragraphs (text, page), a table's row one paragraph
    (``tables.row_text``), one line each; empty paragraphs not counted."""
    lines: list[str] = []
    places: list[Place] = []
    headings: dict[int, int] = {}
    for block, page in paragraphs:
        text = " ".join((block if isinstance(block, str) else row_text(block)).split())
        if text:
            lines.append(text)
            places.append(Place(paragraph=len(lines), page=page if paged else None))
            if isinstance(block, Heading):
                headings[len(lines)] = block.level
    return Document("\n".join(lines), tuple(places), kind, headings)


def read_docx(data: bytes, path: str) -> Document:
    """The paragraphs of a Word document in reading order, a table's row one paragraph:
    python-docx's reading where it is installed, else the same read by ``packages``."""
    try:
        paragraphs, paged = python_docx(data)
    except ImportError:
        body = packages.word_body(data)
        paragraphs, paged = packages.word_paragraphs(body), packages.word_page_breaks(body) > 0
    return _paragraphs_document(paragraphs, "docx", paged)


def python_docx(data: bytes) -> tuple[Paragraphs, bool]:
    """A Word document's paragraphs and whether it tells its pages, read by python-docx."""
    import docx
    from docx.table import Table

    body = docx.Document(io.BytesIO(data))

    def paragraphs() -> Paragraphs:
        page = 1
        for block in body.iter_inner_content():
            if not isinstance(block, Table):
                level = packages.word_heading(block._p)
                yield Heading(block.text, level) if level else block.text, page
                page += packages.word_page_breaks(block._p)
                continue
            for row in block.rows:
                yield [cell.text for cell in row.cells], page
                page += packages.word_page_breaks(row._tr)

    return paragraphs(), packages.word_page_breaks(body.element.body) > 0


def read_odt(data: bytes, path: str) -> Document:
    """The paragraphs and headings of an OpenDocument text, lists and tables included:
    odfpy's reading where it is installed, else the same read by ``packages``."""
    try:
        paragraphs, paged = odfpy(data)
    except ImportError:
        text = packages.odt_text(data)
        paragraphs, paged = packages.odt_paragraphs(text), packages.odt_paged(text)
    return _paragraphs_document(paragraphs, "odt", paged)


_ODF_TEXT: Final = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"


def odfpy(data: bytes) -> tuple[Paragraphs, bool]:
    """An OpenDocument text's paragraphs and whether it tells its pages, read by odfpy."""
    from odf import opendocument, teletype  # type: ignore[import-untyped]

    document = opendocument.load(io.BytesIO(data))
    paged = "text:soft-page-break" in document.xml().decode("utf-8", "replace")

    def paragraphs() -> Paragraphs:
        page = 1
        for element in _odf_blocks(document.text):
            if _odf_name(element) == "soft-page-break":
                page += 1
            elif _odf_name(element) == "table-row":
                yield _odf_cells(element, teletype.extractText), page
            elif _odf_name(element) == "h":
                level = packages.odt_level(_odf_outline_level(element))
                yield Heading(teletype.extractText(element), level), page
            else:
                yield teletype.extractText(element), page

    return paragraphs(), paged


def _odf_outline_level(heading: object) -> str | None:
    """The ``text:outline-level`` of an OpenDocument heading read by odfpy, if it has one."""
    attribute: Callable[[str, str], str | None] | None = getattr(heading, "getAttrNS", None)
    return None if attribute is None else attribute(_ODF_TEXT, "outline-level")


def _odf_blocks(element: object) -> Iterator[object]:
    """The paragraphs, headings, tables' rows and page breaks under an OpenDocument
    element, in order."""
    for child in getattr(element, "childNodes", ()):
        name = _odf_name(child)
        if name == "table-row":
            yield child
        elif name in ("p", "h", "soft-page-break"):
            yield child
            if name != "soft-page-break":
                yield from (
                    grandchild
                    for grandchild in child.childNodes
                    if _odf_name(grandchild) == "soft-page-break"
                )
        else:
            yield from _odf_blocks(child)


def _odf_cells(row: object, text: Callable[[object], str]) -> list[str]:
    """The text of each cell of an OpenDocument table's row, its paragraphs spaced."""
    return [
        " ".join(text(part) for part in cell.childNodes)
        for cell in getattr(row, "childNodes", ())
        if _odf_name(cell) == "table-cell"
    ]


def _odf_name(node: object) -> str | None:
    """The local name of an OpenDocument element ("p", "h"), ``None`` for text."""
    qname = getattr(node, "qname", None)
    return None if qname is None else str(qname[1])

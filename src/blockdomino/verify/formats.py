"""The text of a document in any format an author keeps leaflets in, with true places.

A file's format is told from its first bytes, not its name: a PDF starts ``%PDF``, a .docx
or .odt is a zip package, an RTF file starts ``{\\rtf``, an old Word file (and any Office
file with a password) is an OLE container. Anything else is text in some encoding:
UTF-8 (with or without a byte order mark), UTF-16, Windows-1252, or whatever
``charset-normalizer`` finds (UTF-16 with no byte order mark, Mac Roman). A ``.md`` file
is read through a Markdown parser, so emphasis, code spans and backslash escapes
(``\\[2\\|5\\]``) hide nothing; an ``.html`` file through an HTML parser; a text whose
name does not tell (pasted into the app, or a name with no known ending) as its marks
tell (``kinds``). Both parsers keep the file's lines, so line numbers are true.

Every limit is said in the refusal: the file's size, what a package unpacks to, the
number of pages. A hostile file costs bounded time and memory. Where python-docx or
odfpy is missing (the browser, where only Markdown's and ``charset-normalizer`` are
installed), a Word or OpenDocument file is read the same by Python's own ``zipfile`` and
``xml.etree`` (``packages``); where pypdf is missing, a PDF is refused in words that send
the author to the command.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Final

from blockdomino.verify.decoding import checked, decoded
from blockdomino.verify.findings import Finding, Problem, _finding
from blockdomino.verify.headings import Headings, markdown_headings, text_headings
from blockdomino.verify.kinds import TextFormat, text_format
from blockdomino.verify.markdown import markdown_blocks
from blockdomino.verify.office import read_docx, read_odt
from blockdomino.verify.pdf import read_pdf
from blockdomino.verify.places import Document, Place
from blockdomino.verify.tables import row_text

MAX_UNPACKED: Final = 128 * 1024**2
"""The most bytes a .docx or .odt package may unpack to (a zip bomb unpacks to gigabytes)."""
MAX_PARTS: Final = 10_000
"""The most files a .docx or .odt package may hold."""
_LINES_JOINED: Final = 4096
"""How many pieces of the lines written out are joined at a time (``_Lines.out``)."""
_MARKDOWN_SUFFIXES: Final = frozenset({".md", ".markdown", ".mdown", ".mkd"})
_HTML_SUFFIXES: Final = frozenset({".html", ".htm", ".xhtml"})
_TEXT_SUFFIXES: Final = frozenset({".txt", ".text"})
_PACKAGED: Final = {".docx": "Word (.docx)", ".odt": "OpenDocument (.odt)", ".pdf": "PDF"}
"""The names of formats that are never plain text, and the format each name claims."""


def read_bytes(data: bytes, path: str) -> Document | Finding:
    """The document in ``data`` (the bytes of the file at ``path``), or why it cannot be read."""
    if data.startswith(b"%PDF"):
        return _guarded(read_pdf, data, path, _PACKAGED[".pdf"])
    if data.startswith(b"PK\x03\x04"):
        return _package(data, path)
    if data.lstrip().startswith(b"{\\rtf"):
        return _finding(Problem.FILE_RTF, path=path)
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        return _finding(Problem.FILE_OLE, path=path)
    suffix = Path(path).suffix.lower()
    if suffix in _PACKAGED:
        return _finding(Problem.FILE_DAMAGED, path=path, format=_PACKAGED[suffix])
    pieces = decoded(data)
    del data  # the bytes are let go before the pieces decoded from them are joined
    text = None if pieces is None else checked("".join(pieces))
    del pieces
    if text is None:
        return _finding(Problem.FILE_UNDECODABLE, path=path)
    kind = _text_format(suffix, text)
    if kind == "markdown":
        headings = markdown_headings(text)
        lines = _markdown_lines(text)
        del text  # the lines read are joined only once the text they come from is let go
        return Document("".join(lines), format="markdown", headings=headings)
    if kind == "html":
        return Document(*_html_lines(text))
    return Document(text, headings=text_headings(text))


def _text_format(suffix: str, text: str) -> TextFormat:
    """How a text file is read: as its name's ending tells (``.md``, ``.html``), else
    as its marks tell (``kinds.text_format``: the same for pasted text); a ``.txt``
    file is never read as Markdown, since its author saved it as plain text."""
    if suffix in _MARKDOWN_SUFFIXES:
        return "markdown"
    if suffix in _HTML_SUFFIXES:
        return "html"
    found = text_format(text)
    return "text" if found == "markdown" and suffix in _TEXT_SUFFIXES else found


def _guarded(
    read: Callable[[bytes, str], Document | Finding], data: bytes, path: str, kind: str
) -> Document | Finding:
    """``read(data, path)``, a damaged file said in words.

    The parsers of packages and PDFs raise many kinds of error on a damaged file (their
    own, and ``ValueError``, ``KeyError``, ``AttributeError`` from deep inside); any of
    them means the same to the author: the file is damaged.
    """
    try:
        return read(data, path)
    except ImportError:
        return _finding(Problem.FILE_NEEDS_COMMAND, path=path, format=kind)
    except MemoryError:
        return _finding(Problem.FILE_UNPACKED_TOO_LARGE, path=path, limit=MAX_UNPACKED // 1024**2)
    except Exception:  # see the docstring: a damaged file, whatever raised
        return _finding(Problem.FILE_DAMAGED, path=path, format=kind)


class _UnorderedError(Exception):
    """A piece put on a line already written out."""


class _Lines:
    """Text placed on the lines of a file: pieces put on a line stay on it, spaced.

    The lines before a place that no later piece goes to may be written out as soon as
    that is known (``write_before``), so that the pieces of a long text are never all
    held beside the text made of them."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.lines: dict[int, list[str]] = {}
        """The pieces on each line not yet written out that has any (most lines of a
        long text have none)."""
        self.written = 0
        """The lines before this one are written out."""
        self.out: list[str] = []
        """The lines written out, each after its line break, a few thousand at most: then
        they are joined (``joined``), a short line costing more as a piece than as text."""
        self.joined: list[str] = []

    def put(self, line: int, text: str) -> None:
        """Put ``text`` at line ``line`` (from 0); each line break in it moves one line on."""
        for offset, part in enumerate(text.split("\n")):
            at = min(line + offset, self.count - 1)
            if part:
                if at < self.written:
                    raise _UnorderedError(at)
                self.lines.setdefault(at, []).append(part)

    def write_before(self, line: int) -> None:
        """Write out the lines before ``line``, which no piece put later goes to."""
        end = min(line, self.count)
        for at in range(self.written, end):
            self.out.append("\n" if at else "")
            self.out.append(" ".join(self.lines.pop(at, ())))
        self.written = max(self.written, end)
        if len(self.out) >= _LINES_JOINED:
            self.joined.append("".join(self.out))
            self.out.clear()

    def text(self) -> str:
        return "".join(self.pieces())

    def pieces(self) -> list[str]:
        """The text in pieces, to be joined."""
        self.write_before(self.count)
        return [*self.joined, *self.out]


def _markdown_lines(text: str) -> list[str]:
    """The words a reader sees in a Markdown text, each on the line where it is written
    (``markdown``: emphasis marks, code span backticks and backslash escapes go; what
    they held stays). The blocks come in the order of their lines, each after the lines
    of the one before, so each line is written out once the next block starts after it
    (were a block ever to come back to a line written out, the text is placed again,
    every line held to the end). The text comes in pieces, to be joined once the
    Markdown text is let go."""
    try:
        return _placed(text, in_order=True)
    except _UnorderedError:
        return _placed(text, in_order=False)


def _placed(text: str, in_order: bool) -> list[str]:
    lines = _Lines(text.count("\n") + 1)
    for line, words in markdown_blocks(text):
        if in_order:
            lines.write_before(line)
        lines.put(line, words)
    return lines.pieces()


class _HtmlText(HTMLParser):
    """The text of an HTML page, each piece on the line where the page has it; a
    table's row on the line where it starts, its cells parted by bars. A block (a
    paragraph, a heading, an item, a table's row) that starts on a line of
    the page that already has text gets a line of its own, placed on the page's line: a
    page written with no line breaks between its tags is read block by block, row by
    row, never as one line."""

    _HIDDEN: Final = frozenset({"script", "style", "head", "template"})
    _CELLS: Final = frozenset({"td", "th"})
    _HEADINGS: Final = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
    _BLOCKS: Final = frozenset(
        {"p", "div", "li", "tr", "table", "blockquote", "pre", "ul", "ol", "dl", "dt", "dd"}
        | {"section", "article", "header", "footer", "caption", "hr", "figcaption"}
        | _HEADINGS
    )

    def __init__(self, count: int) -> None:
        super().__init__(convert_charrefs=True)
        self.lines = _Lines(count)
        self.hidden = 0
        self.row: list[str] | None = None
        self.row_line = 0
        self.heading = 0
        self.level = 1
        """The level of the heading last begun (``h2``: 2)."""
        self.headings: dict[int, int] = {}
        """The lines (from 1) the text of a heading is on, each with its level."""
        self.added = 0
        """The lines given to blocks that start on a line of the page with text already."""
        self.shifts: list[tuple[int, int]] = []
        """From which line of the text (from 0) on how many lines have been added."""
        self.filled = -1
        """The last line of the text (from 0) that text was put on."""

    def _line(self) -> int:
        """The line of the text (from 0) that the page's present line is read onto."""
        return self.getpos()[0] - 1 + self.added

    def _put(self, line: int, text: str) -> None:
        self.lines.put(line, text)
        for offset, part in enumerate(text.split("\n")):
            if part.strip():
                self.filled = max(self.filled, line + offset)

    def _new_block(self) -> None:
        """A block starts: on a line of its own when its line already has text."""
        if self.filled >= self._line():
            self.added += 1
            self.lines.count += 1
            self.shifts.append((self._line(), self.added))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in self._HIDDEN
        if (tag in self._BLOCKS and not self.hidden and self.row is None) or tag == "tr":
            if tag == "tr":
                self._end_row()
            self._new_block()
        self.heading += tag in self._HEADINGS
        self.level = int(tag[1]) if tag in self._HEADINGS else self.level
        if tag == "tr":
            self.row, self.row_line = [], self._line()
        elif tag in self._CELLS and self.row is not None:
            self.row.append("")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in self._HIDDEN and self.hidden > 0
        self.heading -= tag in self._HEADINGS and self.heading > 0
        if tag in ("tr", "table"):
            self._end_row()

    def _end_row(self) -> None:
        if self.row:
            self._put(self.row_line, row_text(self.row))
        self.row = None

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.row is None:
            self._put(self._line(), data)
            if self.heading and data.strip():
                line = self._line() + 1
                self.headings[line] = min(self.level, self.headings.get(line, self.level))
        elif self.row:
            self.row[-1] += data

    def places(self) -> list[Place] | None:
        """The page's line of each line of the text, when blocks were given lines of
        their own (else the text keeps the page's lines)."""
        if not self.shifts:
            return None
        places: list[Place] = []
        shifts = iter(self.shifts)
        upcoming = next(shifts, None)
        added = 0
        for line in range(self.lines.count):
            while upcoming is not None and upcoming[0] <= line:
                added = upcoming[1]
                upcoming = next(shifts, None)
            places.append(Place(line=line + 1 - added))
        return places


def _html_lines(text: str) -> tuple[str, list[Place] | None, str, Headings]:
    """The words a reader sees on an HTML page, each on the line of the file it is on
    (each block on a line of its own), as a document's text, places, format and
    headings (the lines of ``h1`` … ``h6``, each with its level)."""
    parser = _HtmlText(text.count("\n") + 1)
    parser.feed(text)
    parser.close()
    parser._end_row()
    return parser.lines.text(), parser.places(), "html", parser.headings


# Packages (.docx, .odt: read by ``office``) --------------------------------------------------


def _package(data: bytes, path: str) -> Document | Finding:
    """A .docx or an .odt document, once its package is known to unpack within the limits."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            parts = package.infolist()
            names = {part.filename for part in parts}
            mimetype = package.read("mimetype")[:100] if "mimetype" in names else b""
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError):
        return _finding(Problem.FILE_DAMAGED, path=path, format="zip")
    if len(parts) > MAX_PARTS or sum(part.file_size for part in parts) > MAX_UNPACKED:
        return _finding(Problem.FILE_UNPACKED_TOO_LARGE, path=path, limit=MAX_UNPACKED // 1024**2)
    if "word/document.xml" in names:
        return _guarded(read_docx, data, path, _PACKAGED[".docx"])
    if mimetype.startswith(b"application/vnd.oasis.opendocument.text"):
        return _guarded(read_odt, data, path, _PACKAGED[".odt"])
    return _finding(Problem.FILE_UNKNOWN_PACKAGE, path=path)

"""The verifier's corpus: leaflets in Finnish, Swedish and English as authors write them
(club pages, match stories, tables, lists in order of play, hands and doubles in words,
an author's own wrong examples), right ones and ones with planted faults.

Each leaflet's source is ``NAME.FORMAT.src``: one paragraph a line, a line starting with
``|`` a table row (consecutive rows are one table), ``# `` a heading (``## ``, ``### ``: a
sub-heading, of that level in every format but PDF, which sets every heading alike). A
paragraph with a planted fault ends with its key, ``⟨fault:KIND⟩`` (one per fault); every
other paragraph is right, and nothing in it may be called wrong. The kinds are claim
kinds: ``chain`` (a line of play), ``ends``, ``pips``, ``points`` (an award, a sum, an
award on a tie, points in a team game that scores none, a team's award),
``table`` (a running total, a round after the match was over, a tile in two hands),
``winner`` (who won a match or a blocked round), ``rule`` (a rule stated in prose that
contradicts Block).

``write`` makes the file in its format (.txt, .md, .html, .docx, .odt, .pdf, and
``ruled.pdf``: a PDF whose tables are ruled, with no bars between their cells), the same
bytes on every run, and tells the source paragraph of every place ``verify`` reports::

    python tests/data/verify/corpus/make_corpus.py OUT_FOLDER

writes them all to a folder, to open and read as an author does.
"""

from __future__ import annotations

import bisect
import io
import re
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
_KEY = re.compile(r"\s*⟨fault:(\w+)⟩")
_TILE_BAR = re.compile(r"\[([0-6])\|([0-6])\]")

FINDING_KINDS = {
    "ends": "ends",
    "pips": "pips",
    "sum": "points",
    "points": "points",
    "tie": "points",
    "not_tie": "points",
    "unscored": "points",
    "winner": "points",
    "draw": "rule",
    "spinner": "rule",
    "rounding": "rule",
    "clockwise": "rule",
    "anticlockwise": "rule",
    "blocked_winner": "rule",
    "tie_broken": "rule",
    "running_total": "table",
    "match_over": "table",
    "match_winner": "winner",
    "match_undecided": "winner",
    "match_drawn": "winner",
    "round_winner": "winner",
    "round_tie": "winner",
    "team_winner": "winner",
    "team_tie": "winner",
    "partner_winner": "winner",
    "team_out_winner": "winner",
    "label_winner": "winner",
    "label_tie": "winner",
    "team_unscored": "points",
    "team_domino_points": "points",
    "team_blocked_points": "points",
    "team_drawn_points": "points",
    "team_scorer": "points",
    "column_total": "table",
    "tile_in_two_hands": "table",
}
"""The claim kind of each kind of finding; any other (a chain's or a description's) is
``chain``."""


def claim_kind(finding_kind: str) -> str:
    """The claim kind a finding of ``finding_kind`` is about."""
    return FINDING_KINDS.get(finding_kind, "chain")


sys.path.insert(0, str(HERE.parent / "leaflets"))
import make_leaflets  # noqa: E402  (the writers of the held-out leaflets)


@dataclass(frozen=True)
class Leaflet:
    """A leaflet of the corpus: its paragraphs (keys taken off) and planted faults."""

    name: str
    format: str
    paragraphs: tuple[str, ...]
    faults: tuple[tuple[int, str], ...]
    """(paragraph counted from 1, claim kind) of each planted fault."""

    @property
    def lang(self) -> str:
        return self.name[:2]

    @property
    def correct(self) -> bool:
        return not self.faults


def leaflets() -> list[Leaflet]:
    """Every leaflet of the corpus, by name."""
    found = []
    for source in sorted(HERE.glob("*.src")):
        name, suffix = source.name.removesuffix(".src").rsplit(".", 1)
        paragraphs: list[str] = []
        faults: list[tuple[int, str]] = []
        for line in source.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            paragraphs.append(_KEY.sub("", line))
            faults.extend((len(paragraphs), kind) for kind in _KEY.findall(line))
        found.append(Leaflet(name, suffix, tuple(paragraphs), tuple(faults)))
    return found


def _cells(row: str) -> list[str]:
    """The cells of a table row, parted by bars with space around them (a tile's bar,
    ``[6|1]``, has none)."""
    return [cell.strip() for cell in re.split(r"\s\|\s", f" {row.strip()} ")[1:-1]]


def _is_row(paragraph: str) -> bool:
    return paragraph.startswith("|")


_HEADING = re.compile(r"(#{1,6}) ")


def _heading(paragraph: str) -> tuple[int, str] | None:
    """A heading's level and words ("## Ottelu": 2, "Ottelu"); ``None`` for a paragraph."""
    marks = _HEADING.match(paragraph)
    return None if marks is None else (len(marks[1]), paragraph[marks.end() :])


def _shown(paragraph: str) -> str:
    """A paragraph's words as a PDF shows them, a heading's without its marks."""
    heading = _heading(paragraph)
    return paragraph if heading is None else heading[1]


def _html_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


Locate = Callable[[Any], int]
"""The source paragraph (from 1) of a place ``verify`` reports."""


def _by_line(starts: list[int]) -> Locate:
    """Places by the line of the file, each paragraph starting on the line listed."""
    return lambda place: bisect.bisect_right(starts, place.line)


def _text(leaflet: Leaflet) -> tuple[bytes, Locate]:
    return "\n".join(leaflet.paragraphs).encode("utf-8") + b"\n", lambda place: place.line


def _markdown(leaflet: Leaflet) -> tuple[bytes, Locate]:
    """Paragraphs parted by a blank line, a table's rows on lines of their own with the
    line of dashes under its first row; a tile's bar in a cell escaped (``[6\\|1]``),
    as a Markdown table needs it."""
    lines: list[str] = []
    starts: list[int] = []
    previous_row = False
    for paragraph in leaflet.paragraphs:
        row = _is_row(paragraph)
        if lines and not (row and previous_row):
            lines.append("")
        starts.append(len(lines) + 1)
        lines.append(_TILE_BAR.sub(r"[\1\\|\2]", paragraph) if row else paragraph)
        if row and not previous_row:
            lines.append("|" + "---|" * len(_cells(paragraph)))
        previous_row = row
    return "\n".join(lines).encode("utf-8") + b"\n", _by_line(starts)


def _html(leaflet: Leaflet) -> tuple[bytes, Locate]:
    """A page: a heading, paragraphs, a table's rows one a line."""
    lines = ["<!doctype html>", f'<html lang="{leaflet.lang}">', "<body>"]
    starts: list[int] = []
    previous_row = False
    for paragraph in leaflet.paragraphs:
        row = _is_row(paragraph)
        if previous_row and not row:
            lines.append("</table>")
        if row and not previous_row:
            lines.append("<table>")
        starts.append(len(lines) + 1)
        if row:
            cells = "".join(f"<td>{_html_escape(cell)}</td>" for cell in _cells(paragraph))
            lines.append(f"<tr>{cells}</tr>")
        elif (heading := _heading(paragraph)) is not None:
            level, words = heading
            lines.append(f"<h{level}>{_html_escape(words)}</h{level}>")
        else:
            lines.append(f"<p>{_html_escape(paragraph)}</p>")
        previous_row = row
    lines.extend(["</table>"] * previous_row + ["</body>", "</html>"])
    return "\n".join(lines).encode("utf-8") + b"\n", _by_line(starts)


def _tables(leaflet: Leaflet) -> list[str | list[list[str]]]:
    """The leaflet as paragraphs and tables (each a list of rows of cells)."""
    blocks: list[str | list[list[str]]] = []
    for paragraph in leaflet.paragraphs:
        if _is_row(paragraph):
            if not blocks or isinstance(blocks[-1], str):
                blocks.append([])
            table = blocks[-1]
            assert isinstance(table, list)
            table.append(_cells(paragraph))
        else:
            blocks.append(paragraph)
    return blocks


def _counted(leaflet: Leaflet) -> Locate:
    """Places by paragraph, a table's row one paragraph."""
    return lambda place: place.paragraph


def _docx(leaflet: Leaflet) -> tuple[bytes, Locate]:
    import datetime

    from docx import Document

    document = Document()
    stamp = datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC)
    document.core_properties.created = document.core_properties.modified = stamp
    for block in _tables(leaflet):
        if isinstance(block, list):
            table = document.add_table(rows=len(block), cols=len(block[0]))
            for row, cells in zip(table.rows, block, strict=True):
                for cell, text in zip(row.cells, cells, strict=True):
                    cell.text = text
        elif (heading := _heading(block)) is not None:
            document.add_heading(heading[1], level=heading[0])
        else:
            document.add_paragraph(block)
    out = io.BytesIO()
    document.save(out)
    return make_leaflets._fixed_zip(out.getvalue()), _counted(leaflet)


def _odt(leaflet: Leaflet) -> tuple[bytes, Locate]:
    from odf.opendocument import OpenDocumentText
    from odf.table import Table, TableCell, TableColumn, TableRow
    from odf.text import H, P

    document = OpenDocumentText()
    for block in _tables(leaflet):
        if isinstance(block, list):
            table = Table()
            table.addElement(TableColumn(numbercolumnsrepeated=len(block[0])))
            for cells in block:
                row = TableRow()
                for text in cells:
                    cell = TableCell()
                    cell.addElement(P(text=text))
                    row.addElement(cell)
                table.addElement(row)
            document.text.addElement(table)
        elif (heading := _heading(block)) is not None:
            document.text.addElement(H(outlinelevel=heading[0], text=heading[1]))
        else:
            document.text.addElement(P(text=block))
    out = io.BytesIO()
    document.write(out)
    return make_leaflets._fixed_zip(out.getvalue()), _counted(leaflet)


def _pdf(leaflet: Leaflet) -> tuple[bytes, Locate]:
    """One page, each paragraph wrapped as ``make_leaflets`` wraps it, a heading set
    larger; a table's row as its cells parted by bars."""
    shown = [" | ".join(_cells(p)) if _is_row(p) else _shown(p) for p in leaflet.paragraphs]
    starts: list[int] = []
    lines = 0
    for paragraph in shown:
        starts.append(lines + 1)
        lines += len(textwrap.wrap(paragraph, make_leaflets.WRAP))
    headings = frozenset(_shown(p) for p in leaflet.paragraphs if _heading(p) is not None)
    return make_leaflets.pdf([shown], headings), _by_line(starts)


def _ruled_pdf(leaflet: Leaflet) -> tuple[bytes, Locate]:
    """One page as a word processor prints it (fpdf2): paragraphs wrapped, headings set
    larger, each table drawn with ruled lines and no bars between its cells; a table's
    row is found by its table and row, a paragraph by the line it starts on."""
    import datetime

    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_creation_date(datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC))
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.set_font("helvetica", size=9)
    starts: list[int] = []
    rows: dict[tuple[int, int], int] = {}
    lines = 0
    for block in _tables(leaflet):
        if isinstance(block, list):
            table = 1 + sum(1 for _, row in rows if row == 1)
            with pdf.table(line_height=5, first_row_as_headings=False) as drawn:
                for number, cells in enumerate(block, start=1):
                    row = drawn.row()
                    for cell in cells:
                        row.cell(_latin(cell))
                    rows[table, number] = len(starts) + 1
                    starts.append(lines + 1)
                    lines += 1
            continue
        text = _latin(_shown(block))
        pdf.set_font("helvetica", size=13 if _heading(block) is not None else 9)
        starts.append(lines + 1)
        lines += len(pdf.multi_cell(0, 5, text, dry_run=True, output="LINES"))
        pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("helvetica", size=9)

    def locate(place: Any) -> int:
        if place.row is not None:
            return rows[place.table, place.row]
        return bisect.bisect_right(starts, place.line)

    return bytes(pdf.output()), locate


def _latin(text: str) -> str:
    """Text in the letters of fpdf2's own fonts (Latin-1: å, ä, ö and the bars)."""
    return text.encode("latin-1", "replace").decode("latin-1")


WRITERS: dict[str, Callable[[Leaflet], tuple[bytes, Locate]]] = {
    "txt": _text,
    "md": _markdown,
    "html": _html,
    "docx": _docx,
    "odt": _odt,
    "pdf": _pdf,
    "ruled.pdf": _ruled_pdf,
}


def write(leaflet: Leaflet, folder: Path) -> tuple[Path, Locate]:
    """The leaflet written to ``folder`` in its format, and where its places are."""
    data, locate = WRITERS[leaflet.format](leaflet)
    path = folder / f"{leaflet.name}.{leaflet.format}"
    path.write_bytes(data)
    return path, locate


def found(leaflet: Leaflet, folder: Path) -> list[tuple[int, str]]:
    """What ``verify`` calls wrong in the leaflet: (source paragraph, claim kind) each."""
    from blockdomino.verify import verify_file

    path, locate = write(leaflet, folder)
    report = verify_file(path)
    return sorted(
        (locate(place), claim_kind(finding.kind))
        for checked, place in report.checked
        for finding in checked.errors
    )


def table_errors(report: Any) -> list[tuple[int | None, int | None, str]]:
    """What ``verify`` calls wrong in a report: (table, row, kind of finding) each."""
    return [
        (place.table, place.row, finding.kind)
        for checked, place in report.checked
        for finding in checked.errors
    ]


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for each in leaflets():
        print(write(each, out)[0])

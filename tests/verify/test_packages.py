"""Word and OpenDocument leaflets read with Python's own zipfile and ElementTree (the
app's "Check a leaflet", where python-docx and odfpy are not installed) give the very
paragraphs, tables' rows and pages python-docx and odfpy give: on every .docx and .odt
leaflet of the corpus, and on files with what authors' office programs write (links,
tabs, line and page breaks, merged cells, lists, runs of spaces, soft page breaks);
and a leaflet read without those libraries gets the report it gets with them.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from blockdomino.verify import office, packages
from blockdomino.verify.reports import verify_bytes

DATA = Path(__file__).parents[1] / "data" / "verify"
CORPUS = DATA / "corpus"

sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402  (the corpus's writers and keys)

PACKAGED = [leaflet for leaflet in make_corpus.leaflets() if leaflet.format in ("docx", "odt")]


def _both(data: bytes, form: str) -> tuple[object, object]:
    """What the desktop library and ``packages`` read in ``data``: paragraphs and pages."""
    if form == "docx":
        desktop, paged = office.python_docx(data)
        body = packages.word_body(data)
        own = (list(packages.word_paragraphs(body)), packages.word_page_breaks(body) > 0)
    else:
        desktop, paged = office.odfpy(data)
        text = packages.odt_text(data)
        own = (list(packages.odt_paragraphs(text)), packages.odt_paged(text))
    return (list(desktop), paged), own


@pytest.mark.parametrize("leaflet", PACKAGED, ids=lambda leaflet: leaflet.name)
def test_the_corpus_reads_the_same_without_the_libraries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, leaflet: make_corpus.Leaflet
) -> None:
    path, _ = make_corpus.write(leaflet, tmp_path)
    data = path.read_bytes()
    desktop, own = _both(data, leaflet.format)
    assert own == desktop
    with_libraries, _ = verify_bytes(data, path.name)
    monkeypatch.setitem(sys.modules, "docx", None)  # import raises ImportError
    monkeypatch.setitem(sys.modules, "odf", None)
    without, document = verify_bytes(data, path.name)
    assert document is not None
    assert without.to_json() == with_libraries.to_json()


def _word_file() -> bytes:
    """A Word file with a link, a tab, line, page and column breaks, a hyphen that does
    not break, a table with a cell spanning two columns and one merged with the cell
    above it, and a cell of two paragraphs."""
    import docx
    from docx.enum.text import WD_BREAK
    from docx.oxml import OxmlElement

    document = docx.Document()
    first = document.add_paragraph("Aino lägger [6|6]")
    run = first.add_run("\tsen [6|3]")
    run.add_break()
    run.add_text("och [3|3]")
    run.add_break(WD_BREAK.PAGE)
    run.add_text("6")
    run._r.append(OxmlElement("w:noBreakHyphen"))
    run.add_text("3.")
    link = OxmlElement("w:hyperlink")
    inner = OxmlElement("w:r")
    text = OxmlElement("w:t")
    text.text = " Se regler.md"
    inner.append(text)
    link.append(inner)
    first._p.append(link)
    document.add_paragraph("Nästa sida").add_run().add_break(WD_BREAK.COLUMN)
    table = document.add_table(rows=3, cols=3)
    heading, hand = ["Spelare", "Brickor", "Prickar"], ["Aino", "6-6", "12"]
    for row, cells in zip(table.rows[:2], [heading, hand], strict=True):
        for cell, words in zip(row.cells, cells, strict=True):
            cell.text = words
    table.cell(1, 2).add_paragraph("tolv")
    table.cell(2, 0).merge(table.cell(2, 1)).text = "Summa"
    table.cell(1, 2).merge(table.cell(2, 2))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _opendocument_file() -> bytes:
    """An OpenDocument file with runs of spaces, a tab, a line break, a list, a section,
    a heading, a table with a heading row, a cell of two paragraphs, and soft page breaks."""
    from odf.opendocument import OpenDocumentText
    from odf.table import Table, TableCell, TableColumn, TableHeaderRows, TableRow
    from odf.text import H, LineBreak, List, ListItem, P, S, Section, SoftPageBreak, Span, Tab

    document = OpenDocumentText()
    document.text.addElement(H(outlinelevel=1, text="Säännöt"))
    paragraph = P(text="Aino  pelaa")
    paragraph.addElement(S(c=3))
    paragraph.addElement(Span(text="[6|6]"))
    paragraph.addElement(Tab())
    paragraph.addElement(LineBreak())
    paragraph.addText("ja [6|3].")
    paragraph.addElement(SoftPageBreak())
    document.text.addElement(paragraph)
    listing = List()
    item = ListItem()
    item.addElement(P(text="Ensin [3|3]"))
    listing.addElement(item)
    section = Section(name="osa")
    section.addElement(listing)
    document.text.addElement(section)
    document.text.addElement(SoftPageBreak())
    table = Table()
    table.addElement(TableColumn(numbercolumnsrepeated=2))
    heading = TableHeaderRows()
    table.addElement(heading)
    for cells, into in ((["Pelaaja", "Pisteet"], heading), (["Aino", "12"], table)):
        row = TableRow()
        for words in cells:
            cell = TableCell()
            cell.addElement(P(text=words))
            row.addElement(cell)
        into.addElement(row)
    row.lastChild.addElement(P(text="(kaksitoista)"))
    document.text.addElement(table)
    out = io.BytesIO()
    document.write(out)
    return out.getvalue()


@pytest.mark.parametrize(("form", "make"), [("docx", _word_file), ("odt", _opendocument_file)])
def test_what_office_programs_write_reads_the_same(form: str, make: object) -> None:
    data = make()  # type: ignore[operator]
    desktop, own = _both(data, form)
    assert own == desktop
    paragraphs, paged = own  # type: ignore[misc]
    assert paged
    assert len(paragraphs) >= 4

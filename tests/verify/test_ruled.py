"""A ruled table is read from the characters and rules PDFium finds exactly as
pdfplumber reads it from its own page (the oracle: its table finder and text on
pdfminer's characters): the same lines, rows and cells, on every leaflet of the corpus
printed with ruled tables, on tables of random matches and rounds in every language,
and on a turned page (read by pdfplumber itself)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from blockdomino.verify.ruled import ruled_pages
from blockdomino.verify.tables import row_text

CORPUS = Path(__file__).parents[1] / "data" / "verify" / "corpus"
sys.path.insert(0, str(CORPUS))
sys.path.insert(0, str(Path(__file__).parent))
import make_corpus  # noqa: E402  (the writers of every format)
import test_generated_tables as generated  # noqa: E402  (tables of random play)

_RULED = {"vertical_strategy": "lines", "horizontal_strategy": "lines"}


def _oracle_lines(page: Any) -> list[str] | None:
    """A pdfplumber page's lines as pdfplumber alone reads them, each ruled table's row
    one line, top to bottom; ``None`` where it holds no table of two rows and columns."""
    tables = [
        table
        for table in page.find_tables(_RULED)
        if len(table.rows) >= 2 and max(len(row.cells) for row in table.rows) >= 2
    ]
    if not tables:
        return None
    outside = page
    for table in tables:
        outside = outside.outside_bbox(table.bbox)
    placed = [(line["top"], line["text"]) for line in outside.extract_text_lines()]
    for table in tables:
        for row, cells in zip(table.rows, table.extract(), strict=True):
            placed.append((row.bbox[1], row_text([cell or "" for cell in cells])))
    return [text for _, text in sorted(placed, key=lambda item: item[0])]


def _oracle(data: bytes) -> dict[int, list[str]]:
    with pdfplumber.open(io.BytesIO(data)) as document:
        pages = {number: _oracle_lines(page) for number, page in enumerate(document.pages)}
    return {number: lines for number, lines in pages.items() if lines is not None}


def _printed(name: str, paragraphs: tuple[str, ...]) -> bytes:
    data, _ = make_corpus.WRITERS["ruled.pdf"](
        make_corpus.Leaflet(name, "ruled.pdf", paragraphs, ())
    )
    return data


@pytest.mark.parametrize("leaflet", make_corpus.leaflets(), ids=lambda leaflet: leaflet.name)
def test_every_corpus_leaflet_printed_ruled_reads_as_pdfplumber_reads_it(
    leaflet: make_corpus.Leaflet,
) -> None:
    data = _printed(leaflet.name, leaflet.paragraphs)
    assert ruled_pages(data, [0]) == _oracle(data)


@pytest.mark.parametrize("lang", sorted(generated.WORDS))
@pytest.mark.parametrize("seed", range(3))
def test_tables_of_random_play_read_as_pdfplumber_reads_them(lang: str, seed: int) -> None:
    words = generated.WORDS[lang]
    rows = [
        *generated.match_table(words, 2 + seed % 3, seed),
        *generated.hands_table(words, 2 + (seed + 1) % 3, seed),
    ]
    data = _printed(f"{lang}_generated", (words.match, *map(generated._bars, rows)))
    found = ruled_pages(data, [0])
    assert found == _oracle(data)
    assert len(found[0]) > len(rows)


def test_a_turned_page_is_read_by_pdfplumber_itself() -> None:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(_printed("sv_totals", TOTALS))).pages:
        writer.add_page(page.rotate(90))
    turned = io.BytesIO()
    writer.write(turned)
    data = turned.getvalue()
    assert ruled_pages(data, [0]) == _oracle(data) != {}


TOTALS = (
    "# Poängtabell",
    "| Omgång | Vinnare | Poäng | Alva totalt | Nils totalt |",
    "| 1 | Alva | 12 | 12 | 0 |",
    "| 2 | Nils | 25 | 12 | 25 |",
)


def test_a_table_ruled_with_lines_among_curves_reads_as_pdfplumber_reads_it() -> None:
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.add_page()
    pdf.set_font("helvetica", size=10)
    pdf.text(20, 15, "Hands when the round was blocked")
    for rule in range(4):
        pdf.line(20, 20 + 8 * rule, 140, 20 + 8 * rule)
    for rule in range(4):
        pdf.line(20 + 40 * rule, 20, 20 + 40 * rule, 44)
    for row, cells in enumerate((("Player", "Tiles left", "Pips"), ("Ada", "[6|1]", "7"))):
        for column, cell in enumerate(cells):
            pdf.text(22 + 40 * column, 26 + 8 * row, cell)
    pdf.rect(20, 60, 60, 20, round_corners=True)
    pdf.ellipse(100, 60, 20, 20)
    pdf.text(22, 70, "Nobody could play.")
    data = bytes(pdf.output())
    found = ruled_pages(data, [0])
    assert found == _oracle(data)
    assert "| Ada | [6|1] | 7 |" in found[0]

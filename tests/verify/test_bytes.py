"""``verify_bytes``: a leaflet given as its bytes and its file name (the app's "Check a
leaflet" has no path) is checked as ``verify_file`` checks the file; where a PDF's
library is missing (the browser), the leaflet is refused in words naming the command."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from blockdomino.verify import reports
from blockdomino.verify.findings import Problem
from blockdomino.verify.reports import verify_bytes, verify_file

LEAFLETS = Path(__file__).parents[1] / "data" / "verify" / "leaflets"
ESCAPED = "# Regler\n\nEn kedja: \\[1|3\\] [3|6] [6|6] [6|2].\n"
"""A Markdown line of play whose first tile only a Markdown reader sees as a tile."""


@pytest.mark.parametrize("name", ["liittaminen.txt", "liittaminen.docx", "liittaminen.pdf"])
def test_the_bytes_of_a_file_give_the_files_report(name: str) -> None:
    path = LEAFLETS / name
    report, document = verify_bytes(path.read_bytes(), name)
    assert report.to_json() == verify_file(path).to_json() | {"path": name}
    assert document is not None
    assert report.status == 1


def test_the_name_tells_a_markdown_leaflet() -> None:
    as_markdown, _ = verify_bytes(ESCAPED.encode(), "regler.md")
    as_text, _ = verify_bytes(ESCAPED.encode(), "regler.txt")
    assert [example.chain is not None for example in as_markdown.examples] == [True]
    assert as_markdown.status == 0
    assert as_markdown.lang == "sv"
    assert as_text.to_json() != as_markdown.to_json()


def test_too_many_bytes_are_refused_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reports, "MAX_DOCUMENT", 10)
    report, document = verify_bytes(ESCAPED.encode(), "regler.md")
    assert document is None
    assert report.problem is not None
    assert report.problem.problem is Problem.FILE_TOO_LARGE


def test_a_pdf_with_no_pdf_library_needs_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser has no PDF reader (Word and OpenDocument it reads: ``test_packages``)."""
    name, said = "liittaminen.pdf", "PDF"
    monkeypatch.setitem(sys.modules, "pypdf", None)  # import raises ImportError
    report, document = verify_bytes((LEAFLETS / name).read_bytes(), name)
    assert document is None
    assert report.status == 2
    assert report.problem is not None
    assert report.problem.problem is Problem.FILE_NEEDS_COMMAND
    assert report.problem.message("en") == (
        f"{name} is a {said} file. This format needs the command line: blockdomino verify {name}"
    )
    assert f"blockdomino verify {name}" in report.problem.message("sv")
    assert f"blockdomino verify {name}" in report.problem.message("fi")


def test_without_charset_normalizer_the_own_fallback_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "charset_normalizer", None)
    windows, _ = verify_bytes(
        ESCAPED.replace("Regler", "Spelregler för åk 5").encode("cp1252"), "a.md"
    )
    assert windows.status == 0
    no_mark, _ = verify_bytes(ESCAPED.encode("utf-16-le"), "b.md")
    assert no_mark.problem is not None
    assert no_mark.problem.problem is Problem.FILE_UNDECODABLE


ENGLISH = "Rules of Block\n\nA line of play: [1|3] [3|6] [6|6] [5|2].\n"
"""An English leaflet, every letter ASCII, whose line of play is wrong at [5|2]."""


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_with_no_byte_order_mark_is_text_even_in_ascii(encoding: str) -> None:
    """Every other byte of such text is zero: no UTF-8 with control characters, but
    UTF-16, which charset-normalizer tells."""
    report, document = verify_bytes(ENGLISH.encode(encoding), "rules.txt")
    expected, _ = verify_bytes(ENGLISH.encode(), "rules.txt")
    assert document is not None
    assert document.text == ENGLISH
    assert report.to_json() == expected.to_json()
    assert report.status == 1

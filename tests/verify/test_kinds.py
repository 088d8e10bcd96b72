"""A text whose name does not tell how to read it (pasted into the app, or a file with no
known ending) is read as its marks tell: Markdown by its escapes, emphasis around tiles,
code spans, headings; HTML by its tags; anything else as plain text, stray marks and all.
A Markdown leaflet read so gives the findings of the same leaflet in a ``.md`` file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from blockdomino.verify import FileReport, verify_bytes, verify_file
from blockdomino.verify.kinds import text_format

DATA = Path(__file__).parents[1] / "data" / "verify"
MARKDOWN = (DATA / "pasted" / "saannot.md").read_text(encoding="utf-8")
"""A Finnish leaflet as a Word-to-Markdown conversion writes it: escaped and emphasised
tiles, a heading, a list; its second line of play (line 7) is wrong."""


@pytest.mark.parametrize(
    "text",
    [
        "Pelilinja: \\[1\\|3\\] [3|6]",
        "Line: **[1|3]** [3|6]",
        "Line: _[1|3]_ [3|6]",
        "Line: `[1|3]` [3|6]",
        "Play the **double** first: [1|3] [3|6]",
        "Use `verify`.",
        "Rules\n\n# Chains\n\n[1|3] [3|6]",
        "```\n[1|3] [3|6]\n```",
        "See [the rules](rules.md).",
    ],
)
def test_a_mark_of_markdown_makes_the_text_markdown(text: str) -> None:
    assert text_format(text) == "markdown"


@pytest.mark.parametrize(
    "text",
    [
        "<!DOCTYPE html>\n<html><body><p>[1|3] [3|6]</p></body></html>",
        '  <html lang="sv"><p>[1|3]</p></html>',
        "<p>Pelilinja: [1|3] [3|6]</p>\n<p>Toinen</p>",
        "<H2>Kedjor</H2>",
    ],
)
def test_a_page_is_html(text: str) -> None:
    assert text_format(text) == "html"


@pytest.mark.parametrize(
    "text",
    [
        "Laatta #3 on tupla. Pisteet: 5 * 2 = 10, ja 3 * 4 = 12.",
        "Pelaa *yksi* laatta kerrallaan: [1|3] [3|6] [6|6] [6|2].",
        "Tallenna C:\\Users\\opettaja\\saannot.txt ja tulosta.",
        "#1 sääntö: [1|3] [3|6]\n2. sääntö: [6|6] [6|2]",
        "[1|3](linja A) ja [3|6]",
        "Hinta 5 € <- ei merkkiä > tässä",
        "",
    ],
)
def test_plain_text_with_stray_marks_stays_plain_text(text: str) -> None:
    assert text_format(text) == "text"


@pytest.mark.parametrize(
    "path",
    [
        DATA / "pasted" / "regler_med_fel.txt",
        DATA / "leaflets" / "liittaminen.txt",
        *sorted((DATA / "heldout").glob("*.txt")),
    ],
    ids=lambda path: path.name,
)
def test_the_kept_leaflets_give_the_same_findings_pasted(path: Path) -> None:
    """Pasted (a name that tells nothing), each kept ``.txt`` leaflet gives the findings
    of its file: where a ``# heading`` makes it Markdown, only a quoted heading loses
    its ``#``."""
    pasted, _ = verify_bytes(path.read_bytes(), "pasted text")
    assert _findings(pasted) == _findings(verify_file(path))


def _findings(report: FileReport) -> tuple[Any, ...]:
    """What a report finds, and where: each example's and claim's verdict, chain and
    findings, and what was not checked (not the text each quotes)."""
    listed: dict[str, Any] = report.to_json()
    checked = [*listed["examples"], *listed["claims"]]
    return (
        [{key: item[key] for key in ("place", "ok", "chain", "findings")} for item in checked],
        [(item["place"], item["reason"]) for item in listed["not_checked"]],
        listed["status"],
    )


def test_a_pasted_markdown_leaflet_gives_the_findings_of_its_md_file() -> None:
    data = MARKDOWN.encode()
    pasted, document = verify_bytes(data, "liitetty teksti")
    as_file, _ = verify_bytes(data, "saannot.md")
    as_text, _ = verify_bytes(data, "saannot.txt")
    assert document is not None
    assert document.format == "markdown"
    assert pasted.to_json() == as_file.to_json() | {"path": "liitetty teksti"}
    assert as_text.to_json() != as_file.to_json()  # the .txt name says: no Markdown
    assert [(example.line, example.ok) for example in pasted.examples] == [(5, True), (7, False)]
    assert [item.line for item in pasted.unchecked] == [9]


def test_a_file_whose_name_has_no_known_ending_is_read_as_its_marks_tell(tmp_path: Path) -> None:
    path = tmp_path / "SAANNOT"
    path.write_text(MARKDOWN, encoding="utf-8")
    report = verify_file(path)
    assert report.to_json() == verify_file(_renamed(path, "saannot.md")).to_json() | {
        "path": str(path)
    }


def _renamed(path: Path, name: str) -> Path:
    copy = path.with_name(name)
    copy.write_bytes(path.read_bytes())
    return copy

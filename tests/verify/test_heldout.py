"""A held-out set of leaflets in Finnish, Swedish and English, each with planted faults of every
kind: every fault is found at its place, worded in the leaflet's language, and nothing
else is flagged, whether the leaflet is plain text, Markdown, Word, OpenDocument or PDF.

The leaflets' sources are ``tests/data/verify/heldout/*.txt`` (one paragraph a line,
pages parted by a form feed line); the other formats are written from them here, by the
writers of ``leaflets/make_leaflets.py``. ``faults.json`` names, for each leaflet, the
paragraph (counted from 1 over the whole leaflet, headings included) and kind of every
planted fault, and the paragraphs whose examples or claims are right.
"""

from __future__ import annotations

import importlib.util
import json
import textwrap
from pathlib import Path
from types import ModuleType

import pytest

from blockdomino.verify import report_text, verify_file
from blockdomino.verify.places import Place

DATA = Path(__file__).parents[1] / "data" / "verify"
HELDOUT = DATA / "heldout"
EXPECTED = json.loads((HELDOUT / "faults.json").read_text(encoding="utf-8"))
FORMATS = ("txt", "md", "docx", "odt", "pdf")
WORDS = {"fi": ("virhe", "kunnossa"), "sv": ("fel", "korrekt"), "en": ("error", "correct")}


def _writers() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_leaflets", DATA / "leaflets" / "make_leaflets.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAKE = _writers()


def _pages(name: str) -> list[list[str]]:
    text = (HELDOUT / f"{name}.txt").read_text(encoding="utf-8")
    return [[line for line in page.split("\n") if line] for page in text.split("\n\f\n")]


def _markdown(pages: list[list[str]]) -> str:
    """The leaflet as a Word-to-Markdown conversion writes it: labels in bold, a blank
    line between paragraphs."""
    paragraphs = []
    for paragraph in (paragraph for page in pages for paragraph in page):
        label, colon, rest = paragraph.partition(": ")
        bold = colon and not paragraph.startswith("#") and len(label) < 30
        paragraphs.append(f"**{label}:** {rest}" if bold else paragraph)
    return "\n\n".join(paragraphs) + "\n"


def _write(name: str, suffix: str, folder: Path) -> Path:
    pages = _pages(name)
    path = folder / f"{name}.{suffix}"
    if suffix == "txt":
        path.write_bytes((HELDOUT / f"{name}.txt").read_bytes())
    elif suffix == "md":
        path.write_text(_markdown(pages), encoding="utf-8")
    else:
        path.write_bytes(getattr(MAKE, suffix)(pages))
    return path


def _paragraph(name: str, suffix: str, place: Place) -> int:
    """The paragraph of the leaflet (from 1) at a place of one of its files."""
    pages = _pages(name)
    if suffix in ("docx", "odt"):
        assert place.paragraph is not None
        return place.paragraph
    assert place.line is not None
    if suffix == "md":
        return (place.line + 1) // 2
    if suffix == "txt":
        lines = (HELDOUT / f"{name}.txt").read_text(encoding="utf-8").split("\n")
        return sum(1 for line in lines[: place.line] if line and line != "\f")
    assert place.page is not None
    before = sum(len(page) for page in pages[: place.page - 1])
    wrapped = [
        number
        for number, paragraph in enumerate(pages[place.page - 1], start=before + 1)
        for _ in textwrap.wrap(paragraph, MAKE.WRAP)
    ]
    return wrapped[place.line - 1]


@pytest.mark.parametrize("suffix", FORMATS)
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_planted_fault_is_found_at_its_place_and_nothing_else(
    tmp_path: Path, name: str, suffix: str
) -> None:
    expected = EXPECTED[name]
    report = verify_file(_write(name, suffix, tmp_path))
    assert report.problem is None
    assert report.lang == expected["lang"]
    found = sorted(
        (_paragraph(name, suffix, place), finding.kind)
        for checked, place in report.checked
        for finding in checked.errors
    )
    assert found == sorted(tuple(fault) for fault in expected["faults"])
    right = {_paragraph(name, suffix, place) for checked, place in report.checked if checked.ok}
    assert set(expected["right"]) <= right


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_report_on_a_leaflet_is_in_its_language(tmp_path: Path, name: str) -> None:
    lang = EXPECTED[name]["lang"]
    report = verify_file(_write(name, "docx", tmp_path))
    text = report_text(report)
    error, ok = WORDS[lang]
    assert text.count(f": {error}: ") == len(EXPECTED[name]["faults"])
    assert f": {ok}." in text
    for checked, _ in report.checked:
        for finding in checked.errors:
            assert finding.message(lang) in text

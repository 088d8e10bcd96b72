"""The teachers' guide: one structure in three languages, printed by Typst with the same
bytes every time, its chapters' table drawn from what each chapter teaches, its
screenshots small, ``docs/guide/<lang>.md`` written from the same source, and the
``blockdomino guide`` command."""

from __future__ import annotations

import importlib.util
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from blockdomino.cli import main
from blockdomino.practice.topics import TAUGHT
from blockdomino.publish.guide import GUIDE, PICTURES, Picture, chapters, guide, ready_after
from blockdomino.publish.guide_page import html_page, write_pages
from blockdomino.publish.guide_print import guide_pdf
from blockdomino.words.i18n import LANGS, translate

ROOT = Path(__file__).resolve().parents[2]
MOST_PAGES = 8
"""A guide a teacher reads in one sitting and prints on a few sheets."""


def _shape(lang: str) -> list[tuple[str, list[tuple[str, int]]]]:
    """The guide's shape in ``lang``: each section's anchor and its parts' kinds and sizes."""
    return [
        (
            section["anchor"],
            [
                (part["kind"], len(part.get("items", part.get("rows", []))))
                for part in section["parts"]
            ],
        )
        for section in guide(lang)["sections"]
    ]


def test_the_three_languages_share_one_structure() -> None:
    assert _shape("fi") == _shape("sv") == _shape("en")
    assert [section["anchor"] for section in guide("fi")["sections"]] == [
        "what", "prepare", "lesson", "chapters", "sheets", "privacy", "network", "trouble"
    ]  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_says_what_it_does(lang: str) -> None:
    commands = [
        part
        for section in guide(lang)["sections"]
        for part in section["parts"]
        if part["kind"] == "command"
    ]
    assert len(commands) == 8
    for part in commands:
        assert part["text"].strip()
        assert "{" not in part["command"]
        if "--lang" in part["command"]:
            assert f"--lang {lang}" in part["command"]


@pytest.mark.parametrize("lang", LANGS)
def test_buttons_are_named_as_the_screens_name_them(lang: str) -> None:
    page = html_page(lang)
    for key in ("lessons.page.reveal", "lessons.page.start", "lessons.page.project",
                "tables.page.enter", "lessons.page.walk_start"):  # fmt: skip
        assert translate(key, lang) in page


def test_each_topic_and_level_is_ready_after_one_chapter() -> None:
    ready = ready_after()
    listed = sorted(pair for pairs in ready.values() for pair in pairs)
    assert listed == sorted(TAUGHT)
    assert ("matching", 1) in ready[1]
    assert ("doubles", 1) in ready[2]
    assert ("strategy", 3) in ready[6]
    assert ("passes", 3) in ready[6]
    rows = chapters("en")
    assert [row.number for row in rows] == list(range(10))
    assert rows[1].topics == "Matching tiles (1–2)"
    assert rows[5].topics == "–"


def test_the_screenshots_are_small_pngs_in_every_language() -> None:
    named = [part.file for section in GUIDE for part in section.parts if isinstance(part, Picture)]
    for lang in LANGS:
        for file in named:
            data = (PICTURES / file.format(lang=lang)).read_bytes()
            assert data.startswith(b"\x89PNG\r\n\x1a\n")
            assert len(data) <= 60_000, file


@pytest.mark.skipif(importlib.util.find_spec("typst") is None, reason="the worksheet extra")
@pytest.mark.parametrize("lang", LANGS)
def test_the_printed_guide_is_a_few_a4_pages_with_the_same_bytes(lang: str) -> None:
    pdf = guide_pdf(lang)
    assert pdf == guide_pdf(lang)
    reader = PdfReader(io.BytesIO(pdf))
    assert 3 <= len(reader.pages) <= MOST_PAGES
    width, height = (float(value) for value in reader.pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == (595, 842)
    assert reader.metadata is not None
    assert reader.metadata.title == translate("guide.title", lang)
    text = " ".join(page.extract_text() for page in reader.pages)
    for section in GUIDE:
        heading = translate(section.heading, lang)
        assert heading.split()[0] in text, heading
    assert f"blockdomino serve --forget-class --lang {lang}" in " ".join(text.split())


def test_the_markdown_of_docs_is_up_to_date() -> None:
    """``docs/guide/<lang>.md`` is what ``docs/guide/build.py`` writes from the source."""
    checked = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "guide" / "build.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr


def test_the_command_writes_the_pdf_and_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if importlib.util.find_spec("typst") is not None:
        assert main(["guide", "--lang", "sv", "--out", str(tmp_path / "g.pdf")]) == 0
        assert (tmp_path / "g.pdf").read_bytes() == guide_pdf("sv")
    page = tmp_path / "opas.html"
    assert main(["guide", "--lang", "fi", "--format", "html", "--out", str(page)]) == 0
    assert page.read_text(encoding="utf-8") == html_page("fi")
    assert str(page) in capsys.readouterr().out


def test_the_command_refuses_an_ending_not_its_formats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["guide", "--lang", "fi", "--out", str(tmp_path / "opas.html")]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1
    assert ".pdf" in said
    assert not (tmp_path / "opas.html").exists()


def test_the_command_names_the_extra_without_typst(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    found = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "typst" else found(name, *a)
    )
    assert main(["guide", "--lang", "sv", "--out", str(tmp_path / "g.pdf")]) == 2
    assert "blockdomino[worksheet]" in capsys.readouterr().err
    assert not (tmp_path / "g.pdf").exists()


def test_a_built_sites_guide_pages_link_each_other(tmp_path: Path) -> None:
    """A site served by any web server carries the guide the app's start page links
    (``../guide/<lang>``): a page in every language, the site's own at ``guide/``, each
    linking the others by addresses that are there."""
    write_pages(tmp_path / "guide", "sv")
    top = (tmp_path / "guide" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="sv">' in top
    for lang in LANGS:
        page = tmp_path / "guide" / lang / "index.html"
        text = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in text
        links = re.findall(r'<a href="([^"#]+)" lang="(\w+)"', text)
        assert sorted(other for _, other in links) == sorted(set(LANGS) - {lang})
        for address, other in links:
            assert (
                (page.parent / address / "index.html")
                .resolve()
                .read_text(encoding="utf-8")
                .startswith(f'<!doctype html>\n<html lang="{other}">')
            )

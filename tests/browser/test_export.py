"""The static export: the tutorial as HTML pages per language, opened from disk.

``blockdomino export`` writes every chapter's pages once per session, too slow for the
quick test command, so every test here is of the browser suite (``-m browser``). On
the pages' text: the links between notebooks lead to pages, exercises become a note,
the index links every page. In Chromium over ``file://``: every page shows its diagrams
(Markdown images and inline SVG), no code and none of the cells tagged ``code-demo``,
and asks for nothing beyond the folder (the ``page`` fixture checks that in every test
of the export).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page

from blockdomino.words.i18n import LANGS, translate

from .pages import (
    Notebook,
    check_cells_left_out,
    check_images,
    every_notebook,
    notebook_params,
    screenshot,
)

SVG = "image/svg+xml"

pytestmark = pytest.mark.browser


def page_of(out: Path, notebook: Notebook) -> Path:
    return out / notebook.lang / f"{notebook.path.stem}.html"


def test_every_notebook_has_a_page(exported: Path) -> None:
    assert every_notebook()
    for notebook in every_notebook():
        assert page_of(exported, notebook).is_file(), notebook.id


def test_links_lead_to_pages_that_exist(exported: Path) -> None:
    """No link points at a notebook; every relative link and image resolves on disk."""
    for page in [exported / "index.html", *exported.glob("*/*.html")]:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r'(?:href|src)="([^"#:]+)"', text):
            assert not target.endswith(".ipynb"), (page, target)
            assert (page.parent / target).is_file(), (page, target)


def test_exercises_become_a_note(exported: Path) -> None:
    """Where a notebook holds a widget, its page says the exercise needs a kernel."""
    for notebook in every_notebook():
        text = page_of(exported, notebook).read_text(encoding="utf-8")
        note = translate("classroom.export.interactive", notebook.lang)
        assert text.count(note) == len(notebook.widgets), notebook.id
        assert f"lang=&#x27;{notebook.lang}&#x27;)" not in text, "a widget's repr is shown"
        assert f"lang='{notebook.lang}')" not in text, "a widget's repr is shown"


def test_a_request_beyond_the_folder_is_recorded(
    exported: Path, page: Page, requests: list[str]
) -> None:
    """The check itself: a page of the export asking another host is recorded (and the
    ``page`` fixture would fail the test for it; here the record is taken back)."""
    page.goto((exported / "index.html").as_uri())
    page.evaluate("() => fetch('https://cdn.jsdelivr.net/npm/').catch(() => null)")
    assert "https://cdn.jsdelivr.net/npm/" in requests
    requests.remove("https://cdn.jsdelivr.net/npm/")


def test_index_in_browser(exported: Path, page: Page, request: pytest.FixtureRequest) -> None:
    """The index shows each language in its own words and links to every page."""
    page.goto((exported / "index.html").as_uri())
    for lang in LANGS:
        section = page.locator(f'section[lang="{lang}"]')
        assert translate("classroom.language", lang) in section.inner_text()
        assert section.locator("a").count() == len(list((exported / lang).glob("*.html")))
    screenshot(page, request.node.name, "index")


@pytest.mark.parametrize("notebook", notebook_params())
def test_page_in_browser(
    notebook: Notebook, exported: Path, page: Page, request: pytest.FixtureRequest
) -> None:
    """Diagrams visible, code and code demonstrations left out, nothing fetched from
    outside the folder."""
    page.goto(page_of(exported, notebook).as_uri())
    check_images(page, notebook.images)
    check_cells_left_out(page, notebook)
    saved = nbformat.read(notebook.path, as_version=4)
    demos = {cell.id for cell in notebook.left_out}
    drawings = sum(
        SVG in output.get("data", {})
        for cell in saved.cells
        if cell.cell_type == "code" and cell.id not in demos
        for output in cell.outputs
    )
    inline = page.locator(".jp-OutputArea-output svg")
    assert inline.count() >= drawings
    for index in range(drawings):
        assert inline.nth(index).bounding_box(), "an SVG diagram is not visible"
    assert not page.locator(".jp-CodeCell .jp-InputArea").count(), "code is shown"
    screenshot(page, request.node.name, "page")

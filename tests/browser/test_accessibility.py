"""Accessibility checked by a tool: axe-core on every page, and every widget by keyboard.

axe-core (``axe.py``) runs in Chromium on every notebook: in JupyterLab after Run All
(widgets rendered; in ``test_lab.py``, before the learner's clicks), in the classroom
app and in the static export. A serious or critical violation in the project's own
output (diagrams, widgets, the notebooks' prose, the exported pages) fails the test.
Violations in the host's own frame (JupyterLab's menus and panels, Voilà's page) are
not the project's to fix: they are counted and written, with every other finding, to
``test-artifacts/browser/axe/``. Inside JupyterLab's panels axe takes no element of a
notebook for on screen, so it judges no colour contrast there; the classroom shows the
same outputs and widgets where it does.

A learner who uses no mouse plays every widget of the classroom by the keyboard alone:
Tab to a tile, Enter to play it; the same for an end, Pass, Undo and the rest.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from .axe import audit, audit_rendered, check_ours
from .conftest import Server
from .pages import Learner, Notebook, click_through, notebook_params
from .test_classroom import open_page
from .test_export import page_of

pytestmark = pytest.mark.browser

MOST_TABS = 400
"""Tab presses allowed to reach a button from wherever the focus is."""


@pytest.mark.parametrize("notebook", notebook_params())
def test_axe_in_classroom(
    notebook: Notebook, classroom: Server, page: Page, request: pytest.FixtureRequest
) -> None:
    """The classroom's page is the project's template: besides the project's output,
    every part of it lies in a landmark (the cells are its main), and it speaks the
    notebook's language."""
    open_page(page, classroom, notebook)
    found = audit_rendered(page, notebook, request.node.name)
    check_ours(found)
    assert [v["target"] for v in found if v["rule"] == "region"] == [], "content outside landmarks"
    assert page.locator("html").get_attribute("lang") == notebook.lang


@pytest.mark.parametrize("notebook", notebook_params())
def test_axe_in_export(
    notebook: Notebook, exported: Path, page: Page, request: pytest.FixtureRequest
) -> None:
    """The exported pages are written by ``blockdomino export``: all of each is ours."""
    page.goto(page_of(exported, notebook).as_uri())
    check_ours(audit(page, request.node.name, ours="*"))


def test_axe_on_the_export_index(exported: Path, page: Page) -> None:
    page.goto((exported / "index.html").as_uri())
    check_ours(audit(page, "export-index", ours="*"))


class KeyboardLearner(Learner):
    """A learner without a mouse: Tab until the button has the focus, then Enter."""

    def press(self, button: Locator) -> None:
        target = button.first
        page = target.page
        for _ in range(MOST_TABS):
            if target.evaluate("element => element === document.activeElement"):
                page.keyboard.press("Enter")
                return
            page.keyboard.press("Tab")
        pytest.fail(f"{MOST_TABS} Tab presses never reached {target.get_attribute('title')}")


def _with_widgets(notebook: Notebook) -> bool:
    return notebook.lang == "en" and bool(notebook.widgets)


@pytest.mark.parametrize("notebook", notebook_params(_with_widgets))
def test_every_widget_by_keyboard_alone(
    notebook: Notebook, classroom: Server, page: Page, request: pytest.FixtureRequest
) -> None:
    """Every widget of the page played as by a mouse, but by Tab and Enter alone."""
    open_page(page, classroom, notebook)
    click_through(page, notebook, request.node.name, learner=KeyboardLearner)

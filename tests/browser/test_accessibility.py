"""Accessibility checked by a tool: axe-core on every page, and every widget by keyboard.

axe-core, the engine behind the usual accessibility audits, is fetched from the npm
registry by ``tests/browser/ensure-axe`` (the README's browser command runs it) and run
in Chromium on every notebook: in JupyterLab after Run All (widgets rendered), in the
classroom app and in the static export. A serious or critical violation in the
project's own output (diagrams, widgets, the notebooks' prose, the exported pages)
fails the test. Violations in the host's own frame (JupyterLab's menus and panels,
Voilà's page) are not the project's to fix: they are counted and written, with every
other finding, to ``test-artifacts/browser/axe/``. Inside JupyterLab's panels axe takes
no element of a notebook for on screen, so it judges no colour contrast there; the
classroom shows the same outputs and widgets where it does.

A learner who uses no mouse plays every widget of the classroom by the keyboard alone:
Tab to a tile, Enter to play it; the same for an end, Pass, Undo and the rest.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page

from .conftest import ARTIFACTS, Server, artifact_name
from .pages import (
    Learner,
    Notebook,
    click_through,
    notebook_params,
    widget_views,
)
from .test_classroom import open_page
from .test_export import page_of
from .test_lab import open_fresh, run_all

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
SEVERE = {"serious", "critical"}
OURS = ".jp-OutputArea-output, .jp-RenderedMarkdown, .jupyter-widgets, .widget-output"
"""What the project puts on a page in JupyterLab and Voilà: outputs, prose, widgets."""
MOST_TABS = 400
"""Tab presses allowed to reach a button from wherever the focus is."""

_RUN_AXE = """async (ours) => {
    const result = await axe.run(document, {resultTypes: ['violations']});
    return result.violations.flatMap(rule => rule.nodes.map(node => {
        const element = node.target.length === 1 ? document.querySelector(node.target[0]) : null;
        return {
            rule: rule.id,
            impact: node.impact || rule.impact,
            help: rule.help,
            target: node.target.join(' '),
            html: node.html.slice(0, 300),
            ours: ours === '*' || Boolean(element && element.closest(ours)),
        };
    }));
}"""


def audit(page: Page, test: str, ours: str = OURS) -> list[dict[str, Any]]:
    """Run axe-core on the page: every violation found, each marked whether it lies in
    the project's own output (``ours="*"``: the whole page is the project's)."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `sh tests/browser/ensure-axe`", pytrace=False)
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(_RUN_AXE, ours)
    folder = ARTIFACTS / "axe"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{artifact_name(test)}.json").write_text(
        json.dumps(found, indent=2, ensure_ascii=False), encoding="utf-8"
    )
    return found


def check_ours(found: list[dict[str, Any]]) -> None:
    """No serious or critical violation lies in the project's own output."""
    severe = [
        f"{violation['rule']} ({violation['impact']}): {violation['html']}"
        for violation in found
        if violation["ours"] and violation["impact"] in SEVERE
    ]
    assert not severe, "\n".join(severe)


def audit_rendered(page: Page, notebook: Notebook, test: str) -> list[dict[str, Any]]:
    """Once every widget of the notebook has rendered, run axe-core on the page."""
    widget_views(page, len(notebook.widgets))
    return audit(page, test)


@pytest.mark.parametrize("notebook", notebook_params())
def test_axe_in_jupyterlab(
    notebook: Notebook, jupyterlab: Server, lab: Page, request: pytest.FixtureRequest
) -> None:
    open_fresh(lab, jupyterlab, notebook)
    run_all(lab, jupyterlab)
    check_ours(audit_rendered(lab, notebook, request.node.name))


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

"""Awards as figures in the exported pages: no terminal printout where a round's end is
scored, but a diagram of the hands with its text alternative and the steps beneath.

Opened in Chromium over ``file://`` from the export the README names (``exported``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from blockdomino.words.examples import SCORING_FIGURES
from blockdomino.words.i18n import translate

from .pages import Notebook, every_notebook, notebook_params, screenshot
from .test_export import page_of

AWARDS = {"03": 1, "04": len(SCORING_FIGURES), "05": 1}
"""How many awards each chapter shows: the blocked round, the four figures, a played round."""


def _with_awards(notebook: Notebook) -> bool:
    return notebook.path.stem[:2] in AWARDS


@pytest.mark.browser
@pytest.mark.parametrize("notebook", notebook_params(_with_awards))
def test_awards_show_as_figures(
    notebook: Notebook, exported: Path, page: Page, request: pytest.FixtureRequest
) -> None:
    """Each award is a visible diagram named by its title and description (the steps in
    words), followed by the steps as a numbered list; no award is printed as plain text."""
    page.goto(page_of(exported, notebook).as_uri())
    figures = page.locator("figure.blockdomino-award")
    assert figures.count() == AWARDS[notebook.path.stem[:2]]
    title = translate("award.title", notebook.lang)
    for index in range(figures.count()):
        figure = figures.nth(index)
        drawing = figure.locator('svg[role="img"]')
        assert drawing.bounding_box(), "an award diagram is not visible"
        title_id, desc_id = (drawing.get_attribute("aria-labelledby") or "").split()
        assert figure.locator(f"#{title_id}").text_content() == title
        steps = figure.locator("figcaption li").all_text_contents()
        assert steps, "the award is not walked through"
        assert steps[-1] in (figure.locator(f"#{desc_id}").text_content() or "")
    for printed in page.locator(".jp-OutputArea-output pre").all_text_contents():
        assert translate("explain.blocked", notebook.lang) not in printed, "an award is printed"
    screenshot(figures.first, request.node.name, "award")


@pytest.mark.browser
def test_every_chapter_with_awards_is_checked() -> None:
    """The chapters counted above exist in every language."""
    assert len([n for n in every_notebook() if _with_awards(n)]) == 3 * len(AWARDS)

"""The browser suite's own learner, checked where hosts differ from a plain page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .pages import Learner, wait_for

pytestmark = pytest.mark.browser

SKIPPED_CELL = """
<div style="height: 3000px">cells above</div>
<div class="cell" style="content-visibility: auto; contain-intrinsic-size: auto 400px">
  <div class="widget"><p>Pass the screen to Aino</p><button>Show my hand</button></div>
</div>
"""
"""A page as JupyterLite draws a notebook: a cell out of view is skipped (CSS
``content-visibility``), and a skipped element's text reads empty."""


def test_a_widget_out_of_view_is_still_read(chromium: Browser) -> None:
    """A widget whose cell the host has stopped drawing is brought into view and read,
    never taken for a widget that says nothing."""
    page = chromium.new_page()
    page.set_content(SKIPPED_CELL)
    view = page.locator(".widget")
    assert view.inner_text() == "", "the page no longer skips the cell: the test is moot"
    learner = Learner(view, "en", "skipped-cell")
    wait_for(lambda: "Pass the screen to Aino" in learner.text, "the widget's words are read")
    page.close()

"""The classroom app (Voilà): every notebook as a page without code, played by clicks.

The server is started as the README says (``blockdomino classroom``). Every page
renders without errors, shows its diagrams and no code, leaves out the cells tagged
``code-demo`` (their outputs mean nothing without the code), and a learner plays the
games of the play chapter by clicks alone: a legal move changes the board, a forced
pass is confirmed. No page asks anything of a host but the classroom server (no CDN):
the ``page`` fixture checks that in every test of the classroom.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Page

from .conftest import NOTEBOOKS, Server
from .pages import (
    Notebook,
    check_cells_left_out,
    check_no_errors,
    check_notebook,
    notebook_params,
    tutorial,
)

pytestmark = pytest.mark.browser

GAMES = {"RoundPlayer", "MatchPlayer", "HotSeatRound", "HotSeatMatch", "Replay"}


def open_page(page: Page, server: Server, notebook: Notebook) -> None:
    """Open a notebook's classroom page; Voilà answers once every cell has run."""
    page.goto(f"{server.url}/voila/render/{notebook.relative}?token={server.token}")
    page.locator(".jp-Cell").first.wait_for()


def test_classroom_announces_the_welcome_page(classroom: Server, page: Page) -> None:
    """The command prints the Finnish welcome page's address; its links lead to notebooks
    that exist, and following one opens that chapter."""
    printed = re.search(r"blockdomino classroom: (\S+)", classroom.log.read_text())
    assert printed, "the classroom did not print its address"
    address = printed.group(1)
    welcome = tutorial("fi")[0]
    assert f"/voila/render/{welcome.relative}?token={classroom.token}" in address
    assert address.startswith(classroom.url)
    page.goto(address)
    links = page.locator('.jp-RenderedMarkdown a[href*=".ipynb"]')
    assert links.count(), "the welcome page links to no chapter"
    here = PurePosixPath(welcome.relative).parent
    for href in links.evaluate_all("links => links.map(a => a.getAttribute('href'))"):
        target = NOTEBOOKS / here / unquote(urlsplit(href).path)
        assert target.resolve().is_file(), f"{href} leads nowhere"
    links.first.click()
    page.wait_for_url(re.compile(r"/voila/render/.+\.ipynb"))
    page.locator(".jp-Cell").first.wait_for()
    check_no_errors(page)


@pytest.mark.parametrize("notebook", notebook_params())
def test_notebook_in_classroom(
    notebook: Notebook, classroom: Server, page: Page, request: pytest.FixtureRequest
) -> None:
    open_page(page, classroom, notebook)
    assert not page.locator(".jp-InputArea-editor, .cm-editor").count(), "code is shown"
    check_notebook(page, notebook, request.node.name, check=check_cells_left_out, only=GAMES)

"""Every notebook in every language, in JupyterLab, as a learner meets it.

Opened fresh (untrusted, nothing run): every diagram is visible. Run all: no cell errs,
every widget renders, the cells tagged ``code-demo`` and ``keep-game`` (left out where
code is hidden) show their outputs and prose, axe-core finds nothing serious in the
project's output (``test_accessibility.py``); then a learner clicks through each widget
(a legal move, refused ones, a forced pass) and the page shows the board changed and the
rules' words, and the tables that keep their game have written it beside the notebook.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page

from blockdomino.play.practice import Progress
from blockdomino.records import load
from blockdomino.words.i18n import LANGS

from .axe import audit_rendered, check_ours
from .conftest import Server
from .pages import (
    ALL_RUN,
    Notebook,
    check_left_out_shown,
    check_notebook,
    notebook_params,
    tutorial,
    wait_for,
)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_notebooks(lang: str) -> None:
    assert tutorial(lang), f"no notebooks in notebooks/{lang}"


def open_fresh(page: Page, server: Server, notebook: Notebook) -> None:
    """Open a notebook in a clean workspace (``?reset``), as saved, nothing run, and no
    game kept beside it by an earlier test: a learner's first visit."""
    for name in notebook.kept_files:
        (server.root / notebook.relative).with_name(name).unlink(missing_ok=True)
    page.goto(f"{server.url}/lab/tree/{notebook.relative}?token={server.token}&reset")
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for()


def kernels_idle(server: Server) -> bool:
    kernels = server.api("GET", "/api/kernels")
    return bool(kernels) and all(k["execution_state"] == "idle" for k in kernels)  # type: ignore[attr-defined]


def run_all(page: Page, server: Server) -> None:
    """Once the kernel is ready, Run → Run All Cells; then wait until every cell has run
    and the kernel is idle again."""
    status = page.locator(".jp-StatusBar-Widget", has_text="Idle")
    wait_for(lambda: bool(status.count()) and kernels_idle(server), "the kernel is ready")
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    wait_for(
        lambda: bool(page.evaluate(ALL_RUN)) and kernels_idle(server),
        "every cell has run and the kernel is idle",
    )


@pytest.mark.parametrize("notebook", notebook_params())
def test_notebook_in_jupyterlab(
    notebook: Notebook, jupyterlab: Server, lab: Page, request: pytest.FixtureRequest
) -> None:
    open_fresh(lab, jupyterlab, notebook)

    def ran(page: Page, notebook: Notebook) -> None:
        """The left-out cells show, and axe finds nothing serious in the run page."""
        check_left_out_shown(page, notebook)
        check_ours(audit_rendered(page, notebook, request.node.name))

    check_notebook(
        lab, notebook, request.node.name, run=lambda: run_all(lab, jupyterlab), check=ran
    )
    for name in notebook.kept_files:
        kept = (jupyterlab.root / notebook.relative).with_name(name)
        assert kept.is_file(), f"{notebook.id} keeps no game in {name}"
        data = json.loads(kept.read_text(encoding="utf-8"))
        if "levels" in data:  # a learner's practice, not a game
            Progress.from_json(data)
        else:
            load(kept)

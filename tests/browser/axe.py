"""axe-core, the engine behind the usual accessibility audits, run on a page: fetched
from the npm registry by ``tests/browser/ensure-axe`` (the README's browser command runs
it). A serious or critical violation in the project's own output fails a test; every
finding is written to ``test-artifacts/browser/axe/``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import ARTIFACTS, artifact_name
from .pages import Notebook, widget_views

AXE = Path(__file__).parent / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
SEVERE = {"serious", "critical"}
OURS = ".jp-OutputArea-output, .jp-RenderedMarkdown, .jupyter-widgets, .widget-output"
"""What the project puts on a page in JupyterLab and Voilà: outputs, prose, widgets."""

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

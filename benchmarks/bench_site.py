"""Time the offline site in Chromium: from opening a notebook to its first cell's output.

Serves a site built by ``blockdomino site`` on 127.0.0.1 (a plain static server, as the
README says), opens the English welcome notebook in Debian's Chromium and times until
Pyodide is ready and the first code cell, run, shows its output: once on a first visit
(an empty browser cache) and once more in the same browser (warm cache). Prints both,
and the site's size. Requests to other hosts are refused.

    .venv/bin/blockdomino site --out /tmp/site
    .venv/bin/python benchmarks/bench_site.py /tmp/site
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from _servers import free_port, start, stop
from playwright.sync_api import BrowserContext, sync_playwright

PAGE = "lab/index.html?path=en/00_welcome.ipynb"
WAIT_MS = 300_000


def first_output(context: BrowserContext, url: str) -> tuple[float, float]:
    """Seconds from opening the notebook until the kernel is ready, and until the first
    code cell (run with Shift+Enter) shows its execution count."""
    page = context.new_page()
    start = time.monotonic()
    page.goto(url)
    page.locator(".jp-StatusBar-Widget", has_text="Python (Pyodide) | Idle").wait_for(
        timeout=WAIT_MS
    )
    ready = time.monotonic() - start
    cell = page.locator(".jp-NotebookPanel .jp-CodeCell").first
    cell.locator(".cm-content").click()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(
        "() => /\\[1\\]/.test(document.querySelector('.jp-CodeCell .jp-InputPrompt').textContent)",
        timeout=WAIT_MS,
    )
    shown = time.monotonic() - start
    page.close()
    return ready, shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a folder built by blockdomino site")
    site = parser.parse_args().site
    size = sum(path.stat().st_size for path in site.rglob("*") if path.is_file())
    port = free_port()
    command = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(site)]
    server = start([*command, str(port)], port)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu", "--proxy-server=http://127.0.0.1:9"],
            )
            context = browser.new_context()
            url = f"http://127.0.0.1:{port}/{PAGE}"
            cold = first_output(context, url)
            warm = first_output(context, url)
            browser.close()
    finally:
        stop(server)
    print(f"site: {size / 1e6:.1f} MB")
    for name, (ready, shown) in (("first visit", cold), ("warm cache", warm)):
        print(f"{name}: kernel ready {ready:.1f} s, first cell's output {shown:.1f} s")


if __name__ == "__main__":
    main()

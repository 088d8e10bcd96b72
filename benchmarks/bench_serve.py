"""Load-test ``blockdomino serve``: a class of visitors fetch the whole app at once on
127.0.0.1 while real browsers start Python and play a round.

Serves a site built by ``blockdomino site`` with ``blockdomino serve`` (the command
itself, in a process of its own) on 127.0.0.1. Then, all at the same moment:

- each of ``--visitors`` visitors (100) fetches every file of the app, one after the
  other over one keep-alive connection of its own (``http.client`` in a thread each: the
  server's only work is files, so a client per visitor is what loads it);
- each of ``--browsers`` Chromium browsers (3) opens the app (``app/?lang=en``) or, in a
  site without one, the landing page, and in it boots the site's Pyodide, loads the
  wheels the app needs and plays one seeded round with the computer players.

The app's files are everything under ``app/`` and every file of the site its text
names (``static/…``). In a site without the app, the stand-in is what the app will load:
the landing page, Pyodide's core files (``static/pyodide/``) and the four wheels of the
app (babel, tqdm, blockdomino); the script says which set it fetched.

With ``--stdlib``, ``python -m http.server`` serves instead, for comparison. Prints
the set's size, each visitor's time to the last byte (slowest, median, fastest),
the bytes served, and each browser's times. Only 127.0.0.1 is asked; every request a
browser makes elsewhere goes to a dead proxy. Bounded: a visitor gives up after
``--limit`` seconds, and so does a browser.

    .venv/bin/blockdomino site --out /tmp/site
    .venv/bin/python benchmarks/bench_serve.py /tmp/site
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import re
import statistics
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from _servers import free_port, start, stop
from playwright.async_api import Browser, async_playwright

APP_WHEELS = ("babel-", "tqdm-", "blockdomino-")
"""The wheels the app loads (the issue's bare page): the names they begin with."""
_NAMED = re.compile(r"(?:\.\./)?(static/[\w./-]+)")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--proxy-server=http://127.0.0.1:9"]
PLAY = """
from blockdomino import Round, Rules
from blockdomino.analysis.players import play_round
end = play_round(Round.deal(Rules.preset("block", 2), seed=SEED), seed=SEED)
len(end._repr_svg_())
"""
BROWSER_SCRIPT = """async ([wheels, play]) => {
  const started = performance.now();
  const { loadPyodide } = await import("/static/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: "/static/pyodide/" });
  const booted = performance.now();
  await pyodide.loadPackage(wheels);
  const svg = await pyodide.runPythonAsync(play);
  const played = performance.now();
  return { boot: (booted - started) / 1000, round: (played - booted) / 1000, svg };
}"""


@dataclass(frozen=True)
class Visit:
    """One visitor's fetch of the whole set: seconds to the last byte, bytes, failures."""

    seconds: float
    size: int
    failed: int


def app_files(site: Path) -> tuple[list[str], str]:
    """The paths a visitor of the app fetches, and which set they are."""
    app = site / "app"
    if (app / "index.html").is_file():
        own = sorted(path for path in app.rglob("*") if path.is_file())
        named = {
            found
            for path in own
            if path.suffix in {".html", ".js", ".mjs", ".json"}
            for found in _NAMED.findall(path.read_text("utf-8", errors="replace"))
            if (site / found).is_file()
        }
        paths = [str(path.relative_to(site)) for path in own] + sorted(named)
        return paths, "the app: app/ and the site's files it names"
    core = sorted((site / "static" / "pyodide").iterdir())
    wheels = sorted(
        path
        for path in (site / "static" / "pyodide-lock").glob("*.whl")
        if path.name.startswith(APP_WHEELS)
    )
    paths = ["index.html"] + [str(path.relative_to(site)) for path in core + wheels]
    return paths, "stand-in (no app/ in this site): landing page, static/pyodide/, four wheels"


def visit(port: int, paths: list[str], start_line: threading.Barrier, limit: float) -> Visit:
    """Fetch every path over one connection, from the moment all visitors are ready."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=limit)
    size = failed = 0
    start_line.wait()
    began = time.monotonic()
    for path in paths:
        try:
            connection.request("GET", "/" + quote(path))
            answer = connection.getresponse()
            body = answer.read()
        except (OSError, http.client.HTTPException):
            connection.close()
            failed += 1
            continue
        size += len(body)
        failed += answer.status != 200
    connection.close()
    return Visit(time.monotonic() - began, size, failed)


def visitors(
    port: int, paths: list[str], count: int, limit: float, after: threading.Event
) -> list[Visit]:
    """Every visitor's fetch, all started together (each in a thread of its own) once
    ``after`` is set."""
    start_line = threading.Barrier(count + 1)
    visits: list[Visit] = []
    threads = [
        threading.Thread(target=lambda: visits.append(visit(port, paths, start_line, limit)))
        for _ in range(count)
    ]
    for thread in threads:
        thread.start()
    after.wait(limit)
    start_line.wait()
    for thread in threads:
        thread.join()
    return visits


async def play(browser: Browser, seat: int, url: str, wheels: list[str], limit: float) -> str:
    """One browser opens ``url``, starts Python and plays a round; what it took."""
    page = await browser.new_page()
    page.set_default_timeout(limit * 1000)
    began = time.monotonic()
    await page.goto(url, wait_until="load")
    loaded = time.monotonic() - began
    done = await page.evaluate(BROWSER_SCRIPT, [wheels, PLAY.replace("SEED", str(seat))])
    return (
        f"browser {seat + 1}: page loaded {loaded:.1f} s, Python booted in {done['boot']:.1f} s, "
        f"wheels and a round {done['round']:.1f} s (final table: {done['svg']} characters of "
        f"SVG), all done {time.monotonic() - began:.1f} s after the start"
    )


async def browsers(
    url: str, wheels: list[str], count: int, limit: float, started: threading.Event
) -> list[str]:
    """``count`` Chromium browsers, each playing at the same time (see :func:`play`);
    ``started`` is set when they have been launched and begin."""
    async with async_playwright() as playwright:
        opened = [
            await playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            for _ in range(count)
        ]
        started.set()
        try:
            return list(
                await asyncio.gather(
                    *(
                        play(browser, seat, url, wheels, limit)
                        for seat, browser in enumerate(opened)
                    )
                )
            )
        finally:
            for browser in opened:
                await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a folder built by blockdomino site")
    parser.add_argument("--visitors", type=int, default=100)
    parser.add_argument("--browsers", type=int, default=3)
    parser.add_argument("--limit", type=float, default=300, help="seconds a client may take")
    parser.add_argument(
        "--stdlib",
        action="store_true",
        help="serve with python -m http.server instead, for comparison",
    )
    args = parser.parse_args()
    paths, which = app_files(args.site)
    wheels = ["/" + path for path in paths if path.endswith(".whl")]
    port = free_port()
    if args.stdlib:
        command = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(args.site)]
        server = start([*command, str(port)], port)
    else:
        command = [sys.executable, "-m", "blockdomino.cli", "serve", str(args.site)]
        server = start([*command, "--host", "127.0.0.1", "--port", str(port)], port)
    entry = "app/?lang=en" if paths[0].startswith("app/") else ""
    played: list[str] = []
    launched = threading.Event()
    url = f"http://127.0.0.1:{port}/{entry}"
    try:
        in_browsers = threading.Thread(
            target=lambda: played.extend(
                asyncio.run(browsers(url, wheels, args.browsers, args.limit, launched))
            )
        )
        in_browsers.start()
        visits = visitors(port, paths, args.visitors, args.limit, launched)
        in_browsers.join()
    finally:
        stop(server)
    size = sum((args.site / path).stat().st_size for path in paths)
    times = sorted(visit.seconds for visit in visits)
    print(f"set: {which}; {len(paths)} files, {size / 1e6:.1f} MB")
    print(
        f"{len(visits)} visitors at once: slowest {times[-1]:.1f} s to the last byte, "
        f"median {statistics.median(times):.1f} s, fastest {times[0]:.1f} s; "
        f"{sum(visit.size for visit in visits) / 1e9:.2f} GB served, "
        f"{sum(visit.failed for visit in visits)} requests failed"
    )
    print("\n".join(played))


if __name__ == "__main__":
    main()

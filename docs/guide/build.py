"""Write the teachers' guide's Markdown (``docs/guide/<lang>.md``) from its one source, and
take its screenshots again.

    .venv/bin/python docs/guide/build.py                 # the Markdown of fi, sv and en
    .venv/bin/python docs/guide/build.py --check         # only say whether it is up to date
    .venv/bin/python docs/guide/build.py --screenshots   # the screenshots too (Chromium)

The guide's words are in ``i18n/<lang>/guide.po`` and its structure in
``blockdomino.publish.guide``; run this after changing either (the tests fail while the
Markdown is stale). The screenshots are taken in Debian's Chromium (``/usr/bin/chromium``,
driven by Playwright) from a class server on 127.0.0.1 with a made-up class: the
teacher's page, the projector after a quiz question's answers are shown, and the table
of what each pupil has mastered on the projector. They are written as small PNGs into
the package (``blockdomino/publish/guide_pictures``), one set per language.
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

from blockdomino.protocol.messages import Activity
from blockdomino.publish.guide import PICTURES
from blockdomino.publish.guide_page import markdown
from blockdomino.words.i18n import LANGS

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHROMIUM = Path("/usr/bin/chromium")
PUPILS = ("Aino", "Eino", "Saga", "Leo", "Ilona")
WIDTH = 900
"""The screenshots' width in pixels: sharp enough on A4, small as a file."""


def pictures_from_docs() -> str:
    """The screenshots' folder as a link from ``docs/guide/``."""
    return Path("..", "..", PICTURES.relative_to(ROOT)).as_posix()


def stale() -> list[Path]:
    """The Markdown files that differ from what the guide's source gives."""
    return [
        HERE / f"{lang}.md"
        for lang in LANGS
        if not (HERE / f"{lang}.md").is_file()
        or (HERE / f"{lang}.md").read_text(encoding="utf-8") != markdown(lang, pictures_from_docs())
    ]


def _save(png: bytes, name: str) -> None:
    """A screenshot made small: WIDTH wide, 64 colours, optimised."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    image = image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.LANCZOS)
    image.quantize(colors=64, dither=Image.Dither.NONE).save(PICTURES / name, optimize=True)


def _practised(port: int, code: str, name: str, place: int) -> None:
    """Practice results of pupil ``name`` in three topics, some wrong."""
    from blockdomino.practice import generate

    sent = []
    for topic, level in (("matching", 2), ("doubles", 1), ("scoring", 1 + place % 2)):
        for seed in range(4 + place):
            item = generate(topic, level, seed)
            right = (seed + place) % 3 != 0
            choice = item.answer_index if right else (item.answer_index + 1) % len(item.choices)
            sent.append({"id": f"{name}{topic}{seed}", "topic": topic, "level": level,
                         "seed": seed, "choice": choice})  # fmt: skip
    body = json.dumps({"code": code, "nickname": name, "results": sent})
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", "/class/practice", body, {"Content-Type": "application/json"})
    assert connection.getresponse().status == 200
    connection.close()


def _served(folder: Path, lang: str):  # type: ignore[no-untyped-def]
    """A class server of a made-up site in ``folder``, running in a thread."""
    from blockdomino.publish.staging import write_stamp
    from blockdomino.server.run import open_server

    for name in ("index.html", "jupyter-lite.json"):
        (folder / name).write_text("{}")
    write_stamp(folder)
    server = open_server(folder, host="127.0.0.1", port=0, lang=lang, data=folder / "t.sqlite3")
    threading.Thread(target=server.serve, daemon=True).start()
    deadline = time.monotonic() + 10
    while not (server.server and server.server.started) and time.monotonic() < deadline:
        time.sleep(0.01)
    return server


def _asked(server):  # type: ignore[no-untyped-def]
    """The practice item of the quiz's first question, once the server asks it."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        quiz = server.hub.activities[Activity.QUIZ].quiz.quiz  # the registry's quiz
        if quiz is not None and quiz.kept.phase == "asking":
            return quiz.item
        time.sleep(0.05)
    raise RuntimeError("the quiz did not start")


def screenshots(lang: str) -> None:
    """The guide's three screenshots in ``lang``."""
    from playwright.sync_api import expect, sync_playwright

    from blockdomino.publish.serve import PROJECTOR
    from blockdomino.server import pages

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = _served(Path(folder), lang)
        code, origin = server.hub.keys.code, server.site.origin
        for place, name in enumerate(PUPILS):
            _practised(server.port, code, name, place)
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        teacher = browser.new_page(viewport={"width": 960, "height": 720})
        teacher.goto(server.teacher_address or "")
        teacher.locator("table.mastery tbody tr").first.wait_for()
        _save(teacher.screenshot(), f"teacher-{lang}.png")
        pairing = teacher.locator(f'a[href^="{PROJECTOR}?pair="]').get_attribute("href")
        projector = browser.new_page(viewport={"width": 1100, "height": 1000})
        projector.goto(origin + (pairing or PROJECTOR))
        address = pages.class_address(origin, lang, code)
        pupils = [browser.new_page(viewport={"width": 390, "height": 844}) for _ in PUPILS]
        for page in pupils:
            page.goto(address)
        teacher.locator("#lesson form button[type=submit]").click()
        item = _asked(server)
        for place, (page, name) in enumerate(zip(pupils, PUPILS, strict=True)):
            page.locator("#lesson-nickname").fill(name)
            page.locator("#lesson-nickname").press("Enter")
            choice = (item.answer_index + max(0, place - 2)) % len(item.choices)
            page.locator(".lesson-choices button").nth(choice).click()
        expect(projector.locator(".lesson-status")).to_contain_text(str(len(PUPILS)))
        teacher.locator("#lesson .actions button").first.click()
        projector.locator(".lesson-results .lesson-count").first.wait_for()
        _save(projector.locator(".lesson-results").screenshot(), f"quiz-{lang}.png")
        teacher.locator("#lesson .stop-zone button").click()
        teacher.locator("#mastery-project").click()
        projector.locator("#mastery table.mastery").wait_for()
        _save(projector.locator("#mastery").screenshot(), f"mastery-{lang}.png")
        browser.close()
        server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is up to date")
    parser.add_argument("--screenshots", action="store_true", help="take the screenshots too")
    args = parser.parse_args()
    if args.check:
        late = stale()
        for path in late:
            print(f"{path.relative_to(ROOT)} is stale: run docs/guide/build.py", file=sys.stderr)
        return 1 if late else 0
    for lang in LANGS:
        if args.screenshots:
            screenshots(lang)
        (HERE / f"{lang}.md").write_text(markdown(lang, pictures_from_docs()), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

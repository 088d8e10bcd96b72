"""The page of ``blockdomino replay``, opened from disk in Chromium and stepped through.

The buttons and the arrow keys move one step at a time, Home and End to the ends; one
step shows at a time, its diagrams visible; the page asks for nothing but itself.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page

from blockdomino import Match, Rules
from blockdomino.analysis.players import play_match
from blockdomino.cli import main
from blockdomino.engine.round import Round
from blockdomino.records import load, save
from blockdomino.words.i18n import translate

from .pages import screenshot

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "example-record.json"


@pytest.fixture(scope="module")
def replay_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example record's page, written by the command the README names."""
    out = tmp_path_factory.mktemp("replay") / "replay.html"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "blockdomino.cli",
            "replay",
            str(EXAMPLE),
            "--out",
            str(out),
            "--lang",
            "fi",
            "--reveal",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return out


def _shown(page: Page) -> str:
    """The heading of the one step shown."""
    visible = page.locator(".bd-frame:visible")
    assert visible.count() == 1
    assert visible.locator("svg").first.bounding_box(), "the step's diagram is not visible"
    return visible.locator("h4").inner_text()


def _step(number: int, count: int) -> str:
    return translate("replay.step", "fi", number=number, count=count)


@pytest.mark.browser
def test_the_page_steps_with_buttons_and_arrow_keys(
    replay_page: Path, page: Page, request: pytest.FixtureRequest
) -> None:
    position = load(EXAMPLE)
    assert isinstance(position, Round)
    count = len(position.history)
    asked: list[str] = []
    page.on("request", lambda sent: asked.append(sent.url))
    page.goto(replay_page.as_uri())
    assert _shown(page) == _step(0, count)
    assert page.locator("#bd-back").is_disabled()
    page.get_by_role("button", name=translate("replay.button.forward", "fi")).click()
    assert _shown(page) == _step(1, count)
    page.get_by_role("button", name=translate("replay.button.forward", "fi")).click()
    assert _shown(page) == _step(2, count)
    page.get_by_role("button", name=translate("replay.button.back", "fi")).click()
    assert _shown(page) == _step(1, count)
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert _shown(page) == _step(3, count)
    page.keyboard.press("ArrowLeft")
    assert _shown(page) == _step(2, count)
    page.keyboard.press("End")
    assert _shown(page) == _step(count, count)
    assert translate("widgets.round.over", "fi") in page.locator(".bd-frame:visible").inner_text()
    assert page.locator("#bd-forward").is_disabled()
    screenshot(page, request.node.name, "last")
    page.get_by_role("button", name=translate("replay.button.first", "fi")).click()
    assert _shown(page) == _step(0, count)
    assert asked == [replay_page.as_uri()], asked


@pytest.fixture(scope="module")
def long_replay_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A match long enough that most steps' diagrams are packed, drawn when shown."""
    folder = tmp_path_factory.mktemp("long-replay")
    match = play_match(Match.start(Rules.preset("match", 2, target=25), 7), seed=7)
    save(match, folder / "match.json")
    out = folder / "match.html"
    assert main(["replay", str(folder / "match.json"), "--out", str(out), "--reveal"]) == 0
    return out


@pytest.mark.browser
def test_a_packed_step_draws_its_tiles_from_the_shared_faces(
    long_replay_page: Path, page: Page, request: pytest.FixtureRequest
) -> None:
    page.goto(long_replay_page.as_uri())
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("End")
    shown = page.locator(".bd-frame:visible")
    faces = shown.locator("svg use.face")
    faces.first.wait_for()
    assert faces.count() > 10
    box = faces.first.bounding_box()
    assert box is not None
    assert box["width"] > 20
    assert box["height"] > 20
    # the page's stylesheet paints the face, which its symbol's outline inherits
    fill = faces.first.evaluate("use => getComputedStyle(use).fill")
    assert fill.replace(" ", "") == "rgb(251,248,238)"
    assert shown.locator("svg title").first.text_content()
    screenshot(page, request.node.name, "last")


@pytest.mark.browser
def test_each_step_taken_is_said_through_the_pages_one_live_region(
    replay_page: Path, page: Page
) -> None:
    """A screen reader hears the step it moved to: its heading and sentences go to the
    page's one ``aria-live`` region (none is said on opening, and no frame holds a live
    region of its own, which would be read unreliably once un-hidden)."""
    page.goto(replay_page.as_uri())
    region = page.locator("[aria-live]")
    assert region.count() == 1
    assert region.get_attribute("id") == "bd-now"
    assert region.inner_text() == ""
    page.keyboard.press("ArrowRight")
    said = region.inner_text()
    frame = page.locator(".bd-frame:visible")
    assert said.startswith(frame.locator("h4").inner_text())
    for line in frame.locator(".bd-said p").all_inner_texts():
        assert line in said

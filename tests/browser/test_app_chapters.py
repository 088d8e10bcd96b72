"""The code-free app in Chromium, chapter by chapter: every chapter of every language
opened from the chapter list and its live pieces played once, with axe on each; the
lab measuring in the worker; a round by keyboard alone, the arrow keys in a hand, a
replay's step typed; an address in a language the app does not speak.

The app is the site's where the session builds the site, else built on its own
(``conftest.built_app``), and served by a plain static server, as
``blockdomino serve`` or any web space serves it (``conftest.app_server``); no request
leaves that server (``conftest.open_app``). All chapters of all languages are played at
the desktop size in one tab each (the worker stays up between chapters, as for a
learner).
"""

from __future__ import annotations

import pytest

from blockdomino.publish.tutorial import CHAPTERS
from blockdomino.words.i18n import LANGS

from .apps import Opener, announced, fits_the_width, go_to, play_once, press, ready, settled
from .axe import audit, check_ours

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_opens_plays_and_passes_axe(
    open_app: Opener, lang: str, request: pytest.FixtureRequest
) -> None:
    """Every chapter in turn, from the chapter list: its text, every live piece played
    once, the page as wide as the window, and axe finding nothing serious."""
    page = open_app(f"?lang={lang}&chapter=0")
    assert page.evaluate("document.documentElement.lang") == lang
    ready(page)
    for chapter in range(len(CHAPTERS)):
        go_to(page, chapter)
        ready(page)
        for section in page.locator("[data-live]").all():
            play_once(page, section, touch=False)
            assert announced(page)
        fits_the_width(page)
        check_ours(audit(page, f"{request.node.name}-{chapter}", "*"))


def test_the_lab_measures_in_the_worker_and_a_reload_shows_the_same_figures(
    open_app: Opener,
) -> None:
    """Chapter 07's lab: a number of rounds chosen, measured with the seed shown, then
    with a new seed, then shown as the heaviest-first chart: each time the chart (an
    image with a title and a description) and the report's table, the announcement
    saying what was measured; while the worker measures, the page answers at once. A
    reload replays the same actions to the same figures."""
    page = open_app("?lang=sv&chapter=7")
    ready(page)
    lab = page.locator("[data-widget='LiveLab']")
    assert lab.locator(".area.board svg").count() == 0
    press(page, lab.locator("[data-action='rounds:100']"), touch=False)
    settled(lab)
    assert "chosen" in (lab.locator("[data-action='rounds:100']").get_attribute("class") or "")
    press(page, lab.locator("[data-action='run']"), touch=False)
    lab.locator(".area.board svg[role='img'] > title").wait_for(state="attached")
    settled(lab)
    assert lab.locator(".area.board svg > desc").text_content()
    assert lab.locator(".area.message table tbody tr").count() == 3
    assert lab.locator(".area.answer details table").count() == 3
    assert "100" in announced(page)
    first = lab.locator(".area.board").inner_html()
    press(page, lab.locator("[data-action='again']"), touch=False)
    settled(lab)
    assert lab.locator("[data-field='seed']").input_value() != "3"
    assert lab.locator(".area.board").inner_html() != first
    press(page, lab.locator("[data-action='figure:heaviest']"), touch=False)
    settled(lab)
    shown = lab.locator(".area.board").inner_html()
    assert shown != first
    press(page, lab.locator("[data-action='rounds:1000']"), touch=False)
    settled(lab)
    press(page, lab.locator("[data-action='run']"), touch=False)
    busy, waited = page.evaluate(
        """(s) => new Promise((done) => {
            const busy = s.getAttribute("aria-busy"), asked = performance.now();
            requestAnimationFrame(() => done([busy, performance.now() - asked]));
        })""",
        lab.element_handle(),
    )
    assert busy == "true"
    assert waited < 500, f"the page waited {waited:.0f} ms for a frame while measuring"
    settled(lab)
    measured = lab.locator(".area.board").inner_html()
    page.reload()
    ready(page)
    again = page.locator("[data-widget='LiveLab']")
    assert again.locator(".area.board").inner_html() == measured


@pytest.mark.parametrize("asked", ["de", "../x"])
def test_a_language_the_app_does_not_speak_opens_the_registrys_first(
    open_app: Opener, asked: str
) -> None:
    """The app speaks the library's languages, as contents.json lists them: an address
    in another opens the chapter in the first of them, and says so."""
    page = open_app(f"?lang={asked}&chapter=1")
    assert page.locator("html").get_attribute("data-chapter") == f"{LANGS[0]}-1"
    assert page.locator("html").get_attribute("lang") == LANGS[0]
    assert page.evaluate("location.search") == f"?lang={LANGS[0]}&chapter=1"


def test_a_round_by_keyboard_alone(open_app: Opener) -> None:
    """Tab to a fitting tile, Enter; Tab to a fitting end, Enter; pass when nothing
    fits: the round is played to its end, every step with the focus visible."""
    page = open_app("?lang=fi&chapter=5")
    ready(page)
    table = page.locator("[data-live]").first
    for _ in range(40):
        if table.locator("[data-action^='tile:']:enabled").count() == 0:
            break
        target = "button.fits:enabled, [data-action='pass']:enabled, [data-action='draw']:enabled"
        for _ in range(200):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement.matches(`{target}`)"):
                break
        else:
            pytest.fail("no fitting tile, end or pass reached by Tab")
        assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
        page.keyboard.press("Enter")
        settled(table)
    assert table.locator("[data-action^='tile:']:enabled").count() == 0
    assert table.locator("[data-action='new_round']").is_enabled()


def test_arrow_keys_move_between_the_tiles_of_a_hand(open_app: Opener) -> None:
    """In a hand, the arrow keys go from tile to tile (round at the ends), Home and End
    to the first and the last, as in a toolbar."""
    page = open_app("?lang=en&chapter=5")
    ready(page)
    tiles = page.locator("[data-live]").first.locator("[data-area='tiles'] button:enabled")
    names = [tiles.nth(i).get_attribute("data-action") for i in range(tiles.count())]
    assert len(names) > 2, names
    tiles.first.focus()

    def focused() -> str | None:
        return page.evaluate("document.activeElement.dataset.action")  # type: ignore[no-any-return]

    page.keyboard.press("ArrowRight")
    assert focused() == names[1]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert focused() == names[-1]
    page.keyboard.press("Home")
    assert focused() == names[0]
    page.keyboard.press("End")
    assert focused() == names[-1]


def test_a_replay_goes_to_the_step_typed(open_app: Opener) -> None:
    """Chapter 8's replay offers the step field its text promises: a number typed there
    shows that step."""
    page = open_app("?lang=en&chapter=8")
    ready(page)
    replay = page.locator("[data-live][data-widget='Replay']").first
    field = replay.locator("input[data-field='step']")
    field.fill("3")
    field.dispatch_event("change")
    settled(replay)
    replay.locator("text=Step 3 of").wait_for()
    assert field.input_value() == "3"

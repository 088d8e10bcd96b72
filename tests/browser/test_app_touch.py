"""The code-free app in Chromium on a tablet and a phone, by touch: the chapters with
live pieces played with no horizontal scrolling, every tap target 44 px or more and
every board as wide as the column; the lab's chart, short table and folded report on a
phone; the header one low row, upright or on its side.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as Timeout

from blockdomino.engine.tiles import Tile
from blockdomino.words.i18n import catalog, translate
from blockdomino.words.text import tile_in_words

from .apps import (
    SIZES,
    TAP,
    Opener,
    announced,
    fits_the_width,
    go_to,
    play_once,
    press,
    ready,
    settled,
    tap_targets,
)
from .axe import audit, check_ours

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("size", "lang", "chapter"),
    [
        ("tablet", "fi", 5),
        ("tablet", "sv", 8),
        ("tablet", "en", 4),
        ("tablet", "sv", 3),
        ("phone", "en", 2),
        ("phone", "en", 7),
        ("phone", "fi", 6),
        ("phone", "sv", 3),
        ("phone", "fi", 9),
    ],
)
def test_tablet_and_phone_by_touch(open_app: Opener, size: str, lang: str, chapter: int) -> None:
    """Played by touch on a tablet in portrait and on a phone: no horizontal scrolling,
    every tap target at least 44 px, on a board played by tapping every tile of the hand
    and every end's marker too, every board as wide as the column."""
    page = open_app(f"?lang={lang}&chapter={chapter}", size=size, touch=True)
    ready(page)
    for section in page.locator("[data-live]").all():
        for _ in range(4 if section.get_attribute("data-widget") in BOARDS else 3):
            play_once(page, section, touch=True)
    fits_the_width(page)
    tap_targets(page)
    if page.locator(", ".join(f"[data-widget='{name}']" for name in FITTED)).count():
        board_targets(page)
        unshrunk(page)
    column = page.locator("#chapter").bounding_box()
    assert column
    for board in page.locator("[data-live] .board svg").all():
        drawn = board.bounding_box()
        assert drawn
        assert drawn["width"] >= column["width"] * 0.8


BOARDS = (
    "RoundPlayer",
    "MatchPlayer",
    "HotSeat",
    "HotSeatRound",
    "HotSeatMatch",
    "MoveExercise",
    "PassExercise",
)
"""The pieces whose board a learner plays on by tapping a tile and an end (a table, an
exercise), drawn to fit a phone's or a tablet's column."""
FITTED = (*BOARDS, "CoachExercise", "Practice")
"""Every piece whose board is drawn to fit the column: the boards played on, the coach's
(before and after its answer) and a practice item's chain, whose ends may answer it."""
BOARD_TARGETS = ", ".join(
    f"[data-widget='{name}'] .board {part}"
    for name in FITTED
    for part in (".hand [data-tile]", "[data-end]")
)
SMALL = """([tap, targets]) => [...document.querySelectorAll(targets)]
    .map((e) => [`${e.closest("[data-widget]").dataset.widget} ${e.dataset.tile || e.dataset.side}`,
        e.getBoundingClientRect()])
    .filter(([, r]) => r.width < tap || r.height < tap)
    .map(([name, r]) => `${name}: ${r.width.toFixed(1)}×${r.height.toFixed(1)}`)"""


def board_targets(page: Page) -> None:
    """Every tile of a hand and every end's marker on a board played by tapping (the
    pictures a finger taps) is at least 44×44 CSS pixels, with its invisible pad, and
    there is one."""
    assert page.locator(BOARD_TARGETS).count()
    try:
        page.wait_for_function(
            f"(a) => ({SMALL})(a).length === 0", arg=[TAP, BOARD_TARGETS], polling=50
        )
    except Timeout as error:
        raise AssertionError(page.evaluate(SMALL, [TAP, BOARD_TARGETS])) from error


def unshrunk(page: Page) -> None:
    """Every board played by tapping is drawn no wider than it is shown, so that its tiles
    are never shrunk below their own size to fit the column."""
    drawings = ", ".join(f"[data-widget='{name}'] .board svg" for name in FITTED)
    for board in page.locator(drawings).all():
        own, shown = board.evaluate("(s) => [s.viewBox.baseVal.width, s.clientWidth]")
        assert own <= shown + 1, f"drawn {own:.0f} wide, shown {shown:.0f} px"


def test_on_a_phone_an_exercises_end_is_tapped_to_place_a_tile_and_to_answer(
    open_app: Opener,
) -> None:
    """Chapter 1's exercise on a phone: a tile chosen by its button, then the marker of
    the end it fits tapped on the board, places it there, said with the tile in words;
    chapter 9's practice, asked which end a tile goes to, is answered by tapping an
    end's marker: the answer naming that end's number is chosen. Every marker is a
    finger's target in every state."""
    page = open_app("?lang=fi&chapter=1", size="phone", touch=True)
    ready(page)
    exercise = page.locator("[data-widget='MoveExercise']")
    shown_in_pictures_and_words(exercise, "fi")
    press(page, exercise.locator("[data-action='tile:[4|6]']"), touch=True)
    settled(exercise)
    shown_in_pictures_and_words(exercise, "fi")
    board_targets(page)
    fitting = exercise.locator(".board .marker-fits")
    assert fitting.count() == 1
    press(page, fitting, touch=True)
    settled(exercise)
    placed = translate("widgets.move.placed", "fi", tile=tile_in_words(Tile.parse("[4|6]"), "fi"))
    page.wait_for_function(
        "(said) => document.querySelector('#announce').textContent.startsWith(said)", arg=placed
    )
    assert exercise.locator(".board [data-tile='[4|6]']").count() == 1
    assert "[4|6]" not in announced(page)
    board_targets(page)
    go_to(page, 9)
    ready(page)
    practice = page.locator("[data-widget='Practice']").first
    for action in ("topic:matching", "level:2"):
        press(page, practice.locator(f"[data-action='{action}']"), touch=True)
        settled(practice)
        if action == "topic:matching":  # level 1: which tile fits
            answers_in_pictures(practice)
    assert practice.locator(".board.tappable").count() == 1
    assert practice.locator(".board-help").text_content() == catalog("fi")["app.board.answer"]
    board_targets(page)
    marker = practice.locator(".board [data-end]").first
    pips = marker.get_attribute("data-pips")
    press(page, marker, touch=True)
    settled(practice)
    assert practice.locator("[data-action^='choice:']:enabled").count() == 0
    chosen = practice.locator("[data-action^='choice:']:is(.chosen, .fits)")
    labels = [
        label for label in chosen.all_text_contents() if "✗" in label
    ] or chosen.all_text_contents()
    assert f" {pips}" in labels[0], (pips, labels)
    board_targets(page)


def answers_in_pictures(practice: Locator) -> None:
    """A practice item's answers that name a tile show its picture after their letter
    ("B:", then the picture), never "B: [1|4]", and are named in words."""
    answers = practice.locator(".area button[data-action^='choice:']")
    assert answers.count()
    for answer in answers.all():
        assert answer.locator("svg.tile-picture").count() == 1
        assert re.fullmatch(r"[A-D]:", answer.inner_text().strip()), answer.inner_text()
        named = answer.get_attribute("aria-label") or ""
        assert named.startswith(answer.inner_text().strip()), named
        assert "[" not in named, named
        assert len(named) > 4, named


SPOKEN_ENDS = ("term.side.spoken.end", "term.side.spoken.line_a", "term.side.spoken.line_b")


def shown_in_pictures_and_words(piece: Locator, lang: str) -> None:
    """What the move buttons of ``piece`` show: each tile a small picture of its pips and
    its marks, never "[4|6] ✓"; each end its number in words ("pää, jossa on 6"), never
    "pienempi pää (1)"."""
    tiles = piece.locator(".area button[data-action^='tile:']")
    assert tiles.count()
    for tile in tiles.all():
        assert tile.locator("svg.tile-picture").count() == 1
        assert not re.search(r"[\[|\]0-9]", tile.inner_text()), tile.inner_text()
    said = {translate(key, lang, number=n) for key in SPOKEN_ENDS for n in range(7)}
    for end in piece.locator(".area button[data-action^='end:']").all():
        assert end.inner_text().strip().removesuffix(" ✓") in said, end.inner_text()


def crowded(chart: Locator) -> list[str]:
    """The words of a chart drawn over each other (in pairs), or beyond its edges."""
    found: list[str] = chart.evaluate(
        """(svg) => {
            const edge = svg.getBoundingClientRect();
            const boxes = [...svg.querySelectorAll("text")]
                .map((t) => [t.textContent, t.getBoundingClientRect()]);
            const over = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
                && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
            const out = (a) => a.left < edge.left - 0.5 || a.right > edge.right + 0.5
                || a.top < edge.top - 0.5 || a.bottom > edge.bottom + 0.5;
            return boxes.flatMap(([name, box], i) => boxes.slice(i + 1)
                .filter(([, other]) => over(box, other)).map(([other]) => `${name} / ${other}`))
                .concat(boxes.filter(([, box]) => out(box)).map(([name]) => `${name} cut off`));
        }"""
    )
    return found


@pytest.mark.parametrize(("size", "lang"), [("phone", "fi"), ("phone-landscape", "sv")])
def test_the_lab_on_a_phone_shows_a_short_table_and_folds_the_long_report(
    open_app: Opener, size: str, lang: str
) -> None:
    """Measured on a phone: the chart, its labels apart, and its shares as a short table;
    the long report folded behind "Show details", closed until tapped and open after
    the next action; no table cut off and nothing scrolling sideways, folded or not."""
    page = open_app(f"?lang={lang}&chapter=7", size=size, touch=True)
    ready(page)
    lab = page.locator("[data-widget='LiveLab']")
    press(page, lab.locator("[data-action='run']"), touch=True)
    lab.locator(".area.board svg").wait_for()
    settled(lab)
    details = lab.locator(".area.answer details")
    assert details.evaluate("d => d.open") is False
    assert details.locator("summary").text_content() == catalog(lang)["lab.live.details"]
    assert lab.locator(".area.message table tbody tr").count() == 3
    assert crowded(lab.locator(".area.board svg")) == []
    fits_the_width(page)
    press(page, details.locator("summary"), touch=True)
    assert details.evaluate("d => d.open") is True
    fits_the_width(page)
    press(page, lab.locator("[data-action='figure:heaviest']"), touch=True)
    settled(lab)
    assert lab.locator(".area.answer details").evaluate("d => d.open") is True
    assert crowded(lab.locator(".area.board svg")) == []
    fits_the_width(page)
    column = lab.bounding_box()
    assert column
    for table in lab.locator("table").all():
        box = table.bounding_box()
        assert box
        assert box["x"] + box["width"] <= column["x"] + column["width"], "a table cut off"
    tap_targets(page)


@pytest.mark.parametrize(("size", "lang"), [("phone", "en"), ("phone-landscape", "fi")])
def test_on_a_phone_the_header_is_one_low_row_and_every_target_fits_a_finger(
    open_app: Opener, size: str, lang: str
) -> None:
    """Upright or on its side, while the game loads and once it is ready, the header takes
    at most 15 % of the screen's height, its buttons keep their words for a screen reader;
    every tap target of the chapter with the most of them is 44 px or more."""
    page = open_app(f"?lang={lang}&chapter=8", size=size, touch=True)
    height = SIZES[size][1]
    for _ in range(2):
        header = page.locator("header").bounding_box()
        assert header
        assert header["height"] <= 0.15 * height, f"{header['height']:.0f} of {height} px"
        ready(page)
    words = catalog(lang)
    assert page.get_by_role("button", name=words["app.start_over"]).is_visible()
    assert page.get_by_role("button", name=words["app.projector"]).is_visible()
    hot = page.locator("[data-widget='HotSeat']").first
    hot.locator(".chooser input.computer").first.wait_for()
    press(page, hot.locator("[data-action='show_hand']"), touch=True)
    settled(hot)
    fits_the_width(page)
    tap_targets(page)


def small_targets(page: Page, targets: str) -> None:
    """Every one of ``targets`` is at least 44×44 CSS pixels with its pad, and there is one."""
    assert page.locator(targets).count()
    try:
        page.wait_for_function(f"(a) => ({SMALL})(a).length === 0", arg=[TAP, targets], polling=50)
    except Timeout as error:
        raise AssertionError(page.evaluate(SMALL, [TAP, targets])) from error


def test_on_a_narrow_phone_the_coach_is_answered_by_tapping_a_tile_on_its_board(
    open_app: Opener, request: pytest.FixtureRequest
) -> None:
    """Chapter 6's coach on a 360 px phone: its board says how to tap, every tile and end
    is a finger's target; a tile that fits nowhere is refused in words and answers
    nothing; a tile that fits one place is that move, the verdict said with the tile in
    words; the move buttons still answer by keyboard, the focus staying on the one
    pressed; axe finds nothing serious."""
    page = open_app("?lang=fi&chapter=6", size="phone-narrow", touch=True)
    ready(page)
    coach = page.locator("[data-widget='CoachExercise']")
    board = coach.locator(".board")
    assert board.locator(".board-help").text_content() == catalog("fi")["app.board"]
    small_targets(page, "[data-widget='CoachExercise'] .board :is(.hand [data-tile], [data-end])")
    press(page, board.locator(".hand [data-tile='[5|5]']"), touch=True)
    settled(coach)
    refused = announced(page)
    assert "[" not in refused
    assert coach.locator(".area.answer").inner_text() == ""
    press(page, board.locator(".hand [data-tile='[0|2]']"), touch=True)
    settled(coach)
    page.wait_for_function(
        "(said) => document.querySelector('#announce').textContent !== said", arg=refused
    )
    said = announced(page)
    assert tile_in_words(Tile.parse("[0|2]"), "fi") in said
    assert "[" not in said
    assert coach.locator(".area.answer").inner_text() != ""
    fits_the_width(page)
    move = coach.locator("[data-action='move:1']")
    move.focus()
    page.keyboard.press("Enter")
    settled(coach)
    assert move.evaluate("(b) => b === document.activeElement")
    check_ours(audit(page, request.node.name, "*"))


def test_on_a_narrow_phone_a_which_tile_item_is_answered_by_tapping_the_tile(
    open_app: Opener, request: pytest.FixtureRequest
) -> None:
    """Chapter 9's practice on a 360 px phone, asked which tile fits: the hand under the
    chain says how to answer by tapping, each tile a finger's target; the tile tapped is
    the answer chosen (the choice naming it in words); the next item is answered by
    keyboard alone, an answer's button pressed with Enter; axe finds nothing serious."""
    page = open_app("?lang=sv&chapter=9", size="phone-narrow", touch=True)
    ready(page)
    practice = page.locator("[data-widget='Practice']").first
    for action in ("topic:matching", "level:1"):
        press(page, practice.locator(f"[data-action='{action}']"), touch=True)
        settled(practice)
    hands = practice.locator(".area.hands")
    assert hands.locator(".board-help").text_content() == catalog("sv")["app.board.answer_tile"]
    assert "tappable" in (hands.get_attribute("class") or "")
    small_targets(page, "[data-widget='Practice'] .area.hands .hand [data-tile]")
    choices = practice.locator("[data-action^='choice:']")
    offered = " ".join(answer.get_attribute("aria-label") or "" for answer in choices.all())
    tile, named = next(
        (tile, named)
        for tile in hands.locator(".hand [data-tile]").all()
        for named in (tile_in_words(Tile.parse(tile.get_attribute("data-tile") or ""), "sv"),)
        if named in offered
    )
    press(page, tile, touch=True)
    settled(practice)
    assert practice.locator("[data-action^='choice:']:enabled").count() == 0
    chosen = practice.locator("[data-action^='choice:']:is(.chosen, .fits)")
    said = [answer.get_attribute("aria-label") or "" for answer in chosen.all()]
    labels = [label for label in said if "✗" in label] or said
    assert named in labels[0], (named, labels)
    assert hands.locator(".board-help").count() == 0
    fits_the_width(page)
    check_ours(audit(page, request.node.name, "*"))
    press(page, practice.locator("[data-action='next']"), touch=True)
    settled(practice)
    practice.locator("[data-action='choice:0']").focus()
    page.keyboard.press("Enter")
    settled(practice)
    assert practice.locator("[data-action^='choice:']:enabled").count() == 0

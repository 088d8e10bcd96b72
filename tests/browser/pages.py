"""What the browser tests look for on a page: the tutorial's notebooks, its diagrams,
errors, widgets, and a learner's clicks on the widgets' buttons.

Buttons are found the way a screen reader user finds them: by the tooltip (``title``)
the catalogs give them, in the page's language. Messages are matched against the
catalog texts too, so a test says "the engine's refusal is shown", not "some text".
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Locator, Page

from blockdomino.publish.classroom import is_widget_output
from blockdomino.publish.tutorial import is_left_out
from blockdomino.words.i18n import LANGS, translate

from .conftest import ARTIFACTS, NOTEBOOKS, TIMEOUT_MS, artifact_name

STDERR = "application/vnd.jupyter.stderr"
ALL_RUN = """() => {
    const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
    return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}"""
"""JavaScript: whether every code cell of the page shows an execution count (has run)."""
_IMAGE = re.compile(r"!\[(?:\\.|[^\]\\])*\]\([^)\s]+\)")
"""A Markdown image; its alt text may hold escaped brackets (``![Ketju: \\[1|4\\]](…)``)."""
_FIELD = re.compile(r"\{[^}]*\}")
_EMPHASIS = re.compile(r"[`*]")
_LINK = re.compile(r"[\[!{|\\]")
_KEPT = re.compile(r"\.keep\(\"([^\"]+)\"\)")


# -- the tutorial on disk --------------------------------------------------------------------


@dataclass(frozen=True)
class Notebook:
    """A tutorial notebook as saved: its language, path and what a page of it must show."""

    lang: str
    path: Path

    @property
    def id(self) -> str:
        return f"{self.lang}/{self.path.stem}"

    @property
    def relative(self) -> str:
        return self.path.relative_to(NOTEBOOKS).as_posix()

    def _cells(self) -> list[nbformat.NotebookNode]:
        return list(nbformat.read(self.path, as_version=4).cells)

    @property
    def images(self) -> int:
        """How many diagrams its Markdown embeds."""
        return sum(
            len(_IMAGE.findall(cell.source))
            for cell in self._cells()
            if cell.cell_type == "markdown"
        )

    @property
    def cell_ids(self) -> list[str]:
        """Every cell's id, in order."""
        return [cell.id for cell in self._cells()]

    @property
    def left_out(self) -> list[nbformat.NotebookNode]:
        """The cells tagged ``code-demo`` or ``keep-game``: shown in JupyterLab, left out
        where code is hidden (the classroom and the export)."""
        return [cell for cell in self._cells() if is_left_out(cell)]

    @property
    def kept_files(self) -> list[str]:
        """The files the ``keep-game`` cells keep a table's game in, beside the notebook."""
        return [
            call[1]
            for cell in self.left_out
            if cell.cell_type == "code" and (call := _KEPT.search(cell.source))
        ]

    @property
    def demo_texts(self) -> list[str]:
        """What the left-out cells show: each code cell's saved text output, each
        Markdown cell's first line as rendered (without code and emphasis marks), up to
        its first link, image or escape."""
        texts = []
        for cell in self.left_out:
            if cell.cell_type == "markdown":
                first = _EMPHASIS.sub("", cell.source.strip().splitlines()[0].lstrip("# "))
                texts.append(_LINK.split(first, maxsplit=1)[0].strip())
                continue
            for output in cell.get("outputs", []):
                text = output.get("text") or output.get("data", {}).get("text/plain", "")
                texts.append(str(text).strip())
        assert all(texts), f"a left-out cell of {self.id} shows nothing to look for"
        return texts

    @property
    def widgets(self) -> list[str]:
        """The widgets it shows, by class name, in order (from their saved ``repr``)."""
        return [
            output["data"]["text/plain"].split("(", 1)[0]
            for cell in self._cells()
            if cell.cell_type == "code"
            for output in cell.get("outputs", [])
            if is_widget_output(output)
        ]


def tutorial(lang: str) -> list[Notebook]:
    """The notebooks of ``lang`` found on disk, in chapter order."""
    return [Notebook(lang, path) for path in sorted((NOTEBOOKS / lang).glob("*.ipynb"))]


def every_notebook() -> list[Notebook]:
    return [notebook for lang in LANGS for notebook in tutorial(lang)]


def notebook_params(only: Callable[[Notebook], bool] = lambda _: True) -> list[object]:
    """``pytest.param`` per notebook on disk (id ``fi/01_yhdistaminen``)."""
    return [pytest.param(nb, id=nb.id) for nb in every_notebook() if only(nb)]


# -- catalog texts as patterns ---------------------------------------------------------------


def pattern(key: str, lang: str, **fixed: str) -> re.Pattern[str]:
    """The catalog text of ``key`` as a regular expression: each ``{field}`` matches any
    text, unless ``fixed`` gives a regular expression for it."""
    parts = _FIELD.split(translate(key, lang))
    fields = [name.strip("{}") for name in _FIELD.findall(translate(key, lang))]
    regex = re.escape(parts[0])
    for name, after in zip(fields, parts[1:], strict=True):
        regex += fixed.get(name, ".+?")
        regex += re.escape(after)
    return re.compile(regex)


def titled(scope: Locator | Page, key: str, lang: str, **fixed: str) -> Locator:
    """The buttons whose tooltip is the catalog text of ``key``."""
    if _FIELD.search(translate(key, lang)):
        return scope.get_by_title(pattern(key, lang, **fixed))
    return scope.get_by_title(translate(key, lang), exact=True)


def wait_for(condition: Callable[[], bool], what: str, timeout: float = TIMEOUT_MS / 1000) -> None:
    """Poll ``condition`` until it holds; fail naming ``what`` if it never does."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting until {what}")
        time.sleep(0.1)


def screenshot(target: Locator | Page, test: str, step: str) -> None:
    """Save a screenshot of a page or a widget under ``test-artifacts/browser/``."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(ARTIFACTS / f"{artifact_name(test)}-{step}.png"))


# -- checks on a rendered notebook ------------------------------------------------------------


def check_images(page: Page, expected: int) -> None:
    """Every Markdown diagram is there, loaded and described by alt text."""
    images = page.locator(".jp-RenderedMarkdown img, .jp-MarkdownOutput img")
    wait_for(lambda: images.count() >= expected, f"{expected} diagrams are on the page")
    assert images.count() == expected
    for index in range(expected):
        image = images.nth(index)
        image.scroll_into_view_if_needed()
        wait_for(
            # JupyterLite sets the Markdown's relative address first and its resolved one
            # (a data URL) a moment later: wait for the picture, not the first attempt.
            lambda image=image: bool(image.evaluate("i => i.complete && i.naturalWidth > 0")),
            "a diagram has loaded",
        )
        width = image.evaluate("i => i.naturalWidth")
        alt = image.get_attribute("alt") or ""
        src = image.get_attribute("src")
        assert width > 0, f"diagram {src} did not load"
        assert alt.strip(), f"diagram {src} has no alt text"
        assert image.is_visible(), f"diagram {src} is not visible"


def check_no_errors(page: Page) -> None:
    """No cell wrote an error or a traceback; no widget failed or is still loading."""
    errors = page.locator(
        f'.jp-OutputArea-output[data-mime-type="{STDERR}"], .jp-OutputArea-output.jp-mod-error'
    )
    texts = [errors.nth(i).inner_text() for i in range(errors.count())]
    assert not [t for t in texts if "Traceback" in t or "Error" in t], texts
    body = page.locator("body").inner_text()
    assert "Error displaying widget" not in body
    assert "There was an error when executing cell" not in body


CUT_SHORT = """() => [...document.querySelectorAll('.jupyter-widgets button')]
    .filter(button => button.scrollWidth > button.clientWidth + 1)
    .map(button => button.textContent.trim())"""
"""JavaScript: the labels of the widgets' buttons that do not fit their button."""


def check_labels_whole(page: Page) -> None:
    """No widget button's label is cut short (an ellipsis in place of its last words)."""
    assert page.evaluate(CUT_SHORT) == [], "button labels cut short"


def check_cells_left_out(page: Page, notebook: Notebook) -> None:
    """Where code is hidden, the page holds every cell but the ``code-demo`` and
    ``keep-game`` ones, in order (nbconvert marks each cell ``id="cell-id=…"``), and shows
    none of their output or prose."""
    demos = {cell.id for cell in notebook.left_out}
    shown = page.locator('[id^="cell-id="]').evaluate_all(
        "cells => cells.map(cell => cell.id.slice('cell-id='.length))"
    )
    assert shown == [id for id in notebook.cell_ids if id not in demos]
    text = page.locator("body").inner_text()
    for demo in notebook.demo_texts:
        assert demo not in text, f"a left-out cell is shown: {demo!r}"


def check_left_out_shown(page: Page, notebook: Notebook) -> None:
    """In JupyterLab, each cell that is left out where code is hidden shows its output
    or its text."""
    cells = page.locator(".jp-NotebookPanel .jp-Cell")
    for demo in notebook.demo_texts:
        found = cells.filter(has_text=demo)
        wait_for(lambda found=found: bool(found.count()), f"JupyterLab shows {demo!r}")


def widget_views(page: Page, expected: int) -> list[Locator]:
    """The widget outputs, once ``expected`` of them have rendered (not "Loading widget")."""
    views = page.locator(".jp-OutputArea-output").filter(has=page.locator(".jupyter-widgets"))
    wait_for(lambda: views.count() >= expected, f"{expected} widgets have rendered")
    outputs = " ".join(page.locator(".jp-OutputArea-output").all_inner_texts())
    assert "Loading widget" not in outputs
    assert "Error displaying widget" not in outputs
    return [views.nth(index) for index in range(views.count())]


# -- a learner at a widget ------------------------------------------------------------------------


class Learner:
    """Clicks a widget's buttons as a learner does and checks what the page shows after."""

    def __init__(self, view: Locator, lang: str, test: str) -> None:
        self.view = view
        self.lang = lang
        self.test = test
        self.shots = 0

    # what the widget shows

    @property
    def board(self) -> str:
        """The diagram as drawn now (the first SVG of the widget)."""
        return str(self.view.locator("svg").first.evaluate("svg => svg.outerHTML"))

    @property
    def text(self) -> str:
        """What the widget says, as drawn. JupyterLite skips drawing the cells out of view
        (CSS ``content-visibility``), and the text of a skipped element reads empty: then
        bring the widget into view, so that the next look reads it."""
        text = self.view.inner_text()
        if not text.strip():
            self.view.scroll_into_view_if_needed()
            text = self.view.inner_text()
        return text

    def shows(self, key: str, **fixed: str) -> bool:
        return bool(pattern(key, self.lang, **fixed).search(self.text))

    def expect_text(self, key: str, **fixed: str) -> None:
        wait_for(lambda: self.shows(key, **fixed), f"the widget says {key} ({self.lang})")

    def enabled(self, key: str, **fixed: str) -> Locator:
        """The enabled buttons whose tooltip is the text of ``key``."""
        return titled(self.view, key, self.lang, **fixed).and_(self.view.locator("button:enabled"))

    def award_shown(self) -> None:
        """The round's end shows the award as a figure (the hands left drawn, with a title
        and description) and walks through it in numbered steps."""
        figure = self.view.locator("figure.blockdomino-award")
        assert figure.locator("svg title").count(), "the award figure is not shown"
        assert figure.locator("ol li").count(), "the award is not explained"

    def shot(self, step: str) -> None:
        self.shots += 1
        screenshot(self.view, self.test, f"{self.shots:02d}-{step}")

    # what the learner does

    def press(self, button: Locator) -> None:
        """Press the first of these buttons (with the mouse: a click). The click scrolls
        the button into view itself, and finds it again if the widget has just drawn its
        buttons anew (a separate scroll would fail on a button replaced meanwhile)."""
        button.first.click()

    def click(self, button: Locator, then_changed: Callable[[], bool], what: str) -> None:
        self.press(button)
        wait_for(then_changed, what)

    def refused(self, button: Locator, error: str) -> None:
        """Press a button the rules refuse: the engine's reason shows, the board stays."""
        before = self.board
        self.press(button)
        self.expect_text(error)
        assert self.board == before, "a refused action changed the board"
        self.shot("refused")

    def playable(self) -> Locator:
        """The enabled tile buttons that fit the chain or may open it."""
        return self.enabled("widgets.tile.fits").or_(self.enabled("widgets.tile.opens"))

    def choose_tile(self) -> bool:
        """Choose a tile that fits; ``False`` when it was placed at once (the opening)."""
        wait_for(lambda: bool(self.playable().count()), "a tile that fits can be chosen")
        before = self.board
        tile = self.enabled("widgets.tile.fits")
        if tile.count():
            self.click(
                tile, lambda: bool(self.enabled("widgets.end.fits").count()), "ends light up"
            )
            return True
        opening = self.enabled("widgets.tile.opens")
        self.click(opening, lambda: self.board != before, "the opening tile is placed")
        return False

    def place(self, *, try_wrong_end: bool) -> None:
        """Play a legal move by clicks: a tile that fits, then an end it fits.

        With ``try_wrong_end``, first press an end the chosen tile does not fit, if any.
        """
        before = self.board
        if self.choose_tile():
            wrong = self.enabled("widgets.end.no_fit")
            if try_wrong_end and wrong.count():
                self.refused(wrong, "error.play.end_mismatch")
            lit = self.enabled("widgets.end.fits")
            # The board is drawn before the texts, the hand and the ends: wait until the
            # ends are no longer lit, so that nothing shown is left from before the move.
            self.click(lit, lambda: self.board != before and not lit.count(), "placed")
        self.shot("placed")

    def try_misfit(self) -> bool:
        """Press a tile that fits no end, if there is one: refused with the engine's reason."""
        misfit = self.enabled("widgets.tile.no_fit")
        if not misfit.count():
            return False
        self.refused(misfit, "error.play.no_match")
        return True

    def passes(self) -> int:
        """How many times the turn log says the learner passed."""
        you = pattern("widgets.round.you", self.lang).pattern
        return len(pattern("narration.pass", self.lang, player=you).findall(self.text))


# -- each widget, clicked through ----------------------------------------------------------------


def move_exercise(learner: Learner) -> None:
    """A tile that fits nowhere and an end the tile does not fit are refused with the
    engine's reasons; a legal tile and end place the tile; undo takes it back."""
    start = learner.board
    learner.shot("start")
    learner.try_misfit()
    learner.place(try_wrong_end=True)
    learner.expect_text("widgets.move.placed")
    undo = learner.enabled("widgets.button.undo.tooltip")
    learner.click(undo, lambda: learner.board == start, "undo restores the board")
    learner.expect_text("widgets.undone")


def pass_exercise(learner: Learner) -> None:
    """In each position the learner first tries to pass: confirmed when no tile fits,
    refused with the rule when one does (then a legal move is played)."""
    forced = 0
    while True:
        learner.shot("position")
        before = learner.board
        learner.press(learner.enabled("widgets.button.pass.tooltip"))
        wait_for(
            lambda: (
                learner.shows("widgets.pass.passed") or learner.shows("error.round.pass_with_move")
            ),
            "the pass is confirmed or refused",
        )
        if learner.shows("widgets.pass.passed"):
            forced += 1
            learner.shot("passed")
        else:
            assert learner.board == before, "a refused pass changed the board"
            learner.shot("pass-refused")
            learner.press(learner.enabled("widgets.button.play.tooltip"))
            learner.expect_text("widgets.pass.choose_tile")
            learner.place(try_wrong_end=False)
            learner.expect_text("widgets.pass.played")
        following = learner.enabled("widgets.button.next_position.tooltip")
        if not following.count():
            break
        learner.press(following)
        learner.expect_text("widgets.pass.prompt")
    assert forced, "no position of the exercise is a forced pass"


def play_rounds(learner: Learner) -> None:
    """Play by clicks against the computer until the learner has made a legal move, been
    refused a tile that fits nowhere (when one came up), passed when forced (Pass is
    pressable only then) and seen a round end with its award drawn and explained step by step.
    In the draw game, drawing when told to counts as passing, and Draw is refused once
    while a tile fits."""
    moved = passed = ended = misfit = 0
    pass_button = learner.enabled("widgets.button.pass.tooltip")
    draw_button = learner.enabled("widgets.button.draw.tooltip")
    ask_the_coach(learner)
    for _ in range(80):
        if moved and passed and ended:
            return
        wait_for(
            lambda: (
                learner.shows("widgets.round.over")
                or learner.shows("widgets.round.must_draw")
                or bool(pass_button.count())
                or bool(learner.playable().count())
            ),
            "the learner's turn or the end of the round",
        )
        if learner.shows("widgets.round.must_draw"):
            before = learner.board
            learner.click(
                draw_button, lambda before=before: learner.board != before, "a tile is drawn"
            )
            passed += 1
            learner.shot("drew")
            continue
        if learner.shows("widgets.round.over"):
            ended += 1
            learner.award_shown()
            learner.shot("round-over")
            deal = learner.view.locator("button:enabled").and_(
                learner.view.get_by_title(
                    re.compile(
                        "|".join(
                            re.escape(translate(key, learner.lang))
                            for key in (
                                "widgets.button.next_round.tooltip",
                                "widgets.button.new_round.tooltip",
                                "widgets.button.new_match.tooltip",
                            )
                        )
                    )
                )
            )
            learner.click(deal, lambda: not learner.shows("widgets.round.over"), "a new deal")
            continue
        if pass_button.count():
            learner.expect_text("widgets.round.must_pass")
            count = learner.passes()
            learner.click(
                pass_button, lambda count=count: learner.passes() > count, "the log shows the pass"
            )
            passed += 1
            learner.shot("passed")
            continue
        assert titled(learner.view, "widgets.button.pass.tooltip", learner.lang).count()
        if not misfit:
            misfit += learner.try_misfit()
            if draw_button.count() and learner.playable().count():
                learner.refused(draw_button, "error.round.draw_with_move")
        learner.place(try_wrong_end=moved == 0)
        moved += 1
    pytest.fail(f"after 80 actions: {moved} moves, {passed} passes, {ended} round ends")


def ask_the_coach(learner: Learner) -> None:
    """With the coach at the table (``coach=True``): "What do we know?" counts the unseen
    tiles, and Hint lists the moves and gives the coach's pick with its reason."""
    hint = learner.enabled("coach.hint.button.tooltip")
    if not titled(learner.view, "coach.hint.button.tooltip", learner.lang).count():
        return
    wait_for(lambda: bool(hint.count()), "the Hint button works on the learner's turn")
    known = learner.enabled("coach.knowledge.button.tooltip")
    learner.click(known, lambda: learner.shows("coach.knowledge.unseen"), "the tiles counted")
    learner.click(hint, lambda: learner.shows("coach.hint.pick"), "the coach's pick and reason")
    learner.shot("hint")


def coach_exercise(learner: Learner) -> None:
    """ "Which move would you play?": choosing a move shows the coach's values and says
    whether the choice was among its best."""
    learner.shot("start")
    choice = learner.enabled("coach.move.at")
    learner.click(
        choice,
        lambda: learner.shows("coach.exercise.best") or learner.shows("coach.exercise.other"),
        "the coach's verdict",
    )
    learner.expect_text("coach.hint.pick")
    learner.shot("chosen")


def scoring_quiz(learner: Learner) -> None:
    """Checking an answer gives immediate feedback: right or not quite, then the steps."""
    learner.shot("start")
    learner.press(learner.enabled("widgets.button.check.tooltip"))
    wait_for(
        lambda: learner.shows("widgets.quiz.right") or learner.shows("widgets.quiz.wrong"),
        "the quiz says right or wrong",
    )
    assert learner.view.locator("ol li").count(), "the award is not explained"
    learner.shot("checked")


def practice(learner: Learner) -> None:
    """An answer gets its feedback at once, right or not quite, and "Next exercise"
    brings a new item."""
    learner.shot("start")
    learner.press(learner.enabled("practice.screen.choice.tooltip"))
    wait_for(
        lambda: learner.shows("practice.screen.right") or learner.shows("practice.screen.wrong"),
        "the practice says right or not",
    )
    learner.shot("answered")
    learner.click(
        learner.enabled("practice.screen.next.tooltip"),
        lambda: bool(learner.enabled("practice.screen.choice.tooltip").count()),
        "a new item to answer",
    )


def hot_seat(learner: Learner) -> None:
    """People share the screen: while it is covered no tile of any hand can be chosen;
    "Show my hand" turns the mover's tiles up; a tile that fits is played; so on until
    the round ends with every hand face up and the award explained."""
    learner.view.scroll_into_view_if_needed()
    show = learner.enabled("hotseat.button.show.tooltip")

    def covered() -> bool:
        return bool(show.count()) and learner.shows("hotseat.hand_over")

    def uncovered() -> bool:
        return bool(learner.playable().count()) and learner.shows("hotseat.turn")

    # After a move the page updates its parts one by one (board, texts, tiles, buttons):
    # wait for a state whose parts agree, never act on tiles left from the last turn.
    for _ in range(80):
        wait_for(
            lambda: learner.shows("widgets.round.over") or covered() or uncovered(),
            "a covered table, a hand to play from, or the end of the round",
        )
        if learner.shows("widgets.round.over"):
            learner.award_shown()
            learner.shot("round-over")
            return
        if covered():
            wait_for(
                lambda: not learner.playable().count(),
                "no tile of any hand can be chosen while the table is covered",
            )
            learner.shot("covered")
            learner.click(show, uncovered, "the hand turns up")
        learner.place(try_wrong_end=False)
    pytest.fail("the hot-seat round did not end in 80 turns")


def replay(learner: Learner) -> None:
    """Forward, Back, Last and First move through the steps, each with its heading,
    its words and its diagram."""
    learner.view.scroll_into_view_if_needed()
    heading = learner.view.locator("h4")
    wait_for(lambda: bool(heading.count()), "the replay shows its first step")

    def shows(text: str) -> Callable[[], bool]:
        return lambda: heading.inner_text() == text

    def moves(button: str, what: str) -> str:
        before = heading.inner_text()
        learner.click(learner.enabled(button), lambda: heading.inner_text() != before, what)
        assert learner.shows("replay.step"), "the step is not numbered"
        return heading.inner_text()

    first = heading.inner_text()
    second = moves("replay.button.forward.tooltip", "the next step shows")
    moves("replay.button.forward.tooltip", "the step after it shows")
    learner.click(learner.enabled("replay.button.back.tooltip"), shows(second), "one step back")
    moves("replay.button.last.tooltip", "the last step shows")
    assert not learner.enabled("replay.button.forward.tooltip").count()
    assert learner.board.startswith("<svg")
    learner.shot("last")
    learner.click(learner.enabled("replay.button.first.tooltip"), shows(first), "the first step")


def live_lab(learner: Learner) -> None:
    """The fewest rounds measured: the report and the chart of blocked rounds show; then
    the chart of the heaviest-first player's wins."""
    learner.view.scroll_into_view_if_needed()
    learner.press(learner.enabled("lab.live.rounds.tooltip", rounds="100"))
    learner.click(
        learner.enabled("lab.live.run.tooltip"),
        lambda: learner.shows("lab.live.measured", rounds="100"),
        "the lab has measured 100 rounds",
    )
    chart = learner.view.locator("svg title")
    wait_for(lambda: bool(chart.count()), "the chart is drawn with its title")
    learner.shot("measured")
    before = learner.board
    learner.click(
        learner.enabled("lab.live.figure.heaviest.tooltip"),
        lambda: learner.board != before,
        "the other chart shows",
    )


CLICK_THROUGH: dict[str, Callable[[Learner], None]] = {
    "MoveExercise": move_exercise,
    "PassExercise": pass_exercise,
    "RoundPlayer": play_rounds,
    "MatchPlayer": play_rounds,
    "ScoringQuiz": scoring_quiz,
    "HotSeatRound": hot_seat,
    "HotSeatMatch": hot_seat,
    "Replay": replay,
    "CoachExercise": coach_exercise,
    "Practice": practice,
    "LiveLab": live_lab,
}
"""What a learner does with each kind of widget."""


def click_through(
    page: Page,
    notebook: Notebook,
    test: str,
    only: set[str] | None = None,
    learner: type[Learner] = Learner,
) -> None:
    """Every widget of the page rendered; click through those of the kinds ``only`` names
    (by the mouse, or as another ``learner`` presses buttons)."""
    kinds = notebook.widgets
    views = widget_views(page, len(kinds))
    assert len(views) == len(kinds), (len(views), kinds)
    for number, (kind, view) in enumerate(zip(kinds, views, strict=True), start=1):
        if only is None or kind in only:
            CLICK_THROUGH[kind](learner(view, notebook.lang, f"{test}-w{number}-{kind}"))


def check_notebook(
    page: Page,
    notebook: Notebook,
    test: str,
    *,
    run: Callable[[], None] | None = None,
    check: Callable[[Page, Notebook], None] | None = None,
    only: set[str] | None = None,
) -> None:
    """A notebook's page as a learner meets it, in any host: every diagram shows as
    opened; once it has run (``run``, where the host runs it on request) no cell errs
    and the host's own ``check`` holds; a learner clicks through the widgets (those of
    the kinds ``only`` names) and still nothing errs, and every button's label shows
    whole."""
    check_images(page, notebook.images)
    screenshot(page, test, "0-opened")
    if run is not None:
        run()
    check_no_errors(page)
    if check is not None:
        check(page, notebook)
    screenshot(page, test, "1-ran")
    click_through(page, notebook, test, only=only)
    check_no_errors(page)
    check_labels_whole(page)

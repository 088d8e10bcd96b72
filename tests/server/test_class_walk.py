"""The teacher's walkthrough over the class server's WebSocket, in Finnish and Swedish:
the teacher starts a worked example and moves it on and back, every joined pupil and
the projector show the teacher's step in their own language (a pupil who joins late or
reconnects too), a pupil's screen has the steps before it to look back at, a pupil
cannot move it, a server started again shows the same step, and "Which tiles fit
here?" is answered once per pupil and counted per tile on the projector, then answered.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom import Screen, pupil
from serving import class_code, class_server

from blockdomino.lessons.fitting import fit_question
from blockdomino.lessons.walkthrough import walk_frames, walks
from blockdomino.protocol.messages import Activity
from blockdomino.server.run import ClassServer
from blockdomino.words.i18n import translate

MOST_FRAMES = 50


def serving(folder: Path) -> Iterator[ClassServer]:
    return class_server(folder, "fi")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    yield from serving(tmp_path)


def secret(server: ClassServer) -> str:
    assert server.hub is not None
    return server.hub.keys.secret


def teacher(server: ClassServer, lang: str) -> Screen:
    screen = Screen.open(server.port, {"role": "teacher", "secret": secret(server), "lang": lang})
    screen.until("teacher")
    return screen


def joined(server: ClassServer, lang: str) -> Screen:
    screen = pupil(server.port, lang, code=class_code(server))
    screen.until("lobby")
    return screen


def step_of(screen: Screen, step: int | None) -> dict[str, Any] | None:
    """The screen's walkthrough frames until one at ``step`` (``None``: none running)."""
    for _ in range(MOST_FRAMES):
        message = screen.until("walk")
        shown = message["screen"]
        if (shown is None and step is None) or (shown is not None and shown["step"] == step):
            return message
    raise AssertionError(f"no walkthrough frame at step {step}")


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_every_screen_shows_the_teachers_step_in_its_language(
    server: ClassServer, lang: str
) -> None:
    boss = teacher(server, lang)
    offered = step_of(boss, None)
    assert offered is not None
    groups = offered["examples"]
    assert [title for title, _ in groups][:2] == [
        translate("nb.welcome.title", lang),
        translate("nb.matching.title", lang),
    ]
    offered_walks = [walk for _, walks in groups for walk, _ in walks]
    assert sorted(offered_walks) == sorted(walks())
    assert offered_walks[:2] == ["chapter-00", "chapter-01"]
    projector = Screen.open(
        server.port, {"role": "projector", "secret": secret(server), "lang": lang}
    )
    pupils = [joined(server, lang), joined(server, "en")]
    boss.send({"type": "walk_start", "example": "placed-3-4"})
    boss.send({"type": "walk_next"})
    boss.send({"type": "walk_next"})
    frames = walk_frames("placed-3-4", lang)
    for screen, shown_in in [(projector, lang), (pupils[0], lang), (pupils[1], "en")]:
        message = step_of(screen, 2)
        assert message is not None
        shown = message["screen"]
        assert shown["heading"] == walk_frames("placed-3-4", shown_in)[2].heading
        assert shown["lines"] == list(walk_frames("placed-3-4", shown_in)[2].lines)
        assert shown["figures"][0]["svg"].startswith("<svg")
        assert shown["count"] == len(frames)
        assert "examples" not in message
        if screen is projector:
            assert "earlier" not in shown
        else:
            looked = walk_frames("placed-3-4", shown_in)[:2]
            assert [step["heading"] for step in shown["earlier"]] == [f.heading for f in looked]
            assert [step["lines"] for step in shown["earlier"]] == [list(f.lines) for f in looked]
            assert all(step["figures"][0]["svg"].startswith("<svg") for step in shown["earlier"])
    late = joined(server, lang)
    caught_up = step_of(late, 2)
    assert caught_up is not None
    assert caught_up["screen"]["heading"] == frames[2].heading
    boss.send({"type": "walk_back"})
    stepped_back = step_of(late, 1)
    assert stepped_back is not None
    assert [step["heading"] for step in stepped_back["screen"]["earlier"]] == [frames[0].heading]
    for screen in [boss, projector, *pupils, late]:
        screen.close()


def test_a_pupil_cannot_move_the_walkthrough_and_bad_steps_are_refused(
    server: ClassServer, caplog: pytest.LogCaptureFixture
) -> None:
    boss = teacher(server, "sv")
    screen = joined(server, "sv")
    boss.send({"type": "walk_start", "example": "domino-0-8"})
    assert step_of(screen, 0) is not None
    with caplog.at_level(logging.WARNING, logger="blockdomino.server"):
        screen.send({"type": "walk_next"})
        assert screen.until("refused")["text"] == translate("lessons.error.message", "sv")
    assert len([r for r in caplog.records if "quiz message refused" in r.message]) == 1
    boss.send({"type": "walk_back"})
    assert boss.until("refused")["text"] == translate("lessons.error.no_step", "sv")
    boss.send({"type": "walk_start", "example": "<b>no</b>"})
    assert boss.until("refused")["text"] == translate("lessons.error.example", "sv")
    assert server.hub is not None
    walk = server.hub.activities[Activity.WALK].walk.walk
    assert walk is not None
    assert (walk.example, walk.step) == ("domino-0-8", 0)
    boss.send({"type": "walk_end"})
    assert step_of(screen, None) is not None
    boss.close()
    screen.close()


def test_a_server_started_again_shows_the_same_step(tmp_path: Path) -> None:
    first = serving(tmp_path)
    server = next(first)
    boss = teacher(server, "fi")
    boss.send({"type": "walk_start", "example": "placed-4-4"})
    boss.send({"type": "walk_next"})
    assert step_of(boss, 1) is not None
    boss.close()
    first.close()
    again = serving(tmp_path)
    server = next(again)
    comes_back = joined(server, "sv")
    message = step_of(comes_back, 1)
    assert message is not None
    assert message["screen"]["heading"] == walk_frames("placed-4-4", "sv")[1].heading
    comes_back.close()
    again.close()


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_the_class_answers_which_tiles_fit_and_the_projector_counts_them(
    server: ClassServer, lang: str
) -> None:
    boss, projector, pupils = asked_of_three(server, lang, "placed-1-1")
    question = fit_question("placed-1-1", 0)
    assert question is not None
    asked = [wait_for(screen, "asking") for screen in pupils]
    assert asked[0]["question"] == translate("lessons.fit.question", lang)
    assert [t["tile"] for t in asked[0]["tiles"]] == [str(t) for t in question.tiles]
    assert all(t["svg"].startswith("<svg") for t in asked[0]["tiles"])
    assert "counts" not in asked[0]
    right = [i for i, tile in enumerate(question.tiles) if question.fits(tile)]
    wrong = [i for i, tile in enumerate(question.tiles) if not question.fits(tile)]
    taps = [right, [*right, wrong[0]], [wrong[0]]]
    for number, (screen, chosen) in enumerate(zip(pupils, taps, strict=True)):
        assert fit_answer(screen, asked[0], chosen, f"pupil-{number:04}") == sorted(chosen)
    assert fit_answer(pupils[2], asked[0], right, "pupil-0002") == [wrong[0]]
    late = joined(server, lang)
    assert wait_for(late, "asking")["tiles"] == asked[0]["tiles"]
    boss.send({"type": "walk_reveal"})
    shown = wait_for(projector, "revealed")
    expected = [sum(index in chosen for chosen in taps) for index in range(len(question.tiles))]
    assert shown["counts"] == expected
    assert shown["fits"] == [question.fits(tile) for tile in question.tiles]
    assert shown["reasons"] == [question.reason(tile, lang) for tile in question.tiles]
    assert shown["answered"] == translate("lessons.fit.answered", lang, count=3)
    assert wait_for(pupils[0], "revealed")["fits"] == shown["fits"]
    pupils[0].send({"type": "walk_answer", "walk": asked[0]["walk"], "step": 0, "tiles": [0],
                    "pupil": "pupil-late"})  # fmt: skip
    assert pupils[0].until("refused")["text"] == translate("lessons.refused.closed", lang)
    for screen in [boss, projector, *pupils, late]:
        screen.close()


def asked_of_three(
    server: ClassServer, lang: str, example: str
) -> tuple[Screen, Screen, list[Screen]]:
    """The teacher, the projector and three pupils, the teacher's ``example`` started and
    its first step's question asked."""
    boss = teacher(server, lang)
    projector = Screen.open(
        server.port, {"role": "projector", "secret": secret(server), "lang": lang}
    )
    pupils = [joined(server, lang) for _ in range(3)]
    boss.send({"type": "walk_start", "example": example})
    boss.send({"type": "walk_ask"})
    return boss, projector, pupils


def wait_for(screen: Screen, ask: str) -> dict[str, Any]:
    """The screen's walkthrough until its question is in ``ask``."""
    for _ in range(MOST_FRAMES):
        shown = screen.until("walk")["screen"]
        if shown is not None and shown["ask"] == ask:
            return dict(shown)
    raise AssertionError(f"the question was not {ask}")


def fit_answer(screen: Screen, shown: dict[str, Any], tiles: list[int], pupil_id: str) -> Any:
    screen.send({"type": "walk_answer", "walk": shown["walk"], "step": shown["step"],
                 "tiles": tiles, "pupil": pupil_id})  # fmt: skip
    return screen.until("walk_done")["tiles"]


def test_a_chapters_walkthrough_goes_through_its_examples_and_asks_their_questions(
    server: ClassServer,
) -> None:
    boss = teacher(server, "sv")
    projector = Screen.open(
        server.port, {"role": "projector", "secret": secret(server), "lang": "sv"}
    )
    boss.send({"type": "walk_start", "example": "chapter-02"})
    frames = walk_frames("chapter-02", "sv")
    assert step_of(projector, 0)["screen"]["heading"] == frames[0].heading  # type: ignore[index]
    boss.send({"type": "walk_ask"})
    asked = wait_for(projector, "asking")
    question = fit_question("placed-1-1", 0)
    assert question is not None
    assert [t["tile"] for t in asked["tiles"]] == [str(t) for t in question.tiles]
    boss.send({"type": "walk_next"})
    shown = step_of(projector, 1)
    assert shown is not None
    assert shown["screen"]["heading"] == frames[1].heading
    assert shown["screen"]["count"] == len(frames)
    assert shown["screen"]["ask"] is None
    for screen in (boss, projector):
        screen.close()


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_the_class_answers_how_many_points_and_the_projector_counts_them(
    server: ClassServer, lang: str
) -> None:
    figure = "blocked-3-7-8"  # 3 wins alone: 7 + 8 - 3 = 12 points
    boss, projector, pupils = asked_of_three(server, lang, figure)
    asked = wait_for(pupils[0], "asking")
    assert asked["question"] == translate("lessons.points.question", lang)
    assert asked["choices"] == ["4", "12", "15", "18"]
    for number, (screen, choice) in enumerate(zip(pupils, [1, 1, 3], strict=True)):
        assert fit_answer(screen, asked, [choice], f"pupil-{number:04}") == [choice]
    pupils[0].send({"type": "walk_answer", "walk": asked["walk"], "step": 0, "tiles": [0, 1],
                    "pupil": "pupil-0009"})  # fmt: skip
    assert pupils[0].until("refused")["text"] == translate("lessons.error.message", lang)
    boss.send({"type": "walk_reveal"})
    shown = wait_for(projector, "revealed")
    assert shown["counts"] == [0, 2, 0, 1]
    assert shown["fits"] == [False, True, False, False]
    assert shown["reasons"][1] == translate(f"example.{figure}.caption", lang)
    own = translate("lessons.mistake.own_pips.one", lang, count=1)
    assert shown["reasons"][3] == own
    assert shown["reasons"][0] == translate("lessons.mistake.counted_tiles_not_pips.named", lang)
    boss.send({"type": "walk_next"})
    assert step_of(projector, 1)["screen"]["can_ask"] is False  # type: ignore[index]
    for screen in [boss, projector, *pupils]:
        screen.close()


def test_a_pupil_answers_once_under_their_token_whatever_id_their_page_sends(
    server: ClassServer,
) -> None:
    boss, projector, pupils = asked_of_three(server, "fi", "placed-1-1")
    first = pupils[0]
    shown = wait_for(first, "asking")  # before the name: the question may come first
    first.send({"type": "name", "nickname": "Aino"})
    token = first.until("pupil")["token"]
    assert fit_answer(first, shown, [0], "page-before-reload") == [0]
    again = Screen.open(
        server.port, {"role": "pupil", "lang": "fi", "code": class_code(server), "pupil": token}
    )
    assert again.until("pupil")["nickname"] == "Aino"
    shown = wait_for(again, "asking")
    assert fit_answer(again, shown, [1], "page-after-reload") == [0]
    boss.send({"type": "walk_reveal"})
    assert wait_for(projector, "revealed")["answered"] == translate(
        "lessons.fit.answered", "fi", count=1
    )
    for screen in [boss, projector, *pupils, again]:
        screen.close()

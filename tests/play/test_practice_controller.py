"""The practice screen's controller, driven without ipywidgets: a topic and a level,
answers and their feedback, the mastery bar, and progress kept in a file or as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blockdomino.play.practice import PracticeController, Progress, ProgressError
from blockdomino.practice import STREAK, check, words
from blockdomino.words.i18n import translate


def _answer(practice: PracticeController, *, right: bool) -> None:
    item = practice.state.item
    index = item.answer_index if right else (item.answer_index + 1) % len(item.choices)
    practice.act(f"choice:{index}")


def test_an_answer_gets_its_feedback_at_once() -> None:
    practice = PracticeController(lang="en", topic="matching", seed=3)
    item = practice.state.item
    assert not practice.view().button("next").enabled
    wrong = (item.answer_index + 1) % len(item.choices)
    view = practice.act(f"choice:{wrong}")
    text = words(item, "en", spoken=True)
    feedback = view.text("feedback")
    assert feedback.startswith(f"<p>{translate('practice.screen.wrong', 'en')}</p>")
    assert text.notes[wrong] in feedback
    assert text.answer in feedback
    assert not check(item, wrong).right
    assert view.button(f"choice:{wrong}").label.endswith("✗")
    assert view.button(f"choice:{item.answer_index}").highlight == "fits"
    assert all(not button.enabled for button in view.group("choices"))
    assert view.button("next").enabled
    assert practice.act(f"choice:{item.answer_index}") == view  # answered once only
    following = practice.act("next")
    assert practice.state.item.identity != item.identity
    assert following.text("feedback") == ""


def test_five_right_in_a_row_move_the_learner_up_a_level() -> None:
    practice = PracticeController(lang="fi", topic="doubles", seed=1)
    for _ in range(STREAK - 1):
        _answer(practice, right=True)
        practice.act("next")
    assert "4/5" in practice.view().text("mastery")
    _answer(practice, right=True)
    view = practice.view()
    assert translate("practice.screen.level_up", "fi", level=2) in view.text("feedback")
    assert practice.act("next").text("question").startswith("<h3>Tuplat, taso 2</h3>")
    _answer(practice, right=False)
    assert practice.state.progress.mastery().streak == 0


def test_a_topic_and_a_level_are_chosen_and_a_wrong_one_refused() -> None:
    practice = PracticeController(lang="sv", seed=2)
    view = practice.act("topic:scoring")
    assert practice.state.item.topic == "scoring"
    assert view.button("topic:scoring").highlight == "chosen"
    view = practice.act("level:3")
    assert practice.state.item.level == 3
    assert view.button("level:3").label.endswith("(vald)")
    view = practice.act("level:4")
    assert view.refusal is not None
    assert practice.state.item.level == 3


def test_progress_is_json_and_comes_back() -> None:
    practice = PracticeController(lang="en", topic="passing", seed=5)
    _answer(practice, right=True)
    kept = json.loads(json.dumps(practice.progress))
    again = PracticeController(lang="en", seed=5, progress=kept)
    assert again.state.progress.mastery("passing").streak == 1
    assert again.state.item.topic == "passing"
    with pytest.raises(ProgressError):
        Progress.from_json({"topic": "chess", "dealt": 0, "levels": {}})


def test_progress_is_kept_beside_the_notebook_and_resumed(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    practice = PracticeController(lang="fi", topic="blocked", seed=7)
    practice.act(f"keep:{path}")
    _answer(practice, right=True)
    assert json.loads(path.read_text())["levels"]["blocked"]["streak"] == 1
    again = PracticeController(lang="fi", seed=7)
    view = again.act(f"keep:{path}")
    assert translate("practice.screen.resumed", "fi") in view.text("feedback")
    assert again.state.item.topic == "blocked"
    assert again.state.progress.dealt > practice.state.progress.dealt - 1


def test_a_file_that_holds_no_progress_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    path.write_text("not json")
    practice = PracticeController(lang="en", seed=1)
    view = practice.act(f"keep:{path}")
    assert "moved aside" in view.text("feedback")
    assert [p.name for p in tmp_path.iterdir() if "corrupt" in p.name]
    _answer(practice, right=True)
    assert json.loads(path.read_text())["topic"] == "matching"


def test_a_failed_save_is_said(tmp_path: Path) -> None:
    practice = PracticeController(lang="en", seed=1)
    practice.act(f"keep:{tmp_path / 'missing' / 'practice.json'}")
    _answer(practice, right=True)
    said = translate("practice.screen.keep_failed", "en", path="practice.json")
    assert said in practice.view().text("feedback")


def test_the_result_is_the_item_answered_made_again_from_its_seed() -> None:
    """``result`` names the item answered by topic, level and seed, which make it again,
    and the choice; none while the item waits for its answer."""
    from blockdomino.practice import generate

    practice = PracticeController(lang="sv", topic="scoring", seed=8)
    assert practice.result is None
    item = practice.state.item
    practice.act("choice:1")
    result = practice.result
    assert result is not None
    assert result["choice"] == 1
    again = generate(result["topic"], result["level"], result["seed"])
    assert again.identity == item.identity
    practice.act("next")
    assert practice.result is None

"""One table of practice topics (``practice.topics.REGISTRY``): every place that lists
topics reads it and agrees with it, no other source file lists them, and progress kept
before a topic was added is still read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from blockdomino.cli import build_parser
from blockdomino.lessons.mastery import practice_results, table_screen
from blockdomino.lessons.store import Answer
from blockdomino.play.practice import PracticeController, Progress, ProgressError
from blockdomino.practice import REGISTRY, TOPICS, PracticeError, generate, item_set
from blockdomino.practice.items import LEVELS, Mastery
from blockdomino.practice.moodle import question_bank
from blockdomino.practice.topics import BY_ID, TAUGHT, TOPIC_NAMES
from blockdomino.publish.guide import words as guide_words
from blockdomino.server.pages import lesson_part
from blockdomino.words.i18n import LANGS, catalog, translate

SRC = Path(__file__).resolve().parents[2] / "src" / "blockdomino"
KEPT = Path(__file__).resolve().parent / "data" / "progress-eight-topics.json"
"""Progress as the Practice screen kept it when there were eight topics (no "holds")."""


def test_the_registry_is_the_one_list_of_topics() -> None:
    assert tuple(topic.id for topic in REGISTRY) == TOPICS
    assert len(set(TOPICS)) == len(TOPICS)
    assert set(BY_ID) == set(TOPICS)
    assert {topic for topic, _ in TAUGHT} == set(TOPICS)
    assert all(topic.levels == LEVELS for topic in REGISTRY)
    assert dict(TOPIC_NAMES) == {topic.id: f"practice.topic.{topic.id}" for topic in REGISTRY}


def _quoted_ids(text: str) -> set[str]:
    return {topic for topic in TOPICS if re.search(rf"[\"']{topic}[\"']", text)}


def test_no_other_source_file_lists_the_topics() -> None:
    """A list of topics elsewhere (Python, the app's and the class pages' scripts) would
    have to be kept in step by hand: no other file names all topics but three (some ids
    are common words, and five name chapters too)."""
    most = len(TOPICS) - 3
    listing = {
        str(path.relative_to(SRC)): sorted(_quoted_ids(path.read_text(encoding="utf-8")))
        for path in sorted(SRC.rglob("*"))
        if path.suffix in {".py", ".js", ".html"}
        and path.name != "topics.py"
        and len(_quoted_ids(path.read_text(encoding="utf-8"))) > most - 1
    }
    assert listing == {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_topic_has_its_name_in_every_language(lang: str) -> None:
    names = [translate(topic.name, lang) for topic in REGISTRY]
    assert all(names)
    assert len(set(names)) == len(names)
    assert all(topic.name in catalog(lang) for topic in REGISTRY)


def test_the_generator_takes_every_topic_of_the_registry_and_no_other() -> None:
    for topic in REGISTRY:
        assert generate(topic.id, 1, 3).topic == topic.id
    with pytest.raises(PracticeError):
        generate("chess", 1, 3)
    with pytest.raises(PracticeError):
        generate(TOPICS[0], 4, 3)


def test_every_consumer_lists_the_registry_in_its_order() -> None:
    screen = PracticeController(lang="en", seed=1).view()
    assert [b.id for b in screen.buttons if b.group == "topics"] == [f"topic:{t}" for t in TOPICS]
    table = table_screen([], "sv")
    assert table["topics"] == [translate(topic.name, "sv") for topic in REGISTRY]
    quiz = re.search(r'id="lesson-words">(.*?)</script>', lesson_part("static", "fi"))
    assert quiz is not None
    assert json.loads(quiz[1])["topics"] == list(TOPICS)
    worksheet = build_parser().parse_args(["worksheet", "--out", "sheets.pdf"])
    assert worksheet.topics == ", ".join(TOPICS)
    assert all(f"`{topic}`" in guide_words("guide.sheets.topics", "en") for topic in TOPICS)
    items = item_set(TOPICS, 1, len(TOPICS), seed=2)
    bank = question_bank([items], "en").decode()
    categories = re.findall(r"\$course\$/top/Block/([^/<]+)/", bank)
    assert list(dict.fromkeys(categories)) == [translate(t.name, "en") for t in REGISTRY]


def test_the_class_server_marks_a_result_of_every_topic() -> None:
    results = [
        {"id": f"r{index:011d}", "topic": topic, "level": 1, "seed": 4, "choice": 0}
        for index, topic in enumerate(TOPICS)
    ]
    marked = practice_results({"nickname": "Aino", "results": results}, now=1.0)
    assert [answer.topic for _, answer in marked] == list(TOPICS)


def test_progress_kept_before_a_topic_was_added_is_read() -> None:
    """The file kept by the Practice screen with eight topics is read now there are
    more: its topics keep their levels, a new topic starts at level 1."""
    kept = json.loads(KEPT.read_text(encoding="utf-8"))
    assert "holds" in TOPICS
    assert "holds" not in kept["levels"]
    progress = Progress.from_json(kept)
    assert progress.topic == "passes"
    assert progress.mastery("scoring") == Mastery(3, 2)
    assert progress.mastery("passes") == Mastery(2, 4)
    assert progress.mastery("holds") == Mastery()
    practice = PracticeController(lang="fi", seed=3, progress=kept)
    assert practice.state.item.topic == "passes"
    assert practice.state.item.level == 2
    assert set(practice.progress["levels"]) == set(TOPICS)


def test_progress_missing_a_topic_or_naming_one_no_longer_practised_is_read() -> None:
    progress = PracticeController(lang="en", topic="doubles", seed=5).progress
    del progress["levels"]["strategy"]
    progress["levels"]["chess"] = {"level": 2, "streak": 1, "mastered": False}
    read = Progress.from_json(progress)
    assert read.mastery("strategy") == Mastery()
    assert "chess" not in Progress.to_json(read)["levels"]
    with pytest.raises(ProgressError):
        Progress.from_json({**progress, "topic": "chess"})
    progress["levels"]["doubles"]["level"] = 7
    with pytest.raises(ProgressError):
        Progress.from_json(progress)


def test_results_saved_by_topic_stay_in_their_topic_s_column() -> None:
    """The teacher's table is keyed by topic id: answers kept before a topic was added
    show in their own topic's column, wherever the new one stands."""
    answers = [
        Answer("p1", "Aino", 0, True, "strategy", 1, None, 1.0),
        Answer("p1", "Aino", 1, False, "passes", 2, None, 2.0),
    ]
    (row,) = table_screen(answers, "en")["rows"]
    filled = [TOPICS[column] for column, cell in enumerate(row["cells"]) if cell]
    assert filled == ["passes", "strategy"]

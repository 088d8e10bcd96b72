"""What each pupil has mastered (``lessons.mastery``): the practice chapter's rule read
over every answer kept, Practice results worked out again from their items and kept
once, the CSV holding the same numbers as the teacher's table, and everything deleted
on ``--forget-class``."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from blockdomino.lessons.keeping import export_csv, forget_class
from blockdomino.lessons.mastery import (
    DAY,
    REMINDER_DAYS,
    mastery_csv,
    practice_results,
    table_screen,
)
from blockdomino.lessons.quiz import QuizError
from blockdomino.lessons.store import Answer, LessonStore, lessons_path
from blockdomino.practice import TOPICS, generate, words
from blockdomino.tables.service import TableService
from blockdomino.tables.store import Store


def result(
    number: int, topic: str, level: int, right: bool, who: str = "aino"
) -> dict[str, object]:
    """A Practice result of the item ``topic``/``level``/seed ``number``: its right
    choice or a wrong one."""
    item = generate(topic, level, number)
    choice = item.answer_index if right else (item.answer_index + 1) % len(item.choices)
    return {"id": f"{who}-{topic}-{number:04}", "topic": topic, "level": level,
            "seed": number, "choice": choice}  # fmt: skip


def test_results_are_worked_out_again_and_a_result_sent_twice_is_kept_once(
    tmp_path: Path,
) -> None:
    store = LessonStore(tmp_path / "l.sqlite3")
    sent = [result(n, "doubles", 1, right=n != 2) for n in range(4)]
    kept = practice_results({"nickname": "Aino", "results": sent}, 100.0)
    assert [answer.right for _, answer in kept] == [True, True, False, True]
    assert store.add_practice(kept) == 4
    assert store.add_practice(practice_results({"nickname": "Aino", "results": sent}, 200.0)) == 0
    assert len(store.history()) == 4
    note = json.loads(kept[2][1].mistake or "{}")
    item = generate("doubles", 1, 2)
    assert note["sv"] == words(item, "sv", spoken=True).notes[int(str(sent[2]["choice"]))]


def test_five_right_in_a_row_move_a_pupil_up_and_the_mistakes_are_named(tmp_path: Path) -> None:
    store = LessonStore(tmp_path / "l.sqlite3")
    sent = [result(n, "matching", 1, right=n != 0) for n in range(6)]
    store.add_practice(practice_results({"nickname": "<b>Bo</b>", "results": sent}, 50.0))
    screen = table_screen(store.history(), "fi", now=60.0)
    (row,) = screen["rows"]
    cell = row["cells"][TOPICS.index("matching")]
    assert row["nickname"] == "<b>Bo</b>"
    assert (cell["level"], cell["right"], cell["answered"]) == (2, 5, 6)
    assert cell["levels"] == ["Taso 1: 5/6"]
    assert len(row["mistakes"]) == 1
    assert screen["reminder"] is None
    later = table_screen(store.history(), "fi", now=50.0 + (REMINDER_DAYS + 1) * DAY)
    assert str(REMINDER_DAYS + 1) in later["reminder"]


def _wrong(key: str, when: float) -> Answer:
    """A wrong answer of Aino's, its mistake named by ``key``."""
    note = json.dumps({"key": key, "fi": "x", "sv": "x", "en": "x"})
    return Answer("p1", "Aino", 1, False, "matching", 1, note, when)


@pytest.mark.parametrize(
    ("lang", "zero", "tiles"),
    [
        ("en", "Thought a 0 fits any number. (3 times)", "Counted the tiles, not the pips."),
        ("fi", "Luuli, että nolla sopii mihin tahansa silmälukuun. (3 kertaa)", None),
        ("sv", "Trodde att noll passar mot vilket tal som helst. (3 gånger)", None),
    ],
)
def test_a_mistake_made_again_is_named_once_with_how_many_times(
    lang: str, zero: str, tiles: str | None
) -> None:
    kinds = ["no_match_zero", "counted_tiles_not_pips", "no_match_zero", "no_match_zero"]
    history = [_wrong(f"practice.mistake.{kind}", float(n)) for n, kind in enumerate(kinds)]
    (row,) = table_screen(history, lang)["rows"]
    assert len(row["mistakes"]) == 2
    assert len(set(row["mistakes"])) == 2
    assert row["mistakes"][0] == zero
    if tiles:
        assert row["mistakes"][1] == tiles
    (line,) = list(csv.reader(io.StringIO(mastery_csv(history, lang))))[1:]
    assert line[-1] == " | ".join(row["mistakes"])


@pytest.mark.parametrize(
    ("lang", "said"), [("fi", "Sivu 2/3"), ("sv", "Sida 2 av 3"), ("en", "Page 2 of 3")]
)
def test_the_projector_is_told_how_to_name_a_page_of_rows(lang: str, said: str) -> None:
    paging = table_screen([], lang)["paging"]
    assert paging.replace("{page}", "2").replace("{pages}", "3") == said


def test_the_csv_holds_the_numbers_of_the_teachers_table(tmp_path: Path) -> None:
    store = LessonStore(tmp_path / "l.sqlite3")
    for name, topic in (("Aino", "doubles"), ("Bo", "scoring"), ("Aino", "scoring")):
        sent = [result(n, topic, 1, right=n % 3 != 0, who=name) for n in range(5)]
        store.add_practice(practice_results({"nickname": name, "results": sent}, 1.0))
    history = store.history()
    lines = list(csv.reader(io.StringIO(mastery_csv(history, "sv"))))
    assert lines[0][0] == "Smeknamn"
    table = table_screen(history, "sv")
    shown = {
        (row["nickname"], table["topics"][i], cell["right"], cell["answered"])
        for row in table["rows"]
        for i, cell in enumerate(row["cells"])
        if cell
    }
    assert {(n, t, int(r), int(a)) for n, t, _, _, r, a, _ in lines[1:]} == shown
    assert len(lines) == 4


@pytest.mark.parametrize(
    "payload",
    [
        None,
        [],
        {"nickname": "Aino"},
        {"nickname": "", "results": []},
        {"nickname": "Aino", "results": [{"id": "x", "topic": "doubles", "level": 1,
                                           "seed": 1, "choice": 0}]},
        {"nickname": "Aino", "results": [{"id": "result-1234", "topic": "chess", "level": 1,
                                           "seed": 1, "choice": 0}]},
        {"nickname": "Aino", "results": [{"id": "result-1234", "topic": "doubles",
                                           "level": True, "seed": 1, "choice": 0}]},
        {"nickname": "Aino", "results": [{"id": "result-1234", "topic": "doubles",
                                           "level": 1, "seed": 1, "choice": 9}]},
        {"nickname": "Aino", "results": [result(n, "doubles", 1, True) for n in range(51)]},
    ],
)  # fmt: skip
def test_results_that_are_garbage_are_refused(payload: object) -> None:
    with pytest.raises(ValueError, match=r"\w"):
        practice_results(payload, 1.0)


def test_forgetting_the_class_deletes_every_answer_and_table(tmp_path: Path) -> None:
    tables_file = tmp_path / "tables.sqlite3"
    tables = TableService.load(Store(tables_file))
    table = tables.open("block", 2)
    tables.join(table.id, "Aino")
    tables.store.close()
    store = LessonStore(lessons_path(tables_file))
    store.add_practice(
        practice_results({"nickname": "Aino", "results": [result(1, "leader", 2, True)]}, 1.0)
    )
    store.close()
    export_csv(tables_file, tmp_path / "before.csv", "en")
    assert "Aino" in (tmp_path / "before.csv").read_text(encoding="utf-8")
    forget_class(tables_file)
    assert LessonStore(lessons_path(tables_file)).history() == []
    assert list(Store(tables_file).tables()) == []
    export_csv(tables_file, tmp_path / "after.csv", "en")
    assert (tmp_path / "after.csv").read_text(encoding="utf-8").count("\n") == 1


def test_a_quiz_error_is_a_value_error_with_its_reason() -> None:
    assert QuizError("lessons.error.message").key == "lessons.error.message"

"""What each pupil has mastered: every answer kept (quizzes and the app's Practice
chapter), read per nickname and topic.

A pupil's level in a topic is the practice chapter's own rule (``practice.Mastery``):
five right in a row move a pupil up a level, the answers taken in the order they came.
Beside it, how many answers were right at each level, and the pupil's last mistakes,
named in the projector's words (``lessons.mistakes``), each once, with how many times
the pupil made it when more than once. The teacher's page shows the
table; the CSV for a spreadsheet holds the same numbers (``blockdomino serve
--export-csv FILE``).
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Final

from blockdomino.lessons.mistakes import mistake_name, named
from blockdomino.lessons.quiz import PUPIL_ID, QuizError, worded_note
from blockdomino.lessons.store import Answer
from blockdomino.practice import LEVELS, TOPICS, Item, Mastery, generate, words
from blockdomino.practice.topics import TOPIC_NAMES
from blockdomino.tables.service import nickname
from blockdomino.words.i18n import translate

LAST_MISTAKES: Final = 3
"""How many of a pupil's latest different mistakes the table names."""
MOST_RESULTS: Final = 50
"""Practice results one request may send (a longer backlog is sent in parts)."""
REMINDER_DAYS: Final = 30
"""After how many days the teacher's page reminds that the answers are still kept."""
DAY: Final = 86_400.0
CSV_HEADS: Final = (
    "lessons.csv.nickname", "lessons.csv.topic", "lessons.csv.level", "lessons.csv.mastered",
    "lessons.csv.right", "lessons.csv.answered", "lessons.csv.mistakes",
)  # fmt: skip
"""The CSV's columns, by the key of their heading."""


@dataclass
class Topic:
    """One pupil's answers in one topic: the mastery they lead to and, at each level,
    how many were right of how many."""

    mastery: Mastery = field(default_factory=Mastery)
    right: dict[int, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))
    answered: dict[int, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))


@dataclass
class Pupil:
    """One nickname's row of the table."""

    nickname: str
    topics: dict[str, Topic] = field(default_factory=dict)
    mistakes: list[str] = field(default_factory=list)
    """Every mistake's note (JSON, every language), oldest first."""


def mastery_table(history: list[Answer]) -> list[Pupil]:
    """Every nickname's row, from every answer kept (oldest first), sorted by name."""
    pupils: dict[str, Pupil] = {}
    for answer in history:
        pupil = pupils.setdefault(answer.nickname, Pupil(answer.nickname))
        topic = pupil.topics.setdefault(answer.topic, Topic())
        topic.mastery = topic.mastery.record(answer.right)
        topic.answered[answer.level] += 1
        topic.right[answer.level] += answer.right
        if answer.mistake is not None:
            pupil.mistakes.append(answer.mistake)
    return sorted(pupils.values(), key=lambda pupil: (pupil.nickname.casefold(), pupil.nickname))


def _note(mistake: str, lang: str) -> str:
    """A mistake kept, named in ``lang`` as the projector says it (without a count);
    one kept before mistakes were named by their key, or with a key that has no
    sentence, by its note."""
    kept = json.loads(mistake)
    key = kept.get("key")
    if isinstance(key, str) and mistake_name(key) is not None:
        try:
            return named(key, lang)
        except KeyError:
            pass
    return str(kept.get(lang, ""))


def _notes(pupil: Pupil, lang: str) -> list[str]:
    """The pupil's last ``LAST_MISTAKES`` different mistakes in ``lang``, newest first,
    each named once, with how many times the pupil made it when more than once."""
    named_all = [_note(mistake, lang) for mistake in reversed(pupil.mistakes)]
    counts = Counter(named_all)
    latest = list(dict.fromkeys(named_all))[:LAST_MISTAKES]
    return [
        note if counts[note] == 1
        else translate("lessons.mastery.repeated", lang, mistake=note, count=counts[note])
        for note in latest
    ]  # fmt: skip


def _cell(topic: Topic | None, lang: str) -> dict[str, Any] | None:
    if topic is None:
        return None
    levels = [
        translate(
            "lessons.mastery.level_count",
            lang,
            level=level,
            right=topic.right[level],
            answered=topic.answered[level],
        )
        for level in LEVELS
        if topic.answered[level]
    ]
    said = "lessons.mastery.mastered" if topic.mastery.mastered else "lessons.mastery.level"
    return {
        "level": topic.mastery.level,
        "mastered": topic.mastery.mastered,
        "right": sum(topic.right.values()),
        "answered": sum(topic.answered.values()),
        "said": translate(said, lang, level=topic.mastery.level),
        "levels": levels,
    }


def table_screen(history: list[Answer], lang: str, now: float | None = None) -> dict[str, Any]:
    """The teacher's table in ``lang``: a column per topic, a row per nickname, a
    reminder when the oldest answer kept is more than ``REMINDER_DAYS`` days old, and
    how the projector names the page of rows it shows ("Page {page} of {pages}", the
    page and the number of pages left for the projector's script to fill in)."""
    rows = [
        {
            "nickname": pupil.nickname,
            "cells": [_cell(pupil.topics.get(topic), lang) for topic in TOPICS],
            "mistakes": _notes(pupil, lang),
        }
        for pupil in mastery_table(history)
    ]
    days = int(((now or time.time()) - history[0].answered) // DAY) if history else 0
    reminder = (
        translate("lessons.mastery.reminder", lang, days=days) if days > REMINDER_DAYS else None
    )
    return {
        "topics": [translate(TOPIC_NAMES[topic], lang) for topic in TOPICS],
        "rows": rows,
        "reminder": reminder,
        "paging": translate("lessons.mastery.page", lang, page="{page}", pages="{pages}"),
    }


def mastery_csv(history: list[Answer], lang: str) -> str:
    """The table for a spreadsheet: a line per nickname and topic answered, headed in
    ``lang``."""
    out = io.StringIO()
    sheet = csv.writer(out, lineterminator="\n")
    sheet.writerow([translate(head, lang) for head in CSV_HEADS])
    yes, no = translate("lessons.csv.yes", lang), translate("lessons.csv.no", lang)
    for pupil in mastery_table(history):
        notes = " | ".join(_notes(pupil, lang))
        for name in TOPICS:
            topic = pupil.topics.get(name)
            if topic is None:
                continue
            sheet.writerow([
                pupil.nickname, translate(TOPIC_NAMES[name], lang), topic.mastery.level,
                yes if topic.mastery.mastered else no, sum(topic.right.values()),
                sum(topic.answered.values()), notes,
            ])  # fmt: skip
    return out.getvalue()


@lru_cache(maxsize=1024)
def _item(topic: str, level: int, seed: int) -> Item:
    return generate(topic, level, seed)


def practice_results(payload: object, now: float) -> list[tuple[str, Answer]]:
    """The app's Practice results in a request (``{"nickname": …, "pupil": …, "results":
    [{"id", "topic", "level", "seed", "choice"}, …]}``), each worked out again from its
    item: right or not, and the mistake; each result's id with its answer, the answer's
    pupil the ``pupil`` token (``classroom.pupils``) or, without one, the result's id.
    ``QuizError`` for anything else."""
    if not isinstance(payload, dict) or not isinstance(payload.get("results"), list):
        raise QuizError("lessons.error.message")
    name = nickname(str(payload.get("nickname", "")))
    token = payload.get("pupil")
    results = payload["results"]
    if len(results) > MOST_RESULTS:
        raise QuizError("lessons.error.message")
    kept = [_result(result, name, now) for result in results]
    return kept if not isinstance(token, str) else [(k, replace(a, pupil=token)) for k, a in kept]


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise QuizError("lessons.error.message")
    return value


def _result(result: object, name: str, now: float) -> tuple[str, Answer]:
    if not isinstance(result, dict):
        raise QuizError("lessons.error.message")
    key, topic = result.get("id"), result.get("topic")
    level, seed, choice = (_whole(result.get(field)) for field in ("level", "seed", "choice"))
    if not isinstance(key, str) or len(key) not in PUPIL_ID or not isinstance(topic, str):
        raise QuizError("lessons.error.message")
    if topic not in TOPICS or level not in LEVELS:
        raise QuizError("lessons.error.message")
    item = _item(topic, level, seed)
    if not 0 <= choice < len(item.choices):
        raise QuizError("lessons.error.message")
    chosen = item.choices[choice]
    right = chosen.is_right
    mistake = (
        None
        if chosen.mistake is None
        else worded_note(lambda lang: words(item, lang, spoken=True), choice, chosen.mistake.key)
    )
    return key, Answer(key, name, choice, right, topic, level, mistake, now)

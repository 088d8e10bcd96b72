"""The lessons' database: one SQLite file beside the tables' file, WAL, every write
committed (and synced) before the method returns.

A quiz is kept as its settings and seed (its items are made again from them, the same
items in any process), the question it is at and the phase of that question. Each
answer is kept once per pupil and question: a pupil's screen names itself with a random
id, and an answer sent again (after a lost connection) finds the first one kept.
Every answer also names the nickname, the topic, the level and the mistake behind a
wrong choice (worded in every language, as JSON), which is what the teacher's table of
mastery is read from, with the results of the app's Practice chapter: each result comes
with an id its screen gave it, so a result sent again (kept offline, sent on every
rejoin until acknowledged) is kept once. A walkthrough is kept as its example and the
teacher's step, with each pupil's answer to the step's question "Which tiles fit
here?" (once per pupil screen's id). The teacher's choices for the projector are kept
too (whether it shows the table of mastery), and every pupil's token with the nickname
it holds (``classroom.pupils``). Nothing is ever deleted but a pupil's answers and
results with the nickname the teacher removed (:meth:`LessonStore.release`), and by
:meth:`LessonStore.forget`, which deletes everything kept about pupils.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Protocol

from blockdomino.files import durable_database

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS quizzes (
    id TEXT PRIMARY KEY, topics TEXT NOT NULL, level INTEGER NOT NULL,
    count INTEGER NOT NULL, seconds INTEGER, seed INTEGER NOT NULL,
    names INTEGER NOT NULL DEFAULT 0, number INTEGER NOT NULL DEFAULT 0,
    phase TEXT NOT NULL, started REAL NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS answers (
    quiz_id TEXT NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
    number INTEGER NOT NULL, pupil TEXT NOT NULL, nickname TEXT NOT NULL,
    choice INTEGER NOT NULL, right INTEGER NOT NULL, topic TEXT NOT NULL,
    level INTEGER NOT NULL, mistake TEXT, answered REAL NOT NULL,
    PRIMARY KEY (quiz_id, number, pupil));
CREATE TABLE IF NOT EXISTS practice (
    id TEXT PRIMARY KEY, nickname TEXT NOT NULL, topic TEXT NOT NULL,
    level INTEGER NOT NULL, right INTEGER NOT NULL, mistake TEXT, answered REAL NOT NULL,
    pupil TEXT);
CREATE TABLE IF NOT EXISTS walks (
    id TEXT PRIMARY KEY, example TEXT NOT NULL, step INTEGER NOT NULL,
    over INTEGER NOT NULL DEFAULT 0, ask TEXT, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS fit_answers (
    walk_id TEXT NOT NULL REFERENCES walks(id) ON DELETE CASCADE,
    step INTEGER NOT NULL, pupil TEXT NOT NULL, tiles TEXT NOT NULL, answered REAL NOT NULL,
    PRIMARY KEY (walk_id, step, pupil));
CREATE TABLE IF NOT EXISTS choices (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pupils (
    token TEXT PRIMARY KEY, nickname TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
    created REAL NOT NULL);
"""
FILE_NAME: Final = "class-lessons.sqlite3"


def lessons_path(tables_file: Path) -> Path:
    """The lessons' database beside the tables' file ``tables_file``."""
    return tables_file.parent / FILE_NAME


@dataclass(frozen=True, slots=True)
class StoredQuiz:
    """A quiz as kept: its settings, seed, question (from 0), phase and when the
    question was put (seconds since the epoch)."""

    id: str
    topics: tuple[str, ...]
    level: int
    count: int
    seconds: int | None
    seed: int
    names: bool
    number: int
    phase: str
    started: float


@dataclass(frozen=True, slots=True)
class Answer:
    """One pupil's answer to one question."""

    pupil: str
    nickname: str
    choice: int
    right: bool
    topic: str
    level: int
    mistake: str | None
    answered: float


@dataclass(frozen=True, slots=True)
class StoredWalk:
    """A walkthrough as kept: which example, the step the teacher is at (from 0) and
    whether its question is being asked (``"asking"``), answered (``"revealed"``) or not
    put (``None``)."""

    id: str
    example: str
    step: int
    ask: str | None = None


class Lessons(Protocol):
    """What the quiz and the walkthrough keep and read: :class:`LessonStore` (SQLite, one
    process), or this process's copy of the lessons shared through Redis
    (``stores.mirror``)."""

    def add_quiz(self, quiz: StoredQuiz) -> None: ...
    def set_quiz(self, quiz: StoredQuiz) -> None: ...
    def current(self) -> StoredQuiz | None: ...
    def add_answer(self, quiz_id: str, number: int, answer: Answer) -> Answer: ...
    def answer_of(self, quiz_id: str, number: int, pupil: str) -> Answer | None: ...
    def answers(self, quiz_id: str, number: int) -> list[Answer]: ...
    def projected(self) -> bool: ...
    def project(self, shown: bool) -> None: ...
    def add_walk(self, walk: StoredWalk, created: float) -> None: ...
    def set_walk(self, walk: StoredWalk, over: bool = False) -> None: ...
    def current_walk(self) -> StoredWalk | None: ...
    def add_fit(
        self, walk_id: str, step: int, pupil: str, tiles: tuple[int, ...], when: float
    ) -> None: ...
    def fit_of(self, walk_id: str, step: int, pupil: str) -> tuple[int, ...] | None: ...
    def fits(self, walk_id: str, step: int) -> list[tuple[int, ...]]: ...


class LessonStore:
    """The lessons' database. An ``sqlite3.Error`` (a full disk) reaches the caller with
    nothing half written."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = durable_database(path, SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(practice)")}
        if "pupil" not in columns:  # kept before Practice results named their pupil
            with self.db:
                self.db.execute("ALTER TABLE practice ADD COLUMN pupil TEXT")

    def close(self) -> None:
        self.db.close()

    def _write(self, sql: str, values: tuple[object, ...]) -> int:
        """Run one statement in its own transaction: the rows it changed."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            return self.db.execute(sql, values).rowcount

    def add_quiz(self, quiz: StoredQuiz) -> None:
        """Keep a new quiz; every earlier one that is not over is over now."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("UPDATE quizzes SET phase = 'over' WHERE phase != 'over'")
            self.db.execute(
                "INSERT INTO quizzes (id, topics, level, count, seconds, seed, names, number, "
                "phase, started, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    quiz.id, json.dumps(quiz.topics), quiz.level, quiz.count, quiz.seconds,
                    quiz.seed, int(quiz.names), quiz.number, quiz.phase, quiz.started, time.time(),
                ),
            )  # fmt: skip

    def set_quiz(self, quiz: StoredQuiz) -> None:
        """Keep where ``quiz`` is now: its question, phase, start and whether it names."""
        self._write(
            "UPDATE quizzes SET number = ?, phase = ?, started = ?, names = ? WHERE id = ?",
            (quiz.number, quiz.phase, quiz.started, int(quiz.names), quiz.id),
        )

    def current(self) -> StoredQuiz | None:
        """The quiz that is not over, if one is running."""
        row = self.db.execute(
            "SELECT id, topics, level, count, seconds, seed, names, number, phase, started "
            "FROM quizzes WHERE phase != 'over' ORDER BY created DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        id_, topics, level, count, seconds, seed, names, number, phase, started = row
        return StoredQuiz(
            id_, tuple(json.loads(topics)), level, count, seconds, seed, bool(names), number,
            phase, started,
        )  # fmt: skip

    def add_answer(self, quiz_id: str, number: int, answer: Answer) -> Answer:
        """Keep ``answer`` to question ``number`` unless the pupil answered it already:
        the answer kept, the first one."""
        self._write(
            "INSERT OR IGNORE INTO answers (quiz_id, number, pupil, nickname, choice, right, "
            "topic, level, mistake, answered) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                quiz_id, number, answer.pupil, answer.nickname, answer.choice, int(answer.right),
                answer.topic, answer.level, answer.mistake, answer.answered,
            ),
        )  # fmt: skip
        kept = self.answer_of(quiz_id, number, answer.pupil)
        assert kept is not None
        return kept

    def answer_of(self, quiz_id: str, number: int, pupil: str) -> Answer | None:
        """The answer ``pupil`` gave to question ``number`` of the quiz, if any."""
        kept = [a for a in self.answers(quiz_id, number) if a.pupil == pupil]
        return kept[0] if kept else None

    def answers(self, quiz_id: str, number: int) -> list[Answer]:
        """Every answer to question ``number`` of the quiz, in the order they came."""
        rows = self.db.execute(
            "SELECT pupil, nickname, choice, right, topic, level, mistake, answered FROM answers "
            "WHERE quiz_id = ? AND number = ? ORDER BY answered, pupil",
            (quiz_id, number),
        ).fetchall()
        return [Answer(r[0], r[1], r[2], bool(r[3]), *r[4:]) for r in rows]

    def add_practice(self, results: list[tuple[str, Answer]]) -> int:
        """Keep the app's Practice results (each with its id) not kept yet, in one
        transaction: how many were new."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            before = self.db.total_changes
            self.db.executemany(
                "INSERT OR IGNORE INTO practice (id, nickname, topic, level, right, mistake, "
                "answered, pupil) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        key,
                        a.nickname,
                        a.topic,
                        a.level,
                        int(a.right),
                        a.mistake,
                        a.answered,
                        a.pupil,
                    )
                    for key, a in results
                ],
            )
            return self.db.total_changes - before

    def history(self) -> list[Answer]:
        """Every answer kept, from quizzes and from Practice, oldest first, each under
        the nickname its pupil's token holds now (a pupil the teacher renamed keeps every
        answer; one kept without a token, under the nickname it came with)."""
        rows = self.db.execute(
            "SELECT a.pupil, COALESCE(p.nickname, a.nickname), a.choice, a.right, a.topic, "
            "a.level, a.mistake, a.answered FROM answers a LEFT JOIN pupils p ON p.token = a.pupil "
            "UNION ALL SELECT COALESCE(r.pupil, r.id), COALESCE(p.nickname, r.nickname), -1, "
            "r.right, r.topic, r.level, r.mistake, r.answered "
            "FROM practice r LEFT JOIN pupils p ON p.token = r.pupil ORDER BY 8, 1"
        ).fetchall()
        return [Answer(r[0], r[1], r[2], bool(r[3]), *r[4:]) for r in rows]

    def projected(self) -> bool:
        """Whether the teacher shows the table of mastery on the projector (never
        before the teacher chooses it)."""
        row = self.db.execute("SELECT value FROM choices WHERE name = 'mastery'").fetchone()
        return row is not None and row[0] == "shown"

    def project(self, shown: bool) -> None:
        """Keep whether the projector shows the table of mastery."""
        self._write(
            "INSERT INTO choices (name, value) VALUES ('mastery', ?) "
            "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            ("shown" if shown else "hidden",),
        )

    def keep(self, quiz: StoredQuiz | None, walk: StoredWalk | None, shown: bool) -> None:
        """Keep the lessons' state as it is now, in one transaction: the quiz running
        (new, or where it is now; ``None``: none, every quiz over), the walkthrough
        running the same way, and whether the projector shows the table of mastery."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute(
                "UPDATE quizzes SET phase = 'over' WHERE phase != 'over' AND id != ?",
                ("" if quiz is None else quiz.id,),
            )
            if quiz is not None:
                self.db.execute(
                    "INSERT INTO quizzes (id, topics, level, count, seconds, seed, names, "
                    "number, phase, started, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (id) DO UPDATE SET number = excluded.number, "
                    "phase = excluded.phase, started = excluded.started, names = excluded.names",
                    (
                        quiz.id, json.dumps(quiz.topics), quiz.level, quiz.count, quiz.seconds,
                        quiz.seed, int(quiz.names), quiz.number, quiz.phase, quiz.started,
                        time.time(),
                    ),
                )  # fmt: skip
            self.db.execute(
                "UPDATE walks SET over = 1 WHERE over = 0 AND id != ?",
                ("" if walk is None else walk.id,),
            )
            if walk is not None:
                self.db.execute(
                    "INSERT INTO walks (id, example, step, ask, created) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (id) DO UPDATE SET step = excluded.step, ask = excluded.ask",
                    (walk.id, walk.example, walk.step, walk.ask, time.time()),
                )
            self.db.execute(
                "INSERT INTO choices (name, value) VALUES ('mastery', ?) "
                "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                ("shown" if shown else "hidden",),
            )

    def add_walk(self, walk: StoredWalk, created: float) -> None:
        """Keep a new walkthrough; every earlier one that is not over is over now."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("UPDATE walks SET over = 1 WHERE over = 0")
            self.db.execute(
                "INSERT INTO walks (id, example, step, created) VALUES (?, ?, ?, ?)",
                (walk.id, walk.example, walk.step, created),
            )

    def set_walk(self, walk: StoredWalk, over: bool = False) -> None:
        """Keep where ``walk`` is now (its step and question), or that it is ``over``."""
        self._write(
            "UPDATE walks SET step = ?, over = ?, ask = ? WHERE id = ?",
            (walk.step, int(over), walk.ask, walk.id),
        )

    def current_walk(self) -> StoredWalk | None:
        """The walkthrough that is not over, if one is running."""
        row = self.db.execute(
            "SELECT id, example, step, ask FROM walks WHERE over = 0 ORDER BY created DESC LIMIT 1"
        ).fetchone()
        return None if row is None else StoredWalk(*row)

    def add_fit(
        self, walk_id: str, step: int, pupil: str, tiles: tuple[int, ...], when: float
    ) -> None:
        """Keep a pupil's answer to a walkthrough step's question unless they answered
        it already (the first one stays)."""
        self._write(
            "INSERT OR IGNORE INTO fit_answers (walk_id, step, pupil, tiles, answered) "
            "VALUES (?, ?, ?, ?, ?)",
            (walk_id, step, pupil, json.dumps(tiles), when),
        )

    def fit_of(self, walk_id: str, step: int, pupil: str) -> tuple[int, ...] | None:
        """The answer ``pupil`` gave to the step's question, if any."""
        row = self.db.execute(
            "SELECT tiles FROM fit_answers WHERE walk_id = ? AND step = ? AND pupil = ?",
            (walk_id, step, pupil),
        ).fetchone()
        return None if row is None else tuple(json.loads(row[0]))

    def fits(self, walk_id: str, step: int) -> list[tuple[int, ...]]:
        """Every pupil's answer to the step's question, in the order they came."""
        rows = self.db.execute(
            "SELECT tiles FROM fit_answers WHERE walk_id = ? AND step = ? ORDER BY answered, pupil",
            (walk_id, step),
        ).fetchall()
        return [tuple(json.loads(row[0])) for row in rows]

    def given_answers(self, quiz_id: str) -> dict[str, Answer]:
        """Every answer to the quiz, by question and pupil (``"3:pupil"``)."""
        rows = self.db.execute(
            "SELECT number, pupil, nickname, choice, right, topic, level, mistake, answered "
            "FROM answers WHERE quiz_id = ?",
            (quiz_id,),
        ).fetchall()
        return {f"{r[0]}:{r[1]}": Answer(r[1], r[2], r[3], bool(r[4]), *r[5:]) for r in rows}

    def given_fits(self, walk_id: str) -> dict[str, tuple[float, tuple[int, ...]]]:
        """Every answer to the walkthrough's questions, by step and pupil (``"3:pupil"``):
        when it came, and the places of the tiles chosen."""
        rows = self.db.execute(
            "SELECT step, pupil, answered, tiles FROM fit_answers WHERE walk_id = ?", (walk_id,)
        ).fetchall()
        return {f"{r[0]}:{r[1]}": (float(r[2]), tuple(json.loads(r[3]))) for r in rows}

    def enroll(self, token: str, nickname: str) -> str:
        """Give ``nickname`` to the pupil ``token`` unless another token holds it (a
        nickname is held whatever its capitals): the token that holds it now."""
        self._write(
            "INSERT OR IGNORE INTO pupils (token, nickname, name_key, created) VALUES (?, ?, ?, ?)",
            (token, nickname, nickname.casefold(), time.time()),
        )
        return self.holder(nickname) or ""

    def rename(self, token: str, nickname: str) -> bool:
        """Give the pupil ``token`` the new ``nickname`` (the teacher renamed them: every
        answer of theirs stays theirs) unless another token holds it: whether it did."""
        try:
            return bool(
                self._write(
                    "UPDATE pupils SET nickname = ?, name_key = ? WHERE token = ?",
                    (nickname, nickname.casefold(), token),
                )
            )
        except sqlite3.IntegrityError:  # another token holds the nickname
            return False

    def release(self, token: str) -> None:
        """The pupil ``token`` holds no nickname any more (the teacher removed it): the
        nickname is free, the token names nobody, its quiz answers and Practice results
        are gone from the table of mastery (which would show them under the nickname
        removed) and its answers to the walkthroughs' questions are gone too, in one
        transaction."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            for table in (
                "pupils WHERE token",
                "answers WHERE pupil",
                "practice WHERE pupil",
                "fit_answers WHERE pupil",
            ):
                self.db.execute(f"DELETE FROM {table} = ?", (token,))

    def holder(self, nickname: str) -> str | None:
        """The pupil token that holds ``nickname`` (whatever its capitals), if one does."""
        row = self.db.execute(
            "SELECT token FROM pupils WHERE name_key = ?", (nickname.casefold(),)
        ).fetchone()
        return None if row is None else str(row[0])

    def nickname_of(self, token: str) -> str | None:
        """The nickname the pupil ``token`` holds, if it is a pupil's token."""
        row = self.db.execute("SELECT nickname FROM pupils WHERE token = ?", (token,)).fetchone()
        return None if row is None else str(row[0])

    def forget(self) -> None:
        """Delete everything kept about pupils: every quiz, answer and Practice result,
        every walkthrough and every answer to its questions, every pupil's token."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            for table in ("answers", "practice", "quizzes", "fit_answers", "walks", "pupils"):
                self.db.execute(f"DELETE FROM {table}")

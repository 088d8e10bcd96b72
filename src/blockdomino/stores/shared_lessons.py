"""The class's lessons shared through Redis by several server processes (``--redis URL``,
``--workers N``, or processes on several machines behind one address): the quiz, the
walkthrough, the projector's choice to show the table of mastery, every answer to them
and the Practice results.

Why Redis, beside the tables, and not the SQLite file: the processes sharing a class
may run on several machines, where a file is not shared; and a process must hear at
once that another one moved the quiz on, which a file does not say. So the lessons are
kept the way the tables are:

- The lessons' state (the quiz running with its question and phase, the walkthrough
  and its step, the projector's choice) has a version in Redis, counted up at every
  change. A process makes the change on its copy (``stores.mirror``) by the quiz's and
  the walkthrough's own rules, then sends it in one call of the Lua script that keeps
  a table's change too (``stores.redis_store.SCRIPT``): if the version is still the
  one its copy has, Redis writes the state, counts the version up and announces it on
  the tables' channel, all at once; no lock. If another process changed the lessons
  first, nothing is written: the process reads the lessons again and the rules judge
  the change again (the teacher's second "Show the answers" is then told the answers
  are shown already). So a timed question, whose timer runs in every process, is
  revealed exactly once: the first process to reveal it wins, the others find it
  revealed.
- An answer (a quiz's, or a walkthrough step's "Which tiles fit here?") is kept by one
  call of :data:`ONCE_SCRIPT`, only if the state's version is still the one the
  process judged it by (an answer to a question revealed meanwhile is judged again,
  and refused), and only if that pupil's screen has no answer to that question yet: an
  answer sent twice, to any process, counts once and the first one stays. A new answer
  is announced with its text, and every process adds it to its copy and tells its
  projector and teacher the new count. A quiz's answer goes to the list the table of
  mastery is read from in the same call, and so do the Practice results
  (:data:`PRACTICE_SCRIPT`, once per result's id): the teacher's table counts the
  answers given on every process.
- A process that hears a state version it does not have, or (re)subscribes to the
  channel, reads the lessons again whole: the state, and the answers to the quiz and
  to the walkthrough's step running. Every change is kept before any screen hears of
  it, so a process started again resumes the lessons as they are.

Every call to Redis while serving goes through redis-py's asyncio client; Redis
failing or slow (``stores.redis_store.WAIT_SECONDS``) is a ``CommitError`` said to the
pupil and the teacher in the catalogs' words (``lessons.error.shared``), Redis's own
words only in the server's log.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Final

import redis

from blockdomino.classroom.store import LESSONS, Part
from blockdomino.lessons.store import Answer
from blockdomino.stores.lesson_keeping import KeptLessons
from blockdomino.stores.mirror import Mirror, Once, State, answer_of, answer_text, state_of
from blockdomino.stores.redis_store import (
    ANSWERED_KEY,
    CHANNEL,
    HISTORY_KEY,
    PREFIX,
    Connection,
    Write,
    once_key,
)
from blockdomino.stores.shared_pupils import TOKENS_KEY
from blockdomino.stores.versioned import redis_said, versioned

STATE_KEY: Final = PREFIX + "lessons"
VERSION_KEY: Final = PREFIX + "lessons:version"
STATE = 2
"""The lessons' state among the keys of a change of it: after its version."""
PRACTICE_KEY: Final = PREFIX + "lessons:practice"
"""The ids of the Practice results kept."""
SHARED: Final = "lessons.error.shared"
"""What the pupil and the teacher are told when Redis fails."""

ONCE_SCRIPT: Final = versioned("""
if redis.call('HSETNX', KEYS[2], ARGV[3], ARGV[4]) == 1 then
  redis.call('SADD', KEYS[4], KEYS[2])
  if ARGV[6] == '1' then
    redis.call('RPUSH', KEYS[3], ARGV[4])
  end
  redis.call('PUBLISH', ARGV[2], ARGV[5])
end
return {1, version, redis.call('HGET', KEYS[2], ARGV[3])}
""")
"""An answer ``ARGV[4]`` kept under ``ARGV[3]`` in the hash ``KEYS[2]`` if the lessons'
version (``KEYS[1]``) is still ``ARGV[1]`` and nothing is kept there yet; then the hash
noted among those answered (``KEYS[4]``), the answer also put on the table of mastery's
list ``KEYS[3]`` (``ARGV[6]`` ``1``) and announced
(``ARGV[5]``). Answered ``{1, version, the answer kept}`` (the first one), or ``{0,
version}`` with nothing written."""
PRACTICE_SCRIPT: Final = """
local new = 0
for at = 1, #ARGV, 2 do
  if redis.call('HSETNX', KEYS[1], ARGV[at], '1') == 1 then
    redis.call('RPUSH', KEYS[2], ARGV[at + 1])
    new = new + 1
  end
end
return new
"""
"""Practice results (``ARGV``: id, answer, id, answer, …) not kept yet put on the table
of mastery's list ``KEYS[2]``, each id kept in ``KEYS[1]``: how many were new."""


def history_of(texts: list[Any], names: dict[Any, Any]) -> list[Answer]:
    """The table of mastery's answers from their kept ``texts``, oldest first, each
    under the nickname its pupil's token holds now (``names``, kept under
    ``TOKENS_KEY``): a pupil the teacher renamed keeps every answer."""
    now = {str(token): str(name) for token, name in names.items()}
    answers = (answer_of(str(text)) for text in texts)
    named = [replace(a, nickname=now.get(a.pupil, a.nickname)) for a in answers]
    return sorted(named, key=lambda a: (a.answered, a.pupil))


def loaded(client: redis.Redis) -> Mirror:
    """The lessons as Redis keeps them, read while the server starts (the blocking
    client): this process's copy."""
    version, texts = client.get(VERSION_KEY), client.hgetall(STATE_KEY)
    state = state_of(int(version or 0), {str(k): str(v) for k, v in texts.items()})
    mirror = Mirror()
    answers = {} if state.quiz is None else client.hgetall(once_key("answers", state.quiz.id))
    fits = {} if state.walk is None else client.hgetall(once_key("fits", state.walk.id))
    mirror.load(state, _texts(answers), _texts(fits))
    return mirror


def _texts(kept: Any) -> dict[str, str]:
    return {str(name): str(text) for name, text in dict(kept).items()}


class SharedLessons(KeptLessons, Connection):
    """The lessons' part of the Redis store (``stores.redis_class``): this process's
    copy of them (``mirror``), kept by the steps every store keeps its lessons' changes
    in (``stores.lesson_keeping.KeptLessons``)."""

    async def _keep_state(self, state: State) -> bool:
        texts, expected = state.texts(), self.mirror.state.version
        values = ("quiz", texts["quiz"], "walk", texts["walk"], "mastery", texts["mastery"])
        note = LESSONS + ":" + json.dumps({"version": expected + 1})
        writes = [Write(STATE_KEY, "hset", STATE, values)]
        with redis_said(SHARED):
            keys = [VERSION_KEY, STATE_KEY]
            written, version = await self.versioned_change(keys, expected, note, writes)
            if not written:
                await self._read_lessons()
        if written:
            self.mirror.settled(replace(state, version=int(version)))
        return bool(written)

    async def _keep_once(self, once: Once) -> bool:
        note = LESSONS + ":" + json.dumps({"kind": once.kind, "owner": once.owner,
                                           "name": once.name, "text": once.text})  # fmt: skip
        mastered = "1" if once.kind == "answers" else "0"
        arguments = [str(self.mirror.state.version), CHANNEL, once.name, once.text, note, mastered]
        keys = [VERSION_KEY, once_key(once.kind, once.owner), HISTORY_KEY, ANSWERED_KEY]
        with redis_said(SHARED):
            written, _, *kept = await self._script(ONCE_SCRIPT)(keys=keys, args=arguments)
            if not written:
                await self._read_lessons()
        if written:
            self.mirror.kept(replace(once, text=str(kept[0])))
        return bool(written)

    async def _lessons_behind(self) -> bool:
        with redis_said(SHARED):
            version = int(await self.client.get(VERSION_KEY) or 0)
            if version == self.mirror.state.version:
                return False
            await self._read_lessons()
        return True

    async def _read_lessons(self) -> None:
        """The lessons read again whole: the state, and the answers to its quiz and to
        its walkthrough."""
        client = self.client
        async with client.pipeline(transaction=True) as reading:
            reading.get(VERSION_KEY)
            reading.hgetall(STATE_KEY)
            version, texts = await reading.execute()
        state = state_of(int(version or 0), _texts(texts))
        answers = (
            {} if state.quiz is None else await client.hgetall(once_key("answers", state.quiz.id))
        )
        fits = {} if state.walk is None else await client.hgetall(once_key("fits", state.walk.id))
        self.mirror.load(state, _texts(answers), _texts(fits))

    async def heard_lessons(self, message: str) -> set[Part]:
        if message == LESSONS:
            async with self._lessons_lock:
                await self._read_lessons()
            return {"state", "answers", "fits"}
        note = json.loads(message.removeprefix(LESSONS + ":"))
        if "table" in note:
            return {"table"}
        if "version" in note:
            async with self._lessons_lock:
                if int(note["version"]) <= self.mirror.state.version:
                    return set()
                await self._read_lessons()
            return {"state", "answers", "fits"}
        once = Once(note["kind"], str(note["owner"]), str(note["name"]), str(note["text"]))
        return {once.kind} if self.mirror.kept(once) else set()

    async def history(self) -> list[Answer]:
        """Every answer kept, each under the nickname its pupil's token holds now; none
        of a token the teacher removed."""
        with redis_said(SHARED):
            client = self.client
            texts, names = await client.lrange(HISTORY_KEY, 0, -1), await client.hgetall(TOKENS_KEY)
        return history_of(texts, names)

    async def add_practice(self, results: list[tuple[str, Answer]]) -> int:
        arguments = []
        for key, result in results:
            arguments += [key, answer_text(replace(result, choice=-1))]
        with redis_said(SHARED):
            script = self._script(PRACTICE_SCRIPT)
            return int(await script(keys=[PRACTICE_KEY, HISTORY_KEY], args=arguments))

    async def table_drawn(self) -> None:
        with redis_said(SHARED):
            await self.client.publish(CHANNEL, LESSONS + ':{"table": 1}')

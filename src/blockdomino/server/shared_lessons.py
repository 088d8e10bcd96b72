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
  change. A process makes the change on its copy (``server.mirror``) by the quiz's and
  the walkthrough's own rules, then sends it in one call of a Lua script
  (:data:`STATE_SCRIPT`): if the version is still the one its copy has, Redis writes
  the state, counts the version up and announces it on the tables' channel, all at
  once; no lock. If another process changed the lessons first, nothing is written: the
  process reads the lessons again and the rules judge the change again (the teacher's
  second "Show the answers" is then told the answers are shown already). So a timed
  question, whose timer runs in every process, is revealed exactly once: the first
  process to reveal it wins, the others find it revealed.
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
failing or slow (``server.redis_store.WAIT_SECONDS``) is a ``CommitError`` said to the
pupil and the teacher in the catalogs' words (``lessons.error.shared``), Redis's own
words only in the server's log.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeVar

import redis
import redis.asyncio
from redis.commands.core import AsyncScript

from blockdomino.lessons.quiz import QuizError, QuizService
from blockdomino.lessons.store import Answer
from blockdomino.lessons.walkthrough import WalkService
from blockdomino.server.lesson_keeping import Part
from blockdomino.server.lessons import Classroom
from blockdomino.server.live import LESSONS
from blockdomino.server.mirror import Mirror, Once, State, answer_of, answer_text, state_of
from blockdomino.server.redis_store import CHANNEL, PREFIX
from blockdomino.server.shared_pupils import TOKENS_KEY, SharedPupils
from blockdomino.server.versioned import redis_failed, redis_said, until_done, versioned

T = TypeVar("T")
STATE_KEY: Final = PREFIX + "lessons"
VERSION_KEY: Final = PREFIX + "lessons:version"
HISTORY_KEY: Final = PREFIX + "lessons:history"
"""Every answer to a quiz and every Practice result, as the table of mastery reads them."""
PRACTICE_KEY: Final = PREFIX + "lessons:practice"
"""The ids of the Practice results kept."""
MOST_TRIES: Final = 8
"""How often a change is made again when other processes keep changing the lessons first."""
SHARED: Final = "lessons.error.shared"
"""What the pupil and the teacher are told when Redis fails."""

STATE_SCRIPT: Final = versioned("""
redis.call('HSET', KEYS[2], 'quiz', ARGV[3], 'walk', ARGV[4], 'mastery', ARGV[5])
version = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[2], 'lessons:{"version": ' .. version .. '}')
return {1, version}
""")
"""A new state of the lessons (``ARGV[3..5]``: the quiz, the walkthrough, the
projector's choice) kept if their version (``KEYS[1]``) is still ``ARGV[1]``, the
version counted up and announced on the channel ``ARGV[2]``; answered ``{1, new
version}`` or ``{0, version}`` with nothing written."""
ONCE_SCRIPT: Final = versioned("""
if redis.call('HSETNX', KEYS[2], ARGV[3], ARGV[4]) == 1 then
  if ARGV[6] == '1' then
    redis.call('RPUSH', KEYS[3], ARGV[4])
  end
  redis.call('PUBLISH', ARGV[2], ARGV[5])
end
return {1, version, redis.call('HGET', KEYS[2], ARGV[3])}
""")
"""An answer ``ARGV[4]`` kept under ``ARGV[3]`` in the hash ``KEYS[2]`` if the lessons'
version (``KEYS[1]``) is still ``ARGV[1]`` and nothing is kept there yet; then also
put on the table of mastery's list ``KEYS[3]`` (``ARGV[6]`` ``1``) and announced
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


def once_key(kind: str, owner: str) -> str:
    """The hash of the answers of ``kind`` to the quiz or walkthrough ``owner``."""
    return f"{PREFIX}lessons:{kind}:{owner}"


def history_of(texts: list[Any]) -> list[Answer]:
    """The table of mastery's answers from their kept ``texts``, oldest first."""
    return sorted(map(answer_of, map(str, texts)), key=lambda a: (a.answered, a.pupil))


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


@dataclass
class SharedLessons:
    """This process's part of the shared lessons: its copy of them, and the asyncio
    client of the shared tables (``client``, made in each serving process)."""

    client_of: Callable[[], redis.asyncio.Redis]
    mirror: Mirror
    tries: int = MOST_TRIES
    _scripts: dict[str, AsyncScript] = field(default_factory=dict, repr=False)
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    """Held while the copy is changed or read again: one change of this process at a time."""

    def _script(self, text: str) -> AsyncScript:
        if text not in self._scripts:
            self._scripts[text] = self.client_of().register_script(text)
        return self._scripts[text]

    async def change(self, apply: Callable[[], T], reload: Callable[[], None]) -> T:
        try:
            async with self._lock:
                return await until_done(
                    lambda: self._try(apply, reload), self.tries, "lessons", "lessons.error.busy"
                )
        except redis.RedisError as error:
            self.mirror.taken()
            reload()
            raise redis_failed(error, SHARED) from None

    async def _try(
        self, apply: Callable[[], T], reload: Callable[[], None]
    ) -> tuple[bool, T | None]:
        """One try of :meth:`change`: whether it is done, and what ``apply`` gave."""
        try:
            result = apply()
        except QuizError:
            self.mirror.taken()
            reload()
            if await self._behind():
                reload()
                return False, None
            raise
        except BaseException:
            self.mirror.taken()
            reload()
            raise
        state, once = self.mirror.taken()
        if state is not None:
            written = await self._keep_state(state)
        elif once is not None:
            written = await self._keep_once(once)
        else:
            return True, result
        if not written:
            await self._read()
            reload()
        return written, result

    async def _keep_state(self, state: State) -> bool:
        texts = state.texts()
        arguments = [str(self.mirror.state.version), CHANNEL, texts["quiz"], texts["walk"],
                     texts["mastery"]]  # fmt: skip
        written, version = await self._script(STATE_SCRIPT)(
            keys=[VERSION_KEY, STATE_KEY], args=arguments
        )
        if written:
            self.mirror.settled(replace(state, version=int(version)))
        return bool(written)

    async def _keep_once(self, once: Once) -> bool:
        note = LESSONS + ":" + json.dumps({"kind": once.kind, "owner": once.owner,
                                           "name": once.name, "text": once.text})  # fmt: skip
        mastered = "1" if once.kind == "answers" else "0"
        arguments = [str(self.mirror.state.version), CHANNEL, once.name, once.text, note, mastered]
        keys = [VERSION_KEY, once_key(once.kind, once.owner), HISTORY_KEY]
        written, _, *kept = await self._script(ONCE_SCRIPT)(keys=keys, args=arguments)
        if written:
            self.mirror.kept(replace(once, text=str(kept[0])))
        return bool(written)

    async def _behind(self) -> bool:
        """Whether this process's copy was behind Redis's (then read again): a change
        the rules refused on it is judged again."""
        version = int(await self.client_of().get(VERSION_KEY) or 0)
        if version == self.mirror.state.version:
            return False
        await self._read()
        return True

    async def _read(self) -> None:
        """The lessons read again whole: the state, and the answers to its quiz and to
        its walkthrough."""
        client = self.client_of()
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

    async def heard(self, message: str) -> set[Part]:
        if message == LESSONS:
            async with self._lock:
                await self._read()
            return {"state", "answers", "fits"}
        note = json.loads(message.removeprefix(LESSONS + ":"))
        if "table" in note:
            return {"table"}
        if "version" in note:
            async with self._lock:
                if int(note["version"]) <= self.mirror.state.version:
                    return set()
                await self._read()
            return {"state", "answers", "fits"}
        once = Once(note["kind"], str(note["owner"]), str(note["name"]), str(note["text"]))
        return {once.kind} if self.mirror.kept(once) else set()

    async def history(self) -> list[Answer]:
        """Every answer kept, each under the nickname its pupil's token holds now."""
        with redis_said(SHARED):
            client = self.client_of()
            texts, names = await client.lrange(HISTORY_KEY, 0, -1), await client.hgetall(TOKENS_KEY)
        now = {str(token): str(name) for token, name in names.items()}
        return [replace(a, nickname=now.get(a.pupil, a.nickname)) for a in history_of(texts)]

    async def add_practice(self, results: list[tuple[str, Answer]]) -> int:
        arguments = []
        for key, result in results:
            arguments += [key, answer_text(replace(result, choice=-1))]
        with redis_said(SHARED):
            script = self._script(PRACTICE_SCRIPT)
            return int(await script(keys=[PRACTICE_KEY, HISTORY_KEY], args=arguments))

    async def table_drawn(self) -> None:
        with redis_said(SHARED):
            await self.client_of().publish(CHANNEL, LESSONS + ':{"table": 1}')


def shared_classroom(client: Callable[[], redis.asyncio.Redis], mirror: Mirror) -> Classroom:
    """The class's lessons shared through Redis: this process's copy ``mirror``, read
    while the server starts, and ``client``, the asyncio client of the serving process."""
    kept = SharedLessons(client, mirror)
    return Classroom(QuizService(mirror), WalkService(mirror), kept, SharedPupils(client))

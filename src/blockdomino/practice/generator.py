"""Making items: one from a topic, a level and a seed; a set of different ones.

The same topic, level and seed always give the same item, in any process: every
random choice is drawn from a generator seeded with them. A set never holds the same
exercise twice, nor one question twice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache, partial
from typing import Any, Final

from blockdomino.engine.errors import BlockdominoError
from blockdomino.practice.items import LEVELS, Item
from blockdomino.practice.topics import BY_ID, TOPICS
from blockdomino.practice.wording import words
from blockdomino.words.i18n import LANGS

ATTEMPTS: Final = 200
"""Rounds a topic may deal before it gives up (none comes near it)."""


MISSES: Final = 20
"""Seeds in a row a topic may try without a new question before a set stops asking
it: that topic and level hold no more different questions."""


class PracticeError(BlockdominoError):
    """A request the generator cannot meet: an unknown topic, a level outside 1–3, too
    few different questions."""

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Rebuilt from its key and values, so that a worker typesetting a batch can hand
        it back to the command."""
        return partial(type(self), **self.params), (self.key,)


def check_request(topics: Sequence[str], level: int) -> None:
    """Refuse a topic not in the registry or a level the topics do not have, with a
    message for the learner."""
    for topic in topics:
        if topic not in BY_ID:
            raise PracticeError("practice.error.topic", topic=topic, known=", ".join(TOPICS))
    if level not in LEVELS or any(level not in BY_ID[topic].levels for topic in topics):
        raise PracticeError("practice.error.level", level=level)


@lru_cache(maxsize=4096)
def generate(topic: str, level: int, seed: int) -> Item:
    """The item of ``topic`` at ``level`` that ``seed`` makes (an immutable value, kept
    for the next to ask: the same quiz on thirty screens, a sheet and its key, an item
    of the topic that reads hands with the coach in a tenth of a second)."""
    check_request([topic], level)
    maker = BY_ID[topic].maker
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"{topic}:{level}:{seed}:{attempt}")
        draft = maker(level, rng)
        item = None if draft is None else draft.item(topic, level, seed, rng)
        if item is not None:
            return item
    raise RuntimeError(f"no {topic} item at level {level} from seed {seed}")


def _question(item: Item) -> tuple[str, ...]:
    """What a pupil reads as the question, in every language."""
    return tuple(words(item, lang).question for lang in LANGS)


def item_set(topics: Sequence[str], level: int, count: int, seed: int) -> list[Item]:
    """``count`` different items, the topics taking turns, all made from ``seed``.

    No two items of a set are one exercise, nor read as one question (in any language).
    A topic that has no new question after ``MISSES`` seeds in a row drops out and the
    other topics fill its turns; when every topic has dropped out, there are too few
    different questions and the learner is told so."""
    check_request(topics, level)
    items: list[Item] = []
    seen: set[object] = set()
    asking = list(topics)
    misses = dict.fromkeys(asking, 0)
    number = 0
    while asking and len(items) < count:
        topic = asking[len(items) % len(asking)]
        item = generate(topic, level, seed * 1_000_003 + number)
        number += 1
        question = _question(item)
        if item.identity in seen or question in seen:
            misses[topic] += 1
            if misses[topic] == MISSES:
                asking.remove(topic)
            continue
        misses[topic] = 0
        seen.update((item.identity, question))
        items.append(item)
    if len(items) < count:
        raise PracticeError("practice.error.too_few", count=count)
    return items

"""Making items: one from a topic, a level and a seed; a set of different ones.

The same topic, level and seed always give the same item, in any process: every
random choice is drawn from a generator seeded with them. A set never holds the same
exercise twice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from blockdomino.engine.errors import BlockdominoError
from blockdomino.practice.chains import doubles, matching
from blockdomino.practice.drafts import Maker
from blockdomino.practice.items import LEVELS, TOPICS, Item
from blockdomino.practice.leader import leader
from blockdomino.practice.passes import reading_passes
from blockdomino.practice.scoring import scoring
from blockdomino.practice.strategy import strategy
from blockdomino.practice.turns import blocked, passing

MAKERS: Final[dict[str, Maker]] = {
    "matching": matching,
    "doubles": doubles,
    "passing": passing,
    "blocked": blocked,
    "scoring": scoring,
    "leader": leader,
    "passes": reading_passes,
    "strategy": strategy,
}
"""Each topic's maker, in the order of ``TOPICS``."""

ATTEMPTS: Final = 200
"""Rounds a topic may deal before it gives up (none comes near it)."""


SEEDS_PER_ITEM: Final = 20
"""Seeds a set may try per item before it says there are too few different items."""


class PracticeError(BlockdominoError):
    """A request the generator cannot meet: an unknown topic, a level outside 1–3."""


def check_request(topics: Sequence[str], level: int) -> None:
    """Refuse an unknown topic or a level outside 1–3, with a message for the learner."""
    for topic in topics:
        if topic not in MAKERS:
            raise PracticeError("practice.error.topic", topic=topic, known=", ".join(TOPICS))
    if level not in LEVELS:
        raise PracticeError("practice.error.level", level=level)


def generate(topic: str, level: int, seed: int) -> Item:
    """The item of ``topic`` at ``level`` that ``seed`` makes."""
    check_request([topic], level)
    maker = MAKERS[topic]
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"{topic}:{level}:{seed}:{attempt}")
        draft = maker(level, rng)
        item = None if draft is None else draft.item(topic, level, seed, rng)
        if item is not None:
            return item
    raise RuntimeError(f"no {topic} item at level {level} from seed {seed}")


def item_set(topics: Sequence[str], level: int, count: int, seed: int) -> list[Item]:
    """``count`` different items, the topics taking turns, all made from ``seed``."""
    check_request(topics, level)
    items: list[Item] = []
    seen: set[tuple[object, ...]] = set()
    for number in range(count * SEEDS_PER_ITEM):
        topic = topics[len(items) % len(topics)]
        item = generate(topic, level, seed * 1_000_003 + number)
        if item.identity not in seen:
            seen.add(item.identity)
            items.append(item)
        if len(items) == count:
            return items
    raise PracticeError("practice.error.too_few", count=count)

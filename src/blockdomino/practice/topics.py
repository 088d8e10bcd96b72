"""The one table of practice topics: every place that lists topics reads it.

A topic is its id (what progress, results and commands name it by), its name in the
catalogs, the maker that deals its items, and for each of its levels the chapter
sections the level relies on (``practice.taught``). The generator, the worksheets and
the Moodle bank, the Practice screen (in the notebooks and the app), the class server's
quiz and its table of Practice results all read the topics from here, in this order
(the tutorial's). Saved progress and results are keyed by topic id, so a new topic
added here leaves every saved progress readable: it simply starts at level 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from blockdomino.practice.chains import doubles, matching
from blockdomino.practice.drafts import Maker
from blockdomino.practice.holds import probably_holds
from blockdomino.practice.items import LEVELS
from blockdomino.practice.leader import leader
from blockdomino.practice.passes import reading_passes
from blockdomino.practice.scoring import scoring
from blockdomino.practice.strategy import strategy
from blockdomino.practice.taught import (
    CLOSING,
    COUNTING,
    END,
    ENDS,
    EXAMPLE,
    HEAVY,
    LINES,
    MATCH,
    MUST,
    OPENING,
    OUT,
    PASS,
    PRESETS,
    READING,
    SEATS,
    STAYS,
    ZERO,
    Section,
)
from blockdomino.practice.turns import blocked, passing


@dataclass(frozen=True, slots=True)
class Topic:
    """One practice topic: ``id``, the catalog key of its ``name`` (``practice.topic.<id>``,
    as the class pages' script names it too), its ``maker``, the chapter sections each
    level relies on (``taught``, levels 1–3 in order), and whether its printed items
    leave a box to work out sums in (``worked``)."""

    id: str
    name: str
    maker: Maker
    taught: tuple[tuple[Section, ...], ...]
    worked: bool = False

    @property
    def levels(self) -> tuple[int, ...]:
        """The topic's levels: one for each entry of ``taught``."""
        return LEVELS[: len(self.taught)]


REGISTRY: Final[tuple[Topic, ...]] = (
    Topic(
        "matching",
        "practice.topic.matching",
        matching,
        ((ENDS, ZERO), (ENDS, ZERO), (ENDS, ZERO, LINES)),
    ),
    Topic(
        "doubles",
        "practice.topic.doubles",
        doubles,
        ((LINES, STAYS), (LINES, OPENING), (LINES, STAYS, OPENING)),
    ),
    Topic(
        "passing",
        "practice.topic.passing",
        passing,
        ((OUT, MUST), (OUT, EXAMPLE, MUST), (OUT, EXAMPLE, MUST)),
    ),
    Topic(
        "blocked",
        "practice.topic.blocked",
        blocked,
        ((EXAMPLE, END), (EXAMPLE, END), (EXAMPLE, END, PRESETS, SEATS)),
    ),
    Topic(
        "scoring",
        "practice.topic.scoring",
        scoring,
        ((END, PRESETS), (END, PRESETS), (END, PRESETS, SEATS, MATCH)),
        worked=True,
    ),
    Topic(
        "leader", "practice.topic.leader", leader, ((PRESETS,), (PRESETS, SEATS), (PRESETS, MATCH))
    ),
    Topic(
        "passes",
        "practice.topic.passes",
        reading_passes,
        ((OUT, EXAMPLE), (OUT, EXAMPLE), (OUT, EXAMPLE, COUNTING)),
    ),
    Topic(
        "strategy",
        "practice.topic.strategy",
        strategy,
        ((COUNTING, HEAVY), (COUNTING, PASS, HEAVY), (COUNTING, PASS, HEAVY, CLOSING)),
    ),
    Topic(
        "holds",
        "practice.topic.holds",
        probably_holds,
        ((OUT, COUNTING), (READING,), (OUT, COUNTING, READING)),
    ),
)
"""Every practice topic, in the order of the tutorial."""

TOPICS: Final[tuple[str, ...]] = tuple(topic.id for topic in REGISTRY)
"""The topics' ids, in the registry's order."""

BY_ID: Final[Mapping[str, Topic]] = {topic.id: topic for topic in REGISTRY}
"""Each topic by its id."""

TOPIC_NAMES: Final[Mapping[str, str]] = {topic.id: topic.name for topic in REGISTRY}
"""Each topic's name in the catalogs, by id."""

TAUGHT: Final[Mapping[tuple[str, int], tuple[Section, ...]]] = {
    (topic.id, level): sections
    for topic in REGISTRY
    for level, sections in zip(topic.levels, topic.taught, strict=True)
}
"""The chapter sections each topic and level relies on."""

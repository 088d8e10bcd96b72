"""Nothing asked that was not taught: the chapter sections topics rely on (each topic
names its own, level by level, in ``practice.topics``), and the rules the items use
with the chapter text that teaches each.

A section is a chapter (its source's name, as in ``notebooks/source``) and the catalog
key of its heading; it holds every text of the chapter up to the next heading of its
rank or higher. ``RULES`` names, for each rule an item may use, the practice sentences
that use it and the chapter text that teaches it: an item of a topic and level may use
a rule only when that text stands in one of the topic and level's sections.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NamedTuple

Section = tuple[str, str]
"""A chapter's source name and the catalog key of a heading in it."""

ENDS: Final = ("01_matching", "nb.matching.ends.heading")
ZERO: Final = ("01_matching", "nb.matching.zero.heading")
LINES: Final = ("02_doubles", "nb.doubles.lines.heading")
STAYS: Final = ("02_doubles", "nb.doubles.stays.heading")
OPENING: Final = ("02_doubles", "nb.doubles.opening.heading")
OUT: Final = ("03_passing", "nb.passing.out.heading")
EXAMPLE: Final = ("03_passing", "nb.passing.example.heading")
MUST: Final = ("03_passing", "nb.passing.must.heading")
END: Final = ("04_scoring", "nb.scoring.end.heading")
PRESETS: Final = ("04_scoring", "nb.scoring.presets.heading")
SEATS: Final = ("04_scoring", "nb.scoring.seats.heading")
"""The section that teaches the team game's seats with the table's picture the items
show: who sits where, who are partners, who plays next."""
MATCH: Final = ("04_scoring", "nb.scoring.match.heading")
COUNTING: Final = ("06_strategy", "nb.strategy.counting.heading")
PASS: Final = ("06_strategy", "nb.strategy.pass.heading")
HEAVY: Final = ("06_strategy", "nb.strategy.heavy.heading")
CLOSING: Final = ("06_strategy", "nb.strategy.closing.heading")
READING: Final = ("06_strategy", "nb.strategy.reading.heading")


class Rule(NamedTuple):
    """A rule of the game: the practice sentences that use it, and the chapter text
    that teaches it."""

    used_by: frozenset[str]
    taught_by: str


RULES: Final[Mapping[str, Rule]] = {
    "the fair draw: each player draws one tile, the most pips leads, the tied draw again": Rule(
        frozenset(
            {
                "practice.leader.fair_draw",
                "practice.explain.most_pips",
                "practice.explain.tie_redraw",
            }
        ),
        "nb.scoring.match",
    ),
    "in the team game play passes to the right of the leader": Rule(
        frozenset({"practice.leader.partnership", "practice.explain.to_the_right"}),
        "nb.scoring.seats",
    ),
    "in a single game the holder of the highest double opens with it": Rule(
        frozenset({"practice.leader.block", "practice.explain.highest_double"}),
        "nb.scoring.leader.highest_double",
    ),
    "an opening double has both lines free": Rule(
        frozenset({"practice.given.opening_double", "practice.explain.opening_double"}),
        "nb.doubles.opening",
    ),
    "a match's target is checked when all the round's points are counted": Rule(
        frozenset({"practice.match.goes_on", "practice.match.won"}),
        "nb.scoring.match",
    ),
}
"""The rules items use, each with what uses it and what teaches it."""

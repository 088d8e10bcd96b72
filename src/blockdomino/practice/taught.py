"""Nothing asked that was not taught: the chapter sections each topic and level relies
on, and the rules the items use with the chapter text that teaches each.

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

_ENDS: Final = ("01_matching", "nb.matching.ends.heading")
_ZERO: Final = ("01_matching", "nb.matching.zero.heading")
_LINES: Final = ("02_doubles", "nb.doubles.lines.heading")
_STAYS: Final = ("02_doubles", "nb.doubles.stays.heading")
_OPENING: Final = ("02_doubles", "nb.doubles.opening.heading")
_OUT: Final = ("03_passing", "nb.passing.out.heading")
_EXAMPLE: Final = ("03_passing", "nb.passing.example.heading")
_MUST: Final = ("03_passing", "nb.passing.must.heading")
_END: Final = ("04_scoring", "nb.scoring.end.heading")
_PRESETS: Final = ("04_scoring", "nb.scoring.presets.heading")
SEATS: Final = ("04_scoring", "nb.scoring.seats.heading")
"""The section that teaches the team game's seats with the table's picture the items
show: who sits where, who are partners, who plays next."""
_MATCH: Final = ("04_scoring", "nb.scoring.match.heading")
_COUNTING: Final = ("06_strategy", "nb.strategy.counting.heading")
_PASS: Final = ("06_strategy", "nb.strategy.pass.heading")
_HEAVY: Final = ("06_strategy", "nb.strategy.heavy.heading")
_CLOSING: Final = ("06_strategy", "nb.strategy.closing.heading")

TAUGHT: Final[Mapping[tuple[str, int], tuple[Section, ...]]] = {
    ("matching", 1): (_ENDS, _ZERO),
    ("matching", 2): (_ENDS, _ZERO),
    ("matching", 3): (_ENDS, _ZERO, _LINES),
    ("doubles", 1): (_LINES, _STAYS),
    ("doubles", 2): (_LINES, _OPENING),
    ("doubles", 3): (_LINES, _STAYS, _OPENING),
    ("passing", 1): (_OUT, _MUST),
    ("passing", 2): (_OUT, _EXAMPLE, _MUST),
    ("passing", 3): (_OUT, _EXAMPLE, _MUST),
    ("blocked", 1): (_EXAMPLE, _END),
    ("blocked", 2): (_EXAMPLE, _END),
    ("blocked", 3): (_EXAMPLE, _END, _PRESETS, SEATS),
    ("scoring", 1): (_END, _PRESETS),
    ("scoring", 2): (_END, _PRESETS),
    ("scoring", 3): (_END, _PRESETS, SEATS, _MATCH),
    ("leader", 1): (_PRESETS,),
    ("leader", 2): (_PRESETS, SEATS),
    ("leader", 3): (_PRESETS, _MATCH),
    ("passes", 1): (_OUT, _EXAMPLE),
    ("passes", 2): (_OUT, _EXAMPLE),
    ("passes", 3): (_OUT, _EXAMPLE, _COUNTING),
    ("strategy", 1): (_COUNTING, _HEAVY),
    ("strategy", 2): (_COUNTING, _PASS, _HEAVY),
    ("strategy", 3): (_COUNTING, _PASS, _HEAVY, _CLOSING),
}
"""The chapter sections each topic and level relies on."""


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

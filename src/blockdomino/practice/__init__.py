"""Practice without end: exercises made by the engine, for the screen and for paper.

- ``generate(topic, level, seed)``: one item; the same arguments, the same item.
- ``item_set(topics, level, count, seed)``: different items, the topics taking turns.
- ``check(item, chosen)``: the feedback on a choice; ``words(item, lang)``: the item in
  Finnish, Swedish or English; ``Mastery``: five right in a row, the next level.

Topics (``REGISTRY``, the one table of them; ``TOPICS``: their ids), each at levels
1–3: matching, doubles, passing, blocked, scoring, leader, passes (reading passes),
strategy and holds (what a player probably holds). Every answer is worked out by the engine,
and every other choice is a mistake pupils make. ``blockdomino worksheet`` prints sets
of items as PDF sheets (``practice.command``).
"""

from blockdomino.practice.generator import PracticeError, generate, item_set
from blockdomino.practice.items import (
    LEVELS,
    STREAK,
    Choice,
    Feedback,
    Item,
    Mastery,
    Phrase,
    check,
)
from blockdomino.practice.topics import REGISTRY, TOPICS, Topic
from blockdomino.practice.wording import ItemText, words

__all__ = [
    "LEVELS",
    "REGISTRY",
    "STREAK",
    "TOPICS",
    "Choice",
    "Feedback",
    "Item",
    "ItemText",
    "Mastery",
    "Phrase",
    "PracticeError",
    "Topic",
    "check",
    "generate",
    "item_set",
    "words",
]

"""Nothing asked that was not taught: every topic and level names the chapter sections
it relies on (``practice.taught.TAUGHT``), each section is a heading of its chapter, and
every rule an item or its explanation uses (``RULES``) is taught in one of them, in the
words the rule says (read from the notebooks' sources and catalogs)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from blockdomino.practice import generate
from blockdomino.practice.items import LEVELS, Item, Phrase
from blockdomino.practice.taught import RULES, SEATS, Section
from blockdomino.practice.topics import TAUGHT, TOPICS
from blockdomino.words.i18n import translate

SOURCES = Path(__file__).resolve().parents[2] / "notebooks" / "source"
HEADING = re.compile(r"^# (#+) \{\{(nb\.[a-z_.]+)\}\}")
KEY = re.compile(r"nb\.[a-z_]+(?:\.[a-z_]+)*")
SEEDS = range(30)
WORDS = {
    "nb.scoring.match": ("fair draw", "one tile", "most pips", "tie", "new tiles"),
    "nb.scoring.seats": ("clockwise", "passes to the right", "opposite", "After Player 1 comes"),
    "nb.scoring.leader.highest_double": ("highest double", "opens with it"),
    "nb.doubles.opening": ("both its lines are free",),
}
"""What the English text teaching a rule says (the Finnish and Swedish follow it)."""


def sections() -> dict[Section, set[str]]:
    """Every heading of every chapter with the catalog keys of the texts under it, up
    to the next heading of its rank or higher."""
    found: dict[Section, set[str]] = {}
    for source in sorted(SOURCES.glob("[0-9]*.py")):
        open_headings: list[tuple[int, Section]] = []
        for line in source.read_text(encoding="utf-8").splitlines():
            heading = HEADING.match(line)
            if heading:
                rank = len(heading[1])
                open_headings = [(r, s) for r, s in open_headings if r < rank]
                open_headings.append((rank, (source.stem, heading[2])))
                found[(source.stem, heading[2])] = set()
                continue
            for _, section in open_headings:
                found[section].update(KEY.findall(line))
    return found


SECTIONS = sections()


def _keys(value: object) -> Iterator[str]:
    """The catalog keys of a phrase and of the phrases in its values."""
    if isinstance(value, Phrase):
        yield value.key
        for _, param in value.params:
            yield from _keys(param)
    elif isinstance(value, tuple):
        for part in value:
            yield from _keys(part)


def used(item: Item) -> set[str]:
    """Every sentence the item's question, choices and explanation are made of."""
    said = [*item.question, *item.explanation]
    for choice in item.choices:
        said.append(choice.text)
        if choice.mistake is not None:
            said.append(choice.mistake)
    return {key for sentence in said for key in _keys(sentence)}


def test_every_topic_and_level_names_sections_of_the_chapters() -> None:
    assert set(TAUGHT) == {(topic, level) for topic in TOPICS for level in LEVELS}
    for relied_on in TAUGHT.values():
        assert relied_on
        assert set(relied_on) <= set(SECTIONS)


@pytest.mark.parametrize("topic", TOPICS)
def test_every_rule_an_item_uses_is_taught_in_its_sections(topic: str) -> None:
    for level in LEVELS:
        taught = set().union(*(SECTIONS[section] for section in TAUGHT[(topic, level)]))
        for seed in SEEDS:
            keys = used(generate(topic, level, seed))
            for name, rule in RULES.items():
                if keys & rule.used_by:
                    assert rule.taught_by in taught, (topic, level, name)


def test_the_rules_are_used_by_items() -> None:
    """Each rule's sentences are the practice's own, and some item uses each rule."""
    seen = {key for topic in TOPICS for level in LEVELS for key in used(generate(topic, level, 0))}
    seen |= {key for seed in SEEDS for key in used(generate("leader", 3, seed))}
    seen |= {key for seed in SEEDS for key in used(generate("scoring", 3, seed))}
    for rule in RULES.values():
        assert rule.used_by & seen


@pytest.mark.parametrize(("key", "said"), WORDS.items())
def test_the_teaching_text_says_the_rule(key: str, said: tuple[str, ...]) -> None:
    text = translate(key, "en")
    for words in said:
        assert words in text


def test_team_game_items_rely_on_the_section_with_the_table_they_show() -> None:
    """Every topic and level whose items show a team game's table names the section that
    teaches the seats, and that section shows the very picture (the practice's own)."""
    teams = {
        (topic, level)
        for topic in TOPICS
        for level in LEVELS
        for seed in SEEDS
        if generate(topic, level, seed).position.rules.partnership
    }
    assert ("leader", 2) in teams
    for relied_on in teams:
        assert SEATS in TAUGHT[relied_on], relied_on
    chapter, heading = SEATS
    text = (SOURCES / f"{chapter}.py").read_text(encoding="utf-8")
    section = text.split(f"{{{{{heading}}}}}", 1)[1].split("\n# #", 1)[0]
    assert "{{figure:seating:partnership}}" in section
    assert "{{nb.scoring.seats}}" in section

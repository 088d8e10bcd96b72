"""A Moodle question bank a teacher can upload and read: each question named in the
bank's language by the question itself, shortened, and a bank for a class of 30 (12
items each) under the 2 MB upload limit many school Moodles keep, its pictures drawn
compactly but the same: every tile and every pip still there."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from blockdomino.practice import generate, words
from blockdomino.practice.compact import minified, trimmed
from blockdomino.practice.export import figures
from blockdomino.practice.moodle import NAME_LENGTH, question_bank
from blockdomino.practice.sheets import variants
from blockdomino.practice.topics import TOPICS

LIMITS = {1: 2_000_000, 2: 2_000_000, 3: 2 * 1024 * 1024}
"""The most bytes a class bank may take, by level: 2 MB; at level 3 (longer chains, four
hands and the table in a team game) PHP's default upload limit itself, "2M", 2 MiB."""
ARCS = re.compile(r"a3\.2 3\.2 0 1 0 6\.4 0")


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_questions_are_named_by_their_question_in_the_bank_s_language(lang: str) -> None:
    sheets = variants(TOPICS, 2, 8, 2, 4)
    quiz = ET.fromstring(question_bank(sheets, lang))
    names = [q.findtext("name/text") or "" for q in quiz.findall("question[@type='multichoice']")]
    assert len(set(names)) == len(names) == 16
    places = {
        f"{sheet}.{n}": item
        for sheet, items in enumerate(sheets, 1)
        for n, item in enumerate(items, 1)
    }
    for name in names:
        place, said = name.split(" ", 1)
        question = words(places[place], lang).question
        asks = [s for s in re.split(r"(?<=[.?!])\s+", question) if s.endswith("?")]
        assert said.startswith(asks[-1][: NAME_LENGTH - 2].rsplit(" ", 1)[0])
        assert len(said) <= NAME_LENGTH + 2
        assert not set(re.findall(r"[a-z_]+", said)) & set(TOPICS)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_class_bank_stays_under_the_upload_limit(level: int) -> None:
    bank = question_bank(variants(TOPICS, level, 12, 30, 7), "fi")
    assert len(bank) <= LIMITS[level]


@pytest.mark.parametrize("topic", TOPICS)
def test_compact_pictures_keep_every_tile_and_pip(topic: str) -> None:
    for seed in range(3):
        for _, image in figures(generate(topic, 3, seed), "en"):
            small = minified(trimmed(image))
            assert len(small) < len(image)
            root = ET.fromstring(small)
            assert root.get("viewBox")
            tiles = len(re.findall(r"<rect class=\"face\"", image))
            assert len(re.findall(r"<use href=", small)) == tiles
            dots = sum(d.count("h0") for d in re.findall(r'class="dot" d="([^"]*)"', small))
            assert dots == len(ARCS.findall(image))
            named = set(re.findall(r'\sid="([^"]+)"', small))
            assert set(re.findall(r'(?:url\(|href=")#([^")]+)', small)) <= named

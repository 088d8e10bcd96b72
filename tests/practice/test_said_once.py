"""Each fact said once: over every topic, level, many seeds and fi/sv/en, an item's
question (with the captions of its pictures, which a pupil reads beside it) and its
explanation each say no sentence twice and no move twice, hold no kind of sentence
twice, state a match's target once, name a team's partners once and the seats' order
once; and no name trails in brackets after the question's question mark."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest

from blockdomino.practice import generate
from blockdomino.practice.export import captions
from blockdomino.practice.items import LEVELS, Item, Param, Phrase, Points
from blockdomino.practice.topics import TOPICS
from blockdomino.practice.wording import words
from blockdomino.words.i18n import LANGS, format_list, translate
from blockdomino.words.text import player_name

SEEDS = range(40)
SENTENCE = re.compile(r"(?<=[.!?])\s+")
TILE = r"\[\d\|\d\]"


def _sentences(text: str) -> list[str]:
    return [part.strip().lower() for part in SENTENCE.split(text) if part.strip()]


def _moves(text: str, lang: str) -> list[str]:
    """Every move ("[5|6] on the 6") the text names, as the catalogs word a move."""
    found = []
    for key in ("practice.move", "practice.move.both"):
        pattern = re.escape(translate(key, lang, tile="\0", number="\1"))
        pattern = pattern.replace("\0", TILE).replace("\1", r"\d")
        found += re.findall(pattern, text)
    return found


def _repeated(said: list[str]) -> list[str]:
    return [part for part, count in Counter(said).items() if count > 1]


def _targets(value: Param) -> Iterator[int]:
    """Every target the phrases name, as a number of points."""
    if isinstance(value, Phrase):
        for name, param in value.params:
            if name == "target":
                yield param.count if isinstance(param, Points) else int(str(param))
            else:
                yield from _targets(param)
    elif isinstance(value, tuple):
        for part in value:
            yield from _targets(part)


def _partners(item: Item, lang: str) -> list[str]:
    """Each team with its partners, as the explanations name it: "Team 1 (Player 1 and
    Player 3)"."""
    if not item.position.rules.partnership:
        return []
    return [
        translate(
            "term.team_members",
            lang,
            team=number + 1,
            members=format_list([player_name(seat, lang) for seat in side], lang),
        )
        for number, side in enumerate(item.position.rules.sides())
    ]


def _faults(item: Item, lang: str) -> list[str]:
    text = words(item, lang)
    question = " ".join([text.question, *captions(item, lang)])
    faults = []
    for part, said in (("question", question), ("explanation", text.explanation)):
        faults += [f"{part} says twice: {s}" for s in _repeated(_sentences(said))]
        faults += [f"{part} names twice: {m}" for m in _repeated(_moves(said, lang))]
        faults += [
            f"{part} names twice: {team}" for team in _partners(item, lang) if said.count(team) > 1
        ]
    for part, phrases in (("question", item.question), ("explanation", item.explanation)):
        keys = [sentence.key for sentence in phrases if isinstance(sentence, Phrase)]
        faults += [f"{part} holds twice: {key}" for key in _repeated(keys)]
    targets = list(_targets(item.question))
    faults += [
        f"question states the target {t} twice" for t in _repeated([str(n) for n in targets])
    ]
    clockwise = translate("nb.scoring.direction.clockwise", lang)
    if question.count(clockwise) > 1:
        faults.append(f"question and captions say the seats' order twice: {question}")
    if re.search(r"\?\s*\([^()]*\)\s*$", text.question):
        faults.append(f"a name trails after the question: {text.question}")
    return faults


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", TOPICS)
def test_every_item_says_each_fact_once(topic: str, lang: str) -> None:
    faults = {
        (level, seed): found
        for level in LEVELS
        for seed in SEEDS
        if (found := _faults(generate(topic, level, seed), lang))
    }
    assert not faults, faults


MOVE = {"en": r"\[\d\|\d\] on the \d", "fi": r"\[\d\|\d\] päähän \d", "sv": r"\[\d\|\d\] vid \d"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("topic", TOPICS)
def test_no_explanation_names_the_same_move_twice(topic: str, level: int, lang: str) -> None:
    """A tile that fits two ends showing the same number is said once, as two moves;
    and "a 6 or a 6" is said "a 6". (The items above: made once, read twice.)"""
    for seed in SEEDS:
        text = words(generate(topic, level, seed), lang)
        for sentence in (text.explanation, *text.notes):
            moves = re.findall(MOVE[lang], sentence)
            assert len(moves) == len(set(moves)), sentence
            assert not re.search(r"(\d) (?:or|tai|eller) (?:a |en )?\1\b", sentence), sentence


def test_the_checks_catch_a_fact_said_twice() -> None:
    """The checks themselves: a sentence, a move, a team and a trailing word said twice."""
    assert _repeated(_sentences("Pass. Pass. Play.")) == ["pass."]
    assert _moves("[5|6] on the 6 and [5|6] on the 6", "en") == ["[5|6] on the 6"] * 2
    assert _moves("[5|6] päähän 6, [1|1] päähän 1", "fi") == ["[5|6] päähän 6", "[1|1] päähän 1"]
    assert list(_targets(Phrase("x", (("target", Points(100)),)))) == [100]
    assert re.search(r"\?\s*\([^()]*\)\s*$", "Mitä hänellä ei voi olla? (Pelaaja 1)")

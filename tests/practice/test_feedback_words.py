"""The generator's feedback says what is true of the item it is in, in every language:
the fair draw is a taking, not a draw; a question about players the pupil is not names
them; a strategy question does not take for granted that the pupil is ahead; a note
is a sentence, not a form; the number a wrong choice added is named; a score below
zero is never offered; an opening double's two places are its lines."""

from __future__ import annotations

import re

import pytest

from blockdomino.practice import generate, words
from blockdomino.practice.items import Item, Value
from blockdomino.words.i18n import LANGS, translate
from blockdomino.words.text import player_name

SEEDS = range(30)


def _items(topic: str, level: int, seeds: range = SEEDS) -> list[Item]:
    return [generate(topic, level, seed) for seed in seeds]


def _notes(item: Item, lang: str) -> list[str]:
    return [note for note in words(item, lang).notes if note]


@pytest.mark.parametrize("lang", LANGS)
def test_the_fair_draw_notes_speak_of_tiles_taken(lang: str) -> None:
    """In Block nobody draws: the note on a smaller tile in the fair draw compares it
    with the best tile taken, never with "the best draw"."""
    drawing = {"fi": r"nost", "sv": r"dragning", "en": r"(?<!fair )\bdraw\b"}[lang]
    items = _items("leader", 3)
    notes = [note for item in items for note in _notes(item, lang)]
    assert any(
        choice.mistake.key == "practice.mistake.fewer_pips"
        for item in items
        for choice in item.choices
        if choice.mistake is not None
    )
    assert [note for note in notes if re.search(drawing, note, re.IGNORECASE)] == []


@pytest.mark.parametrize("lang", LANGS)
def test_counting_hidden_tiles_says_the_chain_is_seen(lang: str) -> None:
    """The chain is drawn in the item: the question says the pupil sees it and their hand,
    and only those, rather than "you cannot see the other tiles"."""
    chain = {"fi": "ketju", "sv": "kedjan", "en": "chain"}[lang]
    for item in _items("passes", 3, range(10)):
        assert item.position.chain.tiles
        assert chain in words(item, lang).question


@pytest.mark.parametrize("lang", LANGS)
def test_the_partner_note_names_the_partner(lang: str) -> None:
    """The team-game turn question is about other players: the note on the leader's
    partner names that player, and never says "your partner"."""
    yours = {"fi": r"\bparisi\b", "sv": r"\bdin\b", "en": r"\byour\b"}[lang]
    for item in _items("leader", 2, range(10)):
        partner = (item.position.leader + 2) % 4
        (note,) = [
            note
            for choice, note in zip(item.choices, words(item, lang).notes, strict=True)
            if choice.value == partner + 1
        ]
        assert note.startswith(player_name(partner, lang))
        assert not re.search(yours, note, re.IGNORECASE)


@pytest.mark.parametrize("lang", LANGS)
def test_strategy_questions_name_the_game_and_presume_no_lead(lang: str) -> None:
    """Every strategy question says its kind of game first, and a match's asks for the
    move best for the pupil's points: often every move leaves the pupil behind."""
    ahead = {"fi": r"edelle", "sv": r"försprång", "en": r"\bahead\b"}[lang]
    for level in (1, 2, 3):
        for item in _items("strategy", level, range(12)):
            question = words(item, lang).question
            rules = item.position.rules
            key = "practice.game.single" if rules.target is None else "practice.game.match"
            said = translate(key, lang, target=rules.target or 0, players=rules.players)
            assert question.startswith(said)
            assert not re.search(ahead, question, re.IGNORECASE)


@pytest.mark.parametrize("lang", LANGS)
def test_a_worse_move_note_is_a_sentence(lang: str) -> None:
    """ "With this move you lose; with the best move you win.", not a form's "gives: you
    lose"."""
    items = [item for level in (1, 3) for item in _items("strategy", level, range(12))]
    notes = [note for item in items for note in _notes(item, lang)]
    assert notes
    for note in notes:
        assert ":" not in note
        assert note.count(translate("practice.outcome.win", lang)) <= 2


@pytest.mark.parametrize("lang", LANGS)
def test_a_single_hand_is_named_once(lang: str) -> None:
    """The single-hand game is named with the kind of game the chapters teach, and the
    question does not say again that one hand decides."""
    name = translate("term.preset.block", lang)
    for item in _items("leader", 1, range(10)):
        question = words(item, lang).question
        assert question.startswith(name + ",")
        assert question.count(name.split(", ")[1]) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_number_not_passed_on_is_named(lang: str) -> None:
    """A choice with one number too many: its note names that number."""
    for item in _items("passes", 2, range(15)):
        right = set(item.answer.value) if isinstance(item.answer.value, tuple) else set()
        for choice, note in zip(item.choices, words(item, lang).notes, strict=True):
            if isinstance(choice.value, tuple) and set(choice.value) > right:
                (extra,) = set(choice.value) - right
                assert re.search(rf"\b{extra}\b", note), note


def _below_zero(value: Value) -> bool:
    parts = value if isinstance(value, tuple) else (value,)
    return any(isinstance(part, int) and part < 0 for part in parts)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_no_score_below_zero_is_offered(level: int) -> None:
    """No round or match gives anybody fewer than zero points, so no choice says so,
    with a hyphen or any minus sign."""
    for item in _items("scoring", level, range(120)):
        assert not any(_below_zero(choice.value) for choice in item.choices)
        for lang in LANGS:
            for choice in words(item, lang).choices:
                assert not re.search(r"[-−]\s?\d", choice), choice


@pytest.mark.parametrize("lang", LANGS)
def test_an_opening_double_s_moves_are_on_its_lines(lang: str) -> None:
    """The explanation of the opening-double question speaks of lines A and B, and lists
    the moves by those lines too, not by the ends."""
    lines = translate("practice.move.both_lines", lang, tile="")
    ends = translate("practice.move.both", lang, tile="", number="{n}").split("{n}")[0]
    for item in _items("doubles", 2, range(10)):
        explanation = words(item, lang).explanation
        assert lines in explanation
        assert ends not in explanation

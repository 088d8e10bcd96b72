"""One word file a language: every language's file lists the same kinds of words, each
kind a list of words, and the readers take their words from these files alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from blockdomino.verify.lexicon import KINDS, language_words, words
from blockdomino.verify.numbers import NUMBER, number
from blockdomino.verify.vocabulary import phrases
from blockdomino.words.i18n import LANGS

LEXICON = Path(__file__).parents[2] / "src" / "blockdomino" / "verify" / "lexicon"


def test_there_is_one_word_file_for_each_language() -> None:
    files = {path.stem for path in LEXICON.glob("*.py") if path.stem != "__init__"}
    assert files == set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_file_has_the_same_kinds(lang: str) -> None:
    found = language_words(lang)
    assert list(found) == list(KINDS)
    for kind, listed in found.items():
        assert isinstance(listed, tuple), kind
        assert listed, kind
        assert all(word.strip() == word and word for word in listed), kind
    assert len(found["numbers"]) == 13


@pytest.mark.parametrize("lang", LANGS)
def test_each_number_word_is_read_as_its_value(lang: str) -> None:
    for value, written in enumerate(words("numbers")[lang]):
        for word in written.split("/"):
            assert re.fullmatch(NUMBER, word)
            assert number(word) == value


def test_a_word_added_to_a_language_file_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    phrases.cache_clear()
    listed = language_words("sv")
    monkeypatch.setitem(listed, "match_won", (*listed["match_won"], "tog hem matchen"))
    monkeypatch.setattr(
        "blockdomino.verify.vocabulary.WORDS",
        {kind: words(kind) for kind in KINDS},
    )
    try:
        assert phrases("match_won").search("Alva tog hem matchen.")
    finally:
        phrases.cache_clear()

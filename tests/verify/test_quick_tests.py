"""The quick tests the readers of claims make of a sentence before a slower search (a word
or a character every claim they read has, found as fast as a character) never turn
away a sentence the slower search finds something in: the readers find what they found
without them, in texts of the claims' own words, numbers and tiles, changed in case."""

from __future__ import annotations

import re
from typing import Final

from hypothesis import example, given, settings
from hypothesis import strategies as st

from blockdomino.verify import claims, first_person, hands, open_ends, scores, teams, told
from blockdomino.verify.numbers import NUMBER, NUMBER_AHEAD, number
from blockdomino.verify.vocabulary import led_by

_PIECES = [
    *("we", "our", "us", "me", "meidän", "vi", "vår", "fick vi", "voitimme", "saimme"),
    *("won", "wins", "vann", "voitti", "scores", "sai", "gets", "får"),
    *("ends", "päät", "päihin", "ändarna", "and", "ja", "och", "both ends show"),
    *("points", "point", "pistettä", "poäng", "pist", "pips", "silmää", "prickar"),
    *("hyvitys on", "the award is", "poängen är", "to", "till", "pisteeseen", "first to"),
    *("[4|4]", "[1|2]", "6-5", "6:6", "2-4", "3", "6", "12", "50", "100", "0", "seven"),
    *("kolme", "tolv"),
    *("=", "+", "ſ", "K", "İ", "–", ",", ".", ":", "(", ")"),
]
"""Words and marks of the claims the quick tests stand before, and characters that match
a letter without regard to case in a way of their own."""


_NUMBERED: Final = re.compile(rf"{NUMBER_AHEAD}(?:\d|\b{NUMBER})", re.IGNORECASE)
"""A digit anywhere, or a number at the start of a word: what every claim of open ends,
pips or points has (``claims._may_count`` asks for a digit, then for ``_NUMBERED``)."""


def _sentences() -> st.SearchStrategy[str]:
    pieces = st.sampled_from(_PIECES).flatmap(
        lambda piece: st.sampled_from([piece, piece.upper(), piece.title()])
    )
    spaces = st.sampled_from([" ", " ", "  ", "\n", ""])
    return st.lists(st.tuples(pieces, spaces).map("".join), max_size=10).map("".join)


@settings(max_examples=600, deadline=None)
@given(text=_sentences())
@example("We play to 50 points. Me voitimme kierroksen, vi fick 12 poäng")
@example("Aino sai 12 pistettä, hyvitys on 12; 6-6 ja 5:5, 22 silmää")
@example("Då fick Alva 12 poäng")
@example("We play to 100 points, först till 50 POÄNG, 100 pisteeseen, first to reach 12")
@example("12 prickar: [4|4] och [1|2]; 6-6 ja 5:5, 22 silmää, 3 pips: [1|2]")
def test_the_quick_tests_turn_away_no_sentence_the_slower_search_reads(text: str) -> None:
    said = first_person._WE_CLAIM.search(text)
    assert first_person.first_person(text) == (None if said is None else said.start())
    assert teams.names_target(text) == (teams._TARGET.search(text) is not None)
    hint = scores._HINT.search(text)
    if hint is not None:  # every number of points has a piece of a word about points
        assert _span(scores._said_points(text, hint)) == _span(scores._SAID_POINTS.search(text))
    else:
        assert scores._SAID_POINTS.search(text) is None
    if scores._NOUN_AWARD.search(text):
        assert scores._AWARD_NOUN.search(text)
    if hands._PLAIN_TILE_PATTERN.search(text):
        assert hands._PLAIN_TILE_SEEN.search(text)
    if hands.hand_claims.__wrapped__(text):
        assert hands.HAND_SEEN.search(text)
    _assert_hands_looked_for(text)
    numbered = _NUMBERED.search(text) is not None
    claimed = re.search(
        r"[\[=]|p(?:äi|ää|rick|ip|ist|oäng|oint)|s(?:ilm|cor)|ändar|ends\b|hyvity|award",
        text,
        re.IGNORECASE,
    )
    if claimed is not None and numbered:  # the quick test may let more through, never fewer
        assert claims._may_count(text)
    if not numbered:
        assert not claims._may_count(text)
    for start in range(0, len(text), 7):  # a text's targets are searched for piece by piece
        if teams._TARGET.search(text, start, len(text) - start % 3):
            assert teams._TARGET_SEEN.search(text, start, len(text) - start % 3)


@settings(max_examples=600, deadline=None)
@given(text=_sentences())
@example("Both ends show 6, and the ends are 1 and 4")
@example("Päät ovat 6")
def test_a_claim_of_open_ends_is_read_as_it_was_without_the_quick_tests(text: str) -> None:
    """The two numbers of open ends have a word for "and" between them; "both ends show
    6" a digit of a half: the sentence is searched for them only then."""
    first = open_ends._ENDS_WORD.search(text)
    if first is None:
        return
    pair = open_ends._TWO_ENDS.search(text, first.start())
    ends = [match.span() for match in open_ends._ENDS.finditer(text, first.start())] if pair else []
    said = open_ends._ENDS_SAID.search(text, first.start())
    found, at = open_ends._ends_said.__wrapped__(text)
    assert [(start, claimed) for start, claimed, _ in found] == [
        (start, claimed) for start, claimed in _claimed(text, ends)
    ]
    assert at == (None if said is None else said.start())


def _assert_hands_looked_for(text: str) -> None:
    """Tiles without brackets and their count are looked for from the first such tile,
    when a word for pips follows it; a count and its tiles in brackets, when a bracket
    follows the first word for pips (``hands.hand_claims``)."""
    plain = hands._PLAIN_TILE_SEEN.search(text)
    after_plain = [match.span() for match in hands._AFTER_PLAIN.finditer(text)]
    if after_plain:
        assert plain is not None
        assert hands._PIP_STEM.search(text, plain.end())
        found = hands._AFTER_PLAIN.finditer(text, plain.start())
        assert [match.span() for match in found] == after_plain
    if hands._BEFORE.search(text):
        pips = hands._PIP_STEM.search(text)
        assert pips is not None
        assert "[" in text[pips.start() :]


def _span(match: re.Match[str] | None) -> tuple[int, int] | None:
    return None if match is None else match.span()


def _claimed(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, tuple[int, ...]]]:
    """What ``_ENDS`` reads at each of ``spans``: where, and the two numbers."""
    found = []
    for start, _ in spans:
        match = open_ends._ENDS.match(text, start)
        assert match is not None
        numbers = sorted((number(match["a"]), number(match["b"])))
        found.append((start, tuple(numbers)))
    return found


def test_a_set_led_by_letters_takes_every_character_they_are_without_regard_to_case() -> None:
    led = re.compile(led_by("sk=") + "$")
    assert [char for char in "sSſkK\u212a=" if led.match(char)] == list("sSſkK\u212a=")
    assert not led.match("x")
    assert not led.match("t")


_TOLD = [
    *("Anna lays", "Ben answers with", "lade", "jatkoi laatalla", "aloitti", "spelade"),
    *("5-2", "[4|4]", "[ 1 | 2 ]", "6:6", "2|5", "4:1", "16-5", "1-2-3", "6 - 6"),
    *("the double five", "double-six", "tupla-viitosella", "tuplakuutonen", "dubbelfyran"),
    *("dubbel-femman", "doubles", "tupla", "up", "dup", "dou", "b", "p"),
    *(".", ";", ",", " och ", " ja ", " and ", "(", ")", ":"),
]
"""Words, tiles and doubles of play told in sentences, and parts of them."""


@settings(max_examples=600, deadline=None)
@given(
    line=st.lists(
        st.sampled_from(_TOLD).flatmap(lambda part: st.sampled_from([part, part.upper()])),
        max_size=8,
    ).map(" ".join)
)
@example("Anna lays the double five; Ben answers with 5-2")
@example("Mormor började med dubbelfyran. Jag lade 4-1 vid fyran")
@example("Oona aloitti tupla-viitosella, Ville vastasi TUPLA-KUUTOSELLA")
@example("Anna lays [1|2] [2|3]")
def test_a_line_that_tells_two_tiles_is_read_for_play(line: str) -> None:
    """A line is read for play told in it only where ``_TOLD_SEEN`` finds something
    twice: it does wherever two tiles or doubles are told."""
    tiles = [*told._DOUBLE.finditer(line), *told._TILE.finditer(line)]
    if len(tiles) >= 2:
        assert told._told_twice(line)
    if told.story(line) is not None:
        assert told._told_twice(line)


@settings(max_examples=600, deadline=None)
@given(text=_sentences())
@example("[4|4] ja 6 silmää")
@example("4|4 ja 6 silmää, 6-6 on 12 pistettä")
def test_a_count_of_pips_no_claim_ties_is_found_as_it_was_without_the_quick_test(
    text: str,
) -> None:
    """With no hand read, only a tile in brackets can be a tile a count of pips is not
    tied to: a sentence without a bracket is not searched for one."""
    read = hands.hand_claims(text)
    points, untied = claims._points_said.__wrapped__(text, read, "match")
    assert untied == (points is None and hands.untied_count(text, read))


@settings(max_examples=600, deadline=None)
@given(text=_sentences())
@example("hyvitys on 12")
@example("the award is 12, Ben gets 12 points")
def test_an_award_is_found_as_it_was_searched_for(text: str) -> None:
    """Without a number of points, a sentence is searched for an award's noun alone (one
    of the words of an award): what the search finds is what it found when the words of
    an award were looked for first."""
    said = scores._SAID_POINTS.search(text)
    found = scores._award(text, said)
    before = None
    if scores._AWARD_WORDS.search(text) and (
        said is not None or (scores._AWARD_NOUN.search(text) and scores._NOUN_AWARD.search(text))
    ):
        before = scores._AWARD.search(text)
    assert _span(found) == _span(before)

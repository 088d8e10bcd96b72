"""Play told in sentences, in fi, sv and en, rebuilt as a line of play: the open ends
claimed after it are checked against it; a story that does not play out is no example,
and nothing beside it is called wrong."""

from __future__ import annotations

import pytest

from blockdomino.verify.documents import examine

STORIES = {
    "fi": (
        "Oona aloitti tupla-viitosella. Ville vastasi laatalla 5-2, ja Oona jatkoi laatalla 2-4.",
        "Nyt ketjun päät olivat {a} ja {b}.",
    ),
    "sv": (
        "Mormor började med dubbelfyran. Jag lade 4-1 vid fyran och Olle lade 4-5 på andra sidan.",
        "Nu var ändarna {a} och {b}.",
    ),
    "en": (
        "Anna lays the double five; Ben answers with 5-2 and Anna puts 5-6 on the right.",
        "Now the ends are {a} and {b}.",
    ),
}
ENDS = {"fi": (5, 4), "sv": (1, 5), "en": (2, 6)}


@pytest.mark.parametrize("lang", sorted(STORIES))
def test_ends_claimed_after_play_told_in_sentences_are_checked(lang: str) -> None:
    story, claim = STORIES[lang]
    a, b = ENDS[lang]
    examples, claims, unchecked = examine(f"{story}\n{claim.format(a=a, b=b)}")
    assert [(report.kind, report.ok) for report in examples] == [("line", True)]
    assert [report.ok for report in claims] == [True]
    assert unchecked == ()
    _, claims, _ = examine(f"{story}\n{claim.format(a=a, b=(b + 1) % 7)}")
    assert [[finding.kind for finding in report.errors] for report in claims] == [["ends"]]


def test_only_a_story_that_plays_out_with_verbs_of_playing_is_an_example() -> None:
    told = "Anna lays the double five; Ben answers with 5-2.\nNow the ends are 5 and 2."
    assert [report.ok for report in examine(told)[1]] == [True]
    wrong = "Anna lays the double five; Ben answers with 3-2.\nNow the ends are 5 and 2."
    examples, claims, unchecked = examine(wrong)
    assert (examples, claims) == ((), ())
    assert [item.reason for item in unchecked] == ["verify.unchecked.ends"]
    assert examine("Ben had 5-2 and the double four in hand.")[0] == ()


COLON_STORIES = {
    "fi": (
        "Aino aloitti tupla-kuutosella (6:6). Ville vastasi laatalla 6:2, ja Aino jatkoi "
        "laatalla 2:5.",
        "Nyt ketjun päät olivat {a} ja {b}.",
        "Tekstin mukaan",
    ),
    "sv": (
        "Alva lade dubbelfyran (4:4). Bo svarade med 4:1 och Alva lade 1:3 vid ettan.",
        "Nu var ändarna {a} och {b}.",
        "Texten säger",
    ),
    "en": (
        "Anna lays 6:6. Ben answers with 6:2 and Anna adds 2:4 on the two.",
        "Now the ends are {a} and {b}.",
        "The text says",
    ),
}
COLON_ENDS = {"fi": (6, 5), "sv": (4, 3), "en": (6, 4)}


@pytest.mark.parametrize("lang", sorted(COLON_STORIES))
def test_play_told_with_colon_notation_is_rebuilt_and_its_ends_checked(lang: str) -> None:
    story, claim, says = COLON_STORIES[lang]
    a, b = COLON_ENDS[lang]
    examples, claims, unchecked = examine(f"{story}\n{claim.format(a=a, b=b)}")
    assert [(report.kind, report.ok) for report in examples] == [("line", True)]
    assert [(report.line, report.ok) for report in claims] == [(2, True)]
    assert unchecked == ()
    _, claims, _ = examine(f"# {lang}\n{story}\n{claim.format(a=a, b=(b + 1) % 7)}")
    (wrong,) = claims
    assert (wrong.line, [finding.kind for finding in wrong.errors]) == (3, ["ends"])
    assert wrong.errors[0].message(wrong.lang).startswith(says)


def test_a_double_told_in_words_and_in_brackets_is_one_tile_and_two_tiles_are_no_story() -> None:
    told = "Alva lade dubbelfyran (4:4) och Bo lade 4:1 vid fyran.\nNu var ändarna 4 och 1."
    assert [report.ok for report in examine(told)[1]] == [True]
    mixed = "Alva lade dubbelfyran (5:5) och Bo lade 4:1 vid fyran.\nNu var ändarna 4 och 1."
    examples, claims, _ = examine(mixed)
    assert (examples, claims) == ((), ())
    (timed,) = examine("At 6:30 Anna lays 6:6 and Ben plays 6:2.")[0]
    assert timed.chain is not None
    assert [str(tile) for tile in timed.chain.tiles] == ["[6|6]", "[2|6]"]


HELD = {
    "fi": (
        "Oona aloitti tupla-viitosella. Ville vastasi laatalla 5-2, mutta Eevalla on yhä 6-5.",
        "Nyt ketjun päät olivat 5 ja 2.",
    ),
    "sv": (
        "Mormor började med dubbelfyran. Jag lade 4-1 vid fyran medan Olle, som vann förra "
        "veckan, har 4-5 kvar.",
        "Nu var ändarna 4 och 1.",
    ),
    "en": (
        "Anna lays the double five; Ben answers with 5-2 while Eve, who won last week, holds 6-5.",
        "Now the ends are 5 and 2.",
    ),
}
"""A story whose last tile is held, not played: a word of holding stands between the last
verb of playing and the tile. The ends claimed are right."""


@pytest.mark.parametrize("lang", sorted(HELD))
def test_a_tile_held_after_a_verb_of_playing_is_not_played(lang: str) -> None:
    """A tile told after a word of holding is in a hand, not on the table: the story does
    not play out as told, so the right ends beside it are not called wrong (they are
    listed as not checked)."""
    story, claim = HELD[lang]
    examples, claims, unchecked = examine(f"{story}\n{claim}")
    assert (examples, claims) == ((), ())
    assert [item.reason for item in unchecked] == ["verify.unchecked.ends"]


CUT_WORDS = {
    "sv": "Jag lade dubbelfyran och Bo lade 4-1 vid fyran, fast Olle, vår lugna och mycket "
    "tålmodiga vän från klubben, som överspelade {pad} i går sitter med 3-4.\n"
    "Nu var ändarna 4 och 1.",
    "en": "Anna lays the double five; Ben answers with 5-2 while Eve, our quiet and very patient "
    "friend from the club, who outplayed {pad} today, sits with 6-5.\nNow the ends are 5 and 2.",
}
"""A story whose last tile is not played, a word before it that holds a verb of playing
("outplayed", "överspelade"): wherever the reach of the verb before a tile starts in it."""


@pytest.mark.parametrize("lang", sorted(CUT_WORDS))
def test_a_verb_of_playing_inside_a_longer_word_plays_no_tile(lang: str) -> None:
    """Only whole words are verbs of playing, even where the reach before a tile starts
    inside a word: the right ends beside the story are never called wrong."""
    for pad in range(80):
        told = CUT_WORDS[lang].format(pad="m" * pad)
        _, claims, unchecked = examine(told)
        assert claims == (), pad
        assert [item.reason for item in unchecked] == ["verify.unchecked.ends"], pad

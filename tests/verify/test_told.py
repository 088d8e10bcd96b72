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

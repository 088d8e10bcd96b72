"""Wins and points told in the first person plural ("We won the round", "our team scores
13 points", "Me voitimme kierroksen", "Vi vann omgången"): "we" are the writer's team,
which the text does not name, so such a claim is listed as not checked with its reason,
in fi, sv and en; never left unsaid, never read as a player called "We", never called
wrong unless no team could score what it says."""

from __future__ import annotations

import pytest

from blockdomino.verify import examine
from blockdomino.verify.findings import Problem

TEAMS = {
    "en": "Anna and Cecilia play against Ben and Dan, in a match to 100 points.",
    "fi": "Aino ja Eero pelaavat Mattia ja Liisaa vastaan 100 pisteeseen.",
    "sv": "Anna och Cecilia spelar mot Ben och Dan till 100 poäng.",
}
BLOCKED = {
    "en": "Nobody could play. Anna has 5 pips left, Ben 6, Cecilia 3 and Dan 4.",
    "fi": "Kukaan ei voinut pelata. Ainolla on 5 silmää, Matilla 6, Eerolla 3 ja Liisalla 4.",
    "sv": "Ingen kunde lägga. Anna har 5 prickar kvar, Ben 6, Cecilia 3 och Dan 4.",
}
WE_WON = {
    "en": ("We won the round.", "We win the round.", "Our team won the round."),
    "fi": ("Me voitimme kierroksen.", "Voitimme kierroksen.", "Meidän pari voitti kierroksen."),
    "sv": ("Vi vann omgången.", "Då vann vi omgången.", "Vårt lag vinner omgången."),
}
DOMINO = {
    "en": "Ben went out. Anna held 8 pips and Cecilia 5, so our team scores {points} points.",
    "fi": "Matti dominoi. Ainolla jäi 8 silmää ja Eerolla 5, joten meidän pari saa "
    "{points} pistettä.",
    "sv": "Ben gick ut. Anna hade 8 prickar kvar och Cecilia 5, så vårt lag får {points} poäng.",
}


@pytest.mark.parametrize(
    ("lang", "said"), [(lang, said) for lang, sentences in WE_WON.items() for said in sentences]
)
def test_we_won_the_round_is_listed_as_not_checked_with_its_reason(lang: str, said: str) -> None:
    text = f"{TEAMS[lang]}\n\n{BLOCKED[lang]} {said}\n"
    _, claims, unchecked = examine(text, lang=lang)
    assert not [finding for claim in claims for finding in claim.findings]
    assert [(item.line, item.reason) for item in unchecked] == [(3, "verify.unchecked.we")]
    assert said.rstrip(".") in unchecked[0].text


@pytest.mark.parametrize("lang", sorted(DOMINO))
def test_our_right_award_is_not_checked_and_a_wrong_one_is_wrong_whoever_we_are(lang: str) -> None:
    right = f"{TEAMS[lang]}\n\n{DOMINO[lang].format(points=13)}\n"
    _, claims, unchecked = examine(right, lang=lang)
    assert not claims
    assert [item.reason for item in unchecked] == ["verify.unchecked.we"]
    _, claims, _ = examine(f"{TEAMS[lang]}\n\n{DOMINO[lang].format(points=17)}\n", lang=lang)
    assert [finding.problem for claim in claims for finding in claim.findings] == [
        Problem.CLAIM_TEAM_POINTS
    ]


def test_we_play_to_a_target_claims_nothing() -> None:
    _, claims, unchecked = examine("We play in teams of two. We play to 100 points.\n", lang="en")
    assert not claims
    assert "verify.unchecked.we" not in {item.reason for item in unchecked}

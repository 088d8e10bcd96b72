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


NAMED_WE = {
    "en": ("We (Anna and Cecilia) won the round.", "We (Ben and Dan) won the round."),
    "fi": ("Me (Aino ja Eero) voitimme kierroksen.", "Me (Matti ja Liisa) voitimme kierroksen."),
    "sv": ("Vi (Anna och Cecilia) vann omgången.", "Vi (Ben och Dan) vann omgången."),
}
"""A win told as "we" with the team's partners named in brackets: the team with the lower
hands (5 + 3 against 6 + 4), then the other one."""


@pytest.mark.parametrize("lang", sorted(NAMED_WE))
def test_we_with_our_partners_named_in_brackets_is_checked_as_that_teams_claim(lang: str) -> None:
    """RULES.md: in the partnership game "a blocked round is won by the team with the
    lower sum of both partners' hands". "We (Ben and Dan) won" names the team: the claim
    is that team's, right or wrong, quoted as written and not listed as not checked."""
    right, wrong = NAMED_WE[lang]
    _, claims, unchecked = examine(f"{TEAMS[lang]}\n\n{BLOCKED[lang]} {right}\n", lang=lang)
    assert [(claim.line, claim.findings, claim.text) for claim in claims] == [(3, (), right)]
    assert not unchecked
    _, claims, unchecked = examine(f"{TEAMS[lang]}\n\n{BLOCKED[lang]} {wrong}\n", lang=lang)
    assert [finding.problem for claim in claims for finding in claim.findings] == [
        Problem.CLAIM_TEAM_WINNER
    ]
    assert claims[0].text == wrong
    assert not unchecked


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "We (Anna and Ben) won the round."),
        ("fi", "Me (Aino ja Matti) voitimme kierroksen."),
        ("sv", "Då vann vi (Anna och Cecilia) omgången."),
    ],
)
def test_we_with_players_of_both_teams_or_an_unread_order_is_not_checked(
    lang: str, said: str
) -> None:
    """Players of both teams in the brackets name no team; nor does a win that the
    readers of a team's win do not read ("Då vann vi (…) omgången"): listed as not
    checked, never called right or wrong."""
    _, claims, unchecked = examine(f"{TEAMS[lang]}\n\n{BLOCKED[lang]} {said}\n", lang=lang)
    assert not claims
    assert [(item.line, item.reason) for item in unchecked] == [(3, "verify.unchecked.we")]

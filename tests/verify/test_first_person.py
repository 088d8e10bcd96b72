"""Wins and points told in the first person plural ("We won the round", "our team scores
13 points", "Me voitimme kierroksen", "Vi vann omgången"): "we" are the writer's team,
which the text does not name, so such a claim is listed as not checked with its reason,
in fi, sv and en; never left unsaid, never read as a player called "We", never called
wrong unless no team could score what it says. Where the brackets after "we" name the
partners of one team in play ("We (Ben and Dan) won", "Me (Aino ja Eero) saamme 13
pistettä"), the win or the points are that team's, checked as the third person is."""

from __future__ import annotations

import pytest

from blockdomino.verify import examine
from blockdomino.verify.findings import Problem
from blockdomino.words.i18n import translate

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


UNSCORED = {
    "en": "Anna and Cecilia play against Ben and Dan.",
    "fi": "Aino ja Eero pelaavat Mattia ja Liisaa vastaan.",
    "sv": "Anna och Cecilia spelar mot Ben och Dan.",
}
"""The team game of the documents, which one round decides: it scores no points."""
WENT_OUT = {
    "en": "Ben went out. Anna held 8 pips and Cecilia 5, so {who} {points} points.",
    "fi": "Matti dominoi. Ainolla jäi 8 silmää ja Eerolla 5, joten {who} {points} pistettä.",
    "sv": "Ben gick ut. Anna hade 8 prickar kvar och Cecilia 5, så {who} {points} poäng.",
}
"""A round Ben (Matti) went out of: in a match to a target his team scores the pips left
in the other team's two hands, 8 + 5 = 13; ``who`` says who scores them."""
NO_ROUND = {lang: said.split(". ", 1)[1] for lang, said in WENT_OUT.items()}
"""The award without the sentence that tells how the round ended."""
SCORE_NAMED = {
    "en": ("we (Ben and Dan) score", "we (Ben and Dan) get", "we (Ben and Dan) scored"),
    "fi": (
        "me (Matti ja Liisa) saamme",
        "me (Matti ja Liisa) saimme",
        "saimme me (Matti ja Liisa)",
    ),
    "sv": ("vi (Ben och Dan) får", "vi (Ben och Dan) fick", "fick vi (Ben och Dan)"),
}
"""Points told as "we", the partners of the team that went out named in brackets (the
verb before "we" as well, as Finnish and Swedish may put it)."""


@pytest.mark.parametrize(
    ("lang", "who"), [(lang, who) for lang, told in SCORE_NAMED.items() for who in told]
)
def test_points_we_name_the_partners_of_are_checked_as_that_teams(lang: str, who: str) -> None:
    """RULES.md: in a scored partnership match a round is awarded as in ``match``, "domino:
    the opponents' hands", to the team. "We (Ben and Dan) score 13 points" names the team
    that went out: right, it says nothing wrong and is not listed as not checked; of
    another figure, it is wrong at its line, in the leaflet's language, with the sum."""
    right = WENT_OUT[lang].format(who=who, points=13)
    _, claims, unchecked = examine(f"{TEAMS[lang]}\n\n{right}\n", lang=lang)
    said = right.split(". ", 1)[1]
    assert [(claim.line, claim.findings, claim.text) for claim in claims] == [(3, (), said)]
    assert not unchecked
    wrong = WENT_OUT[lang].format(who=who, points=17)
    _, claims, unchecked = examine(f"{TEAMS[lang]}\n\n{wrong}\n", lang=lang)
    assert [finding.problem for claim in claims for finding in claim.findings] == [
        Problem.CLAIM_TEAM_POINTS
    ]
    assert claims[0].line == 3
    assert claims[0].text == wrong.split(". ", 1)[1]
    message = claims[0].message()
    assert message.startswith(translate("verify.report.line", lang, line=3))
    assert "8 + 5 = 13" in message
    assert message == claims[0].message(lang)
    assert not unchecked


THIRD_PERSON = {
    "en": (
        ("we (Ben and Dan) score", "Ben and Dan score"),
        ("we (Anna and Cecilia) get", "Anna and Cecilia get"),
    ),
    "fi": (
        ("me (Matti ja Liisa) saamme", "Matti ja Liisa saavat"),
        ("me (Aino ja Eero) saimme", "Aino ja Eero saivat"),
        ("saamme me (Matti ja Liisa)", "saavat Matti ja Liisa"),
        ("saimme me (Aino ja Eero)", "saivat Aino ja Eero"),
    ),
    "sv": (
        ("vi (Ben och Dan) får", "Ben och Dan får"),
        ("vi (Anna och Cecilia) fick", "Anna och Cecilia fick"),
        ("fick vi (Ben och Dan)", "fick Ben och Dan"),
    ),
}
"""Points told as "we" with a team's partners named in brackets, and the same told in the
third person: by the team that went out, and by the other team."""


@pytest.mark.parametrize("lang", sorted(THIRD_PERSON))
@pytest.mark.parametrize("game", ["match", "one round", "round not told"])
@pytest.mark.parametrize("points", [13, 17])
def test_points_we_name_the_partners_of_get_the_third_persons_verdict(
    lang: str, game: str, points: int
) -> None:
    """Whatever the game and the figure, "We (Ben and Dan) score …" gets the verdict of
    "Ben and Dan score …": right or wrong where that is checked (the team game that one
    round decides scores nothing, the points of the team that lost the round are
    wrong), listed as not checked with that sentence's reason where it is not (the
    sentences do not say how the round ended), never with the reason of an unnamed
    "we"."""
    teams = UNSCORED[lang] if game == "one round" else TEAMS[lang]
    round_told = NO_ROUND if game == "round not told" else WENT_OUT
    for we, they in THIRD_PERSON[lang]:
        verdicts = []
        for who in (we, they):
            said = round_told[lang].format(who=who, points=points)
            _, claims, unchecked = examine(f"{teams}\n\n{said}\n", lang=lang)
            assert all(who in item.text for item in (*claims, *unchecked))  # as written
            verdicts.append(
                (
                    [(claim.line, claim.findings) for claim in claims],
                    [(item.line, item.reason) for item in unchecked],
                )
            )
        assert verdicts[0] == verdicts[1]
        assert "verify.unchecked.we" not in {reason for _, reason in verdicts[0][1]}


@pytest.mark.parametrize(
    ("lang", "who"),
    [
        ("en", "we (Anna and Ben) score"),
        ("en", "we (Ben and Eve) score"),
        ("fi", "me (Aino ja Matti) saamme"),
        ("sv", "vi (Anna och Ben) får"),
    ],
)
def test_points_we_name_no_team_of_are_not_checked(lang: str, who: str) -> None:
    """Players of both teams in the brackets, or a player not in play, name no team: the
    award is listed as not checked with the reason of "we", never called right or
    wrong."""
    said = WENT_OUT[lang].format(who=who, points=13)
    _, claims, unchecked = examine(f"{TEAMS[lang]}\n\n{said}\n", lang=lang)
    assert not claims
    assert [(item.line, item.reason) for item in unchecked] == [(3, "verify.unchecked.we")]

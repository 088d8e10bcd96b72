"""A team game and a game each for themselves told in one section, with no heading
between them, in fi, sv and en as authors write them: the sentence that begins the other
game ends the teams ("a game of three", a list of players with one new to the text,
"var och en för sig"), so its round is checked by the rules of a game each for
themselves; a sentence that begins a new game or deal without naming its teams leaves
the claims after it not checked as the team game's (listed, with the reason)."""

from __future__ import annotations

import pytest

from blockdomino.verify import examine

THEN_ALONE = {
    "en": "Anna and Cecilia play against Ben and Dan in a match to 100 points. Ben went out. "
    "Anna held 8 pips, Cecilia 5 and Dan 4, so Ben and Dan score 13 points.\n"
    "After the match, Anna, Ben and Dan played a game of three. Ben went out. "
    "Anna held 8 pips and Dan 4, so Ben scores {} points.",
    "fi": "Aino ja Eero pelaavat Mattia ja Liisaa vastaan 100 pisteeseen. Matti pelasi "
    "viimeisen laattansa. Ainolla oli 8 silmää, Eerolla 5 ja Liisalla 4, joten Matti ja "
    "Liisa saavat 13 pistettä.\n"
    "Sen jälkeen Aino, Matti ja Oona pelasivat vielä yhden kierroksen. Matti pelasi "
    "viimeisen laattansa. Ainolla oli 8 silmää ja Oonalla 4, joten Matti saa {} pistettä.",
    "sv": "Anna och Cecilia spelar mot Ben och Dan till 100 poäng. Ben gick ut. Anna hade "
    "8 prickar, Cecilia 5 och Dan 4, så Ben och Dan får 13 poäng.\n"
    "Sedan spelade vi var och en för sig. Ben gick ut. Anna hade 8 prickar och Dan 4, "
    "så Ben får {} poäng.",
}
RIGHT_FIGURE = {
    "en": "The text gives 14 points, but by the rules it is 8 + 4 = 12.",
    "fi": "Tekstin mukaan pisteitä tulee 14, mutta sääntöjen mukaan 8 + 4 = 12.",
    "sv": "Texten ger 14 poäng, men enligt reglerna blir det 8 + 4 = 12.",
}


@pytest.mark.parametrize("lang", sorted(THEN_ALONE))
def test_a_round_each_for_themselves_after_the_team_game_is_checked_as_its_own(
    lang: str,
) -> None:
    _, claims, unchecked = examine(THEN_ALONE[lang].format(12))
    assert [(claim.line, claim.errors) for claim in claims] == [(1, ()), (2, ())]
    assert unchecked == ()


@pytest.mark.parametrize("lang", sorted(THEN_ALONE))
def test_a_wrong_award_each_for_themselves_after_the_team_game_is_reported(lang: str) -> None:
    _, claims, _ = examine(THEN_ALONE[lang].format(14))
    wrong = [(claim.line, finding) for claim in claims for finding in claim.errors]
    assert [(line, finding.message(lang)) for line, finding in wrong] == [(2, RIGHT_FIGURE[lang])]


NEW_GAME = {
    "en": "Anna and Cecilia play against Ben and Dan.\nThen we played a new game. "
    "Nobody could play. Anna has 5 pips left, Ben 6, Cecilia 3 and Dan 4. "
    "Anna and Cecilia win the round and score 2 points.",
    "fi": "Aino ja Eero pelaavat Mattia ja Liisaa vastaan.\nSitten pelattiin uusi peli. "
    "Kukaan ei voinut pelata. Ainolla on 5 silmää, Matilla 6, Eerolla 3 ja Liisalla 4. "
    "Aino ja Eero voittavat kierroksen ja saavat 2 pistettä.",
    "sv": "Anna och Cecilia spelar mot Ben och Dan.\nSedan kom en ny giv. "
    "Ingen kunde lägga. Anna har 5 prickar kvar, Ben 6, Cecilia 3 och Dan 4. "
    "Anna och Cecilia vinner omgången och får 2 poäng.",
}


@pytest.mark.parametrize("lang", sorted(NEW_GAME))
def test_claims_after_a_new_game_of_unnamed_teams_are_not_checked_as_the_team_game(
    lang: str,
) -> None:
    _, claims, unchecked = examine(NEW_GAME[lang])
    assert [claim.errors for claim in claims] == []
    assert {(item.line, item.reason) for item in unchecked} == {
        (2, "verify.unchecked.team_doubted")
    }
    message = unchecked[0].message(lang)
    assert unchecked[0].text in message


@pytest.mark.parametrize("lang", sorted(NEW_GAME))
def test_teams_named_again_after_a_new_game_are_checked_again(lang: str) -> None:
    first, rest = NEW_GAME[lang].split("\n")
    _, claims, unchecked = examine(f"{first}\n{rest.replace('.', '. ' + first, 1)}")
    assert unchecked == ()
    assert [finding.kind for claim in claims for finding in claim.errors] == ["team_unscored"]

"""A team's hands as authors write them, in fi, sv and en: both partners named at once
("Anna and Cecilia have 8 pips", "… have 5 and 3 pips", "Ainolla ja Eerolla on
yhteensä 8 silmää"), a team's label ("Team A (Anna and Cecilia) plays against team B
(Ben and Dan)": "Team A has 8 pips left"). Each is read when it names one team for sure,
and the round's points are checked by the scored partnership match; "we", "the other
pair", "laget" name no team, so the award is listed as not checked, never judged; and
teams whose players are never named, in a match to a target, are never told that their
game scores nothing."""

from __future__ import annotations

import pytest

from blockdomino.verify import examine

BLOCKED = {
    "en": "Anna and Cecilia play against Ben and Dan in a match to 100 points. Nobody could "
    "play. {hands} Anna and Cecilia score {points} points.",
    "fi": "Aino ja Eero pelaavat Mattia ja Liisaa vastaan 100 pisteeseen. Kukaan ei voinut "
    "pelata. {hands} Aino ja Eero saavat {points} pistettä.",
    "sv": "Anna och Cecilia spelar mot Ben och Dan till 100 poäng. Ingen kunde lägga. "
    "{hands} Anna och Cecilia får {points} poäng.",
}
HANDS = [
    ("en", "Anna and Cecilia have 5 and 3 pips left, Ben and Dan 6 and 4."),
    ("en", "Anna and Cecilia have 8 pips together, Ben and Dan 10."),
    ("fi", "Ainolla ja Eerolla on yhteensä 8 silmää, Matilla ja Liisalla 10."),
    ("fi", "Ainolla ja Eerolla on 5 ja 3 silmää, Matilla ja Liisalla 6 ja 4."),
    ("sv", "Anna och Cecilia har 8 prickar tillsammans, laget Ben och Dan 10."),
    ("sv", "Anna och Cecilia har 5 och 3 prickar kvar, Ben och Dan 6 och 4."),
]
BLOCKED_WRONG = {
    "en": "The text gives 7 points. Anna and Cecilia win the blocked round with 8 pips "
    "against 10, so they score the other team's pips minus their own: 10 − 8 = 2.",
    "fi": "Tekstin mukaan pisteitä tulee 7. Aino ja Eero voittavat lukkiutuneen "
    "kierroksen: heillä on 8 silmää ja toisella parilla 10. He saavat toisen parin silmät "
    "miinus omansa: 10 − 8 = 2.",
    "sv": "Texten ger 7 poäng. Anna och Cecilia vinner den blockerade omgången med 8 "
    "prickar mot 10. De får det andra lagets prickar minus sina egna: 10 − 8 = 2.",
}


@pytest.mark.parametrize(("lang", "hands"), HANDS)
def test_a_teams_hands_named_together_are_read(lang: str, hands: str) -> None:
    _, claims, unchecked = examine(BLOCKED[lang].format(hands=hands, points=2))
    assert [(claim.line, claim.findings) for claim in claims] == [(1, ())]
    assert unchecked == ()
    _, claims, _ = examine(BLOCKED[lang].format(hands=hands, points=7))
    messages = [finding.message(lang) for claim in claims for finding in claim.findings]
    assert messages == [BLOCKED_WRONG[lang]]


LABELLED = {
    "en": "Team A (Anna and Cecilia) plays against team B (Ben and Dan) in a match to 100 "
    "points. Nobody could play. Team A has 8 pips left and team B 10. Team {0} scores {1} "
    "points.",
    "fi": "Pari A (Aino ja Eero) pelaa paria B (Mattia ja Liisaa) vastaan 100 pisteeseen. "
    "Kukaan ei voinut pelata. Pari A:lla on 8 silmää, pari B:llä 10. Pari {0} saa {1} "
    "pistettä.",
    "sv": "Lag 1 (Anna och Cecilia) spelar mot lag 2 (Ben och Dan) till 100 poäng. Ingen "
    "kunde lägga. Lag 1 har 8 prickar kvar och lag 2 har 10. Lag {0} får {1} poäng.",
}
WINNERS = {"en": ("A", "B"), "fi": ("A", "B"), "sv": ("1", "2")}


@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
def test_teams_named_by_a_label_are_read_by_it(lang: str) -> None:
    ours, theirs = WINNERS[lang]
    _, claims, unchecked = examine(LABELLED[lang].format(ours, 2))
    assert [claim.findings for claim in claims] == [()]
    assert unchecked == ()
    _, claims, _ = examine(LABELLED[lang].format(ours, 18))
    assert [f.kind for claim in claims for f in claim.findings] == ["team_blocked_points"]
    _, claims, _ = examine(LABELLED[lang].format(theirs, 2))
    assert [f.kind for claim in claims for f in claim.findings] == ["team_scorer"]


UNNAMED = {
    "en": "Tonight we play in teams of two, to 100 points. Ben went out. Anna held 8 pips, "
    "Cecilia 5 and Dan 4, so Ben scores 13 points.",
    "fi": "Pelaamme pareittain 100 pisteeseen. Matti pelasi viimeisen laattansa. Ainolla "
    "oli 8 silmää ja Eerolla 5, joten Matin pari saa 13 pistettä.",
    "sv": "Vi spelar lag mot lag till 100 poäng. Ben gick ut. Anna hade 8 prickar och "
    "Cecilia 5, så laget får 13 poäng.",
}


@pytest.mark.parametrize("lang", sorted(UNNAMED))
def test_teams_never_named_in_a_match_to_a_target_are_listed_not_judged(lang: str) -> None:
    _, claims, unchecked = examine(UNNAMED[lang])
    assert [claim.findings for claim in claims] == []
    assert [item.reason for item in unchecked] == ["verify.unchecked.team_hands"]

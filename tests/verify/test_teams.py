"""A team game named in prose ("Anna and Cecilia play against Ben and Dan"), in fi, sv
and en: the claims after it are judged by the partnership game's rules. A blocked round
is the team's with the lower sum of both hands; a partner named alone the winner is
never called wrong when the team wins (it is listed as not checked), and wrong when the
other team wins; points claimed are wrong unless the team game is played to a target
(``test_team_points``)."""

from __future__ import annotations

import pytest

from blockdomino.verify import examine
from blockdomino.verify.teams import Teams, named_teams, same_player

GAMES = {
    "en": (
        "Anna and Cecilia play against Ben and Dan, partners sitting opposite.",
        "Nobody could play, so the round was blocked. Anna has {0} pips left, Ben {1}, "
        "Cecilia {2} and Dan {3}.",
        "Anna wins the round.",
        "In the partnership game Anna plays with Cecilia",
    ),
    "fi": (
        "Aino ja Eero pelaavat Mattia ja Liisaa vastaan.",
        "Kierros lukkiutui, koska kukaan ei voinut pelata. Ainolla on {0} silmää, "
        "Matilla {1}, Eerolla {2} ja Liisalla {3}.",
        "Aino voittaa kierroksen.",
        "Paripelissä Aino pelaa parina pelaajan Eero kanssa",
    ),
    "sv": (
        "Anna och Cecilia spelar mot Ben och Dan.",
        "Ingen kunde lägga, så omgången blev låst. Anna har {0} prickar kvar, Ben {1}, "
        "Cecilia {2} och Dan {3}.",
        "Anna vinner omgången.",
        "I lagspelet spelar Anna i lag med Cecilia",
    ),
}


def _round(lang: str, hands: tuple[int, int, int, int]) -> str:
    named, blocked, won, _ = GAMES[lang]
    return "\n".join((named, blocked.format(*hands), won))


@pytest.mark.parametrize("lang", sorted(GAMES))
def test_a_partner_named_the_winner_of_the_team_that_wins_is_not_called_wrong(lang: str) -> None:
    # Anna has more pips than Cecilia alone, but her team has fewer than the other one.
    _, claims, unchecked = examine(_round(lang, (9, 6, 1, 8)))
    assert [claim.errors for claim in claims] == []
    assert [(item.line, item.reason) for item in unchecked] == [
        (3, "verify.unchecked.partner_winner")
    ]


@pytest.mark.parametrize("lang", sorted(GAMES))
def test_a_partner_named_the_winner_of_the_team_that_loses_is_wrong(lang: str) -> None:
    # Anna alone has the fewest pips, but her team has more than the other one.
    _, claims, _ = examine(_round(lang, (1, 3, 9, 2)))
    (wrong,) = claims
    assert (wrong.line, [finding.kind for finding in wrong.errors]) == (3, ["partner_winner"])
    assert GAMES[lang][3] in wrong.errors[0].message(wrong.lang)


@pytest.mark.parametrize(
    ("lang", "went_out"),
    [
        ("en", "Ben went out. The others had 9, 4 and 2 pips, so Ben scores 13 points."),
        (
            "fi",
            "Matti pelasi viimeisen laattansa. Muille jäi 9, 4 ja 2 silmää, "
            "joten Matti sai 13 pistettä.",
        ),
        ("sv", "Ben gick ut. De andra hade 9, 4 och 2 prickar, så Ben fick 13 poäng."),
    ],
)
def test_points_in_a_team_game_are_wrong_unless_it_is_played_to_a_target(
    lang: str, went_out: str
) -> None:
    """The partnership game scores no points (one round decides): points claimed in it
    are a claim against the game. Played to a target, the award is the other team's
    hands, which these sentences do not give by name: not checked."""
    named = GAMES[lang][0]
    _, claims, unchecked = examine(f"{named}\n{went_out}")
    assert [[finding.kind for finding in claim.errors] for claim in claims] == [["team_unscored"]]
    assert unchecked == ()
    target = {
        "en": "We play to 100 points.",
        "fi": "Pelaamme 100 pisteeseen.",
        "sv": "Vi spelar till 100 poäng.",
    }
    _, claims, unchecked = examine(f"{named}\n{target[lang]}\n{went_out}")
    assert [claim.errors for claim in claims] == []
    assert [(item.line, item.reason) for item in unchecked] == [(3, "verify.unchecked.team_hands")]


def test_the_teams_are_read_from_the_sentence_that_names_them() -> None:
    assert named_teams("Anna and Cecilia play against Ben and Dan.") == Teams(
        ("Anna", "Cecilia"), ("Ben", "Dan")
    )
    assert named_teams("Aino ja Eero pelaavat Mattia ja Liisaa vastaan.") == Teams(
        ("Aino", "Eero"), ("Matti", "Liisa")
    )
    assert named_teams("Oona ja Ville pelaavat Tuomasta ja Sannia vastaan.") == Teams(
        ("Oona", "Ville"), ("Tuomas", "Sanni")
    )
    assert named_teams("Anna and Ben play a match against the clock.") is None
    assert same_player("Mattia", "Matilla")
    assert same_player("Liisaa", "Liisalla")
    assert not same_player("Anna", "Anni")


def test_only_claims_about_the_teams_players_follow_the_team_rules() -> None:
    """A worked sum is still added up in a team game; a round of other players, each for
    themselves, is judged by the rules of a game each for themselves; in the partnership
    preset, which scores nothing, points are still wrong."""
    teams = "Anna and Cecilia play against Ben and Dan."
    _, claims, _ = examine(f"{teams}\nBen went out and scores 9 + 4 = 14 points.")
    kinds = [[finding.kind for finding in claim.errors] for claim in claims]
    assert kinds == [["sum", "team_unscored"]]
    alone = (
        "Another day, Eva, Jo and Kim played alone. The round was blocked. Eva has 5 pips "
        "left, Jo 3 and Kim 8. Eva wins the round."
    )
    _, claims, _ = examine(f"{teams}\n{alone}")
    assert [[finding.kind for finding in claim.errors] for claim in claims] == [["round_winner"]]
    assert named_teams(teams) is not None
    unscored = "After Dan went out, his team scored 23 points for the other team's pips."
    _, claims, _ = examine(f"Rules: partnership\n{teams}\n{unscored}")
    assert [[finding.kind for finding in claim.errors] for claim in claims] == [["unscored"]]


@pytest.mark.parametrize(
    ("lang", "alone"),
    [
        ("en", "Then the four of us played each for themselves."),
        ("fi", "Sitten pelasimme neljästään, jokainen omaan laskuunsa."),
        ("sv", "Sedan spelade vi fyra var för sig."),
    ],
)
def test_after_the_players_play_each_for_themselves_again_the_team_rules_end(
    lang: str, alone: str
) -> None:
    named, blocked, won, _ = GAMES[lang]
    hands = blocked.format(1, 3, 9, 2)
    _, claims, unchecked = examine("\n".join((named, hands, won, alone, hands, won)))
    found = [(claim.line, [finding.kind for finding in claim.errors]) for claim in claims]
    assert found == [(3, ["partner_winner"]), (6, [])]
    assert unchecked == ()

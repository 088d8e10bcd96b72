"""Who wins a blocked round, as a story names the winner: the one player alone with the
lowest hand, nobody on a tie for it; a sentence the reader cannot tie to the players'
pips is no claim."""

from __future__ import annotations

import re

import pytest

from blockdomino.verify import examine


def _winner_findings(text: str, rules: str | None = None) -> list[list[str]] | None:
    """The findings on the claim of who wins (``None`` when no such claim was read)."""
    _, claims, _ = examine(text, rules=rules)
    won = [
        claim
        for claim in claims
        if "wins" in claim.text or "voittaa" in claim.text or "vinner" in claim.text
    ]
    return [[finding.kind for finding in claim.errors] for claim in won] or None


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("The round was blocked. Anna has 5 pips left, Ben 3 and Cy 8. Ben wins the round.", []),
        (
            "The round was blocked. Anna has 5 pips left, Ben 3 and Cy 8. Anna wins.",
            ["round_winner"],
        ),
        ("Nobody could play. Anna has 3 pips, Ben 3 and Cy 8. Ben wins the round.", ["round_tie"]),
        ("Kierros lukkiutui. Ainolla on 4 silmää, Villellä 9 ja Oonalla 6. Aino voittaa.", []),
        (
            "Kierros lukkiutui. Ainolla on 4 silmää, Villellä 9 ja Oonalla 6. Ville voittaa.",
            ["round_winner"],
        ),
        ("Omgången blev låst. Alva har 7 prickar kvar och Nils 4. Nils vinner omgången.", []),
        (
            "Omgången blev låst. Alva har 4 prickar kvar och Nils 4. Nils vinner omgången.",
            ["round_tie"],
        ),
    ],
)
def test_the_winner_of_a_blocked_round_is_the_one_alone_with_the_lowest_hand(
    text: str, kinds: list[str]
) -> None:
    assert _winner_findings(text) == [kinds]


@pytest.mark.parametrize(
    "text",
    [
        # Not told as blocked: whoever went out wins, whatever is left in hand.
        "Anna has 5 pips left, Ben 3 and Cy 8. Anna wins the round.",
        # A player the counts do not name.
        "The round was blocked. Anna has 5 pips left and Ben 3. Dana wins the round.",
        # One count only.
        "The round was blocked. Anna has 5 pips left. Anna wins the round.",
    ],
)
def test_a_winner_not_tied_to_the_players_pips_is_no_claim(text: str) -> None:
    assert _winner_findings(text) is None


def test_a_team_game_is_not_read_hand_by_hand() -> None:
    text = "The round was blocked. Anna has 5 pips left, Ben 3 and Cy 8. Anna wins."
    assert _winner_findings(text, rules="partnership") is None


def test_the_message_names_the_player_with_the_lowest_hand() -> None:
    text = "Omgången blev låst. Alva har 7 prickar kvar och Nils 4. Alva vinner omgången."
    _, claims, _ = examine(text)
    (finding,) = (finding for claim in claims for finding in claim.errors)
    assert finding.message("sv") == (
        "Texten säger att Alva vinner den blockerade omgången, men Nils har lägst summa: 4 prickar."
    )


def _team_findings(text: str, rules: str | None = None) -> list[list[str]]:
    """The findings on each claim of who wins a team game's round, in order."""
    _, claims, _ = examine(text, rules=rules)
    won = [claim for claim in claims if re.search(" win|voittavat|vinner", claim.text)]
    return [[finding.kind for finding in claim.errors] for claim in won]


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        (
            "Nobody could play. Anna has 5 pips left, Ben 6, Cecilia 3 and Dan 4. "
            "Anna and Cecilia win the round.",
            [],
        ),
        (
            "Nobody could play. Anna has 5 pips left, Ben 6, Cecilia 3 and Dan 4. "
            "Ben and Dan win the round.",
            ["team_winner"],
        ),
        (
            "Nobody could play. Anna has 5 pips left, Ben 4, Cecilia 3 and Dan 4. "
            "Anna and Cecilia win the round.",
            ["team_tie"],
        ),
        (
            "Kierros lukkiutui. Ainolla on 4 silmää, Villellä 9, Oonalla 6 ja Eerolla 2. "
            "Aino ja Oona voittavat.",
            [],
        ),
        (
            "Kierros lukkiutui. Ainolla on 4 silmää, Villellä 9, Oonalla 6 ja Eerolla 2. "
            "Ville ja Eero voittavat.",
            ["team_winner"],
        ),
        (
            "Omgången blev låst. Alva har 7 prickar kvar, Nils 4, Maja 2 och Olle 6. "
            "Alva och Maja vinner omgången.",
            [],
        ),
        (
            "Omgången blev låst. Alva har 7 prickar kvar, Nils 4, Maja 2 och Olle 6. "
            "Nils och Olle vinner omgången.",
            ["team_winner"],
        ),
    ],
)
def test_a_blocked_round_of_the_team_game_is_won_by_the_lower_sum_of_two_hands(
    text: str, kinds: list[str]
) -> None:
    assert _team_findings(text) == [kinds]
    assert _team_findings(text, rules="partnership") == [kinds]


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        # A player named alone in the team game: their partner is not known.
        ("The round was blocked. Anna has 5 pips left, Ben 3 and Cy 8. Anna wins.", "partnership"),
        # Words of teams: a player named alone may be speaking for the team.
        (
            "The round was blocked and the teams counted. Anna has 5 pips, Ben 3, Cy 8 and "
            "Dan 1. Anna wins.",
            None,
        ),
        # Two partners named, but not all four hands.
        ("Lukossa. Ainolla on 4 silmää ja Villellä 9. Aino ja Oona voittavat.", None),
    ],
)
def test_a_winner_of_the_team_game_not_tied_to_both_teams_is_listed_as_not_checked(
    text: str, rules: str | None
) -> None:
    _, claims, unchecked = examine(text, rules=rules)
    assert [finding for claim in claims for finding in claim.errors] == []
    assert "verify.unchecked.team_winner" in [item.reason for item in unchecked]


def test_the_team_message_gives_both_teams_sums() -> None:
    text = "Nobody could play. Anna has 5 pips left, Ben 6, Cecilia 3 and Dan 4. Ben and Dan win."
    _, claims, _ = examine(text)
    (finding,) = (finding for claim in claims for finding in claim.errors)
    assert finding.message("en") == (
        "The text says Ben and Dan win the blocked round, but their hands add up to 10 pips "
        "and the other team's to 8."
    )

"""A team match's table whose heading names only players, the teams given in the prose
("Anna and Cecilia play against Ben and Dan"): read as the team match's when the prose's
teams in its section have exactly the heading's players, and listed as not checked
otherwise, in fi, sv and en."""

from __future__ import annotations

import pytest

from blockdomino.verify import examine

TEAMS = {
    "en": "Anna and Cecilia play against Ben and Dan, in a match to 100 points.",
    "fi": "Aino ja Eero pelaavat Mattia ja Liisaa vastaan 100 pisteeseen.",
    "sv": "Anna och Cecilia spelar mot Ben och Dan till 100 poäng.",
}
HEADINGS = {
    "en": "| Round | Went out | Anna | Cecilia | Ben | Dan | Points | Winner |",
    "fi": "| Kierros | Dominoi | Aino | Eero | Matti | Liisa | Pisteet | Voittaja |",
    "sv": "| Omgång | Gick ut | Anna | Cecilia | Ben | Dan | Poäng | Vinnare |",
}
ROWS = {
    "en": ("| 1 | Ben | 8 | 5 | 0 | 4 | {0} | Ben & Dan |", "| 2 | – | 5 | 3 | 6 | 4 | 2 | Anna |"),
    "fi": (
        "| 1 | Matti | 8 | 5 | 0 | 4 | {0} | Matti ja Liisa |",
        "| 2 | – | 5 | 3 | 6 | 4 | 2 | Aino |",
    ),
    "sv": (
        "| 1 | Ben | 8 | 5 | 0 | 4 | {0} | Ben och Dan |",
        "| 2 | – | 5 | 3 | 6 | 4 | 2 | Anna |",
    ),
}
_UNSURE = "verify.unchecked.team_table"


def _leaflet(lang: str, points: int, teams: str | None = None, between: str = "") -> str:
    first, second = ROWS[lang]
    rows = "\n".join(
        (HEADINGS[lang], "|---|---|---|---|---|---|---|---|", first.format(points), second)
    )
    return f"# Match\n\n{TEAMS[lang] if teams is None else teams}\n\n{between}{rows}\n"


@pytest.mark.parametrize("lang", sorted(TEAMS))
def test_a_table_of_the_prose_teams_players_is_checked_row_by_row(lang: str) -> None:
    _, claims, unchecked = examine(_leaflet(lang, 13))
    assert [claim.errors for claim in claims] == [(), ()]
    assert unchecked == ()
    _, claims, _ = examine(_leaflet(lang, 17))
    assert [[f.kind for f in claim.errors] for claim in claims] == [["team_domino_points"], []]
    assert claims[0].errors[0].values["sum"] == "8 + 5 = 13"


@pytest.mark.parametrize("lang", sorted(TEAMS))
def test_a_heading_with_a_player_not_of_the_teams_is_not_checked(lang: str) -> None:
    other = TEAMS[lang].replace("Dan", "Eve").replace("Liisaa", "Oonaa")
    _, claims, unchecked = examine(_leaflet(lang, 17, teams=other))
    assert claims == ()
    assert [item.reason for item in unchecked] == [_UNSURE]
    if lang == "en":  # players who play each for themselves: not a team game's table
        alone = "Anna, Cecilia, Ben and Dan played a match to 100 points."
        assert _UNSURE not in [item.reason for item in examine(_leaflet(lang, 17, alone))[2]]


@pytest.mark.parametrize("lang", sorted(TEAMS))
def test_teams_named_in_another_section_are_not_taken_for_the_tables(lang: str) -> None:
    _, claims, unchecked = examine(_leaflet(lang, 17, between="# Scores\n\n"))
    assert claims == ()
    assert [item.reason for item in unchecked] == [_UNSURE]


def test_points_columns_headed_by_the_teams_labels_are_read() -> None:
    text = (
        "Lag A (Anna och Cecilia) spelar mot lag B (Ben och Dan) till 100 poäng.\n\n"
        "| Omgång | Gick ut | Anna | Cecilia | Ben | Dan | Lag A poäng | Lag B poäng |\n"
        "|---|---|---|---|---|---|---|---|\n"
        "| 1 | Ben | 8 | 5 | 0 | 4 | – | 17 |\n"
        "| 2 | – | 5 | 3 | 6 | 4 | 2 | – |\n"
    )
    _, claims, unchecked = examine(text)
    assert [[f.kind for f in claim.errors] for claim in claims] == [["team_domino_points"], []]
    assert unchecked == ()

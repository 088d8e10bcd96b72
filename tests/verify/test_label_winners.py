"""A team named by its label: as the winner of a blocked round ("Team A wins the
round", "Pari A voittaa", "Lag A vinner"), checked where the text gave the label with
its players and listed as not checked otherwise; and in a Finnish case ending ("pari
A:lla on 8 silmää"), read as the team."""

from __future__ import annotations

import pytest

from blockdomino.verify import examine
from blockdomino.verify.teams import label_mark

TEAMS = {
    "en": "Team A (Anna and Cecilia) plays against team B (Ben and Dan).",
    "fi": "Pari A (Aino ja Eero) pelaa paria B (Matti ja Liisa) vastaan.",
    "sv": "Lag A (Anna och Cecilia) spelar mot lag B (Ben och Dan).",
}
BLOCKED = {
    "en": "Nobody could play, so the round was blocked. Anna has 5 pips left, Ben 6, "
    "Cecilia 3 and Dan 4.",
    "fi": "Kierros lukkiutui, koska kukaan ei voinut pelata. Ainolla on 5 silmää, "
    "Matilla 6, Eerolla 3 ja Liisalla 4.",
    "sv": "Ingen kunde lägga, så spelet var blockerat. Anna har 5 prickar kvar, Ben 6, "
    "Cecilia 3 och Dan 4.",
}
WINS = {
    "en": "Team {} wins the round.",
    "fi": "Pari {} voittaa kierroksen.",
    "sv": "Lag {} vinner.",
}


def _kinds(text: str) -> tuple[list[list[str]], list[str]]:
    _, claims, unchecked = examine(text)
    return [[f.kind for f in claim.errors] for claim in claims], [u.reason for u in unchecked]


@pytest.mark.parametrize("lang", sorted(TEAMS))
def test_the_team_with_the_lower_sum_named_by_its_label_is_right(lang: str) -> None:
    text = f"{TEAMS[lang]}\n{BLOCKED[lang]} {WINS[lang].format('A')}"
    assert _kinds(text) == ([[]], [])


@pytest.mark.parametrize("lang", sorted(TEAMS))
def test_the_team_with_the_higher_sum_named_by_its_label_is_wrong(lang: str) -> None:
    text = f"{TEAMS[lang]}\n{BLOCKED[lang]} {WINS[lang].format('B')}"
    _, claims, _ = examine(text)
    assert [[f.kind for f in claim.errors] for claim in claims] == [["label_winner"]]
    values = claims[0].errors[0].values
    assert (values["ours"], values["theirs"]) == (10, 8)
    named = WINS[lang].format("B").split(" ")[:2]
    assert claims[0].errors[0].message(lang).count(" ".join(named)) == 1


def test_a_tie_named_by_a_label_is_reported_with_the_label() -> None:
    tied = "Nobody could play, so the round was blocked. Team A has 8 pips left and team B 8."
    _, claims, _ = examine(f"{TEAMS['en']}\n{tied} Team B wins the round.")
    assert [[f.kind for f in claim.errors] for claim in claims] == [["label_tie"]]
    assert claims[0].errors[0].message("en").startswith("The text says Team B (Ben and Dan)")


@pytest.mark.parametrize("lang", sorted(TEAMS))
def test_a_label_never_given_with_its_players_is_not_checked(lang: str) -> None:
    text = f"{BLOCKED[lang]} {WINS[lang].format('A')}"
    assert _kinds(text) == ([], ["verify.unchecked.team_label"])


@pytest.mark.parametrize(
    ("told", "errors"),
    [
        ("Pari A:lla on 8 silmää ja pari B:llä 10. Pari A saa 2 pistettä.", [[]]),
        (
            "Pari A:lla on 8 silmää ja pari B:llä 10. Pari A:lle tulee 18 pistettä.",
            [["team_blocked_points"]],
        ),
        ("Pari A:lla on 8 silmää ja pari B:llä 10. Pari B voittaa kierroksen.", [["label_winner"]]),
    ],
)
def test_a_label_in_a_finnish_case_ending_is_read_as_its_team(
    told: str, errors: list[list[str]]
) -> None:
    teams = "Pari A (Aino ja Eero) pelaa paria B (Matti ja Liisa) vastaan 100 pisteeseen."
    blocked = "Kierros lukkiutui, koska kukaan ei voinut pelata."
    _, claims, unchecked = examine(f"{teams}\n{blocked} {told}")
    assert [[f.kind for f in claim.errors] for claim in claims] == errors
    assert unchecked == ()


@pytest.mark.parametrize(
    ("label", "mark"),
    [("Team A", "A"), ("pari A:lla", "A"), ("pari 2:n", "2"), ("lag B", "B")],
)
def test_a_labels_mark_is_its_letter_or_number(label: str, mark: str) -> None:
    assert label_mark(label) == mark


def test_a_label_in_a_case_of_from_is_not_read() -> None:
    teams = "Pari A (Aino ja Eero) pelaa paria B (Matti ja Liisa) vastaan 100 pisteeseen."
    told = "Kierros lukkiutui. Pari B:ltä jäi 10 silmää ja pari A:lla on 8. Pari A saa 2 pistettä."
    _, claims, unchecked = examine(f"{teams}\n{told}")
    assert claims == ()
    assert [u.reason for u in unchecked] == ["verify.unchecked.team_hands"]


def test_the_winner_of_a_whole_match_named_by_a_label_is_no_rounds() -> None:
    blocked = "Nobody could play, so the round was blocked. Team A has 8 pips left and team B 6."
    _, claims, unchecked = examine(f"{TEAMS['en']}\n{blocked} Team A won the match.")
    assert (claims, unchecked) == ((), ())


def test_a_label_before_a_colon_still_names_its_team() -> None:
    teams = "Lag A: Anna och Cecilia spelar mot lag B: Ben och Dan."
    text = f"{teams}\n{BLOCKED['sv']} {WINS['sv'].format('B')}"
    _, claims, _ = examine(text)
    assert [[f.kind for f in claim.errors] for claim in claims] == [["label_winner"]]


WENT_OUT = {"en": "Ben went out.", "fi": "Matti dominoi.", "sv": "Ben gick ut."}


@pytest.mark.parametrize("lang", sorted(TEAMS))
def test_the_team_of_the_player_who_went_out_named_by_its_label_is_right(lang: str) -> None:
    text = f"{TEAMS[lang]}\n{WENT_OUT[lang]} {WINS[lang].format('B')}"
    assert _kinds(text) == ([[]], [])


@pytest.mark.parametrize("lang", sorted(TEAMS))
def test_the_other_team_named_after_a_player_went_out_is_wrong(lang: str) -> None:
    text = f"{TEAMS[lang]}\n{WENT_OUT[lang]} {WINS[lang].format('A')}"
    _, claims, _ = examine(text)
    assert [[f.kind for f in claim.errors] for claim in claims] == [["team_out_winner"]]
    values = claims[0].errors[0].values
    assert values["dominoer"] in {"Ben", "Matti"}
    assert values["first"] in {"Ben", "Matti"}

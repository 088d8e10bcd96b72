"""Rules stated in prose, in fi, sv and en: each that contradicts Block is found with its
kind, each that states Block's rule is right (and, as before, not reported), and one the
reader cannot settle is listed as not checked, never called wrong."""

from __future__ import annotations

import pytest

from blockdomino.verify.documents import examine

WRONG = [
    ("Kan man inte lägga drar man en bricka ur potten.", "draw"),
    ("Jos et voi pelata, nostat laatan pakasta.", "draw"),
    ("A player who cannot play draws from the boneyard.", "draw"),
    ("Spinners are allowed: the first double may be played on from all four sides.", "spinner"),
    ("Tuplaan saa liittää laattoja neljään suuntaan.", "spinner"),
    ("Poängen avrundas till närmaste fem.", "rounding"),
    ("Scoring is rounded to the nearest five points.", "rounding"),
    ("Pisteet pyöristetään lähimpään viiteen.", "rounding"),
    ("Vuoro kulkee vastapäivään.", "clockwise"),
    ("Turen går moturs runt bordet.", "clockwise"),
    ("Play passes to the right.", "clockwise"),
    ("In the team game play passes clockwise.", "anticlockwise"),
    ("Jos kierros lukkiutuu, voittaa se, jolla on suurin summa.", "blocked_winner"),
    ("Om spelet är blockerat vinner den som har högst summa.", "blocked_winner"),
    (
        "If the round is blocked and two tie for the lowest, the one with fewer tiles wins.",
        "tie_broken",
    ),
]
RIGHT = [
    ("Blockissa ei ole pakkaa.", "Blockissa nostetaan pakasta."),
    ("Ingen drar brickor ur en pott.", "Man drar brickor ur en pott."),
    ("There is no boneyard, and nobody draws.", "There is a boneyard to draw from."),
    (
        "I standardspelet med dragning skulle den spelaren dra brickor ur potten.",
        "Den spelaren drar brickor ur potten.",
    ),
    ("Points are never rounded.", "Points are rounded."),
    ("Vuoro kulkee myötäpäivään.", "Vuoro kulkee vastapäivään."),
    ("Play passes clockwise, to the left.", "Play passes anticlockwise."),
    ("In the team game play passes to the right.", "In the team game play passes to the left."),
    (
        "Jos kukaan ei voi pelata, kierros on lukossa ja pienin käsi voittaa.",
        "Jos kukaan ei voi pelata, kierros on lukossa ja suurin käsi voittaa.",
    ),
    (
        "If the round is blocked, the lowest hand wins; on a tie for the lowest nobody wins.",
        "If the round is blocked and the lowest hands tie, the one who played first wins.",
    ),
]
"""Each rule stated right, and its twin stated wrong."""


def _checked(text: str, rules: str | None = None) -> tuple[list[list[str]], list[str]]:
    _, claims, unchecked = examine(text, rules=rules)
    return [[finding.kind for finding in claim.errors] for claim in claims], [
        item.reason for item in unchecked
    ]


@pytest.mark.parametrize(("text", "kind"), WRONG)
def test_a_rule_that_contradicts_block_is_found(text: str, kind: str) -> None:
    claims, _ = _checked(text)
    assert claims == [[kind]]


@pytest.mark.parametrize(("right", "wrong"), RIGHT)
def test_a_rule_of_block_stated_in_prose_is_right_and_its_twin_wrong(
    right: str, wrong: str
) -> None:
    assert _checked(right) == ([], [])
    claims, _ = _checked(wrong)
    assert len(claims) == 1
    assert len(claims[0]) == 1


def test_drawing_is_right_in_the_draw_game() -> None:
    assert _checked("Kan man inte lägga drar man en bricka ur potten.", "draw") == ([], [])


def test_the_direction_follows_the_documents_game() -> None:
    assert _checked("Play passes to the right.", "partnership") == ([], [])
    assert _checked("Play passes to the left.", "partnership")[0] == [["anticlockwise"]]


def test_the_direction_in_a_document_of_both_games_is_not_checked() -> None:
    text = "Each plays alone, or in teams of two.\nPlay passes to the right."
    assert _checked(text) == ([], ["verify.unchecked.rule"])


def test_a_tie_with_no_outcome_read_is_not_checked() -> None:
    text = "If the round is blocked and the lowest hands tie, the tie wins nothing special."
    claims, unchecked = _checked(text)
    assert claims == []
    assert unchecked == ["verify.unchecked.rule"]

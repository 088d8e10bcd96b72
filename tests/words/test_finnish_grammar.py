"""Finnish patterns a teacher's review found, kept from coming back.

A lone point as the object of *saada* takes the accusative: *Pelaaja 1 saa 1 pisteen*,
not *saa 1 piste* (with other numbers the partitive, *saa 8 pistettä*, is right). The
templates that say what a player gets word their points with ``points(..., won=True)``.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from blockdomino.practice.items import Points, Seat, phrase
from blockdomino.practice.wording import say
from blockdomino.words.i18n import catalog_root, points

# The templates whose {points} is what a player gets: each is worded with won=True.
WON = {
    "practice.choice.team_points",
    "practice.mistake.target_reached",
    "widgets.quiz.seat_points",
    "widgets.match.record",
}
GETS = re.compile(r"\b(saa|sai|saat|saavat|saivat|saanut|saaneet)\s+(yhteensä\s+)?\{points\}")


def _finnish() -> dict[str, str]:
    texts: dict[str, str] = {}
    for path in sorted((catalog_root() / "fi").glob("*.po")):
        with path.open("rb") as file:
            texts.update({m.id: m.string for m in read_po(file) if m.id})
    return texts


def test_every_template_that_gives_points_is_known() -> None:
    """A new "saa {points}" template must join WON (and be worded with won=True)."""
    found = {key for key, text in _finnish().items() if GETS.search(text)}
    assert found == WON


@pytest.mark.parametrize(
    ("count", "won", "expected"),
    [
        (1, True, "1 pisteen"),
        (1, False, "1 piste"),
        (8, True, "8 pistettä"),
        (0, True, "0 pistettä"),
    ],
)
def test_a_lone_point_won_is_in_the_accusative(count: int, won: bool, expected: str) -> None:
    assert points(count, "fi", won=won) == expected


def test_the_worksheet_choice_says_saa_1_pisteen() -> None:
    choice = phrase("practice.choice.team_points", player=Seat(0), points=Points(1, won=True))
    assert say(choice, "fi") == "Pelaaja 1 saa 1 pisteen"
    assert say(choice, "sv") == "Spelare 1 får 1 poäng"
    assert say(choice, "en") == "Player 1 scores 1 point"

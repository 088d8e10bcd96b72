"""Finnish patterns a teacher's review found, kept from coming back.

A lone point as the object of *saada* takes the accusative: *Pelaaja 1 saa 1 pisteen*,
not *saa 1 piste* (with other numbers the partitive, *saa 8 pistettä*, is right). The
templates that say what a player gets word their points with ``points(..., won=True)``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

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
ONE_POINT = re.compile(
    r"\b(saa|sai|saat|saavat|saivat|saanut|saaneet|antaa|antoi)\s+(yhteensä\s+)?1\s+piste\b",
    re.IGNORECASE,
)
"""A lone point written out as the object: "saa 1 piste" (it must be "saa 1 pisteen")."""


def _finnish() -> dict[str, str]:
    texts: dict[str, str] = {}
    for path in sorted((catalog_root() / "fi").glob("*.po")):
        with path.open("rb") as file:
            texts.update({m.id: m.string for m in read_po(file) if m.id})
    return texts


def _notebooks() -> dict[str, str]:
    root = Path(__file__).resolve().parents[2] / "notebooks" / "fi"
    cells = {
        f"{path.name}: cell {number}": "".join(cell["source"])
        for path in sorted(root.glob("*.ipynb"))
        for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"])
    }
    assert cells, f"no notebooks found in {root}"
    return cells


def test_no_text_says_saa_1_piste() -> None:
    """No catalog message nor built notebook cell (prose or stored output) writes a lone
    point in the nominative as what a player gets."""
    texts = _finnish() | _notebooks()
    found = [
        f"{where}: {m.group(0)}" for where, text in texts.items() for m in ONE_POINT.finditer(text)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Pelaaja 1 saa 1 piste", True),
        ("Pari 2 sai yhteensä 1 piste.", True),
        ("Pelaaja 1 saa 1 pisteen", False),
        ("Pelaaja 1 saa 11 pistettä", False),
        ("Pelaajalla 1 on 1 piste.", False),
    ],
)
def test_a_lone_point_in_the_nominative_is_found(text: str, found: bool) -> None:
    assert bool(ONE_POINT.search(text)) is found


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

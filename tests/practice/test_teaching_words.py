"""Words a teacher hands out unchanged: patterns a native teacher corrected in the
catalogs the pupils read, which must not come back."""

from __future__ import annotations

import re

import pytest

from blockdomino.words.i18n import catalog

AVOID: dict[str, list[tuple[str, str]]] = {
    "fi": [
        (r"merkitty merkillä", "say what the mark means: ”sopivat laatat on merkitty ✓:llä”"),
        (r"kahdesta neljään hengen", "”kahdesta neljään pelaajaa”"),
        (r"\b\d+ pisteen\b(?! (?:tavoite|ottelu|raja))", "an object after a number: ”1 piste”"),
    ],
    "sv": [
        (r"\bpotten\b", "one word per concept: draghögen"),
        (r"\braden\b(?! `)", "the chain is kedjan (a line of code may be raden)"),
        (r"^Lagd ", "a title says what happened: ”[3|5] har lagts”"),
        (r"i stor storlek", "”i stort format” or nothing"),
    ],
    "en": [
        (r"\b(?:preset|award|boneyard)s?\b(?!\})", "pupils never see the program's words"),
    ],
}
PUPILS_READ: dict[str, tuple[str, ...]] = {
    "fi": ("nb.", "practice.", "example.", "error.", "app.", "hotseat."),
    "sv": ("nb.", "practice.", "example.", "error.", "app.", "hotseat."),
    "en": ("practice.", "example.", "app."),
}
"""The catalog keys a pupil reads; the English chapters' code cells name presets."""


@pytest.mark.parametrize("lang", sorted(AVOID))
def test_corrected_patterns_do_not_come_back(lang: str) -> None:
    found = [
        (key, pattern, why)
        for key, text in catalog(lang).items()
        if key.startswith(PUPILS_READ[lang])
        for pattern, why in AVOID[lang]
        if re.search(pattern, text, flags=re.MULTILINE | re.IGNORECASE)
    ]
    assert found == []


REVIEWED: dict[str, list[tuple[str, str]]] = {
    "fi": [
        (r"tällä tabletilla", "pupils may be on any device: ”tällä laitteella”"),
        (r"\bnapilla\b|\bnappi", "a button is ”painike”"),
        (r"lehtis", "the leaflet is ”sääntömoniste”, as on the app's page"),
        (r"keskellä riviä|ole lukua", "the chain is ”ketju”, a number on a tile ”silmäluku”"),
        (r"päissä ovat", "an existential clause: ”päissä on”"),
        (r"^Mitä teet$", "a heading that asks: ”Mitä haluat tehdä?”"),
        (r"^Suurin tupla aloittaa", "a tile does not begin: ”Se, jolla on suurin tupla, …”"),
        (r"pitää vielä laattoja", "stiff: ”ei ole vielä pelannut kaikkia laattojaan”"),
    ],
    "sv": [
        (r"dragspel", "”dragspel” is an accordion: ”domino med dragning”"),
        (r"den här surfplattan", "pupils may be on any device: ”den här enheten”"),
        (r"\braden\b(?! `)|\bgren\b", "the chain is kedjan, its branch a sidogren"),
        (r"(?-i:\bI block\b)", "the game's name is Block"),
        (r"\bhar (?:en|ingen) \{number\}", "read aloud: ”har talet 4”, ”har inte talet 4”"),
        (r"^Den högsta dubbeln börjar", "a tile does not begin: ”Den som har …”"),
        (r"gå med i ett bord|^Gå med$", "one sits down at a table: ”Sätt dig vid ett bord”"),
        (r"\breprisen\b", "a replay in class is a genomgång"),
        (r"visade de här prickarna", "the ends show numbers, tal"),
        (r"sparas färdig", "”kunde inte förberedas för nästa start”"),
        (r"varje gång man står över gäller", "what a pass tells holds, not the pass"),
        (r"öppnar den som börjar med", "reads two ways: ”måste den som börjar lägga …”"),
    ],
    "en": [
        (r"heaviest-first", "say it: a player who always plays the heaviest tile that fits"),
        (r"team-mate", "the glossary's word is partner"),
        (r"the best draw|is alone and scores", "nobody draws in Block; a total does not score"),
    ],
}
"""What the native review of 2026-12-05 corrected, in every catalog (the teachers'
commands and pages too)."""


@pytest.mark.parametrize("lang", sorted(REVIEWED))
def test_reviewed_wordings_do_not_come_back(lang: str) -> None:
    found = [
        (key, pattern, why)
        for key, text in catalog(lang).items()
        for pattern, why in REVIEWED[lang]
        if re.search(pattern, text, flags=re.MULTILINE | re.IGNORECASE)
    ]
    assert found == []

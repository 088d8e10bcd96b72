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

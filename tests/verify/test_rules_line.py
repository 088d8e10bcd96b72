"""A rules line names the kind of game in the leaflet's own language ("Säännöt:
paripeli", "Regler: lagspel") or by its name in code ("Rules: partnership"): every
preset, by every name the catalogs give it, in fi, sv and en."""

from __future__ import annotations

import pytest

from blockdomino.engine.rules import PRESETS
from blockdomino.verify import examine
from blockdomino.verify.rules_line import document_rules
from blockdomino.words.i18n import LANGS, translate

_LINE = {"fi": "Säännöt", "sv": "Regler", "en": "Rules"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", PRESETS)
def test_a_rules_line_names_every_preset_in_every_language(preset: str, lang: str) -> None:
    shown = translate(f"term.preset.{preset}", lang).split(" (")[0]
    for name in (shown, shown.lower(), shown.replace("-", " "), preset):
        assert document_rules(f"# Domino\n{_LINE[lang]}: {name}\nText.") == preset, name


@pytest.mark.parametrize(
    ("line", "preset"),
    [
        ("Säännöt: paripeli", "partnership"),
        ("Regler: lagspel", "partnership"),
        ("Säännöt: Block-ottelu", "match"),
        ("Rules: Block match", "match"),
        ("Regler: Block, en giv", "block"),
        ("Säännöt: nostopeli", "draw"),
        ("Rules: draw game", "draw"),
        ("Regler: matchen börjar", None),
        ("Säännöt: pariton", None),
    ],
)
def test_the_longest_name_is_read_and_a_word_that_only_begins_with_one_is_not(
    line: str, preset: str | None
) -> None:
    assert document_rules(line) == preset


@pytest.mark.parametrize(
    ("line", "award"),
    [
        ("Säännöt: paripeli", "Eero dominoi, ja hänen parinsa saa 13 pistettä."),
        ("Regler: lagspel", "Ben gick ut, och hans lag fick 13 poäng."),
        ("Rules: partnership", "Ben went out, and his team scored 13 points."),
    ],
)
def test_points_in_a_partnership_game_named_in_the_leaflets_language_are_reported(
    line: str, award: str
) -> None:
    _, claims, _ = examine(f"{line}\n{award}")
    assert [[finding.kind for finding in claim.errors] for claim in claims] == [["unscored"]]

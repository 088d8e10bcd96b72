"""One registry of presets (``engine.rules.PRESET_TABLE``), and every list derives from it.

The command line's ``--preset`` choices (every command that has the option, found in
the parser), the class server's page and its script, the learner's names of the presets
in every catalog, and ``Rules.preset`` itself: each names exactly the registry's presets.
(The app's chooser is checked against the registry where the app is built,
``tests/app/test_app_build.py``.)
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from blockdomino.cli import build_parser
from blockdomino.engine.errors import RulesError
from blockdomino.engine.rules import PRESET_TABLE, PRESETS, PRESETS_SHOWN, Rules
from blockdomino.server import pages
from blockdomino.words.i18n import LANGS, catalog

ROOT = Path(__file__).resolve().parents[1]


def _preset_choices(parser: argparse.ArgumentParser) -> list[tuple[str, ...]]:
    """The choices of every ``--preset`` option of every command."""
    found = []
    for action in parser._actions:
        if "--preset" in action.option_strings:
            found.append(tuple(action.choices or ()))
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _preset_choices(sub)
    return found


def test_the_registry_names_each_preset_once_in_both_orders() -> None:
    assert tuple(row.name for row in PRESET_TABLE) == PRESETS
    assert len(set(PRESETS)) == len(PRESETS)
    assert sorted(PRESETS_SHOWN) == sorted(PRESETS)
    assert sorted(row.shown for row in PRESET_TABLE) == list(range(len(PRESET_TABLE)))


def test_every_preset_option_offers_exactly_the_registry() -> None:
    choices = _preset_choices(build_parser())
    assert len(choices) >= 2
    assert set(choices) == {PRESETS}


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_of_the_registry_deals_and_is_named_in_every_language(name: str) -> None:
    assert Rules.preset(name).name == name
    for lang in LANGS:
        assert catalog(lang)[f"term.preset.{name}"]


def test_a_name_outside_the_registry_is_refused_listing_the_registry() -> None:
    with pytest.raises(RulesError) as refused:
        Rules.preset("chess")
    assert refused.value.params["known"] == PRESETS


@pytest.mark.parametrize("lang", LANGS)
def test_the_class_servers_page_offers_exactly_the_registry(lang: str) -> None:
    words = json.loads(pages._words(lang))
    offered = [key.removeprefix("preset.") for key in words if key.startswith("preset.")]
    assert offered == list(PRESETS)
    script = (ROOT / "src/blockdomino/server/static/class.js").read_text(encoding="utf-8")
    assert not [name for name in PRESETS if re.search(rf'"{name}"', script)]

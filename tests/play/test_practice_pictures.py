"""The practice chapter shows each item as the printed sheet does: every hand the item
shows under the name its question gives it ("Your hand", the player who went out with an
empty hand), and in a team game the table with the seats and the partners."""

from __future__ import annotations

import html

import pytest

from blockdomino.play.practice import PracticeController
from blockdomino.practice.export import beside_chain
from blockdomino.words.i18n import LANGS, translate
from blockdomino.words.text import player_name


def _shown(topic: str, level: int, seeds: range, lang: str) -> list[PracticeController]:
    """Controllers showing items of ``topic`` at ``level``, one per seed."""
    shown = []
    for seed in seeds:
        practice = PracticeController(lang=lang, topic=topic, seed=seed)
        practice.act(f"level:{level}")
        shown.append(practice)
    return shown


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("topic", "level"), [("scoring", 1), ("scoring", 3), ("passes", 3)])
def test_the_screen_names_and_draws_what_the_sheet_does(topic: str, level: int, lang: str) -> None:
    seen_empty = seen_table = 0
    for practice in _shown(topic, level, range(12), lang):
        item = practice.state.item
        hands = practice.view().text("hands")
        expected = beside_chain(item, lang, colors=None)
        assert hands.count("<figure>") == len(expected)
        for caption, image in expected:
            assert f"<figcaption>{html.escape(caption)}</figcaption>{image}" in hands
        seen_empty += any(not item.position.hands[seat] for seat in item.shown)
        seen_table += item.position.rules.partnership
        for seat in item.shown:  # said independently of the sheet's own captions
            name = player_name(seat, lang)
            went_out = html.escape(translate("practice.figure.went_out", lang, player=name))
            assert (went_out in hands) == (not item.position.hands[seat])
    if topic == "scoring":
        assert seen_empty
    if level == 3 and topic == "scoring":
        assert seen_table

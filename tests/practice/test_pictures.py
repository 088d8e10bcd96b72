"""Every picture shows what the text says: every hand the item shows is drawn (the
empty hand of the player who went out too, saying so), the hand the question calls
"your hand" is labelled so, and a team-game item shows the table: the seats in their
order (said in the caption unless the question says it), the partners alike, who played
last."""

from __future__ import annotations

import re

import pytest

from blockdomino.practice import LEVELS, TOPICS, generate
from blockdomino.practice.export import YOUR_HAND, figures
from blockdomino.practice.seating import last_player, seating
from blockdomino.words.i18n import LANGS, translate
from blockdomino.words.text import player_name

SEEDS = range(25)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", TOPICS)
def test_every_hand_the_item_shows_is_drawn_and_named_as_the_text_names_it(
    topic: str, lang: str
) -> None:
    went_out = 0
    for level in LEVELS:
        for seed in SEEDS:
            item = generate(topic, level, seed)
            drawn = figures(item, lang)
            hands = drawn[1 if item.position.chain.tiles else 0 :][: len(item.shown)]
            assert len(hands) == len(item.shown)
            yours = any(sentence.key == YOUR_HAND for sentence in item.question)
            for seat, (caption, _) in zip(item.shown, hands, strict=True):
                name = player_name(seat, lang)
                if yours and seat == item.position.turn:
                    assert caption == translate("practice.figure.your_hand", lang)
                elif not item.position.hands[seat]:
                    went_out += 1
                    assert caption == translate("practice.figure.went_out", lang, player=name)
                else:
                    assert caption == name
    if topic == "scoring":
        assert went_out > 0


@pytest.mark.parametrize("lang", LANGS)
def test_team_game_items_show_the_table_with_partners_and_who_played_last(lang: str) -> None:
    team_items = [
        item
        for topic, level in (("leader", 2), ("scoring", 2), ("scoring", 3))
        for item in (generate(topic, level, seed) for seed in SEEDS)
        if item.position.rules.partnership
    ]
    assert len(team_items) > 10
    for item in team_items:
        caption, image = figures(item, lang)[-1]
        last = last_player(item.position)
        assert last is not None
        said = translate("practice.seating.last", lang, player=player_name(last, lang))
        assert said in caption
        assert f"<title>{caption}</title>" in image
        rings = re.findall(r'<circle[^>]*stroke-width="2.5"', image)
        assert len(rings) == 1
        fills = re.findall(r'<circle cx[^>]*fill="(#[0-9a-f]+)"[^>]*r="15"', image)
        assert fills[0] == fills[2] != fills[1] == fills[3]  # partners sit opposite, alike
        order = item.question[0].key != "practice.leader.partnership"
        assert image == seating(item.position, lang, order=order)
        said = translate("practice.seating.order" if order else "practice.seating.way", lang)
        assert caption.startswith(said)

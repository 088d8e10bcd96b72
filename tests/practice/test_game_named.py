"""Every match and leader item names its kind of game in words, first (a single Block
game, a Block match to 100 or to 61, the team game), and the opening-double question
counts exactly what its text says: each tile once for each end it fits, so each tile
showing the double's number twice (lines A and B), checked by counting the hand."""

from __future__ import annotations

import pytest

from blockdomino.practice import generate, words
from blockdomino.practice.items import Item
from blockdomino.words.i18n import LANGS, translate

SEEDS = range(40)


def _kind(item: Item) -> str:
    rules = item.position.rules
    if rules.partnership:
        return "practice.game.team_match"
    return "practice.game.single" if rules.target is None else "practice.game.match"


def _named(item: Item) -> None:
    """The item's first sentence names the kind of game its position is played as, with
    its target and players, in every language."""
    rules = item.position.rules
    assert item.question[0].key == _kind(item)
    for lang in LANGS:
        said = translate(_kind(item), lang, target=rules.target or 0, players=rules.players)
        assert words(item, lang).question.startswith(said)


def test_match_items_name_the_match_and_its_target() -> None:
    matches = [
        item
        for seed in SEEDS
        for item in [generate("scoring", 3, seed)]
        if any(sentence.key == "practice.match.before" for sentence in item.question)
    ]
    assert len(matches) > 10
    assert {item.position.rules.target for item in matches} == {61, 100}
    for item in matches:
        _named(item)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_leader_items_name_their_kind_of_game(level: int) -> None:
    for seed in SEEDS:
        item = generate("leader", level, seed)
        if level == 2:  # the team game's turn order: the team game named in its words
            assert item.position.rules.partnership
            assert item.question[0].key == "practice.leader.partnership"
        else:
            _named(item)


def test_single_games_and_matches_are_told_apart() -> None:
    single = generate("leader", 1, 0)
    draw = generate("leader", 3, 0)
    assert single.position.rules.target is None
    assert draw.position.rules.target in (61, 100)
    for lang in LANGS:
        assert words(single, lang).question != words(draw, lang).question


def test_the_opening_double_question_counts_each_tile_once_for_each_line() -> None:
    for seed in SEEDS:
        item = generate("doubles", 2, seed)
        chain = item.position.chain
        assert len(chain.tiles) == 1
        double = chain.tiles[0]
        assert double.is_double
        fitting = [tile for tile in item.position.hand if tile.has(double.low)]
        assert item.answer.value == 2 * len(fitting)
        assert any(sentence.key == "practice.question.moves" for sentence in item.question)

"""Game records of the draw game: draws written as events and replayed from the pot.

A record keeps the undealt tiles in the order they lay after the deal, the tiles drawn
since on top, so that replaying the events draws the same tiles (RULES.md, "The draw
game, for comparison": one tile at a time from the face-down pot).
"""

from __future__ import annotations

import json
from collections import deque
from itertools import islice

import pytest
from conftest import draw_rules, positions, seeds
from hypothesis import given
from hypothesis import strategies as st

from blockdomino import Draw, Match, Round, Rules, records
from blockdomino.analysis.players import play_match
from blockdomino.records import RecordError, dumps
from blockdomino.words.narration import event_sentence


@given(rules=draw_rules, seed=seeds, steps=st.integers(0, 60))
def test_any_draw_game_survives_the_round_trip(rules: Rules, seed: int, steps: int) -> None:
    """Any round of the draw game, finished or in play, reads back equal: the deal, the
    pot in its order, every play, draw and pass."""
    position = deque(islice(positions(Round.deal(rules, seed), seed), steps + 1), maxlen=1)[0]
    again = records.from_record(json.loads(dumps(records.to_record(position))))
    assert again == position
    assert again.pot == position.pot
    assert again.legal_moves() == position.legal_moves()


def test_a_draw_game_match_survives_the_round_trip() -> None:
    """The draw game scored to a target, round after round."""
    match = play_match(Match.start(Rules.preset("draw", 3, target=30), seed=4), seed=5)
    assert any(isinstance(e, Draw) for record in [match.round] for e in record.history)
    assert records.from_record(dumps(records.to_record(match))) == match


def test_a_record_whose_draw_is_not_the_pots_top_tile_is_refused() -> None:
    """Bad input: a drawn tile that is not the one lying on top of the pot."""
    position = next(
        p
        for seed in range(50)
        for p in positions(Round.deal(Rules.preset("draw", 2), seed), seed)
        if p.history and isinstance(p.history[-1], Draw)
    )
    record = records.to_record(position)
    events = record["rounds"][0]["events"]
    draw = next(event for event in events if event["type"] == "draw")
    draw["tile"] = next(t for t in record["rounds"][0]["out_of_play"] if t != draw["tile"])
    with pytest.raises(RecordError):
        records.from_record(record)


def test_a_draw_is_narrated_without_its_tile() -> None:
    """Drawn tiles are secret: the narration counts the tile, never names it."""
    position = next(
        p
        for seed in range(50)
        for p in positions(Round.deal(Rules.preset("draw", 2), seed), seed)
        if p.history and isinstance(p.history[-1], Draw)
    )
    event = position.history[-1]
    assert isinstance(event, Draw)
    sentence = event_sentence(position, event, "en")
    assert "drew a tile from the pot" in sentence
    assert str(event.tile) not in sentence

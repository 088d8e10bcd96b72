"""Game records: a round or a match written as JSON and read back exactly, or refused.

Reading a record replays it through the engine, so each refusal here is a rule of the
documents being enforced on a record: hands are dealt from one double-six set, a seat
plays only on its turn and only a tile that fits, a seat that can play must, and the
lead moves one seat clockwise from round to round of a match (000, quoted per test).
"""

from __future__ import annotations

import copy
import json
from collections import deque
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from conftest import PRESET_PLAYERS, assert_worded, positions, rules_strategy, seeds
from hypothesis import given
from hypothesis import strategies as st

from blockdomino import Chain, Match, Round, Rules, records
from blockdomino.analysis.players import play_match, play_round
from blockdomino.records import (
    FORMAT,
    VERSION,
    RecordError,
    dumps,
    load,
    read,
    save,
    seats,
    to_record,
)
from blockdomino.words import explain

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "example-record.json"


def _played(rules: Rules, seed: int, steps: int) -> Round:
    """A round dealt from ``seed`` and played by random moves for at most ``steps`` turns."""
    played = islice(positions(Round.deal(rules, seed), seed), steps + 1)
    return deque(played, maxlen=1)[0]


@given(rules=rules_strategy, seed=seeds, steps=st.integers(0, 40))
def test_any_played_round_survives_the_round_trip(rules: Rules, seed: int, steps: int) -> None:
    """Any round, finished or in play, reads back equal (deal, lead, chain, every event)
    and the position it replays to offers the same legal moves."""
    position = _played(rules, seed, steps)
    again = records.from_record(json.loads(dumps(records.to_record(position))))
    assert again == position
    assert again.legal_moves() == position.legal_moves()
    assert again.result == position.result
    assert again.lead == position.lead


@pytest.mark.parametrize(("preset", "players"), [("match", 2), ("match", 3), ("partnership", 4)])
def test_a_whole_match_survives_the_round_trip(preset: str, players: int) -> None:
    """000: "Jos ottelu jatkuu, sekoita kaikki 28 laattaa ja jaa uudestaan." — a match's
    rounds, each with its own deal and leader, and the scores after
    each round, read back equal; the match is over again with the same winner."""
    rules = Rules.preset(preset, players, target=None if preset == "match" else 40)
    match = play_match(Match.start(rules, seed=11), seed=12)
    again = records.from_record(dumps(records.to_record(match)))
    assert again == match
    assert again.is_over
    assert again.scores == match.scores
    assert len(records.to_record(match)["rounds"]) == len(match.log)


def test_a_match_in_its_second_round_survives_the_round_trip() -> None:
    """A record written in the middle of a match resumes where it stopped."""
    match = Match.start(Rules.preset("match", 3), seed=4)
    while not match.round.is_over:
        moves = match.round.legal_moves()
        match = match.play(moves[0]) if moves else match.pass_turn()
    match = match.next_round()
    match = match.play(match.round.legal_moves()[0])
    again = records.from_record(records.to_record(match))
    assert again == match
    assert again.number == 2


def test_the_seats_are_kept_as_the_learners_wrote_them() -> None:
    """Names are the learners' own text: kept exactly, whatever characters they hold."""
    names = [{"name": "<script>alert(1)</script>"}, {"name": 'Ä&Ö "x"'}, {"strategy": "random"}]
    record = records.to_record(Round.deal(Rules.preset("block", 3), 2))
    written = dumps(to_record(Round.deal(Rules.preset("block", 3), 2), seats=names))
    assert seats(written) == names
    assert seats(record) == []


def test_save_and_load_a_file(tmp_path: Path) -> None:
    finished = play_round(Round.deal(Rules.preset("match", 4), 8), seed=9)
    path = save(finished, tmp_path / "round.json")
    assert load(path) == finished
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == FORMAT


def test_the_example_record_in_the_repository_reads_and_is_current() -> None:
    """The example of docs/records.md is a real record, as the library writes it now."""
    game = load(EXAMPLE)
    assert isinstance(game, Round)
    assert EXAMPLE.read_text(encoding="utf-8") == dumps(records.to_record(game))


def test_a_round_set_up_in_mid_play_cannot_be_written() -> None:
    """Only a round played from its deal has a record: every chain tile is an event."""
    position = Round.from_hands(
        Rules.preset("match", 2), ["[2|3]", "[0|0]"], chain=Chain.parse("[1|4]")
    )
    with pytest.raises(RecordError) as refused:
        records.to_record(position)
    assert_worded(refused.value)


# -- refusals --------------------------------------------------------------------------


def _record() -> dict[str, Any]:
    return records.to_record(play_round(Round.deal(Rules.preset("match", 2), 3), seed=3))


def _refused(record: Any, key: str) -> RecordError:
    with pytest.raises(RecordError) as refused:
        read(record)
    assert refused.value.key == key
    assert_worded(refused.value)
    return refused.value


def test_an_unknown_version_is_refused() -> None:
    record = _record()
    record["version"] = VERSION + 1
    error = _refused(record, "records.error.version")
    assert str(VERSION + 1) in explain(error, "fi")


def test_text_that_is_not_a_record_is_refused() -> None:
    _refused("{not json", "records.error.json")
    _refused('{"format": "something-else"}', "records.error.format")
    _refused([], "records.error.format")


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("kind",), "tournament"),
        (("rules", "players"), "two"),
        (("rules", "partnership"), 0),
        (("rules", "opening"), "any_way"),
        (("rounds", 0, "hands"), "[1|2]"),
        (("rounds", 0, "leader"), 7),
        (("rounds", 0, "events", 0, "tile"), "[1|9]"),
        (("rounds", 0, "events", 1, "seat"), True),
        (("rounds", 0, "lead", "draws"), [[[0]]]),
    ],
)
def test_a_malformed_field_is_refused_and_named(path: tuple[Any, ...], value: Any) -> None:
    """A field of the wrong type or out of range is refused, and the message says where."""
    record = _record()
    holder = record
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    error = _refused(record, "records.error.malformed")
    assert str(path[0]) in explain(error, "en")


def test_a_missing_field_is_refused() -> None:
    record = _record()
    del record["rounds"][0]["events"][2]["seat"]
    error = _refused(record, "records.error.missing")
    assert "rounds[0].events[2].seat" in explain(error, "sv")


def test_a_tile_twice_in_the_deal_is_refused() -> None:
    """000: "Tarvitset täydellisen 28 laatan tuplakuutossetin" — no tile is dealt twice."""
    record = _record()
    deal = record["rounds"][0]
    deal["hands"][1][0] = deal["hands"][0][0]
    error = _refused(record, "records.error.tile_twice")
    assert deal["hands"][0][0] in explain(error, "fi")


def test_a_hand_of_the_wrong_size_is_refused() -> None:
    """000: the table "Pelaajia 2 | Laattoja pelaajalle 7" — two players hold seven each."""
    record = _record()
    deal = record["rounds"][0]
    deal["out_of_play"].append(deal["hands"][0].pop())
    _refused(record, "records.error.hand_size")


def test_a_tile_missing_from_the_set_is_refused() -> None:
    record = _record()
    record["rounds"][0]["out_of_play"].pop()
    _refused(record, "records.error.tiles_missing")


def test_an_illegal_move_in_the_record_is_refused_with_the_rules_reason() -> None:
    """000: "… niin, että liitettävän puolikkaan silmäluku vastaa pään arvoa." — a tile is
    placed only where its number matches an open end."""
    record = _record()
    events = record["rounds"][0]["events"]
    second = next(
        number for number, event in enumerate(events) if number and event["type"] == "play"
    )
    hand = record["rounds"][0]["hands"][events[second]["seat"]]
    chain_tiles = {event["tile"] for event in events[:second] if event["type"] == "play"}
    played = next(
        tile
        for tile in hand
        if tile not in chain_tiles
        and tile not in {e["tile"] for e in events if e["type"] == "play"}
    )
    events[second] = {"type": "play", "seat": events[second]["seat"], "tile": played, "end": None}
    error = _refused(record, "records.error.event")
    assert f"rounds[0].events[{second}]" in explain(error, "fi")


def test_a_pass_while_a_tile_fits_is_refused() -> None:
    """000: "Jos voit asettaa laatan, sinun on tehtävä se." — no pass while a tile fits."""
    record = _record()
    events = record["rounds"][0]["events"]
    events[1] = {"type": "pass", "seat": events[1]["seat"]}
    error = _refused(record, "records.error.event")
    assert "rounds[0].events[1]" in explain(error, "en")


def test_a_move_out_of_turn_is_refused() -> None:
    """000: "Vuorot kiertävät myötäpäivään." — nobody moves out of turn."""
    record = _record()
    event = record["rounds"][0]["events"][1]
    event["seat"] = 1 - event["seat"]
    _refused(record, "records.error.wrong_seat")


def test_an_unknown_event_type_is_refused() -> None:
    """Version 1 knows plays, passes and (the draw game) draws; any other event type is
    refused, not skipped."""
    record = _record()
    record["rounds"][0]["events"][1] = {"type": "knock", "seat": 1}
    _refused(record, "records.error.event_type")


def test_a_match_whose_lead_does_not_move_on_is_refused() -> None:
    """000: "Siirrä jokaisen kierroksen jälkeen aloitusvuoro … yhden paikan myötäpäivään." —
    a round led by anyone else is refused."""
    rules = Rules.preset("match", 2, target=30)
    record = records.to_record(play_match(Match.start(rules, seed=5), seed=6))
    assert len(record["rounds"]) > 1
    second = record["rounds"][1]
    second["leader"] = second["lead"]["leader"] = 1 - second["leader"]
    second["first"] = second["leader"]
    error = _refused(record, "records.error.leader")
    assert "rounds[1]" in explain(error, "fi")


def test_a_match_record_of_unscored_rules_is_refused() -> None:
    record = _record()
    record["kind"] = "match"
    record["seed"] = None
    record["rules"] = records.to_record(Round.deal(Rules.preset("block", 2), 1))["rules"]
    _refused(record, "records.error.unscored")


def test_a_round_is_not_a_match_and_a_match_not_a_round() -> None:
    with pytest.raises(RecordError) as round_read:
        records.read_match(_record())
    assert "not a match" in explain(round_read.value, "en")
    match = Match.start(Rules.preset("match", 2), seed=1)
    with pytest.raises(RecordError) as match_read:
        records.read_round(records.to_record(match))
    assert "not a single round" in explain(match_read.value, "en")


@pytest.mark.parametrize(("preset", "players"), PRESET_PLAYERS)
def test_a_refused_record_changes_nothing_given(preset: str, players: int) -> None:
    """Reading never changes the data it is given, refused or not."""
    record = records.to_record(play_round(Round.deal(Rules.preset(preset, players), 1), seed=1))
    record["rounds"][0]["events"].append({"type": "pass", "seat": 0})
    before = copy.deepcopy(record)
    with pytest.raises(RecordError):
        read(record)
    assert record == before

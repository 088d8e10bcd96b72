"""A refused record says exactly what is wrong: a field left out is "missing", a field
the format does not have is "extra" (a seat's, or the rules'), in fi, sv and en."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import assert_worded

from blockdomino import Round, Rules, records
from blockdomino.analysis.players import play_round
from blockdomino.records import RecordError, read, seats, to_record
from blockdomino.words import explain

MISSING = {"fi": "puuttuu", "sv": "saknas", "en": "is missing"}
EXTRA = {"fi": "ylimääräinen", "sv": "överflödigt", "en": "is extra"}


def _record(**extra: Any) -> dict[str, Any]:
    played = play_round(Round.deal(Rules.preset("match", 2), 3), seed=3)
    return records.to_record(played, **extra)


def _refused(call: Any, record: Any, key: str, where: str, words: dict[str, str]) -> None:
    with pytest.raises(RecordError) as refused:
        call(record)
    assert refused.value.key == key
    assert_worded(refused.value)
    for lang, word in words.items():
        message = explain(refused.value, lang)
        assert where in message, message
        assert word in message, message


def test_a_missing_version_is_missing() -> None:
    record = _record()
    del record["version"]
    _refused(read, record, "records.error.missing", "version", MISSING)


def test_a_missing_field_deep_inside_is_missing() -> None:
    record = _record()
    del record["rounds"][0]["lead"]
    _refused(read, record, "records.error.missing", "rounds[0].lead", MISSING)


def test_an_extra_seat_key_is_extra() -> None:
    record = _record(seats=[{"name": "Aino"}, {"name": "Eino"}])
    record["seats"][1]["team"] = "red"
    _refused(seats, record, "records.error.extra", "seats[1].team", EXTRA)
    _refused(read, record, "records.error.extra", "seats[1].team", EXTRA)


def test_an_unknown_rules_field_is_refused() -> None:
    record = _record()
    record["rules"]["jokers"] = 2
    _refused(read, record, "records.error.extra", "rules.jokers", EXTRA)


def test_a_value_of_the_wrong_kind_is_still_malformed() -> None:
    record = _record(seats=[{"name": "Aino"}, {"name": 3}])
    with pytest.raises(RecordError) as refused:
        seats(record)
    assert refused.value.key == "records.error.malformed"
    assert "seats[1].name" in explain(refused.value, "en")


def test_a_record_from_before_the_draw_game_still_reads() -> None:
    """Its rules have no ``pot``: left out, it is no extra field and no missing one."""
    record = _record()
    del record["rules"]["pot"]
    assert read(record) == read(to_record(read(_record())))

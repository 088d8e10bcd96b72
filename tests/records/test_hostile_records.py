"""Hostile records: each refused with a ``RecordError`` worded in every
language, by the library and by ``replay`` (status 2, no traceback, no page); and
records and chain descriptions mutated at random, which give a value or a refusal,
never another exception.

The corpus is ``tests/data/hostile/*.json`` (written by ``make.py`` there).
"""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_worded
from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino import BlockdominoError, Chain, Match, Rules, records
from blockdomino.analysis.players import play_match
from blockdomino.cli import main
from blockdomino.records import RecordError
from blockdomino.words import explain
from blockdomino.words.i18n import catalog

HOSTILE = sorted((Path(__file__).parents[1] / "data" / "hostile").glob("*.json"))
BUDGET = 10.0
"""CPU seconds a reader may take over one mutated input: a guard against a reading that
never ends (a regular expression that backtracks for ever takes minutes), not a speed
measurement (the benchmarks measure speed), so counted in this process's CPU time,
which other work on a loaded machine does not lengthen much."""


def test_the_corpus_is_there() -> None:
    assert len(HOSTILE) >= 20


@pytest.mark.parametrize("path", HOSTILE, ids=[path.stem for path in HOSTILE])
def test_a_hostile_record_is_refused_in_words(path: Path) -> None:
    with pytest.raises(RecordError) as refused:
        records.read(path.read_bytes())
    assert_worded(refused.value)


@pytest.mark.parametrize("path", HOSTILE, ids=[path.stem for path in HOSTILE])
def test_replay_refuses_a_hostile_record_without_a_page(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "page.html"
    assert main(["replay", str(path), "--out", str(page), "--lang", "sv"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("blockdomino: ")
    assert error.count("\n") == 1
    assert "Traceback" not in error
    assert "\x1b" not in error
    assert not page.exists()
    assert [p.name for p in tmp_path.iterdir()] == []


def test_a_message_quotes_at_most_a_line_of_input(capsys: pytest.CaptureFixture[str]) -> None:
    """A pasted page of 130 KB with raw escape characters is quoted as one short line."""
    source = "\x1b[31m[1|x]" + "y" * 130_000
    assert main(["describe", source, "--lang", "fi"]) == 2
    error = capsys.readouterr().err
    assert len(error) < 300
    assert "\x1b" not in error
    assert "\\x1b" in error
    assert catalog("fi")["error.tile.malformed"].split("”")[-1].strip() in error


# Structure-aware mutation ---------------------------------------------------------------

_MATCH = records.to_record(
    play_match(Match.start(Rules.preset("match", 2, target=15), 3), seed=3),
    seats=[{"name": "Aino"}, {"strategy": "random"}],
)

_ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.sampled_from(["[1|4]", "[6|6]", "[9|9]", "play", "pass", "draw", "\ud800", "match"]),
    st.just([]),
    st.just({}),
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a record: the path of keys and indexes to each value."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _places(item, (*path, index))
    return found


_PLACES = _places(_MATCH)[1:]


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    """The record with one to three places replaced, removed or duplicated."""
    record = copy.deepcopy(_MATCH)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_PLACES))
        parent: Any = record
        try:
            for key in path[:-1]:
                parent = parent[key]
            if not isinstance(parent, dict | list):
                continue  # an earlier change put a plain value where this place was
            action = draw(st.sampled_from(["replace", "remove", "duplicate"]))
            if action == "replace":
                parent[path[-1]] = draw(_ODD_VALUES)
            elif action == "remove" and isinstance(parent, dict):
                del parent[path[-1]]
            elif action == "remove":
                parent.pop(path[-1])
            elif isinstance(parent, list):
                parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed this place
    return record


def _read_or_refuse(data: Any) -> None:
    started = time.process_time()
    try:
        records.read(data)
        records.seats(data)
        records.seed(data)
    except RecordError as error:
        explain(error, "fi")  # worded without another exception
    assert time.process_time() - started < BUDGET


@given(mutated_records())
@settings(max_examples=60)
def test_a_mutated_record_is_read_or_refused(record: Any) -> None:
    _read_or_refuse(record)
    _read_or_refuse(json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass"))


@given(st.binary(max_size=64), st.integers(0, 400))
@settings(max_examples=40)
def test_bytes_spliced_into_a_record_are_read_or_refused(junk: bytes, at: int) -> None:
    text = json.dumps(_MATCH).encode()
    place = at * len(text) // 400
    _read_or_refuse(text[:place] + junk + text[place + len(junk) // 2 :])


_DESCRIPTION = (
    "Laatat: [1|4], [1|1], [4|4]. Liitokset: [1|4] (pienempi pää) – [1|1] (linja A); "
    "[1|4] (suurempi pää) – [4|4] (linja A). Lailliset jatkokohdat: [1|1] (linja B, 1); "
    "[4|4] (linja B, 4)."
)
_PIECES = [
    "[1|4]",
    "[6|6]",
    "[7|1]",
    "[1|" + "1" * 50 + "]",
    ";",
    ",",
    ".",
    "–",
    "<",
    ">",
    "(linja A)",
    "(pienempi pää, 1)",
    "Laatat:",
    "Liitokset:",
    "Tiles:",
    "\x00",
    "\n",
]


@given(st.lists(st.tuples(st.integers(0, len(_DESCRIPTION)), st.sampled_from(_PIECES)), max_size=4))
@settings(max_examples=60)
def test_a_mutated_chain_description_is_read_or_refused(edits: list[tuple[int, str]]) -> None:
    """``render``'s readers: a description, or tiles in placement order."""
    from blockdomino.verify import read_chain

    text = _DESCRIPTION
    for place, piece in edits:
        text = text[:place] + piece + text[place:]
    started = time.process_time()
    for reader in (read_chain, Chain.parse, lambda t: Chain.parse(t.split(".")[0][8:])):
        try:
            reader(text)
        except BlockdominoError as error:
            explain(error, "sv")  # worded without another exception
    assert time.process_time() - started < BUDGET

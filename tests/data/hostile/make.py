"""Write the hostile record corpus beside this script (run once; kept as data).

Each file is a game record made hostile in one way; ``README.md`` says how. The records
are small: a 2-player round of ``block`` (seed 1) and a 2-player match (seed 3).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from blockdomino import Match, Round, Rules, records
from blockdomino.analysis.players import play_match, play_round

HERE = Path(__file__).parent


def _round() -> dict[str, Any]:
    return records.to_record(play_round(Round.deal(Rules.preset("block", 2), 1), seed=1))


def _match() -> dict[str, Any]:
    match = play_match(Match.start(Rules.preset("match", 2, target=20), 3), seed=3)
    return records.to_record(match, seats=[{"name": "Aino"}, {"strategy": "random"}])


def _changed(make: Callable[[], dict[str, Any]], change: Callable[[dict[str, Any]], Any]) -> str:
    record = copy.deepcopy(make())
    change(record)
    return json.dumps(record, ensure_ascii=False)


TEXTS: dict[str, Callable[[], str]] = {
    "deep-nesting": lambda: "[" * 50_000 + "]" * 50_000,
    "huge-integer": lambda: '{"format": "blockdomino-record", "version": ' + "9" * 5000 + "}",
    "one-seat-for-two": lambda: _changed(_match, lambda r: r.update(seats=[{"name": "Aino"}])),
    "three-seats-for-two": lambda: _changed(
        _match, lambda r: r.update(seats=[{"name": "A"}, {"name": "B"}, {"name": "C"}])
    ),
    "lone-surrogate-name": lambda: _changed(
        _match, lambda r: r["seats"][0].update(name="X")
    ).replace('"X"', '"\\ud800"'),
    "control-characters-name": lambda: _changed(
        _match, lambda r: r["seats"][0].update(name="\x1b[2J\x07")
    ),
    "redeals-negative": lambda: _changed(
        _round, lambda r: r["rounds"][0]["lead"].update(redeals=-1)
    ),
    "redeals-googol": lambda: _changed(
        _round, lambda r: r["rounds"][0]["lead"].update(redeals=10**100)
    ),
    "rules-name-no-preset": lambda: _changed(_round, lambda r: r["rules"].update(name="chess")),
    "seed-an-object": lambda: _changed(_match, lambda r: r.update(seed={"a": 1})),
    "round-seed-a-list": lambda: _changed(_round, lambda r: r.update(seed=[1, 2])),
    "unknown-strategy": lambda: _changed(_match, lambda r: r["seats"][1].update(strategy="cheat")),
    "version-float": lambda: _changed(_round, lambda r: r.update(version=1.0)),
    "version-true": lambda: _changed(_round, lambda r: r.update(version=True)),
    "version-text": lambda: _changed(_round, lambda r: r.update(version="1")),
    "players-float": lambda: _changed(_round, lambda r: r["rules"].update(players=2.0)),
    "target-float": lambda: _changed(_match, lambda r: r["rules"].update(target=20.5)),
    "leader-huge": lambda: _changed(_round, lambda r: r["rounds"][0].update(leader=10**30)),
    "tile-huge-number": lambda: _changed(
        _round, lambda r: r["rounds"][0]["hands"][0].__setitem__(0, "[" + "1" * 5000 + "|2]")
    ),
    "pips-text": lambda: _changed(
        _round, lambda r: r["rounds"][0]["events"][1]["end"].update(pips="4")
    ),
}


def main() -> None:
    for name, make in TEXTS.items():
        (HERE / f"{name}.json").write_text(make(), encoding="utf-8", errors="surrogatepass")


if __name__ == "__main__":
    main()

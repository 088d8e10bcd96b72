"""The teacher's running of the tables with the tables shared in Redis: everyone seated
in one tap, a table dealt again and a pupil who left are the same on the other server
process, and a pupil comes back to the new deal through it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from classroom import WAIT_SECONDS, Screen, pupil
from serving import class_code
from test_class_redis import two_servers
from test_class_teaching import roll_of

from blockdomino.server.run import ClassServer

pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[test]'")


def listed(server: ClassServer, seats: list[str], other_than: str = "") -> str:
    """The open table (not ``other_than``) the other process lists with ``seats``, once
    it does."""
    assert server.hub is not None
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        for table in list(server.hub.tables.tables.values()):
            kinds = ["away" if s.computer and s.token else "computer" if s.computer else
                     "pupil" if s.token else "free" for s in table.seats]  # fmt: skip
            if not table.closed and kinds == seats and table.id != other_than:
                return table.id
        time.sleep(0.05)
    raise AssertionError(f"the other process never listed a table of {seats}")


def test_seated_dealt_again_and_left_alike_on_the_other_process(
    tmp_path: Path, redis_url: str
) -> None:
    with two_servers(tmp_path, redis_url, "fi") as (one, two):
        assert one.hub is not None
        boss = Screen.open(one.port, {"role": "teacher", "secret": one.hub.keys.secret})
        boss.until("teacher")
        children = [pupil(one.port, "fi", code=class_code(one)) for _ in range(2)]
        for child, name in zip(children, ("Aino", "Eino"), strict=True):
            child.until("lobby")
            child.send({"type": "name", "nickname": name})
        roll_of(boss, 2, named=True)
        boss.send({"type": "seat_all", "preset": "block", "players": 3})
        assert boss.until("seated")["pupils"] == 2
        first = listed(two, ["pupil", "pupil", "computer"])
        boss.send({"type": "reset", "table": first})
        again = listed(two, ["pupil", "pupil", "computer"], other_than=first)
        assert two.hub is not None
        assert two.hub.tables.tables[first].closed
        assert two.hub.tables.tables[again].names == ("Aino", "Eino", "")
        children[1].until("joined")
        back = pupil(two.port, "fi", token=children[1].token)
        assert back.until("seat")["screen"]["table"] == again
        back.send({"type": "leave"})
        assert back.until("lobby")["back"]["table"] == again
        assert listed(one, ["pupil", "away", "computer"]) == again

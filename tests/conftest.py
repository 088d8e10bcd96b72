"""Shared fixtures of the engine tests: a Hypothesis profile, rules strategies, helpers.

The helpers are imported by the test modules (``from conftest import …``): pytest puts
this folder on the path, and a strategy cannot be a fixture. So this is the only
``conftest.py`` outside the browser package: a second one would be a second module named
``conftest``, and those imports would find the wrong one. The fixtures of the server's
tests live here too: ``redis_url``, a ``redis-server`` of the test's own on 127.0.0.1
(Debian's package, nothing kept on disk; the test skips, saying why, where it is
missing), checked to be the one that answers on its port; and ``seeded_deals``.
"""

from __future__ import annotations

import copy
import os
import random
import re
import secrets
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from blockdomino import LANGS, BlockdominoError, Chain, Round, Rules
from blockdomino.analysis.players import random_move, step
from blockdomino.tables import service
from blockdomino.words import explain
from blockdomino.words.i18n import catalog

settings.register_profile(
    "blockdomino",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=500, deadline=None)
"""A longer search before a release: ``pytest --hypothesis-profile=thorough``."""
settings.load_profile("blockdomino")

PRESET_PLAYERS = (
    ("match", 2),
    ("match", 3),
    ("match", 4),
    ("block", 2),
    ("block", 3),
    ("block", 4),
    ("partnership", 4),
)
"""Every preset with every player count it allows."""

rules_strategy = st.sampled_from(PRESET_PLAYERS).map(lambda pair: Rules.preset(*pair))
"""Any Block preset with any player count it allows."""

DRAW_PLAYERS = (("draw", 2), ("draw", 3), ("draw", 4))
"""The draw game (003's comparison, not a Block preset) with every player count."""

draw_rules = st.sampled_from(DRAW_PLAYERS).map(lambda pair: Rules.preset(*pair))
"""The draw game with any player count."""

seeds = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds for dealing and for the computer players' choices."""


BROWSER_TESTS = Path(__file__).parent / "browser"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Where the run leaves the browser tests out (the test command's default, ``-m "not
    browser"``), their folder is not even read: importing it loads Playwright, about 2.4 s
    of CPU in every worker, for tests that are all deselected."""
    if collection_path == BROWSER_TESTS and config.option.markexpr == "not browser":
        return True
    return None


def positions(start: Round, seed: int) -> Iterator[Round]:
    """Every position of ``start`` played out with random legal moves, first and last included."""
    rng = random.Random(seed)
    position = start
    yield position
    while not position.is_over:
        position = step(position, random_move, rng)
        yield position


def pass_positions() -> list[Round]:
    """Two positions on the chain [1|4]: Player 1 must pass, then Player 1 can play [1|6]."""
    rules = Rules.preset("match", 2)
    chain = Chain.parse("[1|4]")
    return [
        Round.from_hands(rules, ["[2|3] [5|6]", "[0|0] [1|1]"], chain=chain),
        Round.from_hands(rules, ["[1|6] [2|3]", "[0|0] [5|5]"], chain=chain),
    ]


def snapshot(value: Any) -> Any:
    """A deep copy to compare a held value with after an action (``==`` sees every field)."""
    return copy.deepcopy(value)


_PLACEHOLDER = re.compile(r"\{[^}]*\}")


def assert_worded(error: BlockdominoError) -> None:
    """The error reads as its catalog text in every language, placeholders filled in.

    Every literal fragment of the catalog text appears in the message, no ``{name}`` is
    left, the key itself is not shown, and the Finnish text differs from the English.
    """
    messages = {lang: explain(error, lang) for lang in LANGS}
    for lang, message in messages.items():
        template = catalog(lang)[error.key]
        for fragment in _PLACEHOLDER.split(template):
            assert fragment in message, (lang, fragment, message)
        assert error.key not in message
        assert not _PLACEHOLDER.search(message), message
    assert messages["fi"] != messages["en"]
    assert messages["sv"] != messages["en"]


@pytest.fixture
def match3() -> Rules:
    """The Finnish match with three players, the setting of 000's scoring figures."""
    return Rules.preset("match", 3)


def expected_result(
    rules: Rules, totals: tuple[int, ...], dominoer: int | None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Winners and points per seat as RULES.md states them, worked out without the engine.

    Domino: the dominoer's team wins and scores every opponent's pips. Blocked: the one
    team (or player) alone with the lowest sum wins and scores the opponents' pips minus
    its own once; equal lowest sums: nobody. Unscored presets give nobody points.
    """
    seats = range(rules.players)
    teams = [(0, 2), (1, 3)] if rules.partnership else [(seat,) for seat in seats]
    if dominoer is not None:
        winners = next(team for team in teams if dominoer in team)
    else:
        sums = [sum(totals[seat] for seat in team) for team in teams]
        if sums.count(min(sums)) > 1:
            return (), (0,) * rules.players
        winners = teams[sums.index(min(sums))]
    if rules.target is None:
        return winners, (0,) * rules.players
    award = sum(totals[seat] for seat in seats if seat not in winners)
    if dominoer is None:
        award -= sum(totals[seat] for seat in winners)
    return winners, tuple(award if seat in winners else 0 for seat in seats)


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie does not)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return status.rpartition(")")[2].split()[0] != "Z"


@pytest.fixture(scope="session", autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No test keeps anything in the user's data folder (the class server's tables):
    ``XDG_DATA_HOME`` points into the session's temporary folder."""
    before = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data"))
    yield
    if before is None:
        del os.environ["XDG_DATA_HOME"]
    else:
        os.environ["XDG_DATA_HOME"] = before


# -- a redis-server of the test's own ---------------------------------------------------

REDIS_WAIT_SECONDS = 20.0
REDIS_START_SECONDS = 10.0
MOST_PORTS = 3
"""Free ports a test tries for its redis-server (another may take one meanwhile)."""


@pytest.fixture(autouse=True)
def seeded_deals(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables a test opens in its own process are dealt from seeds drawn from the
    test's name: a test that plays a table's first legal moves plays the same deal in
    every run (a random deal may block a round after one tile, and such a test would
    fail one run in a hundred). A server started as a process deals from ``secrets``."""
    drawn = random.Random(request.node.nodeid)
    seeded = SimpleNamespace(
        randbits=drawn.getrandbits,
        token_hex=secrets.token_hex,
        token_urlsafe=secrets.token_urlsafe,
        compare_digest=secrets.compare_digest,
    )
    monkeypatch.setattr(service, "secrets", seeded)


def _started(redis: Any, binary: str, folder: Path) -> tuple[subprocess.Popen[bytes], str] | None:
    """A redis-server of its own on a free port, answering, and its address; ``None``
    when the port was taken meanwhile (by another test's server, say)."""
    port = free_port()
    command = [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", ""]
    command += ["--appendonly", "no", "--dir", str(folder)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + REDIS_START_SECONDS
    with redis.Redis.from_url(url, socket_timeout=1) as client:
        while process.poll() is None:
            try:
                if int(client.info("server")["process_id"]) == process.pid:
                    return process, url
                break
            except redis.RedisError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
    process.terminate()
    process.wait(timeout=REDIS_WAIT_SECONDS)
    return None


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A redis-server of its own on 127.0.0.1, nothing kept on disk."""
    redis = pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[test]'")
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (Debian: apt-get install redis-server)")
    for _ in range(MOST_PORTS):
        started = _started(redis, binary, tmp_path)
        if started is not None:
            break
    assert started is not None, f"{MOST_PORTS} free ports were all taken meanwhile"
    process, url = started
    try:
        yield url
    finally:
        process.terminate()
        process.wait(timeout=REDIS_WAIT_SECONDS)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])

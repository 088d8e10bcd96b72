"""Shared fixtures of the engine tests: a Hypothesis profile, rules strategies, helpers.

The helpers are imported by the test modules (``from conftest import …``): pytest puts
this folder on the path, and a strategy cannot be a fixture.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from blockdomino import LANGUAGES, BlockdominoError, Round, Rules
from blockdomino.i18n import catalog
from blockdomino.players import random_move, step

settings.register_profile(
    "blockdomino",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=500, deadline=None)
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
"""Any preset with any player count it allows."""

seeds = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds for dealing and for the computer players' choices."""


def positions(start: Round, seed: int) -> Iterator[Round]:
    """Every position of ``start`` played out with random legal moves, first and last included."""
    rng = random.Random(seed)
    position = start
    yield position
    while not position.is_over:
        position = step(position, random_move, rng)
        yield position


def snapshot(value: Any) -> Any:
    """A deep copy to compare a held value with after an action (``==`` sees every field)."""
    return copy.deepcopy(value)


_PLACEHOLDER = re.compile(r"\{[^}]*\}")


def assert_worded(error: BlockdominoError) -> None:
    """The error reads as its catalog text in every language, placeholders filled in.

    Every literal fragment of the catalog text appears in the message, no ``{name}`` is
    left, the key itself is not shown, and the Finnish text differs from the English.
    """
    messages = {lang: error.message(lang) for lang in LANGUAGES}
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

"""A long text's claims read in two processes give the report one process gives: the
sentences before the second part are read for all they carry ahead (the teams named,
the section, the last two sentences), wherever the text is cut."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from blockdomino.verify import documents, examine, parallel
from blockdomino.verify.parallel import Claims

CORPUS = Path(__file__).parents[1] / "data" / "verify" / "corpus"
sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402  (the corpus's leaflets)

SHARES = (0.1, 0.3, 0.55, 0.8)


def _leaflets(lang: str) -> str:
    """The corpus's leaflets in ``lang`` as one text: teams named and their claims,
    headings that end them, winners told after the sentences before, faults planted."""
    return "\n\n".join(
        "\n\n".join(leaflet.paragraphs)
        for leaflet in make_corpus.leaflets()
        if leaflet.lang == lang
    )


@pytest.fixture(scope="module", params=["fi", "sv", "en"])
def reading(request: pytest.FixtureRequest) -> tuple[str, parallel._Reading]:
    """A text of leaflets, and what its claims are read with, as ``examine`` gives it."""
    text = _leaflets(request.param)
    kept: list[parallel._Reading] = []
    with pytest.MonkeyPatch.context() as patch:

        def keep(*arguments: Any, processes: int = 1) -> Claims:
            kept.append(parallel._Reading(arguments[0], *arguments[1], *arguments[2:]))
            return parallel.read_claims(*arguments, processes=processes)

        patch.setattr(documents, "read_claims", keep)
        examine(text)
    return text, kept[0]


def test_the_claims_read_in_two_parts_are_the_claims_read_at_once(
    reading: tuple[str, parallel._Reading],
) -> None:
    text, read = reading
    whole = read.part(0, None)
    assert whole[0]  # claims checked, and claims not checked, to compare
    assert whole[1]
    starts = sorted({report.line for report in whole[0]})
    assert len(starts) > 20
    for cut in range(0, len(text) + 1, max(1, len(text) // 40)):
        first, second = read.part(0, cut), read.part(cut, None)
        assert (first[0] + second[0], first[1] + second[1]) == whole, cut


@pytest.mark.parametrize("second", ["reads its part", "ends without it"])
def test_a_text_read_in_two_processes_has_the_report_of_one(
    reading: tuple[str, parallel._Reading], monkeypatch: pytest.MonkeyPatch, second: str
) -> None:
    """Wherever the text is cut; and when the second process ends without sending its
    part, this one reads it."""
    text, _ = reading
    alone = examine(text)
    before = set(multiprocessing.active_children())  # other tests' in this worker
    monkeypatch.setattr(parallel, "LONG", 0)
    if second == "ends without it":
        monkeypatch.setattr(parallel, "_send_part", lambda *_: os._exit(1))
    for share in SHARES:
        monkeypatch.setattr(parallel, "FIRST_SHARE", share)
        assert examine(text, processes=2) == alone
    assert set(multiprocessing.active_children()) <= before


_PRESSING: list[bool] = []
"""Whether Ctrl-C is pressed in Python's own callbacks right after this process forks."""
os.register_at_fork(after_in_parent=lambda: _PRESSING and signal.raise_signal(signal.SIGINT))


class _PressedError(Exception):
    """What Ctrl-C raises in the test below."""


def _press(signum: int, frame: object) -> None:
    raise _PressedError


def test_ctrl_c_pressed_while_the_second_process_forks_stops_the_reading(
    reading: tuple[str, parallel._Reading], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python drops what a Ctrl-C raises in its own callbacks around a fork: it is held
    back until the fork is done, then stops the reading, and the second process with it."""
    text, _ = reading
    before = set(multiprocessing.active_children())  # other tests' in this worker
    monkeypatch.setattr(parallel, "LONG", 0)
    previous = signal.signal(signal.SIGINT, _press)
    _PRESSING.append(True)
    try:
        with pytest.raises(_PressedError):
            examine(text, processes=2)
    finally:
        _PRESSING.clear()
        signal.signal(signal.SIGINT, previous)
    assert set(multiprocessing.active_children()) <= before


def test_a_short_text_is_read_in_this_process(
    reading: tuple[str, parallel._Reading], monkeypatch: pytest.MonkeyPatch
) -> None:
    text, _ = reading
    assert len(text) < parallel.LONG
    monkeypatch.setattr(parallel, "_can_fork", lambda: pytest.fail("a short text is forked"))
    assert examine(text, processes=2) == examine(text)

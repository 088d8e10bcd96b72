"""A long text's prose read in two processes gives the report one process gives: the
sentences before the second part are read for all they carry ahead (the teams named,
the section, the last two sentences), and the examples around each part for the claims
beside them, wherever the text is cut."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from pathlib import Path

import pytest

from blockdomino.verify import documents, examine, parallel
from blockdomino.verify.prose_parts import PartRead, ProseRead

CORPUS = Path(__file__).parents[1] / "data" / "verify" / "corpus"
sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402  (the corpus's leaflets)

SHARES = (0.1, 0.3, 0.55, 0.8)


def _leaflets(lang: str) -> str:
    """The corpus's leaflets in ``lang`` as one text: teams named and their claims,
    headings that end them, winners told after the sentences before, faults planted,
    lines of play, stories and their ends."""
    return "\n\n".join(
        "\n\n".join(leaflet.paragraphs)
        for leaflet in make_corpus.leaflets()
        if leaflet.lang == lang
    )


@pytest.fixture(scope="module", params=["fi", "sv", "en"])
def reading(request: pytest.FixtureRequest) -> tuple[str, ProseRead]:
    """A text of leaflets, and its prose to read, as ``examine`` gives it."""
    text = _leaflets(request.param)
    kept: list[ProseRead] = []
    with pytest.MonkeyPatch.context() as patch:

        def keep(read: ProseRead, processes: int = 1) -> PartRead:
            kept.append(read)
            return parallel.read_prose(read, processes=processes)

        patch.setattr(documents, "read_prose", keep)
        examine(text)
    return text, kept[0]


def test_the_prose_read_in_two_parts_is_the_prose_read_at_once(
    reading: tuple[str, ProseRead],
) -> None:
    """Cut at 80 places, at the blank lines ``cut`` finds: every list of the parts joined
    is the whole's, and each part has some of each."""
    _, read = reading
    whole = read.part(0, None)
    for listed in (whole.lines, whole.tiles_left, whole.claims, whole.claims_left):
        assert len({item.line for item in listed}) >= 3  # to compare
    cuts = {read.cut(n / 80) for n in range(80)} - {None}
    assert len(cuts) > 60
    for cut in sorted(cut for cut in cuts if cut is not None):
        joined = read.part(0, cut).joined(read.part(cut, None))
        assert joined == whole, cut


def test_a_part_starts_at_a_blank_line_that_ends_a_sentence(
    reading: tuple[str, ProseRead],
) -> None:
    text, read = reading
    cut = read.cut(0.5)
    assert cut is not None
    assert text[cut - 1] == "\n"
    assert text[: cut - 1].rstrip(" \t").endswith("\n")
    assert cut >= len(text) // 2


@pytest.mark.parametrize("second", ["reads its part", "ends without it"])
def test_a_text_read_in_two_processes_has_the_report_of_one(
    reading: tuple[str, ProseRead], monkeypatch: pytest.MonkeyPatch, second: str
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
    reading: tuple[str, ProseRead], monkeypatch: pytest.MonkeyPatch
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
    reading: tuple[str, ProseRead], monkeypatch: pytest.MonkeyPatch
) -> None:
    text, _ = reading
    assert len(text) < parallel.LONG
    monkeypatch.setattr(parallel, "_can_fork", lambda: pytest.fail("a short text is forked"))
    assert examine(text, processes=2) == examine(text)


def test_a_text_without_a_blank_line_is_read_in_this_process(
    reading: tuple[str, ProseRead], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A part starts only at a blank line: a long text with none has no place to cut."""
    text, _ = reading
    lines = "\n".join(line for line in text.splitlines() if line.strip())
    monkeypatch.setattr(parallel, "LONG", 0)
    monkeypatch.setattr(parallel, "_can_fork", lambda: pytest.fail("a text with no cut forked"))
    assert examine(lines, processes=2) == examine(lines)

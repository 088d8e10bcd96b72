"""Claims written as authors write them, in fi, sv and en, drawn by ``claim_prose``: every
planted fault is found, with its kind, and a right claim is checked and found right,
never a false alarm; a claim the reader cannot tie is listed as not checked.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from claim_prose import Written, ends_texts, pips_texts, points_texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blockdomino.verify.documents import examine

LANGS = ("fi", "sv", "en")
KINDS: dict[str, Callable[[str], st.SearchStrategy[Written]]] = {
    "ends": ends_texts,
    "pips": pips_texts,
    "points": points_texts,
}


def _verdict(text: str) -> tuple[list[str], int, list[str]]:
    """The kinds of every error found, how many claims were checked, and why anything
    was left unchecked."""
    examples, claims, unchecked = examine(text)
    kinds = [finding.kind for report in (*examples, *claims) for finding in report.errors]
    return kinds, len(claims), [item.reason for item in unchecked]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(KINDS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_planted_fault_is_found_and_no_right_claim_is_an_alarm(
    kind: str, lang: str, data: st.DataObject
) -> None:
    written = data.draw(KINDS[kind](lang))
    kinds, checked, unchecked = _verdict(written.text)
    assert kinds == ([] if written.fault is None else [written.fault]), written.text
    assert checked >= 1, written.text
    assert unchecked == [], written.text

"""A claim belongs to its own example: where two examples follow each other, "The free
ends are now …" after the first is checked against the first, never against the chain
after it; a claim that introduces an example (its sentence ends with a colon) speaks of
the one after it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from blockdomino.verify import examine, verify_file

CORPUS = Path(__file__).parents[1] / "data" / "verify" / "corpus"
sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402  (the writers of every format)

TWO_EXAMPLES = (
    "First Ada plays [1|2] [2|3].",
    "The free ends are now {claim}.",
    "Then a new round: [4|5] [5|6].",
)


def _chains_of_wrong_ends(claim: str, form: str, tmp_path: Path) -> list[tuple[str, ...]]:
    paragraphs = tuple(line.format(claim=claim) for line in TWO_EXAMPLES)
    path, _ = make_corpus.write(make_corpus.Leaflet("en_two", form, paragraphs, ()), tmp_path)
    report = verify_file(path)
    return [
        tuple(str(tile) for tile in finding.values["chain"])  # type: ignore[attr-defined]
        for claim_report in report.claims
        for finding in claim_report.errors
    ]


@pytest.mark.parametrize("form", ["md", "txt", "docx"])
def test_a_wrong_claim_after_an_example_is_checked_against_that_example(
    tmp_path: Path, form: str
) -> None:
    assert _chains_of_wrong_ends("1 and 2", form, tmp_path) == [("[1|2]", "[2|3]")]


@pytest.mark.parametrize("form", ["md", "txt", "docx"])
def test_a_right_claim_after_an_example_is_right(tmp_path: Path, form: str) -> None:
    assert _chains_of_wrong_ends("1 and 3", form, tmp_path) == []


def test_a_claim_ending_in_a_colon_speaks_of_the_example_after_it() -> None:
    text = "Tiles: [1|2] [2|3]\n\nThe free ends will be 4 and 5:\n\nTiles: [4|5] [5|6]\n"
    _, claims, _ = examine(text)
    (claim,) = claims
    (finding,) = claim.errors
    assert [str(tile) for tile in finding.values["chain"]] == ["[4|5]", "[5|6]"]  # type: ignore[attr-defined]

"""The corpus of leaflets (``tests/data/verify/corpus``): on every leaflet, right or with
planted faults, ``verify`` calls nothing wrong that its key does not name; it finds every
planted fault it is known to find (``known_misses.json`` lists the rest, so a fault it
stops finding fails here); it answers in the leaflet's language; and an example an
author shows wrong on purpose is said to be so, never counted as an error.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from blockdomino.verify import report_text, verify_file

CORPUS = Path(__file__).parents[1] / "data" / "verify" / "corpus"


sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402  (the corpus's writers and keys)

LEAFLETS = {leaflet.name: leaflet for leaflet in make_corpus.leaflets()}
MISSES = {
    (name, paragraph, kind)
    for name, paragraph, kind in json.loads((CORPUS / "known_misses.json").read_text())["misses"]
}
SHOWN_WRONG = ("fi_04_vaarin", "sv_04_fel_satt", "en_04_wrong", "en_11_notes", "sv_11_poang")
MARKED = re.compile("väärin|fel sätt|the wrong way|not allowed", re.IGNORECASE)


def test_the_corpus_is_many_leaflets_in_every_language_and_format() -> None:
    leaflets = LEAFLETS.values()
    assert len(leaflets) >= 30
    assert {leaflet.lang for leaflet in leaflets} == {"fi", "sv", "en"}
    assert {leaflet.format for leaflet in leaflets} == {"txt", "md", "html", "docx", "odt", "pdf"}
    assert sum(leaflet.correct for leaflet in leaflets) >= 12
    assert sum(not leaflet.correct for leaflet in leaflets) >= 12


@pytest.mark.parametrize("name", sorted(LEAFLETS))
def test_verify_calls_nothing_wrong_but_the_planted_faults(tmp_path: Path, name: str) -> None:
    leaflet = LEAFLETS[name]
    found = set(make_corpus.found(leaflet, tmp_path))
    planted = set(leaflet.faults)
    assert found <= planted, f"false alarms: {sorted(found - planted)}"
    expected = {fault for fault in planted if (name, *fault) not in MISSES}
    assert found == expected, f"missed: {sorted(expected - found)}"


@pytest.mark.parametrize("name", sorted(LEAFLETS))
def test_the_report_is_in_the_leaflets_language(tmp_path: Path, name: str) -> None:
    leaflet = LEAFLETS[name]
    path, _ = make_corpus.write(leaflet, tmp_path)
    report = verify_file(path)
    assert report.lang == leaflet.lang
    assert report.status != 1 or not leaflet.correct


@pytest.mark.parametrize("name", SHOWN_WRONG)
def test_an_example_shown_wrong_on_purpose_is_said_to_be_so(tmp_path: Path, name: str) -> None:
    leaflet = LEAFLETS[name]
    path, locate = make_corpus.write(leaflet, tmp_path)
    report = verify_file(path)
    notes = [
        (locate(report.unchecked_place(index)), item)
        for index, item in enumerate(report.unchecked)
        if item.reason == "verify.unchecked.wrong_on_purpose"
    ]
    marked = [
        number
        for number, paragraph in enumerate(leaflet.paragraphs, start=1)
        if MARKED.search(paragraph.partition(":")[0])
    ]
    assert [paragraph for paragraph, _ in notes] == marked
    for _, note in notes:
        assert note.detail is not None
        assert note.detail.message(leaflet.lang) in report_text(report)

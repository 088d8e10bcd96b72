"""A match's table headed only by the players' names, in fi, sv and en and in every
format: read as the running totals of the match (the rounds' points added up, or the
totals after each round), its total row, a round after the target and the sentence
naming who won the match checked, each at its table and row."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from blockdomino.verify import FileReport, report_text, verify_file
from blockdomino.verify.round_tables import name_table
from blockdomino.verify.tables import find_tables

CORPUS = Path(__file__).parents[1] / "data" / "verify" / "corpus"
sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402  (the writers of every format)

MATCHES = {
    "en": (
        "Three of us played a match to 61 points.",
        "| Round | Anna | Ben | Cecilia |",
        "| 1 | 12 | 0 | 0 |",
        "| 2 | 0 | 25 | 0 |",
        "| 3 | 30 | 0 | 0 |",
        "| 4 | 21 | 0 | 0 |",
        "| Total | 63 | 25 | 0 |",
        "Anna won the match.",
    ),
    "fi": (
        "Pelasimme kahdestaan ottelun 100 pisteeseen, ja se kesti viisi kierrosta. Kun "
        "kierros päättyy, vain voittaja saa pisteet.",
        "| Kierros | Aino | Eero |",
        "| 1 | 0 | 45 |",
        "| 2 | 40 | 0 |",
        "| 3 | 0 | 38 |",
        "| 4 | 30 | 0 |",
        "| 5 | 0 | 20 |",
        "| Yhteensä | 70 | 103 |",
        "Eero voitti ottelun.",
    ),
    "sv": (
        "Vi var fyra och spelade till 61 poäng.",
        "| Omgång | Alva | Maja | Nils | Olle |",
        "| 1 | 14 | 0 | 0 | 0 |",
        "| 2 | 14 | 22 | 0 | 0 |",
        "| 3 | 14 | 22 | 0 | 30 |",
        "| 4 | 14 | 22 | 0 | 65 |",
        "| Summa | 14 | 22 | 0 | 65 |",
        "Olle vann matchen.",
    ),
}
FAULTS = {
    "en": ({6: "| Total | 62 | 25 | 0 |", 7: "Ben won the match."}, "The total row says 62"),
    "fi": ({7: "| Yhteensä | 70 | 104 |", 8: "Aino voitti ottelun."}, "Yhteensä-rivillä lukee 104"),
    "sv": (
        {6: "| Summa | 14 | 22 | 0 | 66 |", 7: "Maja vann matchen."},
        "I summan längst ner står det 66",
    ),
}


def _report(tmp_path: Path, name: str, form: str, paragraphs: tuple[str, ...]) -> FileReport:
    leaflet = make_corpus.Leaflet(name, form, paragraphs, ())
    path, _ = make_corpus.write(leaflet, tmp_path)
    return verify_file(path)


def _faulty(lang: str) -> tuple[str, ...]:
    changed, _ = FAULTS[lang]
    return tuple(changed.get(i, paragraph) for i, paragraph in enumerate(MATCHES[lang]))


@pytest.mark.parametrize("lang", sorted(MATCHES))
def test_a_right_table_of_the_players_points_is_right(tmp_path: Path, lang: str) -> None:
    report = _report(tmp_path, f"{lang}_right", "md", MATCHES[lang])
    assert len(report.claims) == len(MATCHES[lang]) - 2
    assert all(claim.ok for claim in report.claims)
    assert report.unchecked == ()


@pytest.mark.parametrize("lang", sorted(MATCHES))
def test_a_wrong_total_and_a_wrong_winner_are_found_in_the_leaflets_language(
    tmp_path: Path, lang: str
) -> None:
    report = _report(tmp_path, f"{lang}_wrong", "md", _faulty(lang))
    total_row = min(FAULTS[lang][0])
    errors = make_corpus.table_errors(report)
    assert errors == [(1, total_row, "column_total"), (None, None, "match_winner")]
    assert FAULTS[lang][1] in report_text(report)


@pytest.mark.parametrize("form", sorted(set(make_corpus.WRITERS) - {"txt"}))
def test_the_table_is_read_in_every_format(tmp_path: Path, form: str) -> None:
    report = _report(tmp_path, "en_formats", form, _faulty("en"))
    assert make_corpus.table_errors(report) == [
        (1, 6, "column_total"),
        (None, None, "match_winner"),
    ]


def test_a_round_after_the_target_is_reached_is_wrong(tmp_path: Path) -> None:
    rows = (
        "Two of us played.",
        "| Anna | Ben |",
        "| 60 | 0 |",
        "| 45 | 0 |",
        "| 0 | 20 |",
    )
    report = _report(tmp_path, "en_over", "docx", rows)
    assert make_corpus.table_errors(report) == [(1, 4, "match_over")]


def test_a_table_that_is_neither_points_nor_running_totals_is_listed_as_not_checked(
    tmp_path: Path,
) -> None:
    rows = ("Scores.", "| Round | Anna | Ben |", "| 1 | 10 | 5 |", "| 2 | 4 | 9 |")
    report = _report(tmp_path, "en_unsure", "md", rows)
    assert [claim.errors for claim in report.claims] == []
    assert [item.reason for item in report.unchecked] == ["verify.unchecked.name_table"]


def test_only_a_heading_of_names_makes_a_table_of_the_players_points() -> None:
    (names,) = find_tables("| Round | Anna & Cecilia | Ben & Dan |\n| 1 | 0 | 30 |\n")
    read = name_table(names)
    assert read is not None
    assert list(read.players.values()) == ["Anna & Cecilia", "Ben & Dan"]
    (other,) = find_tables("| Round | Tiles | Pips |\n| 1 | 2 | 7 |\n")
    assert name_table(other) is None

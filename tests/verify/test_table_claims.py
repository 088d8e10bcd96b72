"""Tables read as tables: in every format a row is one line of cells, never words run
into a paragraph; each row is found by its table and row, as the author sees it; the
running totals of a match, the end of a match at its target, a hand's pips and a tile in
two hands are checked row by row."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from blockdomino.verify import FileReport, report_json, report_text, verify_bytes, verify_file
from blockdomino.verify.formats import read_bytes
from blockdomino.verify.places import Document
from blockdomino.verify.tables import find_tables

CORPUS = Path(__file__).parents[1] / "data" / "verify" / "corpus"
sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402  (the writers of every format)

FORMATS = sorted(make_corpus.WRITERS)

TOTALS = (
    "# Poängtabell",
    "Matchen spelas till 100 poäng eftersom vi är två.",
    "| Omgång | Vinnare | Poäng | Alva totalt | Nils totalt |",
    "| 1 | Alva | 12 | 12 | 0 |",
    "| 2 | Nils | 25 | 12 | 25 |",
    "| 3 | Alva | 30 | 40 | 25 |",
    "| 4 | Alva | 61 | 103 | 25 |",
    "Alva nådde 100 poäng och vann matchen.",
)
HANDS = (
    "# Hands when the round was blocked",
    "| Player | Tiles left | Pips |",
    "| Ada | [6|1], [2|2] | 11 |",
    "| Ben | [5|3], [6|1] | 15 |",
    "| Cy | [0|4] | 5 |",
    "Nobody could play.",
)


def _report(tmp_path: Path, name: str, form: str, paragraphs: tuple[str, ...]) -> FileReport:
    leaflet = make_corpus.Leaflet(name, form, paragraphs, ())
    path, _ = make_corpus.write(leaflet, tmp_path)
    return verify_file(path)


_errors = make_corpus.table_errors


@pytest.mark.parametrize("form", FORMATS)
def test_a_wrong_running_total_is_found_at_its_table_row(tmp_path: Path, form: str) -> None:
    report = _report(tmp_path, "sv_totals", form, TOTALS)
    assert _errors(report) == [(1, 4, "running_total")]
    text = report_text(report)
    assert "I kolumnen ”Alva totalt” står det 40, men 12 + 30 = 42." in text
    assert "tabell 1, rad 4" in text


@pytest.mark.parametrize("form", FORMATS)
def test_a_hand_in_a_table_row_is_checked_and_a_tile_is_in_one_hand(
    tmp_path: Path, form: str
) -> None:
    report = _report(tmp_path, "en_hands", form, HANDS)
    assert _errors(report) == [(1, 3, "tile_in_two_hands"), (1, 4, "pips")]
    assert "[1|6] is in two hands, in rows 2 and 3." in report_text(report)


def test_a_round_after_the_target_is_reached_is_wrong(tmp_path: Path) -> None:
    rows = (
        "| Round | Winner | Points | Mia total | Leo total |",
        "| 1 | Mia | 95 | 95 | 0 |",
        "| 2 | Mia | 10 | 105 | 0 |",
        "| 3 | Leo | 20 | 105 | 20 |",
    )
    report = _report(tmp_path, "en_over", "md", ("Two of us play.", *rows))
    assert _errors(report) == [(1, 4, "match_over")]
    assert "The match was over in row 3" in report_text(report)


def test_three_players_play_to_61_and_a_right_table_is_right(tmp_path: Path) -> None:
    rows = (
        "| Kierros | Voittaja | Pisteet | Aino yhteensä | Ville yhteensä | Oona yhteensä |",
        "| 1 | Aino | 14 | 14 | 0 | 0 |",
        "| 2 | Ville | 22 | 14 | 22 | 0 |",
        "| 3 | Aino | 51 | 65 | 22 | 0 |",
    )
    report = _report(tmp_path, "fi_right", "html", ("Ottelu.", *rows))
    assert report.claims
    assert all(claim.ok for claim in report.claims)
    assert [place.row for _, place in report.checked] == [2, 3, 4]


def test_a_wrong_total_is_said_once_and_the_rows_after_it_go_on_from_either(
    tmp_path: Path,
) -> None:
    rows = (
        "| Round | Winner | Points | Ann total | Bo total |",
        "| 1 | Ann | 10 | 11 | 0 |",
        "| 2 | Ann | 10 | 21 | 0 |",
        "| 3 | Ann | 10 | 30 | 0 |",
    )
    report = _report(tmp_path, "en_once", "txt", ("Scores.", *rows))
    assert _errors(report) == [(1, 2, "running_total")]


def test_a_table_whose_heading_claims_nothing_is_not_checked(tmp_path: Path) -> None:
    rows = ("| Name | Age |", "| Ada | 11 |", "| Ben | 12 |", "Chain: [1|2] [2|3].")
    report = _report(tmp_path, "en_plain", "docx", rows)
    assert not report.claims


@pytest.mark.parametrize("form", ["docx", "odt", "html", "md"])
def test_a_row_is_one_line_of_cells_never_a_paragraph_of_words(tmp_path: Path, form: str) -> None:
    leaflet = make_corpus.Leaflet("en_rows", form, HANDS, ())
    path, _ = make_corpus.write(leaflet, tmp_path)
    document = read_bytes(path.read_bytes(), path.name)
    assert isinstance(document, Document)
    assert "| Ada | [6|1], [2|2] | 11 |" in document.text.splitlines()
    (table,) = find_tables(document.text)
    assert [row.cells[0] for row in table.rows] == ["Player", "Ada", "Ben", "Cy"]


def test_a_table_rows_place_is_in_the_json(tmp_path: Path) -> None:
    leaflet = make_corpus.Leaflet("sv_json", "odt", TOTALS, ())
    path, _ = make_corpus.write(leaflet, tmp_path)
    report, _ = verify_bytes(path.read_bytes(), path.name)
    claims = report_json([report])["files"][0]["claims"]  # type: ignore[index]
    wrong = [claim for claim in claims if not claim["ok"]]
    assert [claim["place"] for claim in wrong] == [{"paragraph": 6, "table": 1, "row": 4}]


def test_bars_in_prose_make_no_table() -> None:
    text = "Play 6 | 6 first.\nThen a line.\nA | B\n\nC | D\n"
    assert find_tables(text) == ()


MATCH = (
    "Three of us play a match to 61 points.",
    "| Round | Winner | Points | Ada total | Ben total | Cy total |",
    "| 1 | Ben | 20 | 0 | 20 | 0 |",
    "| 2 | Ada | 30 | 30 | 20 | 0 |",
    "| 3 | Ada | 35 | 65 | 20 | 0 |",
)


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("Ada won the match.", None),
        ("So Ada wins the match with 65 points.", None),
        ("Ben won the match.", "match_winner"),
        ("Cy was the winner of the match.", "match_winner"),
    ],
)
def test_the_winner_of_a_match_named_after_its_table_is_checked(
    tmp_path: Path, sentence: str, kind: str | None
) -> None:
    report = _report(tmp_path, "en_won", "md", (*MATCH, sentence))
    won = [claim for claim in report.claims if claim.text == sentence]
    assert len(won) == 1
    assert [finding.kind for finding in won[0].errors] == ([kind] if kind else [])


def test_a_match_nobody_has_won_yet_has_no_winner(tmp_path: Path) -> None:
    rows = (*MATCH[:-1], "| 3 | Ada | 25 | 55 | 20 | 0 |", "Ada won the match.")
    report = _report(tmp_path, "en_early", "html", rows)
    assert _errors(report) == [(None, None, "match_undecided")]
    assert "nobody has reached 61 points yet" in report_text(report)


def test_a_tie_for_the_highest_total_is_a_drawn_match(tmp_path: Path) -> None:
    rows = (
        "| Omgång | Vinnare | Poäng | Ebba totalt | Nils totalt |",
        "| 1 | Ebba | 50 | 50 | 0 |",
        "| 2 | Nils | 50 | 50 | 50 |",
        "Nils vann matchen.",
    )
    leaflet = make_corpus.Leaflet("sv_tie", "txt", rows, ())
    path, _ = make_corpus.write(leaflet, tmp_path)
    report = verify_file(path, rules="block")
    assert _errors(report) == [(None, None, "match_drawn")]
    assert "Ebba och Nils har samma högsta summa, 50." in report_text(report)


PARTNERS = (
    "# Our partnership match to 100 points",
    "| Round | Winner | Points | Anna & Cecilia total | Ben & Dan total |",
    "| 1 | Anna & Cecilia | 40 | 40 | 0 |",
    "| 2 | Ben & Dan | 30 | 40 | 30 |",
    "| 3 | Ben & Dan | 75 | 40 | 105 |",
)


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("Ben and Dan won the match.", None),
        ("Ben & Dan won the match.", None),
        ("Anna and Cecilia won the match.", "match_winner"),
        ("Anna + Cecilia won the match.", "match_winner"),
    ],
)
def test_the_team_that_won_a_partnership_match_is_named_as_the_table_names_it_or_with_and(
    tmp_path: Path, sentence: str, kind: str | None
) -> None:
    report = _report(tmp_path, "en_partners", "txt", (*PARTNERS, sentence))
    won = [claim for claim in report.claims if claim.text == sentence]
    assert len(won) == 1
    assert [finding.kind for finding in won[0].errors] == ([kind] if kind else [])


def test_without_pdfplumber_a_ruled_table_is_read_as_words_and_nothing_called_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pdfplumber", None)  # import raises ImportError
    report = _report(tmp_path, "sv_totals", "ruled.pdf", TOTALS)
    assert (report.status != 1, report.lang, report.claims) == (True, "sv", ())


def test_a_ruled_pdf_reads_its_rows_with_the_text_around_them_in_order(tmp_path: Path) -> None:
    leaflet = make_corpus.Leaflet("sv_ruled", "ruled.pdf", TOTALS, ())
    path, _ = make_corpus.write(leaflet, tmp_path)
    document = read_bytes(path.read_bytes(), path.name)
    assert isinstance(document, Document)
    assert document.text.splitlines() == [
        "Poängtabell",
        "Matchen spelas till 100 poäng eftersom vi är två.",
        *TOTALS[2:-1],
        "Alva nådde 100 poäng och vann matchen.",
    ]

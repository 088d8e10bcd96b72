"""Tables written from random rounds of the engine, in every format that has tables
(text with bars, Markdown, HTML, Word, OpenDocument, a PDF with bars and one with ruled
lines) and in Finnish, Swedish and English: a match's running totals, played with
random moves until someone reaches the target (with a column of points, or headed only
by the players' names with each round's points and a total row), and the hands left
when a round ended.
Written right, nothing in them is wrong; with one planted fault (a total or a hand's
pips off by one, a tile in two hands), that fault alone is found, at its table's row,
in the leaflet's language."""

from __future__ import annotations

import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino import Rules
from blockdomino.analysis.players import random_move, step
from blockdomino.engine.match import Match
from blockdomino.engine.round import Round
from blockdomino.engine.tiles import Tile
from blockdomino.verify import FileReport, verify_file

CORPUS = Path(__file__).parents[1] / "data" / "verify" / "corpus"
sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402  (the writers of every format)

FORMATS = sorted(make_corpus.WRITERS)
STEPS = 2_000
"""More steps than any match or round takes (a bound on every loop)."""


@dataclass(frozen=True)
class Words:
    """How an author of one language heads the tables and introduces them."""

    names: tuple[str, ...]
    match: str
    match_heading: tuple[str, str, str, str]
    """Round, winner, points, and "{name} total"."""
    total_row: str
    """The first cell of a table's last row, the match's total."""
    nobody: str
    hands: str
    hands_heading: tuple[str, str, str]


WORDS = {
    "fi": Words(
        ("Aino", "Eero", "Ville", "Oona"),
        "Pelasimme ottelun, ja taulukossa ovat jokaisen kierroksen pisteet.",
        ("Kierros", "Voittaja", "Pisteet", "{name} yht."),  # a row of bars fits a PDF line
        "Yhteensä",
        "tasapeli",
        "Kierroksen lopussa pelaajien käteen jäivät nämä laatat.",
        ("Pelaaja", "Laatat", "Silmät"),
    ),
    "sv": Words(
        ("Alva", "Nils", "Saga", "Olle"),
        "Vi spelade en match, och tabellen visar poängen för varje omgång.",
        ("Omgång", "Vinnare", "Poäng", "{name} totalt"),
        "Summa",
        "oavgjort",
        "När omgången var slut hade spelarna de här brickorna kvar på handen.",
        ("Spelare", "Brickor", "Prickar"),
    ),
    "en": Words(
        ("Ada", "Ben", "Cy", "Dot"),
        "We played a match, and the table shows the points of each round.",
        ("Round", "Winner", "Points", "{name} total"),
        "Total",
        "tie",
        "When the round ended, the players held these tiles.",
        ("Player", "Tiles left", "Pips"),
    ),
}


def _bars(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _tiles(hand: tuple[Tile, ...]) -> str:
    return ", ".join(f"[{tile.high}|{tile.low}]" for tile in hand)


def match_table(words: Words, players: int, seed: int) -> list[list[str]]:
    """The running totals of a match played with random moves, the heading row first."""
    rng = random.Random(seed)
    game = Match.start(Rules.preset("match", players), seed)
    for _ in range(STEPS):
        if game.is_over:
            break
        game = step(game, random_move, rng)
    assert game.is_over
    names = words.names[:players]
    rows = [[*words.match_heading[:3], *(words.match_heading[3].format(name=n) for n in names)]]
    for record in game.log:
        result = record.result
        winner = words.nobody if result.is_tie else names[result.winners[0]]
        points = str(max(result.points))
        rows.append([str(record.number), winner, points, *map(str, record.scores)])
    return rows


def names_table(words: Words, players: int, seed: int) -> list[list[str]]:
    """A match played with random moves as a table headed by the players' names: each
    round's points in its winner's column, and the totals in the last row."""
    rows = match_table(words, players, seed)
    names = words.names[:players]
    table = [[words.match_heading[0], *names]]
    for number, winner, points, *_ in rows[1:]:
        table.append([number, *(points if name == winner else "0" for name in names)])
    return [*table, [words.total_row, *rows[-1][3:]]]


def hands_table(words: Words, players: int, seed: int) -> list[list[str]]:
    """The hands left when a round played with random moves ended, with their pips."""
    rng = random.Random(seed)
    position = Round.deal(Rules.preset("match", players), seed)
    for _ in range(STEPS):
        if position.is_over:
            break
        position = step(position, random_move, rng)
    rows = [list(words.hands_heading)]
    for name, hand in zip(words.names, position.hands, strict=False):
        rows.append([name, _tiles(hand), str(sum(tile.pips for tile in hand))])
    return rows


def _check(lang: str, form: str, intro: str, rows: list[list[str]]) -> FileReport:
    leaflet = make_corpus.Leaflet(f"{lang}_generated", form, (intro, *map(_bars, rows)), ())
    with tempfile.TemporaryDirectory() as folder:
        path, _ = make_corpus.write(leaflet, Path(folder))
        return verify_file(path)


_errors = make_corpus.table_errors


CASES = [
    (form, lang, planted)
    for number, form in enumerate(FORMATS)
    for lang, planted in ((sorted(WORDS)[number % 3], False), (sorted(WORDS)[~number % 3], True))
]
"""Each format right in one language and with a fault in another, the languages in turn."""
tables = st.fixed_dictionaries(
    {"players": st.integers(2, 4), "seed": st.integers(0, 2**32 - 1), "fault": st.integers(0, 999)}
)
few = settings(max_examples=3, derandomize=True, deadline=None)
"""A few tables of each case, the same on every run (the project's profile, fewer)."""


@pytest.mark.parametrize(("form", "lang", "faulty"), CASES)
@few
@given(table=tables)
def test_a_matchs_running_totals(form: str, lang: str, faulty: bool, table: dict[str, int]) -> None:
    words = WORDS[lang]
    rows = match_table(words, table["players"], table["seed"])
    planted: list[tuple[int | None, int | None, str]] = []
    fault = table["fault"]
    if faulty:
        row = 1 + fault % (len(rows) - 1)
        column = 3 + fault // len(rows) % (len(rows[0]) - 3)
        total = int(rows[row][column])
        rows[row][column] = str(total - 1 if total > 0 else 1)
        planted = [(1, row + 1, "running_total")]
    report = _check(lang, form, words.match, rows)
    assert report.lang == lang
    assert report.claims, "the table was not read"
    assert _errors(report) == planted
    if faulty:
        (finding,) = (finding for checked, _ in report.checked for finding in checked.errors)
        assert rows[0][column] in finding.message(lang)


@pytest.mark.parametrize(("form", "lang", "faulty"), CASES)
@few
@given(table=tables)
def test_the_hands_left_in_a_round(
    form: str, lang: str, faulty: bool, table: dict[str, int]
) -> None:
    words = WORDS[lang]
    rows = hands_table(words, table["players"], table["seed"])
    held = [row for row in range(1, len(rows)) if rows[row][1]]
    planted: list[tuple[int | None, int | None, str]] = []
    if faulty and len(held) >= 2:
        first, second = sorted(random.Random(table["fault"]).sample(held, 2))
        if table["fault"] % 2:
            tile = rows[first][1].split(", ")[0]
            pips = int(rows[second][2]) + sum(int(half) for half in tile[1:-1].split("|"))
            rows[second][1] += f", {tile}"
            rows[second][2] = str(pips)
            planted = [(1, second + 1, "tile_in_two_hands")]
        else:
            rows[second][2] = str(int(rows[second][2]) + 1)
            planted = [(1, second + 1, "pips")]
    report = _check(lang, form, words.hands, rows)
    assert report.lang == lang
    assert report.claims, "the table was not read"
    assert _errors(report) == planted


@pytest.mark.parametrize(("form", "lang", "faulty"), CASES)
@few
@given(table=tables)
def test_a_match_headed_by_the_players_names(
    form: str, lang: str, faulty: bool, table: dict[str, int]
) -> None:
    words = WORDS[lang]
    rows = names_table(words, table["players"], table["seed"])
    planted: list[tuple[int | None, int | None, str]] = []
    if faulty:
        column = 1 + table["fault"] % table["players"]
        rows[-1][column] = str(int(rows[-1][column]) + 1)
        planted = [(1, len(rows), "column_total")]
    report = _check(lang, form, words.match, rows)
    assert report.lang == lang
    scorers = {i for row in rows[1:-1] for i, cell in enumerate(row[1:]) if cell != "0"}
    if faulty and len(scorers) == 1:  # totals or points by the round: the reader cannot tell
        assert [item.reason for item in report.unchecked] == ["verify.unchecked.name_table"]
        return
    assert report.claims, "the table was not read"
    assert _errors(report) == planted

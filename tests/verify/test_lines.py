"""Lines of play in plain notation: tiles written in the order they lie, rebuilt by the
engine with doubles crosswise; an impossible join, a tile used twice, a branch and a
double said to lie lengthwise are found and explained, in fi, sv and en leaflets."""

from __future__ import annotations

import pytest

from blockdomino.engine.tiles import Tile
from blockdomino.verify import verify_text
from blockdomino.verify.documents import examine
from blockdomino.words.i18n import translate

LINE = "[1|3] [3|6] [6|6] [6|2]"
PROSE = {
    "fi": "Tässä ketjussa laatat on liitetty oikein, ja tupla on poikittain:",
    "sv": "I den här kedjan ligger brickorna rätt och dubbeln ligger på tvären:",
    "en": "In this chain the tiles are joined as they should be, and the double is crosswise:",
}


@pytest.mark.parametrize(
    "written",
    [
        LINE,
        "[1|3], [3|6], [6|6], [6|2]",
        "[1|3] → [3|6] → [6|6] → [6|2]",
        "[1|3] -> [3|6] -> [6|6] -> [6|2]",
        "[1|3] – [3|6] – [6|6] – [6|2]",
        "[1 | 3] [3 | 6] [6 | 6] [6 | 2]",
        "1|3 3|6 6|6 6|2",
        "1-3 3-6 6-6 6-2",
        "1-3, 3-6, 6-6, 6-2",
        "[3|1] [3|6] [6|6] [2|6]",
    ],
)
@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_a_right_line_in_any_notation_checks(written: str, lang: str) -> None:
    (report,) = verify_text(f"{PROSE[lang]}\n{written}\n")
    assert report.kind == "line"
    assert report.line == 2
    assert report.ok
    assert not report.findings
    assert report.chain is not None
    assert report.chain.tiles == (Tile(1, 3), Tile(3, 6), Tile(6, 6), Tile(2, 6))
    assert report.chain.numbers == (1, 2)
    where = translate("verify.report.line", lang, line=2)
    assert report.message() == translate("verify.report.ok", lang, where=where)


def test_the_double_is_rebuilt_crosswise_in_the_line() -> None:
    (report,) = verify_text(f"{PROSE['en']} {LINE}")
    assert report.chain is not None
    double = report.chain.line[2]
    assert double.tile == Tile(6, 6)
    assert {double.left_side.value, double.right_side.value} == {"line_a", "line_b"}


@pytest.mark.parametrize(
    ("written", "kind", "values"),
    [
        ("[1|3] [3|6] [5|5] [5|2]", "no_join", {"tile": Tile(5, 5), "number": 6}),
        ("[1|3] [3|6] [6|1] [1|3]", "tile_twice", {"tile": Tile(1, 3)}),
        ("[1|3] [3|6] [6|6] [6|2] [6|4]", "branch", {"tile": Tile(4, 6), "double": Tile(6, 6)}),
    ],
)
def test_a_fault_in_a_line_is_found_and_explained(
    written: str, kind: str, values: dict[str, object]
) -> None:
    (report,) = verify_text(f"{PROSE['fi']}\n\n{written}\n")
    assert report.line == 3
    assert not report.ok
    (finding,) = report.findings
    assert finding.kind == kind
    assert {name: finding.values[name] for name in values} == values
    for lang in ("fi", "sv", "en"):
        message = finding.message(lang)
        assert str(values["tile"]) in message
        assert "{" not in message


@pytest.mark.parametrize(
    ("lang", "sentence", "wrong"),
    [
        ("fi", "Tupla [6|6] asetetaan pitkittäin: [3|6] [6|6] [6|2].", True),
        ("fi", "Tuplaa ei aseteta pitkittäin: [3|6] [6|6] [6|2].", False),
        ("sv", "Dubbeln läggs på längden: [3|6] [6|6] [6|2].", True),
        ("sv", "Dubbeln läggs aldrig på längden: [3|6] [6|6] [6|2].", False),
        ("en", "Here the double lies lengthwise: [3|6] [6|6] [6|2].", True),
        ("en", "A double is never laid lengthwise: [3|6] [6|6] [6|2].", False),
    ],
)
def test_a_double_said_to_lie_lengthwise_is_found(lang: str, sentence: str, wrong: bool) -> None:
    text = f"{PROSE[lang]} {PROSE[lang]}\n{sentence}\n"
    reports = verify_text(text)
    kinds = [finding.kind for report in reports for finding in report.findings]
    assert kinds == (["lengthwise"] if wrong else [])


def test_one_mistake_hides_no_other() -> None:
    (report,) = verify_text("[1|3] [3|6] [5|5] [5|2] [2|2] [5|2]")
    assert [finding.kind for finding in report.findings] == ["no_join", "tile_twice"]


@pytest.mark.parametrize(
    "text",
    [
        "Pelaajalla on [0|0], [2|5] ja [3|3].",
        "Kädessä: [4|4], [1|2], 12 silmää.",
        "Asetettu [1|4]\n[1|4] avaa ketjun.",
        "2–4 spelare, 5-7 brickor var, 3-4 spelare.",
        "Kello 12-14, sivut 3-5, 2024-01-05.",
        "| 2 | 5 |",
        "Tuplat [6|6] ja [5|5] ovat painavia.",
    ],
)
def test_tiles_in_prose_and_hands_are_no_line(text: str) -> None:
    assert not [report for report in verify_text(text) if report.kind == "line"]


def test_a_hand_is_listed_as_not_checked() -> None:
    reports, _, unchecked = examine("Intro.\nKäsi: [4|4], [1|2], [0|3].\n")
    assert not reports
    (item,) = unchecked
    assert item.line == 2
    assert item.text == "[4|4], [1|2], [0|3]"
    assert "[4|4]" in item.message("fi")


def test_the_tiles_of_a_description_are_no_line() -> None:
    text = (
        "Laatat: [1|4], [1|1], [4|4]. Liitokset: [1|4] (pienempi pää) – [1|1] (linja A); "
        "[1|4] (suurempi pää) – [4|4] (linja A). Lailliset jatkokohdat: [1|1] (linja B, 1); "
        "[4|4] (linja B, 4)."
    )
    reports, _, unchecked = examine(text)
    assert [report.kind for report in reports] == ["description"]
    assert reports[0].ok
    assert not unchecked

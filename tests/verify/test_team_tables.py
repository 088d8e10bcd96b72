"""A team match's table of rounds (the pips each player or team has left, and the
points each team scores), in fi, sv and en as club pages write them, in Markdown, a text
and HTML: each round's points are checked against the hands by RULES.md's scored
partnership match (after a domino the other team's two hands; after a blocked round
the other team's sum minus the winners' own; equal sums: nobody). A right row passes, a
wrong one gets the right figure and why, in the leaflet's language; a row that does
not tell how its round ended is listed as not checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from blockdomino.verify import examine, verify_file

TABLES = {
    "fi": "Parien liiga pelataan 100 pisteeseen.\n\n"
    "| Kierros | Dominoi | Aino | Eero | Matti | Liisa | Aino ja Eero pisteet "
    "| Matti ja Liisa pisteet |\n"
    "|---|---|---|---|---|---|---|---|\n"
    "| 1 | Matti | 8 | 5 | 0 | 4 | | {0} |\n"
    "| 2 | lukkiutui | 5 | 3 | 6 | 4 | {1} | – |\n",
    "sv": "Laget mot laget, till 100 poäng.\n\n"
    "Omgång | Gick ut | Anna + Cecilia prickar | Ben + Dan prickar | Vinnare | Poäng\n"
    "1 | Ben | 13 | 4 | Ben | {0}\n"
    "2 | – | 8 | 10 | Anna + Cecilia | {1}\n",
    "en": "We play to 100 points.\n\n"
    "| Round | Anna | Cecilia | Ben | Dan | Anna & Cecilia points | Ben & Dan points |\n"
    "| 1 | 8 | 5 | 0 | 4 | – | {0} |\n"
    "| 2 | 5 | 3 | 6 | 4 | {1} | – |\n",
}
ROWS = {"fi": (5, 6), "sv": (4, 5), "en": (4, 5)}
WRONG = {
    "fi": (
        "Tekstin mukaan pisteitä tulee 17. Matti pelasi viimeisen laattansa, joten Matti ja "
        "Liisa saavat toisen parin käsiin jääneet silmät: 8 + 5 = 13.",
        "Tekstin mukaan pisteitä tulee 18. Aino ja Eero voittavat lukkiutuneen kierroksen: "
        "heillä on 8 silmää ja toisella parilla 10. He saavat toisen parin silmät miinus "
        "omansa: 10 − 8 = 2.",
    ),
    "sv": (
        "Texten ger 17 poäng. Ben gick ut, så Ben och Dan får prickarna som är kvar i det "
        "andra lagets två händer: 13.",
        "Texten ger 18 poäng. Anna och Cecilia vinner den blockerade omgången med 8 prickar "
        "mot 10. De får det andra lagets prickar minus sina egna: 10 − 8 = 2.",
    ),
    "en": (
        "The text gives 17 points, but Ben went out, so Ben and Dan score the pips left in "
        "the other team's two hands: 8 + 5 = 13.",
        "The text gives 18 points. Anna and Cecilia win the blocked round with 8 pips "
        "against 10, so they score the other team's pips minus their own: 10 − 8 = 2.",
    ),
}


@pytest.mark.parametrize("lang", sorted(TABLES))
def test_right_team_points_in_a_table_pass(lang: str) -> None:
    _, claims, unchecked = examine(TABLES[lang].format(13, 2))
    assert [(claim.line, claim.findings) for claim in claims] == [(n, ()) for n in ROWS[lang]]
    assert unchecked == ()


@pytest.mark.parametrize("lang", sorted(TABLES))
def test_wrong_team_points_in_a_table_get_the_right_figure(lang: str) -> None:
    _, claims, _ = examine(TABLES[lang].format(17, 18))
    found = [(claim.line, [f.message(lang) for f in claim.findings]) for claim in claims]
    assert found == [
        (line, [message]) for line, message in zip(ROWS[lang], WRONG[lang], strict=True)
    ]


def test_points_given_to_the_team_that_lost_the_round_are_wrong() -> None:
    swapped = (
        TABLES["en"].format(13, 2).replace("| 5 | 3 | 6 | 4 | 2 | – |", "| 5 | 3 | 6 | 4 | – | 2 |")
    )
    _, claims, _ = examine(swapped)
    assert [[f.kind for f in claim.findings] for claim in claims] == [[], ["team_scorer"]]


def test_equal_sums_in_a_blocked_round_give_nobody_points() -> None:
    drawn = TABLES["en"].format(13, 2).replace("| 5 | 3 | 6 | 4 |", "| 5 | 5 | 6 | 4 |")
    _, claims, _ = examine(drawn)
    assert [[f.kind for f in claim.findings] for claim in claims] == [[], ["team_drawn_points"]]
    _, claims, _ = examine(drawn.replace("| 2 | – |", "| – | – |"))
    assert [claim.findings for claim in claims] == [(), ()]


def test_a_row_that_does_not_tell_how_its_round_ended_is_not_checked() -> None:
    # The teams' pips alone: who went out is not said.
    table = TABLES["sv"].format(13, 2).replace(" Gick ut |", " Anteckning |")
    _, claims, unchecked = examine(table.replace("| Ben | 13", "| bra | 13"))
    assert claims == ()
    assert [(item.line, item.reason) for item in unchecked] == [
        (4, "verify.unchecked.team_table_row"),
        (5, "verify.unchecked.team_table_row"),
    ]
    assert "inte kontrollerat" in unchecked[0].message("sv")


def test_a_team_table_in_html_is_checked_row_by_row(tmp_path: Path) -> None:
    page = tmp_path / "league.html"
    rows = [
        [
            "Round",
            "Anna",
            "Cecilia",
            "Ben",
            "Dan",
            "Anna &amp; Cecilia points",
            "Ben &amp; Dan points",
        ],
        ["1", "8", "5", "0", "4", "", "17"],
        ["2", "5", "3", "6", "4", "2", ""],
    ]
    cells = "\n".join(
        "<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows
    )
    page.write_text(
        "<html><body>\n<h1>Team night</h1>\n<p>Anna and Cecilia play against Ben and Dan, first "
        f"to 100 points.</p>\n<table>\n{cells}\n</table>\n</body></html>\n"
    )
    report = verify_file(page)
    assert [[f.kind for f in claim.findings] for claim in report.claims] == [
        ["team_domino_points"],
        [],
    ]

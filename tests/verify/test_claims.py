"""Claims in prose are checked: the open ends a sentence names against the chain beside
it, the pips it counts in a hand, and the points it works out against the rules of the
preset; a wrong claim is reported at its place, in the document's language, and a claim
the reader cannot tie to a chain or to hands is "not checked", never an error.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blockdomino.cli import main
from blockdomino.verify.documents import examine
from blockdomino.words.i18n import translate

DOCUMENTS = Path(__file__).parents[1] / "data" / "documents"
RULES_000 = next(DOCUMENTS.glob("000_*.txt"))
"""The Finnish rules, verbatim: seven worked chains and four scoring figures."""
SCORING = {
    45: "[6|6] on 12 ja [0|0] nolla",
    46: "[0|0] ja toiselle 8 silmää, dominoaja saa 8 pistettä",
    47: "Summilla 3, 7 ja 8 pienin käsi saa 7 + 8 − 3 = 12 pistettä",
}
"""The lines of 000's scoring figures and the words of each that this test changes."""


def _claims(text: str, **options: str) -> list[tuple[int, list[str]]]:
    """Each claim of ``text``: its line and the kinds of what is wrong with it."""
    _, claims, _ = examine(text, **options)
    return [(claim.line, [finding.kind for finding in claim.findings]) for claim in claims]


def _faults(text: str, **options: str) -> list[tuple[int, list[str]]]:
    return [(line, kinds) for line, kinds in _claims(text, **options) if kinds]


# The Finnish rules ----------------------------------------------------------------------


def test_every_claim_of_the_finnish_rules_checks() -> None:
    """The open ends beside four chains and the four scoring figures: all right."""
    claims = _claims(RULES_000.read_text(encoding="utf-8"))
    assert claims == [
        (19, []),
        (20, []),
        (22, []),
        (23, []),
        (39, []),
        (40, []),
        (45, []),
        (46, []),
        (46, []),
        (47, []),
        (47, []),
    ]


@pytest.mark.parametrize(
    ("line", "old", "new", "kinds"),
    [
        (19, "silmäluvut 1 ja 4", "silmäluvut 1 ja 5", ["ends"]),
        (39, "ovat 1 ja 3", "ovat 1 ja 4", ["ends"]),
        (45, "[6|6] on 12", "[6|6] on 11", ["pips"]),
        (45, "[0|0] nolla", "[0|0] 1", ["pips"]),
        (46, "toiselle 8 silmää", "toiselle 9 silmää", ["points"]),
        (46, "saa 8 pistettä", "saa 7 pistettä", ["points"]),
        (46, "vain [0|0]", "vain [0|1]", ["points"]),
        (46, "jää 5 silmää", "jää 6 silmää", ["points"]),
        (46, "hyvitys on 10", "hyvitys on 11", ["points"]),
        (47, "Summilla 3,", "Summilla 4,", ["points"]),
        (47, "7 ja 8 pienin", "7 ja 9 pienin", ["points"]),
        (47, "7 + 8 − 3 = 12", "7 + 8 − 3 = 13", ["sum"]),
        (47, "7 + 8 − 3 = 12", "7 + 8 − 4 = 12", ["sum", "points"]),
        (47, "7 + 8 − 3 = 12", "6 + 9 − 3 = 12", ["points"]),
        (47, "3, 3 ja 8", "3, 4 ja 8", ["not_tie"]),
    ],
)
def test_a_changed_number_in_a_claim_of_the_finnish_rules_is_found(
    line: int, old: str, new: str, kinds: list[str]
) -> None:
    lines = RULES_000.read_text(encoding="utf-8").split("\n")
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new)
    assert _faults("\n".join(lines)) == [(line, kinds)]


def test_a_wrong_claim_says_what_the_chain_or_the_rules_give() -> None:
    text = RULES_000.read_text(encoding="utf-8").replace("= 12 pistettä", "= 13 pistettä")
    _, claims, _ = examine(text.replace("saa 8 pistettä", "saa 9 pistettä"))
    messages = [finding.message("fi") for claim in claims for finding in claim.findings]
    assert messages == [
        "Tekstin mukaan pisteitä tulee 9, mutta sääntöjen mukaan 0 + 8 = 8.",
        "Lasku 7 + 8 − 3 = 13 on väärin: tulos on 12.",
    ]


# Open ends, pips and points in fi, sv and en ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "right"),
    [
        ("Ketju: [1|3] [3|6] [6|6] [6|2]. Päihin voi liittää silmäluvut 1 ja 2.", True),
        ("Ketju: [1|3] [3|6] [6|6] [6|2]. Päihin voi liittää silmäluvut 1 ja 6.", False),
        ("Kedjan: [2|3] [3|5]. De öppna ändarna är 2 och 5.", True),
        ("Kedjan: [2|3] [3|5]. De öppna ändarna är 2 och 6.", False),
        ("The chain [2|3] [3|5] is built.\nThe ends are 5 and 2.", True),
        ("The chain [2|3] [3|5] is built.\nThe open ends are 2 and 6.", False),
    ],
)
def test_the_open_ends_a_sentence_names_are_those_of_the_chain_beside_it(
    text: str, right: bool
) -> None:
    claims = _claims(text)
    assert len(claims) == 1
    assert (claims[0][1] == []) is right


def test_a_wrong_claim_is_worded_in_the_documents_language() -> None:
    text = "Kedjan: [2|3] [3|5]. De öppna ändarna är 2 och 6. Brickorna ligger i rad."
    _, (claim,), _ = examine(text)
    assert claim.message() == translate(
        "verify.report.error",
        "sv",
        where=translate("verify.report.line", "sv", line=1),
        message=(
            "Texten säger att de öppna ändarna visar 2 och 6, "
            "men ändarna på kedjan [2|3], [3|5] visar 2 och 5."
        ),
    )


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Handen [4|4] och [1|2], 11 prickar, är kvar när spelet är låst.", []),
        ("Handen [4|4] och [1|2], 12 prickar, är kvar när spelet är låst.", ["pips"]),
        ("Kädessä on [6|6], [5|5], [3|3] ja [0|0]: yhteensä 28 silmää.", []),
        ("Kädessä on [6|6], [5|5], [3|3] ja [0|0]: yhteensä 27 silmää.", ["pips"]),
        ("If both opponents are left with 5 pips, the winner scores 10 points.", []),
        ("If both opponents are left with 5 pips, the winner scores 11 points.", ["points"]),
        ("Om båda motståndarna har 4 prickar kvar får vinnaren 8 poäng.", []),
        ("With totals 3, 7 and 8 the lowest hand scores 7 + 8 − 3 = 12 points.", []),
        ("Så räknas det: 7 + 8 − 3 = 12.", []),
        ("Så räknas det: 7 + 8 − 3 = 13.", ["sum"]),
        ("With totals 4, 4 and 9 nobody scores.", []),
        ("With totals 4, 4 and 9 the lowest hand scores 9 points.", ["tie"]),
    ],
)
def test_pips_and_points_are_added_up_by_the_rules(text: str, kinds: list[str]) -> None:
    (claim,) = _claims(text)
    assert claim[1] == kinds


def test_a_claim_that_cannot_be_tied_to_a_chain_or_hands_is_not_checked() -> None:
    text = "Voittaja saa 12 pistettä.\n\nPäihin voi liittää silmäluvut 1 ja 4.\n"
    examples, claims, unchecked = examine(text)
    assert (examples, claims) == ((), ())
    assert [(item.line, item.reason) for item in unchecked] == [
        (1, "verify.unchecked.points"),
        (3, "verify.unchecked.ends"),
    ]
    said = unchecked[0].message("fi")
    assert said.startswith("ei tarkistettu: ”Voittaja saa 12 pistettä.” kertoo")


def test_a_claim_beside_a_wrong_chain_is_not_checked_against_it() -> None:
    """The chain's own fault is reported; its ends are not compared a second time."""
    text = "Ketju: [1|3] [3|6] [4|5]. Päihin voi liittää silmäluvut 1 ja 6."
    (example,), claims, unchecked = examine(text)
    assert not example.ok
    assert claims == ()
    assert [item.reason for item in unchecked] == ["verify.unchecked.ends"]


@pytest.mark.parametrize("path", sorted(DOCUMENTS.glob("*.txt")), ids=lambda path: path.name[:3])
def test_no_claim_of_the_seed_documents_is_an_alarm(path: Path) -> None:
    assert _faults(path.read_text(encoding="utf-8")) == []


# The rules the points are checked by -------------------------------------------------------

DOMINO = "Jos vastustajalle jää 8 silmää, dominoaja saa 8 pistettä."


def test_points_are_checked_by_the_scored_match_by_default() -> None:
    assert _faults(DOMINO) == []


@pytest.mark.parametrize("rules", ["block", "draw"])
def test_in_a_game_that_scores_nothing_no_points_are_awarded(rules: str) -> None:
    assert _faults(DOMINO, rules=rules) == [(1, ["unscored"])]


def test_the_document_can_say_its_rules() -> None:
    assert _faults(f"Säännöt: block\n\n{DOMINO}") == [(3, ["unscored"])]
    assert _faults(f"Säännöt: block\n\n{DOMINO}", rules="match") == []


def test_the_command_takes_the_rules_and_reports_claims_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pisteet.txt"
    path.write_text(f"Pisteet\n\n{DOMINO}\n", encoding="utf-8")
    assert main(["verify", str(path), "--rules", "match"]) == 0
    assert main(["verify", str(path), "--rules", "partnership"]) == 1
    capsys.readouterr()
    assert main(["verify", str(path), "--rules", "draw", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)["files"][0]
    assert report["rules"] == "draw"
    (claim,) = report["claims"]
    assert claim["place"] == {"line": 3}
    assert claim["findings"][0]["kind"] == "unscored"
    assert claim["findings"][0]["message"] == (
        "Tekstin mukaan pisteitä tulee 8, mutta nostopelissä, jossa yksi jako ratkaisee "
        "voittajan, kukaan ei saa pisteitä."
    )
    assert claim["findings"][0]["values"]["rules"] == "draw"


PARTNERSHIP_POINTS = {
    "fi": "Säännöt: partnership\n\nAnna pelasi viimeisen laattansa. Bellalla on 5 silmää, "
    "Cecilialla 3 ja Dannyllä 4, joten Anna saa 7 pistettä.",
    "sv": "Regler: partnership\n\nAnna gick ut. Bella hade 5 prickar, Cecilia 3 och Dan 4, "
    "så Anna får 7 poäng.",
    "en": "Rules: partnership\n\nAnna went out. Bella had 5 pips, Cecilia 3 and Dan 4, "
    "so Anna scores 7 points.",
}
PARTNERSHIP_NAMED = {
    "fi": "paripelissä yksi kierros ratkaisee voittajan",
    "sv": "i lagspelet avgör en omgång vem som vinner",
    "en": "in the partnership game one round decides who wins",
}


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_points_in_a_partnership_leaflet_name_the_game_in_the_readers_words(lang: str) -> None:
    _, claims, _ = examine(PARTNERSHIP_POINTS[lang])
    (finding,) = (finding for claim in claims for finding in claim.findings)
    assert finding.kind == "unscored"
    message = finding.message(lang)
    assert PARTNERSHIP_NAMED[lang] in message
    if lang != "en":
        assert "partnership" not in message


def test_an_unknown_rules_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["verify", str(RULES_000), "--rules", "fives"])
    assert exit_.value.code == 2


def test_json_quotes_what_was_checked_and_what_was_found_and_expected(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each example and claim with the text checked; each finding with what the text has
    and what it should have; the same bytes on every run."""
    leaflet = Path(__file__).parents[1] / "data" / "verify" / "heldout" / "fi_pisteet.txt"
    assert main(["verify", str(leaflet), "--json"]) == 1
    first = capsys.readouterr().out
    assert main(["verify", str(leaflet), "--json"]) == 1
    assert capsys.readouterr().out == first
    claims = json.loads(first)["files"][0]["claims"]
    wrong = next(claim for claim in claims if claim["line"] == 4)
    assert wrong["text"] == "Kädessä on [4|4], [1|2] ja [0|5]: yhteensä 15 silmää."
    assert (wrong["findings"][0]["found"], wrong["findings"][0]["expected"]) == (15, 16)
    summed = next(claim for claim in claims if claim["line"] == 10)
    found = (summed["findings"][0]["found"], summed["findings"][0]["expected"])
    assert found == ("5 + 10 - 4 = 12", 11)


@pytest.mark.parametrize(
    "text",
    ["Laatta [1|4] on 2 kertaa pelattu.", "Brickan [2|5] är 3 steg bort.", "[3|3] is 2 rows up."],
)
def test_a_number_after_a_tile_is_no_count_of_its_pips_unless_it_ends_the_clause(
    text: str,
) -> None:
    assert _claims(text) == []

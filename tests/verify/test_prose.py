"""Claims written as authors write them, in fi, sv and en, drawn by ``claim_prose``: every
planted fault is found, with its kind, and a right claim is checked and found right,
never a false alarm; a claim the reader cannot tie is listed as not checked.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from claim_prose import (
    Written,
    blocked_texts,
    ends_texts,
    pips_texts,
    points_texts,
    untied_texts,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blockdomino.cli import main
from blockdomino.verify import verify_file
from blockdomino.verify.documents import examine

LANGS = ("fi", "sv", "en")
KINDS: dict[str, Callable[[str], st.SearchStrategy[Written]]] = {
    "ends": ends_texts,
    "pips": pips_texts,
    "points": points_texts,
    "blocked": blocked_texts,
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
    assert kinds == list(written.faults), written.text
    assert checked >= 1, written.text
    assert unchecked == [], written.text


@pytest.mark.parametrize("rules", ["match", "block", "partnership", "draw"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_points_are_checked_by_the_rules_of_the_game(rules: str, data: st.DataObject) -> None:
    """In ``match`` the winner scores the opponents' pips; in a game that scores nothing
    no points are awarded at all."""
    written = data.draw(points_texts(data.draw(st.sampled_from(LANGS)), rules))
    _, claims, unchecked = examine(written.text, rules=rules)
    kinds = sorted(finding.kind for claim in claims for finding in claim.errors)
    assert kinds == sorted(written.faults), written.text
    assert unchecked == (), written.text


@pytest.mark.parametrize("lang", LANGS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_count_the_reader_cannot_tie_is_not_checked_and_no_alarm(
    lang: str, data: st.DataObject
) -> None:
    written = data.draw(untied_texts(lang))
    kinds, _, unchecked = _verdict(written.text)
    assert kinds == [], written.text
    assert unchecked == ["verify.unchecked.pips"], written.text


# What an author wrote, as written ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faults"),
    [
        (
            "Ben went out. Anna holds [4|4] and [1|2] (11 pips) and Cecilia holds [0|3] "
            "(3 pips), so Ben scores 14 points.",
            [],
        ),
        (
            "Ben went out. Anna holds [4|4] and [1|2] (11 pips) and Cecilia holds [0|3] "
            "(3 pips), so Ben scores 15 points.",
            ["points"],
        ),
        ("Anna has [4|4] and [1|2] left: 11 pips in all.", []),
        ("Spelare 2 har [4|4] och [1|2] kvar, 12 prickar.", ["pips"]),
        ("Spelare 2 har [4|4] och [1|2] kvar, elva prickar.", []),
        ("12 prickar: [4|4] och [1|2].", ["pips"]),
        ("Pelaajalla 2 on kädessä [4|4] ja [1|2], jäljellä yhteensä 11 silmää.", []),
        ("Kaksitoista silmää: [6|6] ja [0|0].", []),
    ],
)
def test_a_claim_of_pips_or_points_is_read_as_written(text: str, faults: list[str]) -> None:
    kinds, checked, unchecked = _verdict(text)
    assert (kinds, checked, unchecked) == (faults, 1, [])


def test_a_count_of_pips_in_markdown_is_read(tmp_path: Path) -> None:
    path = tmp_path / "handen.md"
    path.write_text("Spelare 2 har **\\[4\\|4\\]** och \\[1\\|2\\] kvar, 12 prickar.\n")
    report = verify_file(path)
    assert report.problem is None
    assert [finding.kind for claim in report.claims for finding in claim.findings] == ["pips"]


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        (
            "Tiles: [1|3] [3|6] [6|6] [6|2]\n\n"
            "The open ends are now 1 and 2, so Anna can play [2|5].",
            True,
        ),
        ("Laatat: [1|3] [3|6] [6|2]\n\nPäät ovat nyt 1 ja 2, joten Anna voi pelata [2|5].", True),
        ("Brickor: [1|3] → [3|6] → [6|2]\n\nDe öppna ändarna är 1 och 2.", True),
        ("Tiles: [1|3] [3|6] [6|2]\n\nThe open ends are 1 and 6, so Anna can play [6|5].", False),
    ],
)
def test_a_label_before_tiles_in_a_row_labels_one_line_of_play(text: str, ends: bool) -> None:
    examples, claims, unchecked = examine(text)
    assert [
        (example.kind, example.ok, len(example.chain.tiles))
        for example in examples
        if example.chain
    ] == [("line", True, 4 if "[6|6]" in text else 3)]
    assert [claim.ok for claim in claims] == [ends]
    assert unchecked == ()


def test_a_description_with_a_mistake_is_still_one_description_found_wrong() -> None:
    text = "Laatat: [1|3] [3|6]. Liitokset: [1|3] (suurempi pää) – [3|6] (pienempi pää).\n"
    examples, _, _ = examine(text)
    assert [(example.kind, example.ok) for example in examples] == [("description", False)]


@pytest.mark.parametrize(
    "text",
    [
        "Anna has [4|4] and [1|2], and Ben counts 12 pips.",
        "Spelare 2 har [4|4] och spelare 3 har [1|2], 12 prickar.",
        "Kun [6|6] on pelattu, Annalla on vielä 9 silmää.",
    ],
)
def test_a_count_of_pips_not_tied_to_its_tiles_is_not_checked(text: str) -> None:
    kinds, _, unchecked = _verdict(f"# Kädet\n\n{text}\n")
    assert kinds == []
    assert unchecked == ["verify.unchecked.pips"]
    _, _, (item,) = examine(f"# Kädet\n\n{text}\n")
    assert item.line == 3


@pytest.mark.parametrize(
    "text",
    [
        "Anna lägger [2|5], så 5 prickar blir kvar i handen.",
        "Anna plays [2|6], so 3 pips are left in her hand.",
        "Anna pelaa [2|5], joten hänelle jää 5 silmää.",
        "Pelaaja 3 saa 8 pistettä, koska pelaajille 1 ja 2 jää 4 ja 4 silmää.",
        "Spelare 1 går ut och får 11 poäng: Spelare 2 har [4|4] och [1|2] kvar.",
        "Ben went out, so he scores 14 points: Anna holds [4|4] and [1|2] (11 pips) and "
        "Cecilia holds [0|3] (3 pips).",
        "Kädessä on [6|6], [5|5], [3|3] ja [0|0], joten yhteensä 28 silmää.",
        "The match is played to 100 points.",
    ],
)
def test_what_an_author_writes_rightly_is_never_an_alarm(text: str) -> None:
    assert _verdict(text)[0] == []


def test_a_leaflet_with_only_a_claim_of_pips_has_something_to_check(tmp_path: Path) -> None:
    path = tmp_path / "handen.txt"
    path.write_text("Spelare 2 har [4|4] och [1|2] kvar, 12 prickar.\n", encoding="utf-8")
    report = verify_file(path)
    assert report.problem is None
    assert report.status == 1


@pytest.mark.parametrize(
    "text",
    ["Both ends show 6.", "Molemmissa päissä on 6.", "Båda ändarna visar 6 nu."],
)
def test_open_ends_whose_numbers_cannot_be_read_are_not_checked(text: str) -> None:
    kinds, checked, unchecked = _verdict(f"Ketju: [6|3] [3|5] [5|6]\n\n{text}\n")
    assert (kinds, checked, unchecked) == ([], 0, ["verify.unchecked.ends_unread"])


def test_a_leaflet_with_only_claims_not_checked_lists_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing is passed over in silence: not "nothing to check here", but each claim
    not checked, at its line; nothing is wrong, so the exit status is 0."""
    path = tmp_path / "hand.txt"
    path.write_text("Hands\n\nAnna has [4|4] and [1|2], and Ben counts 12 pips.\n")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{path}:3: not checked: “Anna has [4|4] and [1|2], and Ben counts 12 pips.”" in out


@pytest.mark.parametrize("kind", sorted(KINDS))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_same_claims_in_markdown_are_read_alike(kind: str, data: st.DataObject) -> None:
    """Markdown as a converter writes it: brackets and bars escaped, some tiles in bold."""
    written = data.draw(KINDS[kind](data.draw(st.sampled_from(LANGS))))
    bold = data.draw(st.booleans())
    escaped = written.text.replace("[", "\\[").replace("|", "\\|").replace("]", "\\]")
    if bold:
        escaped = escaped.replace("\\[", "**\\[").replace("\\]", "\\]**")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "leaflet.md"
        path.write_text(escaped, encoding="utf-8")
        report = verify_file(path)
    kinds = [finding.kind for checked, _ in report.checked for finding in checked.errors]
    assert kinds == list(written.faults), escaped


def test_points_for_one_hand_say_the_points_alone() -> None:
    _, (claim,), _ = examine("Anna saa 11 pistettä, koska Benille jää [6|6].")
    assert claim.findings[0].message("en") == (
        "The text gives 11 points, but by the rules it is 12."
    )


@pytest.mark.parametrize(
    "text",
    [
        "1 points go to Anna: Ben is left with 1 pips and Cecilia with 2 pips.",
        "Ben har 1 prickar kvar och Cecilia har 2, så får Anna 1 poäng.",
        "1 point goes to Anna: Ben is left with 4 pips and Cecilia with 5 pips.",
    ],
)
def test_an_award_a_blocked_round_would_give_is_not_checked(text: str) -> None:
    """Points that the lower of two hands would score in a blocked round (the other hand
    less its own), in a sentence that says nobody went out: the round may have been
    blocked, so the award is listed as not checked, never called wrong nor right."""
    _, claims, unchecked = examine(text + "\n")
    assert claims == ()
    assert [item.reason for item in unchecked] == ["verify.unchecked.points"]

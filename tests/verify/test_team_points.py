"""Points claimed in a team game named in prose, in fi, sv and en, checked by RULES.md's
partnership rules: the game of the documents scores nothing (a claim of points is a
claim against it); played to a target, a round is awarded to the team as in ``match``
(after a domino the other team's two hands; after a blocked round the other team's sum
minus the winners' own, nothing on equal sums). A right award is never called wrong; a
wrong one is reported at its line, in the leaflet's language, with the right figure;
an award the sentences do not tell enough of is listed as not checked. A heading ends
the teams of the section before it, in every format."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blockdomino.verify import examine, formats, office, packages, verify_file
from blockdomino.verify.findings import Finding
from blockdomino.verify.headings import Heading

CORPUS = Path(__file__).parents[1] / "data" / "verify" / "corpus"
sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402  (the corpus's writers)


@dataclass(frozen=True)
class Words:
    """How one language tells a round of the team game: the teams (Anna and Cecilia
    against Ben and Dan), a domino and a blocked round, and an award."""

    names: tuple[str, str, str, str]
    """The first team's two players, then the second's, each as a sentence's subject."""
    holding: tuple[str, str, str, str]
    """Each player's name as it stands before a count of pips ("Ainolla")."""
    teams: str
    target: str
    went_out: str
    held: str
    blocked: str
    award: str
    unread: str


NAMES = ("Anna", "Cecilia", "Ben", "Dan")
"""The players in English and Swedish, whose names a count of pips does not change."""
WORDS = {
    "en": Words(
        NAMES,
        NAMES,
        "Anna and Cecilia play against Ben and Dan",
        " in a match to 100 points",
        "{0} went out.",
        "{0} held {1} pips, {2} {3} and {4} {5}.",
        "Nobody could play, so the round was blocked. {0} has {1} pips left, {2} {3}, "
        "{4} {5} and {6} {7}.",
        "So {0} and {1} score {2} points.",
        "The others had 9, 4 and 2 pips, so {0} and {1} score {2} points.",
    ),
    "fi": Words(
        ("Aino", "Eero", "Matti", "Liisa"),
        ("Ainolla", "Eerolla", "Matilla", "Liisalla"),
        "Aino ja Eero pelaavat Mattia ja Liisaa vastaan",
        " 100 pisteeseen",
        "{0} pelasi viimeisen laattansa.",
        "{0} oli {1} silmää, {2} {3} ja {4} {5}.",
        "Kukaan ei voinut pelata, joten kierros lukkiutui. {0} on {1} silmää, {2} {3}, "
        "{4} {5} ja {6} {7}.",
        "Joten {0} ja {1} saavat {2} pistettä.",
        "Muille jäi 9, 4 ja 2 silmää, joten {0} ja {1} saivat {2} pistettä.",
    ),
    "sv": Words(
        NAMES,
        NAMES,
        "Anna och Cecilia spelar mot Ben och Dan",
        " till 100 poäng",
        "{0} gick ut.",
        "{0} hade {1} prickar, {2} {3} och {4} {5}.",
        "Ingen kunde lägga, så omgången blev låst. {0} har {1} prickar kvar, {2} {3}, "
        "{4} {5} och {6} {7}.",
        "Så {0} och {1} får {2} poäng.",
        "De andra hade 9, 4 och 2 prickar, så {0} och {1} fick {2} poäng.",
    ),
}
LANGS = sorted(WORDS)
PARTNER = {0: 1, 1: 0, 2: 3, 3: 2}


def _told(lang: str, round_lines: tuple[str, ...], points: int, to: int) -> str:
    """The teams (with a target), a round's lines, and an award to ``to``'s team."""
    words = WORDS[lang]
    award = words.award.format(words.names[to], words.names[PARTNER[to]], points)
    return "\n".join((words.teams + words.target + ".", *round_lines, award))


def _counts(lang: str, hands: dict[int, int]) -> list[object]:
    """Each hand's holder and pips, in turn, as a story's counts are filled in."""
    return [part for seat in sorted(hands) for part in (WORDS[lang].holding[seat], hands[seat])]


def _domino(lang: str, dominoer: int, hands: dict[int, int], points: int, to: int) -> str:
    """The teams, a domino and an award to ``to``'s team, line by line."""
    words = WORDS[lang]
    went_out = words.went_out.format(words.names[dominoer])
    return _told(lang, (went_out, words.held.format(*_counts(lang, hands))), points, to)


def _blocked(lang: str, hands: tuple[int, int, int, int], points: int, to: int) -> str:
    """The teams, a blocked round and an award to ``to``'s team."""
    counts = _counts(lang, dict(enumerate(hands)))
    return _told(lang, (WORDS[lang].blocked.format(*counts),), points, to)


def _kinds(text: str) -> list[tuple[int, list[str]]]:
    _, claims, _ = examine(text)
    return [(claim.line, [finding.kind for finding in claim.errors]) for claim in claims]


@pytest.mark.parametrize("lang", LANGS)
def test_a_right_award_of_a_team_game_played_to_a_target_is_checked_and_right(lang: str) -> None:
    # Ben (seat 2) goes out: Anna's 8 and Cecilia's 5 are his team's points; Dan's 4 not.
    assert _kinds(_domino(lang, 2, {0: 8, 1: 5, 3: 4}, 13, 2)) == [(4, [])]
    # Blocked, Anna 5 + Cecilia 3 = 8 against Ben 6 + Dan 4 = 10: 10 - 8 = 2.
    claims = _kinds(_blocked(lang, (5, 3, 6, 4), 2, 0))
    assert claims == [(3, [])]


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_award_is_found_at_its_line_with_the_right_figure(lang: str) -> None:
    _, claims, _ = examine(_domino(lang, 2, {0: 8, 1: 5, 3: 4}, 17, 2))
    ((line, (finding,)),) = [(claim.line, claim.errors) for claim in claims]
    assert (line, finding.kind) == (4, "team_domino_points")
    assert "8 + 5 = 13" in finding.message(lang)
    _, claims, _ = examine(_blocked(lang, (5, 3, 6, 4), 18, 0))
    ((line, (finding,)),) = [(claim.line, claim.errors) for claim in claims]
    assert (line, finding.kind) == (3, "team_blocked_points")
    assert "10 − 8 = 2" in finding.message(lang)
    assert _kinds(_blocked(lang, (5, 3, 4, 4), 2, 0)) == [(3, ["team_drawn_points"])]
    assert _kinds(_domino(lang, 2, {0: 8, 1: 5, 3: 4}, 13, 0)) == [(4, ["team_scorer"])]
    finding_words = {"en": "The text", "fi": "Tekstin mukaan", "sv": "Texten"}
    assert finding.message(lang).startswith(finding_words[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_points_in_a_team_game_with_no_target_are_a_claim_against_the_game(lang: str) -> None:
    unscored = _domino(lang, 2, {0: 8, 1: 5, 3: 4}, 13, 2).replace(WORDS[lang].target, "")
    assert _kinds(unscored) == [(4, ["team_unscored"])]


@pytest.mark.parametrize("lang", LANGS)
def test_an_award_the_sentences_do_not_tell_enough_of_is_not_checked(lang: str) -> None:
    words = WORDS[lang]
    named = words.teams + words.target + "."
    unread = words.unread.format(words.names[2], words.names[3], 13)
    hands = f"{named}\n{words.went_out.format(words.names[2])}\n{unread}"
    _, claims, unchecked = examine(hands)
    assert claims == ()
    assert [(item.line, item.reason) for item in unchecked] == [(3, "verify.unchecked.team_hands")]
    counts = words.held.format(words.holding[0], 8, words.holding[1], 5, words.holding[3], 4)
    no_ending = f"{named}\n{counts}\n"
    award = words.award.format(words.names[2], words.names[3], 13)
    _, claims, unchecked = examine(no_ending + award)
    assert claims == ()
    assert [(item.line, item.reason) for item in unchecked] == [(3, "verify.unchecked.team_round")]
    assert unchecked[0].text in unchecked[0].message(lang)


@st.composite
def _rounds(draw: st.DrawFn) -> tuple[str, str, int, list[str]]:
    """A random round of the team game told in a language, its award right or with one
    fault planted: the text, its language, the award's line, and the kinds expected."""
    lang = draw(st.sampled_from(LANGS))
    hands = draw(st.tuples(*[st.integers(0, 40)] * 4))
    fault = draw(st.sampled_from(["none", "figure", "team"]))
    dominoer = draw(st.one_of(st.none(), st.integers(0, 3)))
    if dominoer is not None:
        held = {seat: hands[seat] for seat in range(4) if seat != dominoer}
        winner = dominoer
        points = sum(held[seat] for seat in held if seat not in (dominoer, PARTNER[dominoer]))
        kind = "team_domino_points"
    else:
        ours, theirs = hands[0] + hands[1], hands[2] + hands[3]
        if ours == theirs:
            return lang, _blocked(lang, hands, 1 + hands[0], 0), 3, ["team_drawn_points"]
        winner = 0 if ours < theirs else 2
        points = abs(theirs - ours)
        kind = "team_blocked_points"
    delta = draw(st.integers(1, 9)) * draw(st.sampled_from([1, -1]))
    if fault == "figure" and points + delta >= 0:
        points, expected = points + delta, [kind]
    elif fault == "team":
        winner, expected = (winner + 2) % 4, ["team_scorer"]
    else:
        expected = []
    if dominoer is not None:
        return lang, _domino(lang, dominoer, held, points, winner), 4, expected
    return lang, _blocked(lang, hands, points, winner), 3, expected


@given(_rounds())
def test_random_rounds_of_a_team_game_are_judged_by_the_partnership_rules(
    told: tuple[str, str, int, list[str]],
) -> None:
    _, text, line, expected = told
    assert _kinds(text) == [(line, expected)]


HEADED = {
    "en": (
        "# Team night",
        "Anna and Cecilia play against Ben and Dan in a match to 100 points.",
        "# Three of us",
        "Anna, Ben and Dan played one more round, three at the table.",
        "Ben went out. Anna held 8 pips and Dan 4, so Ben scores {0} points.",
    ),
    "fi": (
        "# Pari-ilta",
        "Aino ja Eero pelaavat Mattia ja Liisaa vastaan 100 pisteeseen.",
        "# Kolmestaan",
        "Aino, Matti ja Liisa pelasivat vielä yhden kierroksen kolmestaan.",
        "Matti pelasi viimeisen laattansa. Ainolla oli 8 silmää ja Liisalla 4, "
        "joten Matti sai {0} pistettä.",
    ),
    "sv": (
        "# Lagkväll",
        "Anna och Cecilia spelar mot Ben och Dan till 100 poäng.",
        "# Vi tre",
        "Anna, Ben och Dan spelade en omgång till, tre vid bordet.",
        "Ben gick ut. Anna hade 8 prickar och Dan 4, så Ben fick {0} poäng.",
    ),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("form", sorted(make_corpus.WRITERS))
def test_a_heading_ends_the_teams_of_the_section_before_it(
    tmp_path: Path, lang: str, form: str
) -> None:
    """After the heading the three play each for themselves: the award is checked by the
    rules of a match (8 + 4 = 12), right or wrong, not as the team game's."""
    for points, faults in ((12, ()), (14, ((5, "points"),))):
        paragraphs = tuple(paragraph.format(points) for paragraph in HEADED[lang])
        leaflet = make_corpus.Leaflet(f"{lang}_headed", form, paragraphs, faults)
        assert make_corpus.found(leaflet, tmp_path) == list(faults)
        path, locate = make_corpus.write(leaflet, tmp_path)
        report = verify_file(path)
        assert [locate(place) for place in report.claim_places] == [5]
        assert report.unchecked == ()


@pytest.mark.parametrize("form", ["docx", "odt"])
def test_the_readers_of_packages_tell_the_same_headings(tmp_path: Path, form: str) -> None:
    """The app's readers (``packages``: zipfile and ElementTree) find the headings the
    desktop's (python-docx, odfpy) find."""
    leaflet = make_corpus.Leaflet("en_headed", form, HEADED["en"], ())
    path, _ = make_corpus.write(leaflet, tmp_path)
    data = path.read_bytes()
    if form == "docx":
        desktop = office.python_docx(data)[0]
        app = packages.word_paragraphs(packages.word_body(data))
    else:
        desktop = office.odfpy(data)[0]
        app = packages.odt_paragraphs(packages.odt_text(data))
    told = [[isinstance(block, Heading) for block, _ in read] for read in (desktop, app)]
    assert told[0] == told[1] == [True, False, True, False, False]


def test_a_target_named_before_the_teams_in_their_section_makes_their_game_scored() -> None:
    """A heading may name the target ("# Our partnership match to 100 points"); a
    running score and the points a match was won with are no round's award."""
    text = "\n".join(
        (
            "# Our partnership match to 100 points",
            "Anna and Cecilia play against Ben and Dan.",
            "Ben went out. Anna held 8 pips, Cecilia 5 and Dan 4, so Ben and Dan score 13 points.",
            "The score is now 29.",
            "Ben and Dan won the match with 104 points.",
        )
    )
    assert _kinds(text) == [(3, [])]
    other_section = text.replace("The score is now 29.", "# Another night")
    assert _kinds(f"{other_section}\n{text.splitlines()[1]}\n{text.splitlines()[2]}") == [
        (3, []),
        (7, ["team_unscored"]),
    ]


def test_a_pdf_heading_is_a_short_line_set_larger_than_most_of_its_page() -> None:
    """Sentences set larger than a long table under them are no headings."""
    sys.path.insert(0, str(CORPUS.parent / "leaflets"))
    import make_leaflets

    heading = "Team night"
    prose = "Anna and Cecilia play against Ben and Dan in a match to 100 points."
    rows = [f"{row} | {row * 3} | {row * 5}" for row in range(1, 30)]
    data = make_leaflets.pdf([[heading, prose, *rows]], frozenset({heading, prose}))
    document = formats.read_bytes(data, "night.pdf")
    assert not isinstance(document, Finding)
    assert document.headings == {1: 1}

"""Every reader keeps a heading's level (Markdown, plain text, HTML, Word, OpenDocument;
a PDF's headings are all of the highest), so that a sub-heading ("### Joukkueet" under
"## Ottelu") starts a part of its section: the teams named in the section stay in play
under it, and a table of the team match there is the section's; a heading at the level
of the teams' own section, or above it, ends them as before."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from blockdomino.verify import examine, packages
from blockdomino.verify.findings import Finding, Problem
from blockdomino.verify.formats import read_bytes
from blockdomino.verify.headings import (
    Heading,
    Outline,
    Sections,
    markdown_headings,
    text_headings,
)

CORPUS = Path(__file__).parents[1] / "data" / "verify" / "corpus"
sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402  (the corpus's writers)

OUTLINE = ("# Club evening", "## The match", "Anna and Cecilia play.", "### The teams", "Rows.")
LEVELS = {1: 1, 2: 2, 4: 3}
"""The levels of ``OUTLINE``'s headings, by the paragraph they are."""


def test_markdown_and_text_headings_keep_their_levels() -> None:
    text = "Title\n=====\n\nPart\n----\n\n### Teams\n\n```\n# not a heading\n```\n"
    assert markdown_headings(text) == {1: 1, 4: 2, 7: 3}
    assert text_headings("# Night\n## Match\nplain\n###### Deep\n") == {1: 1, 2: 2, 4: 6}


UNDERLINED = re.compile(r"(?<=\S)[ \t]*\n {0,3}(?:=+|-+)[ \t]*$", re.MULTILINE)
"""A line of ``=`` or ``-`` right under a line of words, as one expression."""


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(("Part", "x", " ", "\t", "\n", "\xa0", "\v", "=", "==", "-")), max_size=20
    )
)
@example(["Part", "\n", "=", " ", "\n", "="])
@example(["Part", "\n", "=", "\n", "="])
def test_a_heading_is_underlined_where_a_line_of_words_stands_over_the_line(
    parts: list[str],
) -> None:
    text = "".join(parts)
    expected: dict[int, int] = {}
    for match in UNDERLINED.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        expected[line] = min(1 if "=" in match[0] else 2, expected.get(line, 2))
    assert markdown_headings(text) == expected


@pytest.mark.parametrize("kind", ["html", "docx", "odt", "md"])
def test_every_reader_keeps_the_levels_of_its_headings(tmp_path: Path, kind: str) -> None:
    leaflet = make_corpus.Leaflet("levels", kind, OUTLINE, ())
    path, locate = make_corpus.write(leaflet, tmp_path)
    document = read_bytes(path.read_bytes(), path.name)
    assert not isinstance(document, Finding)
    by_paragraph = {
        locate(document.place(line)): level for line, level in document.headings.items()
    }
    assert by_paragraph == LEVELS


def test_a_pdfs_headings_are_all_of_the_highest_level(tmp_path: Path) -> None:
    prose = tuple(f"Round {n}: Anna, Ben, Cecilia and Dan play on." for n in range(1, 9))
    leaflet = make_corpus.Leaflet("levels", "pdf", (*OUTLINE, *prose), ())
    path, _ = make_corpus.write(leaflet, tmp_path)
    document = read_bytes(path.read_bytes(), path.name)
    assert not isinstance(document, Finding)
    assert len(document.headings) == 3
    assert set(document.headings.values()) == {1}


def test_a_sub_heading_keeps_the_teams_and_a_heading_as_high_as_theirs_ends_them() -> None:
    outline = Outline(Sections({1: 1, 3: 2, 5: 3, 7: 3, 9: 2, 11: 3}))
    assert outline.passed(1, 1) == (True, True)
    assert outline.passed(3, 3) == (True, True)
    outline.teams(named=True, in_play=True)  # the teams of "## The match"
    assert outline.passed(4, 4) == (False, False)
    assert outline.passed(5, 5) == (True, False)
    outline.teams(named=False, in_play=True)
    assert outline.passed(7, 7) == (True, False)
    assert outline.passed(9, 9) == (True, True)
    outline.teams(named=False, in_play=False)
    assert outline.passed(11, 11) == (True, True)  # no teams in play: a section of its own


TABLE = (
    "| Round | Went out | Anna | Cecilia | Ben | Dan | Points | Winner |\n"
    "|---|---|---|---|---|---|---|---|\n"
    "| 1 | Ben | 8 | 5 | 0 | 4 | {points} | Ben & Dan |\n"
)
TEAMS = "Anna and Cecilia play against Ben and Dan, in a match to 100 points."


@pytest.mark.parametrize(("marks", "read"), [("###", True), ("##", False), ("#", False)])
def test_a_team_table_under_a_sub_heading_is_its_sections(marks: str, read: bool) -> None:
    text = f"## The match\n\n{TEAMS}\n\n{marks} Rounds\n\n{TABLE.format(points=17)}"
    lines = text.splitlines()
    headings = {n: len(line.split()[0]) for n, line in enumerate(lines, 1) if line.startswith("#")}
    _, claims, unchecked = examine(text, lang="en", headings=headings)
    found = [finding.problem for claim in claims for finding in claim.findings]
    assert (found == [Problem.CLAIM_TEAM_POINTS]) is read
    assert bool([item for item in unchecked if "table" in item.reason]) is not read


@pytest.mark.parametrize("kind", ["docx", "odt"])
def test_the_readers_without_python_docx_or_odfpy_keep_the_levels_too(
    tmp_path: Path, kind: str
) -> None:
    """The browser's readers (``packages``), which read the packages' XML themselves."""
    path, _ = make_corpus.write(make_corpus.Leaflet("levels", kind, OUTLINE, ()), tmp_path)
    data = path.read_bytes()
    if kind == "docx":
        paragraphs = packages.word_paragraphs(packages.word_body(data))
    else:
        paragraphs = packages.odt_paragraphs(packages.odt_text(data))
    levels = [block.level for block, _ in paragraphs if isinstance(block, Heading)]
    assert levels == sorted(LEVELS.values())

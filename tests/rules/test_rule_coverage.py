"""Every rule sentence of the three rule documents is covered by a test.

The documents are copied verbatim in ``data/documents``. Each is split into sentences
(prose split after ".", "!" or "?"; in a table, each cell's sentences, or for a cell that
is a bare value, "<first header> <row label> | <header> <value>"). A sentence is covered
when a test docstring anywhere under ``tests`` names its document ("000", "001" or "003")
and quotes it: a fragment inside double quotes, split at "…" and at sentence ends,
normalised for whitespace and quote marks, that is part of the sentence and at least
``MIN_QUOTE`` characters long (or is the whole sentence, if that sentence occurs once in
its document). Otherwise the sentence must be

- a worked example or scoring figure of 000, held word for word in the data of the tests
  that check them (``WORKED_EXAMPLES``: the chain, scoring and verifier tests),
- covered by a named test that paraphrases it (``PARAPHRASED``), or
- a sentence that states no rule (``NO_RULE``, each with its reason).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from blockdomino import verify_text

TESTS = Path(__file__).parents[1]
DOCUMENTS = TESTS / "data" / "documents"
DOCUMENT_IDS = ("000", "001", "003")
MIN_QUOTE = 15
"""The shortest quoted fragment that covers part of a sentence, in characters."""

_QUOTE_MARKS = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'"})
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_QUOTED = re.compile(r'"([^"]+)"')
_ELLIPSIS = re.compile(r"…|\.\.\.")
_DOCUMENT_ID = re.compile(r"(?<![\d.])(?:" + "|".join(DOCUMENT_IDS) + r")(?!\d)")


@dataclass(frozen=True)
class Sentence:
    """One sentence of a document; ``where`` names its table row and column, if any."""

    document: str
    text: str
    where: str = ""

    @property
    def key(self) -> str:
        """How the tables below name the sentence: its text, in a table with its cell."""
        return f"{self.where}: {self.text}" if self.where else self.text


def normalise(text: str) -> str:
    """``text`` with typographic quote marks made plain and whitespace runs one space."""
    return " ".join(text.translate(_QUOTE_MARKS).split())


def split_sentences(text: str) -> list[str]:
    """The sentences of a paragraph, split after ".", "!" or "?" and a space."""
    return [part for part in _SENTENCE_END.split(normalise(text)) if part]


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(document: str, rows: list[list[str]]) -> Iterator[Sentence]:
    """A table's sentences; the header row and the row labels give them their context."""
    header, *body = rows
    for row in body:
        for column, cell in zip(header[1:], row[1:], strict=True):
            text = cell.removeprefix(column)
            if not text:
                continue
            if text.endswith((".", "!", "?")):
                where = f"{row[0]} / {column}"
                yield from (Sentence(document, part, where) for part in split_sentences(text))
            else:
                yield Sentence(document, f"{header[0]} {row[0]} | {column} {text}")


def sentences(document: str, text: str) -> list[Sentence]:
    """The sentences of a document, in its order; each table row is read with its header."""
    found: list[Sentence] = []
    table: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            if not set(line) <= set("|-: "):
                table.append(_cells(line))
            continue
        if table:
            found.extend(_table(document, table))
            table = []
        found.extend(Sentence(document, part) for part in split_sentences(line))
    return found


@cache
def quoted_fragments(docstring: str) -> tuple[str, ...]:
    """The quotations of a docstring, split at "…" and at sentence ends, normalised."""
    return tuple(
        piece
        for quoted in _QUOTED.findall(normalise(docstring))
        for part in _ELLIPSIS.split(quoted)
        for piece in split_sentences(part)
    )


@cache
def named_documents(docstring: str) -> frozenset[str]:
    """The rule documents a docstring names: "000", "001", "003" standing alone."""
    return frozenset(re.findall(_DOCUMENT_ID, docstring))


def quotes(fragment: str, sentence: str, *, once: bool = True) -> bool:
    """Whether ``fragment`` quotes ``sentence``: long enough and part of it, or all of it
    (all of it counts only for a sentence that occurs ``once`` in its document)."""
    if fragment == sentence:
        return once or len(fragment) >= MIN_QUOTE
    return len(fragment) >= MIN_QUOTE and fragment in sentence


def quoted_by(
    sentence: Sentence, docstrings: Mapping[str, str], *, once: bool = True
) -> str | None:
    """The first test (by id) whose docstring names the sentence's document and quotes it."""
    for test, docstring in docstrings.items():
        if sentence.document in named_documents(docstring) and any(
            quotes(fragment, sentence.text, once=once) for fragment in quoted_fragments(docstring)
        ):
            return test
    return None


def uncovered(
    found: Iterable[Sentence],
    docstrings: Mapping[str, str],
    *,
    worked: Mapping[str, Iterable[str]],
    paraphrased: Mapping[tuple[str, str], str],
    no_rule: Mapping[tuple[str, str], str],
) -> list[Sentence]:
    """The sentences neither quoted, nor held in ``worked`` data (document → texts),
    nor paraphrased by a named test, nor exempt as stating no rule."""
    found = list(found)
    counts = Counter((sentence.document, sentence.text) for sentence in found)
    return [
        sentence
        for sentence in found
        if (sentence.document, sentence.key) not in no_rule
        and (sentence.document, sentence.key) not in paraphrased
        and not any(sentence.text in text for text in worked.get(sentence.document, ()))
        and quoted_by(sentence, docstrings, once=counts[sentence.document, sentence.text] == 1)
        is None
    ]


@cache
def _modules() -> dict[Path, ast.Module]:
    """Every test module under ``tests``, parsed."""
    return {
        path: ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(TESTS.rglob("test_*.py"))
    }


@cache
def docstrings_by_test() -> dict[str, str]:
    """Every test function's docstring under ``tests``, by test id ("file.py::test_name")."""
    found = {}
    for path, module in _modules().items():
        nodes = [*module.body]
        nodes += [
            child for node in module.body if isinstance(node, ast.ClassDef) for child in node.body
        ]
        for node in nodes:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                test = f"{path.relative_to(TESTS).as_posix()}::{node.name}"
                found[test] = ast.get_docstring(node) or ""
    return found


def _constant_texts(module: str, name: str) -> list[str]:
    """The strings in the module-level constant ``name`` of a test module, normalised."""
    for node in _modules()[TESTS / module].body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if any(isinstance(target, ast.Name) and target.id == name for target in targets):
            return [
                normalise(leaf.value)
                for leaf in ast.walk(value)
                if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str)
            ]
    raise LookupError(f"{module} has no constant {name}")


def document_sentences() -> list[Sentence]:
    """The sentences of the three documents, in order."""
    return [
        sentence
        for document in DOCUMENT_IDS
        for path in DOCUMENTS.glob(f"{document}_*.txt")
        for sentence in sentences(document, path.read_text(encoding="utf-8"))
    ]


WORKED_EXAMPLES: dict[str, tuple[str, ...]] = {
    "engine/test_chain.py:DOCUMENT_EXAMPLES": (
        "engine/test_chain.py::test_the_seven_examples_are_the_documents_in_its_order",
        "engine/test_chain.py::test_example_is_described_exactly_as_000_prints_it",
    ),
    "engine/test_scoring.py:FIGURES_OF_000": (
        "engine/test_scoring.py::test_scoring_figure_of_000",
    ),
    "data/verify/000_examples.md": (
        "verify/test_verify.py::test_the_seven_worked_examples_all_check",
        "verify/test_verify.py::test_the_rebuilt_chains_are_the_documented_examples",
    ),
}
"""000's worked examples and scoring figures: where the tests hold their text word for
word (a test module's constant, or the lines of a copy that the verifier reads as
examples), and the tests that check them against the engine."""

PARAPHRASED: dict[tuple[str, str], str] = {
    ("003", "Partiets slut / Blockspel: Samma."): (
        "rules/test_rules_003_draw.py::test_row_the_end_the_same_in_block"
    ),
    ("003", "Andra val / Blockspel: Samma."): (
        "rules/test_rules_003.py::test_two_to_four_players_partners_at_four"
    ),
}
"""Sentences covered by a test that paraphrases rather than quotes them (a quote of
"Samma." is too short to say which row it answers)."""

_HEADING = "a heading: the rules are the sentences under it"

NO_RULE: dict[tuple[str, str], str] = {
    ("000", "Valmistelu ja jako"): _HEADING,
    ("000", "Seuraava kierros ja ottelun voitto"): _HEADING,
    ("000", "Yksilöpelin Block-säännöt on kuvattu Pagatissa."): "a reference to a source",
    ("001", "DOMINO — Regler för blockdomino och lagspel"): "the leaflet's title",
    ("001", "SPELETS MÅL"): _HEADING,
    ("001", "FÖRBEREDELSER"): _HEADING,
    ("001", "VEM BÖRJAR?"): _HEADING,
    ("001", "SÅ SPELAR NI"): _HEADING,
    ("001", "INGEN BRICKA PASSAR?"): _HEADING,
    ("001", "VINST"): _HEADING,
    ("003", "Vad är Blockspel?"): _HEADING,
    ("003", "Regeländringar"): _HEADING,
    ("003", "Historia"): _HEADING,
    (
        "003",
        "Eftersom låsta partier kommer snabbt är det riskabelt att behålla de tunga brickorna "
        "på handen, och att stänga en ände som motståndaren behöver är ofta det bästa draget.",
    ): "strategy advice; RULES.md: to measure, not to assume (the lab judges it, test_lab)",
    ("003", "Blockspelet är den form som beskrivs i de tidigaste europeiska reglerna."): (
        "history"
    ),
    (
        "003",
        "Enligt spelets historia dök det moderna dominot först upp i Frankrike i mitten av "
        "1700-talet, de tidigaste europeiska reglerna beskriver ett enkelt blockspel för två "
        "eller fyra spelare, och spelets tidiga former i England var Block Game och Draw Game.",
    ): "history",
    (
        "003",
        "Spelet med dragning, som spelas här som standard, är så utbrett att det ofta bara "
        "kallas domino.",
    ): "how the draw game is named",
    (
        "003",
        "Blockspelet har aldrig försvunnit: det kallas ofta det enklaste och förmodligen det "
        "vanligaste dominospelet.",
    ): "history and reputation",
}
"""Sentences that state no rule, each with the reason."""


def _worked_texts(source: str) -> list[str]:
    """The texts a worked-example source holds, normalised."""
    module, _, constant = source.partition(":")
    if constant:
        return _constant_texts(module, constant)
    lines = (TESTS / source).read_text(encoding="utf-8").splitlines()
    return [normalise(lines[report.line - 1]) for report in verify_text("\n".join(lines))]


def _worked() -> dict[str, list[str]]:
    return {"000": [text for source in WORKED_EXAMPLES for text in _worked_texts(source)]}


def test_every_rule_sentence_is_covered_by_a_test() -> None:
    """Every sentence of 000, 001 and 003 is quoted by a test, held in a worked example's
    test data, paraphrased by a named test, or exempt as stating no rule."""
    missing = uncovered(
        document_sentences(),
        docstrings_by_test(),
        worked=_worked(),
        paraphrased=PARAPHRASED,
        no_rule=NO_RULE,
    )
    assert not missing, "Rule sentences no test covers:\n" + "\n".join(
        f'  {sentence.document}: "{sentence.key}"' for sentence in missing
    )


def test_the_tables_name_real_sentences_and_tests() -> None:
    """Each exemption and paraphrase names a sentence of its document, each named test
    exists, and the worked examples' data is found."""
    keys = {(sentence.document, sentence.key) for sentence in document_sentences()}
    assert set(PARAPHRASED) - keys == set()
    assert set(NO_RULE) - keys == set()
    assert set(PARAPHRASED) & set(NO_RULE) == set()
    assert all(reason for reason in NO_RULE.values())
    named = [*PARAPHRASED.values(), *(test for tests in WORKED_EXAMPLES.values() for test in tests)]
    assert set(named) - set(docstrings_by_test()) == set()
    assert all(_worked_texts(source) for source in WORKED_EXAMPLES)


@pytest.mark.parametrize(("document", "count"), [("000", 120), ("001", 61), ("003", 31)])
def test_each_document_is_there_and_split(document: str, count: int) -> None:
    """The copy of each document is found, once, and splits into as many sentences as it
    did when the tables above were written (a changed split must be looked at)."""
    assert len(list(DOCUMENTS.glob(f"{document}_*.txt"))) == 1
    assert sum(sentence.document == document for sentence in document_sentences()) == count


MADE_UP = """Rubrik
Den som har flest prickar vinner aldrig. Ingen får lägga två brickor!
| Spelare | Brickor | Regel |
|---|---|---|
| 2 | 9 | RegelSamma. Den som passar tre gånger förlorar. |
| 3 | 6 | RegelSamma. |
| 4 | | |
"""
"""A made-up document in 001's style: a heading, prose and a table of values and rules."""


def test_a_made_up_document_splits_into_its_sentences() -> None:
    """Prose splits at sentence ends; a value cell is read with its headers and row label;
    a rule cell loses its column's name and is placed by row and column."""
    assert [sentence.key for sentence in sentences("001", MADE_UP)] == [
        "Rubrik",
        "Den som har flest prickar vinner aldrig.",
        "Ingen får lägga två brickor!",
        "Spelare 2 | Brickor 9",
        "2 / Regel: Samma.",
        "2 / Regel: Den som passar tre gånger förlorar.",
        "Spelare 3 | Brickor 6",
        "3 / Regel: Samma.",
    ]


def test_a_quote_covers_the_sentence_it_is_part_of() -> None:
    """A fragment covers a sentence when its docstring names the document and the fragment,
    long enough, is part of the sentence: typographic quotes, line breaks and "…" aside."""
    sentence = Sentence("001", "Den som har flest prickar vinner aldrig.")
    covering = {
        "plain": '001: "flest prickar vinner aldrig" — the most pips never win.',
        "ellipsis": '001: "Den som har flest … vinner aldrig." — cut short.',
        "typographic": "001 (leaflet): “Den som har\n    flest prickar” — wrapped.",
        "two sentences": '001: "Ingen får lägga två brickor! Den som har flest prickar"',
    }
    for name, docstring in covering.items():
        assert quoted_by(sentence, {name: docstring}) == name
    not_covering = {
        "another document": '003: "flest prickar vinner aldrig"',
        "no document": '"flest prickar vinner aldrig"',
        "too short": '001: "prickar"',
        "not in the sentence": '001: "flest prickar vinner alltid"',
        "not quoted": "001: flest prickar vinner aldrig",
        "a number, not the document": 'in 1001 rounds: "flest prickar vinner aldrig"',
    }
    for name, docstring in not_covering.items():
        assert quoted_by(sentence, {name: docstring}) is None, name


def test_a_short_sentence_is_quoted_whole_only_where_it_is_unique() -> None:
    """ "Samma." quoted whole covers a sentence found once, not one found in two rows."""
    assert quotes("Samma.", "Samma.")
    assert not quotes("Samma.", "Samma.", once=False)
    assert not quotes("Samma", "Samma.")
    assert quotes("Den som passar tre", "Den som passar tre gånger förlorar.", once=False)


def test_the_checker_lists_exactly_the_uncovered_sentences() -> None:
    """On the made-up document: quoted, worked, paraphrased and exempt sentences pass; the
    rest are listed in order, so a missing test fails the coverage test."""
    found = sentences("001", MADE_UP)
    docstrings = {
        "t.py::test_never": '001: "flest prickar vinner aldrig"',
        "t.py::test_same": '001: "Samma." — too short to say which row.',
    }
    missing = uncovered(
        found,
        docstrings,
        worked={"001": ["Spelare 2 | Brickor 9 and the rest of a figure"]},
        paraphrased={("001", "2 / Regel: Samma."): "t.py::test_same"},
        no_rule={("001", "Rubrik"): "a heading"},
    )
    assert [sentence.key for sentence in missing] == [
        "Ingen får lägga två brickor!",
        "2 / Regel: Den som passar tre gånger förlorar.",
        "Spelare 3 | Brickor 6",
        "3 / Regel: Samma.",
    ]

"""The chapters say a tile in words ("nolla–nolla", "noll–noll", "zero–zero"), never in
the documents' notation "[0|0]", which a screen reader spells bracket by bracket.

The notation stays only where the chapters reproduce the rules documents: a marked
quotation (*”…”*), a worked example's title and caption, the seven worked chain
descriptions and their joins and ends (acceptance tests of the engine), and code. Read
here: each built chapter's Markdown and the text its code cells print, in fi, sv and en.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from blockdomino.words import CHAIN_EXAMPLES, SCORING_FIGURES, describe
from blockdomino.words.i18n import LANGS

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
NOTATION = re.compile(r"\[\d\|\d\]")
QUOTED = re.compile(r"\*[”“][^*]*[”“]\*|`[^`]*`")
"""A marked quotation of the rules, or code."""
CLAUSES = re.compile(r"[.;:] ")


@cache
def documents(lang: str) -> tuple[str, ...]:
    """What the chapters may write in notation: the documents' worked examples (titles,
    captions, descriptions), longest first."""
    said = [e.title(lang) for e in CHAIN_EXAMPLES]
    said += [e.caption(lang) for e in (*CHAIN_EXAMPLES, *SCORING_FIGURES)]
    for example in CHAIN_EXAMPLES:
        description = describe(example.chain, lang)
        clauses = CLAUSES.split(description.removesuffix("."))
        said += [description, *(clause for clause in clauses if NOTATION.search(clause))]
    return tuple(sorted(set(said), key=len, reverse=True))


def learner_read(cell: dict[str, object]) -> list[str]:
    """A cell's Markdown, or the text its code prints."""
    if cell["cell_type"] == "markdown":
        return ["".join(cell["source"])]  # type: ignore[arg-type]
    outputs = cell.get("outputs", [])
    assert isinstance(outputs, list)
    return ["".join(output["text"]) for output in outputs if output.get("name") == "stdout"]


def notation_left(text: str, lang: str) -> list[str]:
    """The lines of ``text`` that still write a tile in notation outside the documents'
    own words."""
    text = QUOTED.sub("", text)
    for quoted in documents(lang):
        text = text.replace(quoted, "")
    return [line for line in text.splitlines() if NOTATION.search(line)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_chapters_say_tiles_in_words(lang: str) -> None:
    left = {
        path.name: found
        for path in sorted((NOTEBOOKS / lang).glob("*.ipynb"))
        if (
            found := [
                line
                for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
                for text in learner_read(cell)
                for line in notation_left(text, lang)
            ]
        )
    }
    assert left == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_documents_examples_keep_their_notation(lang: str) -> None:
    """The exception is narrow: a worked chain description is still read in notation."""
    assert notation_left(describe(CHAIN_EXAMPLES[1].chain, lang), lang) == []
    assert notation_left("Pelaaja 1 pelaa laatan [3|5].", lang) == ["Pelaaja 1 pelaa laatan [3|5]."]

"""The glossary (``i18n/glossary.md``): one term per concept, and no variant it bans.

Every catalog of a language (``i18n/<lang>/*.po``, whatever files exist) and every built
notebook's Markdown is scanned for the variants the glossary lists as "avoid" for that
language. A finding names the file, the message (or notebook cell), the variant and the
preferred term. The terms follow the rule documents: 000 (Finnish) for fi, 001 and 003
(Swedish) for sv.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from babel.messages.pofile import read_po

from blockdomino.words.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "i18n" / "glossary.md"
CELL = re.compile(r"(?<!\\)\|")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)


class Entry(NamedTuple):
    """One concept: the preferred terms and the banned variants, per language."""

    concept: str
    preferred: dict[str, str]
    avoid: dict[str, tuple[str, ...]]


class Finding(NamedTuple):
    """A banned variant found in a text."""

    where: str
    variant: str
    excerpt: str
    entry: Entry


def _cells(line: str) -> list[str]:
    return [cell.strip().replace("\\|", "|") for cell in CELL.split(line.strip())[1:-1]]


def read_glossary(path: Path = GLOSSARY) -> list[Entry]:
    """The rows of the glossary's table, by its column headings."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("|")]
    header = _cells(lines[0])
    entries = []
    for line in lines[2:]:
        row = dict(zip(header, _cells(line), strict=True))
        entries.append(
            Entry(
                concept=row["Concept"],
                preferred={lang: row[lang] for lang in LANGUAGES},
                avoid={
                    lang: tuple(v.strip() for v in row[f"{lang}: avoid"].split(",") if v.strip())
                    for lang in LANGUAGES
                },
            )
        )
    return entries


def pattern(variant: str) -> re.Pattern[str]:
    """A variant as the glossary defines matching: a whole word or phrase, without regard to
    case; a trailing ``*`` takes any ending; a variant without letters matches anywhere."""
    if not any(char.isalpha() for char in variant):
        return re.compile(re.escape(variant))
    stem = variant.endswith("*")
    words = [re.escape(word) for word in variant.rstrip("*").split()]
    ending = r"\w*" if stem else ""
    return re.compile(r"(?<![\w-])" + r"\s+".join(words) + ending + r"(?![\w-])", re.IGNORECASE)


def scan(text: str, lang: str, where: str, glossary: list[Entry]) -> Iterator[Finding]:
    """Every banned variant of ``lang`` in ``text`` (code spans left out)."""
    prose = CODE.sub(" ", text)
    for entry in glossary:
        for variant in entry.avoid[lang]:
            for match in pattern(variant).finditer(prose):
                start = max(match.start() - 30, 0)
                excerpt = prose[start : match.end() + 30].replace("\n", " ")
                yield Finding(where, variant, excerpt, entry)


def _catalog_texts(lang: str, root: Path = ROOT) -> Iterator[tuple[str, str]]:
    """Every message of every catalog file of ``lang``, as ("file: key", text)."""
    for path in sorted((root / "i18n" / lang).glob("*.po")):
        with path.open("rb") as file:
            for message in read_po(file, locale=lang):
                if message.id and isinstance(message.string, str):
                    yield f"{path.relative_to(root)}: {message.id}", message.string


def _notebook_texts(lang: str) -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for number, cell in enumerate(cells, start=1):
            if cell["cell_type"] == "markdown":
                yield f"{path.relative_to(ROOT)}: cell {number}", "".join(cell["source"])


def _report(findings: list[Finding], lang: str) -> str:
    return "\n".join(
        f"{f.where}: “{f.variant}” in “…{f.excerpt}…”; the glossary says "
        f"“{f.entry.preferred[lang]}” ({f.entry.concept})"
        for f in findings
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogs_use_the_glossary_terms(lang: str) -> None:
    """Every message of every catalog of a language is free of the variants it bans."""
    glossary = read_glossary()
    findings = [
        finding
        for where, text in _catalog_texts(lang)
        for finding in scan(text, lang, where, glossary)
    ]
    assert not findings, _report(findings, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_notebook_prose_uses_the_glossary_terms(lang: str) -> None:
    """The built notebooks' Markdown (prose, headings, captions, alt text) too."""
    glossary = read_glossary()
    texts = list(_notebook_texts(lang))
    assert texts, f"no notebooks found in notebooks/{lang}"
    findings = [f for where, text in texts for f in scan(text, lang, where, glossary)]
    assert not findings, _report(findings, lang)


def test_a_catalog_added_later_is_scanned_and_the_finding_named(tmp_path: Path) -> None:
    """A catalog file another change adds is read too; the finding names the file, the key,
    the variant and the preferred term."""
    catalog = tmp_path / "i18n" / "sv" / "later.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text(
        'msgid ""\nmsgstr ""\n"Language: sv\\n"\n\n'
        'msgid "later.hand"\nmsgstr "Brickorna i handen"\n',
        encoding="utf-8",
    )
    glossary = read_glossary()
    findings = [
        finding
        for where, text in _catalog_texts("sv", tmp_path)
        for finding in scan(text, "sv", where, glossary)
    ]
    report = _report(findings, "sv")
    assert "i18n/sv/later.po: later.hand: “i handen”" in report
    assert "the glossary says “på handen”" in report


def test_every_concept_has_a_term_in_every_language() -> None:
    """A row without a term in some language leaves its translators guessing."""
    glossary = read_glossary()
    assert len(glossary) >= 20
    for entry in glossary:
        assert all(entry.preferred[lang] for lang in LANGUAGES), entry.concept


def test_no_preferred_term_is_banned() -> None:
    """The glossary does not contradict itself: a preferred term matches no banned variant of
    its language, in any row."""
    glossary = read_glossary()
    for entry in glossary:
        for lang in LANGUAGES:
            terms = re.sub(r"\([^)]*\)", "", entry.preferred[lang])
            clash = list(scan(terms, lang, entry.concept, glossary))
            assert not clash, _report(clash, lang)


@pytest.mark.parametrize(
    ("variant", "text", "found"),
    [
        ("sarja*", "jokainen laatta on sarjassa vain kerran", True),
        ("sarja*", "Laattaa ei ole tuplakuutossetissä", False),
        ("tuplakuutossarja*", "ei ole tuplakuutossarjan laatta", True),
        ("i handen", "Ingen bricka I handen passar", True),
        ("i handen", "brickorna på handen", False),
        ("är i tur", "spelaren som är i tur", True),
        ("är i tur", "lägger i tur och ordning en bricka", False),
        ("dubbelsexan", "ingen bricka i dubbelsexan", True),
        ("dubbelsexan", "har inte dubbel-sexan [6|6]", False),
        ("låst", "Spelet är låst", True),
        ("låst", "Den blockerade spelaren", False),
        ("bone", "there is no boneyard", False),
        ("asema", "vanhaa asemaa", False),
        ("asemaa", "vanhaa asemaa", True),
        ("“", "Esimerkkiä “x” ei ole", True),
        ("partner", '`Rules.preset("partnership")`: lagspel', False),
    ],
)
def test_variants_match_words_and_stems_only(variant: str, text: str, found: bool) -> None:
    """A variant matches as a whole word or phrase, or with ``*`` as a stem; it never matches
    inside another word or inside code."""
    avoid = {lang: (variant,) if lang == "fi" else () for lang in LANGUAGES}
    entry = Entry("test", dict.fromkeys(LANGUAGES, "preferred"), avoid)
    assert bool(list(scan(text, "fi", "here", [entry]))) is found

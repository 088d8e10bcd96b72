"""The glossary (``i18n/glossary.md``): one term per concept, and no variant it bans.

Every catalog of a language (``i18n/<lang>/*.po``, whatever files exist) and every built
notebook's Markdown is scanned for the variants the glossary lists as "avoid" for that
language. A finding names the file, the message (or notebook cell), the variant and the
preferred term. The terms follow the rule documents: 000 (Finnish) for fi, 001 and 003
(Swedish) for sv. The documents' own wording in a marked quotation (”…”) is not checked.

Where the glossary allows two words for one concept ("One term per chapter"), each built
notebook uses one of them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from babel.messages.pofile import read_po

from blockdomino.words.i18n import LANGS

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "i18n" / "glossary.md"
CELL = re.compile(r"(?<!\\)\|")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
QUOTATION = re.compile(r"”[^”]*”")
"""A quotation (the documents' own words); the quotation marks themselves stay checked."""
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
"""A ``{placeholder}`` of a message: the code fills it in, so it is not prose."""
RULE_000 = (ROOT / "tests" / "data" / "documents" / "000_f45f10e211c10b57.txt").read_text(
    encoding="utf-8"
)
"""The Finnish rules: the scoring figures' captions reproduce its sentences to the
character (acceptance tests), so a message that is one of its sentences is its wording."""


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


def _table(heading: str, path: Path = GLOSSARY) -> list[dict[str, str]]:
    """The rows of the table under a ``## heading`` of the glossary, by column heading."""
    section = path.read_text(encoding="utf-8").split(f"\n## {heading}\n", 1)[1]
    section = section.split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = _cells(lines[0])
    return [dict(zip(header, _cells(line), strict=True)) for line in lines[2:]]


def _variants(cell: str, separator: str = ",") -> tuple[str, ...]:
    return tuple(variant.strip() for variant in cell.split(separator) if variant.strip())


def read_glossary(path: Path = GLOSSARY) -> list[Entry]:
    """The concepts of the glossary's table of terms."""
    return [
        Entry(
            concept=row["Concept"],
            preferred={lang: row[lang] for lang in LANGS},
            avoid={lang: _variants(row[f"{lang}: avoid"]) for lang in LANGS},
        )
        for row in _table("Terms", path)
    ]


class Synonyms(NamedTuple):
    """Two or more words a language allows for one concept: a chapter uses one group."""

    concept: str
    lang: str
    groups: tuple[tuple[str, ...], ...]


def read_synonyms(path: Path = GLOSSARY) -> list[Synonyms]:
    """The rows of the glossary's "One term per chapter"."""
    return [
        Synonyms(
            row["Concept"],
            row["Language"],
            tuple(_variants(group) for group in _variants(row["Groups"], " / ")),
        )
        for row in _table("One term per chapter", path)
    ]


def pattern(variant: str) -> re.Pattern[str]:
    """A variant as the glossary defines matching: a whole word or phrase, without regard to
    case; a trailing ``*`` takes any ending; a variant without letters matches anywhere."""
    if not any(char.isalpha() for char in variant):
        return re.compile(re.escape(variant))
    stem = variant.endswith("*")
    words = [re.escape(word) for word in variant.rstrip("*").split()]
    ending = r"\w*" if stem else ""
    return re.compile(r"(?<![\w-])" + r"\s+".join(words) + ending + r"(?![\w-])", re.IGNORECASE)


def _prose(text: str) -> str:
    """The text to check: code spans and the words inside quotations left out."""
    if text and text in RULE_000:
        return ""
    return QUOTATION.sub("”…”", PLACEHOLDER.sub(" ", CODE.sub(" ", text)))


def scan(text: str, lang: str, where: str, glossary: list[Entry]) -> Iterator[Finding]:
    """Every banned variant of ``lang`` in ``text`` (code spans left out)."""
    prose = _prose(text)
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


@pytest.mark.parametrize("lang", LANGS)
def test_catalogs_use_the_glossary_terms(lang: str) -> None:
    """Every message of every catalog of a language is free of the variants it bans."""
    glossary = read_glossary()
    findings = [
        finding
        for where, text in _catalog_texts(lang)
        for finding in scan(text, lang, where, glossary)
    ]
    assert not findings, _report(findings, lang)


@pytest.mark.parametrize("lang", LANGS)
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
        assert all(entry.preferred[lang] for lang in LANGS), entry.concept


def test_no_preferred_term_is_banned() -> None:
    """The glossary does not contradict itself: a preferred term matches no banned variant of
    its language, in any row."""
    glossary = read_glossary()
    for entry in glossary:
        for lang in LANGS:
            terms = re.sub(r"\([^)]*\)", "", entry.preferred[lang])
            clash = list(scan(terms, lang, entry.concept, glossary))
            assert not clash, _report(clash, lang)


def groups_used(text: str, synonyms: Synonyms) -> list[list[str]]:
    """The groups of ``synonyms`` that ``text`` uses, each as the words found."""
    prose = _prose(text)
    found = [
        sorted({m.group(0).lower() for v in group for m in pattern(v).finditer(prose)})
        for group in synonyms.groups
    ]
    return [words for words in found if words]


def _chapters(lang: str) -> Iterator[tuple[str, str]]:
    """Each built notebook of ``lang`` as one text: all its Markdown."""
    for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        markdown = ("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
        yield str(path.relative_to(ROOT)), "\n\n".join(markdown)


def test_the_glossary_names_synonyms_of_its_own_concepts() -> None:
    """Every row of "One term per chapter" is a concept of the table of terms, in a
    language of the course, with two groups at least."""
    concepts = {entry.concept for entry in read_glossary()}
    for synonyms in read_synonyms():
        assert synonyms.concept in concepts, synonyms.concept
        assert synonyms.lang in LANGS, synonyms
        assert len(synonyms.groups) >= 2, synonyms


@pytest.mark.parametrize("lang", LANGS)
def test_each_chapter_uses_one_term_per_concept(lang: str) -> None:
    """A chapter says "dubbel" or "dubbelbricka", never both: two words would read as two
    things."""
    mixed = [
        f"{where}: {synonyms.concept}: {' and '.join(', '.join(w) for w in used)}"
        for where, text in _chapters(lang)
        for synonyms in read_synonyms()
        if synonyms.lang == lang
        for used in [groups_used(text, synonyms)]
        if len(used) > 1
    ]
    assert not mixed, "\n".join(mixed)


def test_a_chapter_mixing_two_terms_is_found() -> None:
    """The check finds both words of a concept in one text, and leaves quotations out."""
    double = next(s for s in read_synonyms() if s.concept.startswith("a tile with the same"))
    text = "En dubbel är en bricka med samma tal. Den högsta dubbelbrickan börjar."
    assert groups_used(text, double) == [["dubbel"], ["dubbelbrickan"]]
    quoted = "En dubbel läggs på tvären. I reglerna står det: ”den högsta dubbelbrickan”."
    assert groups_used(quoted, double) == [["dubbel"]]


def test_a_quotation_is_not_checked_but_its_explanation_is() -> None:
    """The documents' jargon may stand in a marked quotation, not in the prose after it."""
    glossary = read_glossary()
    quoted = "Säännöissä sanotaan: *”Raakapisteet ja näyttöpisteet ovat samat.”*"
    assert not list(scan(quoted, "fi", "here", glossary))
    explained = quoted + " Raakapisteet ovat pisteet."
    assert [f.variant for f in scan(explained, "fi", "here", glossary)] == ["raakapist*"]


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
    avoid = {lang: (variant,) if lang == "fi" else () for lang in LANGS}
    entry = Entry("test", dict.fromkeys(LANGS, "preferred"), avoid)
    assert bool(list(scan(text, "fi", "here", [entry]))) is found


@pytest.mark.parametrize(
    ("lang", "old", "variant"),
    [
        ("fi", "Hyvitys on molempien käsien summa.", "hyvity*"),
        ("fi", "Tavoite tarkistetaan vasta koko hyvityksen jälkeen.", "hyvity*"),
        ("sv", "Potten är tom: det finns inget att dra.", "potten"),
        ("sv", "Vad ett pass avslöjar", "ett pass"),
        ("sv", "i ett riktigt parti får man sju", "parti"),
        ("sv", "därefter går utspelet ett steg medurs", "utspel*"),
        ("sv", "Samma frö ger samma match.", "frö"),
        ("en", "In this preset one hand decides.", "preset"),
        ("en", "The award is the sum of both hands.", "award"),
        ("en", "Nobody draws from the boneyard.", "boneyard"),
        ("en", "In the team game play passes to the right.", "team game"),
    ],
)
def test_the_reviewed_wording_would_be_found_again(lang: str, old: str, variant: str) -> None:
    """The words a native teacher's review struck out are banned by the glossary: each
    old sentence, put back into a catalog, is found."""
    assert variant in [f.variant for f in scan(old, lang, "here", read_glossary())]


def test_a_placeholder_is_not_prose() -> None:
    """``{preset}`` is filled in by the code; the word "preset" itself is found."""
    glossary = read_glossary()
    assert not list(scan("In “{preset}” one hand decides.", "en", "here", glossary))
    assert list(scan("Choose a preset.", "en", "here", glossary))


SEAT = {
    "fi": re.compile(r"(?<![\w-])pelaaja(?:n|lla|lle|lta|a)?\s+[1-4](?![\d–/])"),
    "sv": re.compile(r"(?<![\w-])spelare\s+[1-4](?!\s*[\d–/])"),
    "en": re.compile(r"(?<![\w-])player\s+[1-4](?![\d–/])"),
}
"""A seat's name written in lower case ("pelaaja 2"): the tables, the logs and the
practice items write it as a name, "Pelaaja 2", "Spelare 2", "Player 2"."""


def _all_texts(lang: str) -> Iterator[tuple[str, str]]:
    yield from _catalog_texts(lang)
    yield from _notebook_texts(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_is_named_as_the_tables_name_it(lang: str) -> None:
    """Prose says "Olet Pelaaja 1" as the table under it does, never "olet pelaaja 1"."""
    found = [
        f"{where}: {match.group(0)}"
        for where, text in _all_texts(lang)
        for match in SEAT[lang].finditer(CODE.sub(" ", text))
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("lang", "text", "found"),
    [
        ("fi", "Olet pelaaja 1.", True),
        ("fi", "ja pelaajalle 3 jää 8 silmää", True),
        ("fi", "Olet Pelaaja 1.", False),
        ("fi", "(pelaajat 1 / 2 / 3)", False),
        ("sv", "Här är du spelare 2, tidigt", True),
        ("sv", "(spelare 1 / 2 / 3)", False),
        ("en", "so player 1 holds no tile", True),
        ("en", "with two players 14 tiles", False),
    ],
)
def test_a_seat_in_lower_case_is_found(lang: str, text: str, found: bool) -> None:
    assert bool(SEAT[lang].search(text)) is found


FAIR_DRAW = (
    "practice.leader.fair_draw",
    "practice.choice.draw_again",
    "practice.mistake.no_tie",
    "practice.mistake.tied_draw",
    "practice.explain.tie_redraw",
    "nb.scoring.match",
)
DRAWING = {
    "fi": re.compile(r"\bnost\w*", re.IGNORECASE),
    "sv": re.compile(r"\b(?:dra|drar|drog|dragit|drogs)\b", re.IGNORECASE),
}
"""The verbs of drawing from a pot: Block has none, so the fair draw says "ottaa", "ta"."""


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_the_fair_draw_takes_tiles_and_draws_none(lang: str) -> None:
    """Pupils have just learned that in Block nobody draws; the players of the fair draw
    take a tile face down (fi *ottaa*, sv *ta*), not *nostaa*, *dra*."""
    texts = {where.rsplit(": ", 1)[1]: text for where, text in _catalog_texts(lang)}
    drawn = {key: DRAWING[lang].findall(PLACEHOLDER.sub(" ", texts[key])) for key in FAIR_DRAW}
    assert not any(drawn.values()), drawn
    assert DRAWING["fi"].search("Tasan olleet nostavat uudelleen")
    assert DRAWING["sv"].search("De som fick lika många prickar drar igen")

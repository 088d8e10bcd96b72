"""The catalogs: every message in fi, sv and en, none missing, stale or mismatched.

Each language has the same PO files (one per concern) holding the same keys. A test
fails on a key used in the code but missing from a catalog, a key no code uses any
more, an empty, fuzzy or obsolete entry, a placeholder that differs between languages,
and a Finnish or Swedish text translated from an English text that has changed since
(each fi/sv entry records a fingerprint of the English text it was translated from;
``python i18n/sync.py`` explains and refreshes them).
"""

from __future__ import annotations

import ast
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from blockdomino.engine.rules import PRESETS
from blockdomino.lessons.mistakes import mistake_name, sentence_keys
from blockdomino.words import explain
from blockdomino.words.examples import CHAIN_EXAMPLES, SCORING_FIGURES
from blockdomino.words.i18n import (
    LANGS,
    LanguageError,
    catalog,
    catalog_root,
    format_list,
    parse_lang,
)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "i18n"))
import sync  # noqa: E402  (the maintainer script beside the catalogs)

KEY = re.compile(r"^[a-z]+(?:\.[a-z0-9_\-]+)+$")


def _po(lang: str, domain: str):  # type: ignore[no-untyped-def]
    with (catalog_root() / lang / f"{domain}.po").open("rb") as file:
        return read_po(file, locale=lang)


def _domains(lang: str) -> set[str]:
    return {path.stem for path in (catalog_root() / lang).glob("*.po")}


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _source_files() -> list[Path]:
    files = sorted((ROOT / "src").rglob("*.py"))
    source = ROOT / "notebooks" / "source"
    if source.is_dir():
        files += sorted(source.glob("*.py"))
    return files + sorted((ROOT / "src").rglob("static/*.js"))


def _literal_keys(prefixes: set[str]) -> dict[str, Path]:
    """String literals in the package that look like catalog keys, with a file using each."""
    found: dict[str, Path] = {}
    for path in sorted((ROOT / "src").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                if KEY.match(text) and text.split(".")[0] in prefixes:
                    found.setdefault(text, path)
    return found


def _data_keys() -> set[str]:
    """Keys the code builds from data: the worked examples' captions, the presets'
    names (one per preset of the registry), and the pupils' mistakes in words (one set
    per mistake note of the practice items)."""
    ids = [example.id for example in CHAIN_EXAMPLES] + [figure.id for figure in SCORING_FIGURES]
    presets = {f"term.preset.{name}" for name in PRESETS}
    notes = [key for key in catalog("en") if mistake_name(key) is not None]
    mistakes = {sentence for note in notes for sentence in sentence_keys(note)}
    return {f"example.{example_id}.caption" for example_id in ids} | presets | mistakes


DOTTED = re.compile(r"(?<![\w.])\w+(?:\.[\w-]+)+")
"""A dotted name standing on its own in source text: ``hint.none`` or ``lab.rounds.max``."""


def _dotted_names(text: str) -> set[str]:
    """Every dotted name in ``text`` and each of its leading parts (``a.b.c``, ``a.b``):
    one pass over the text instead of one search a catalog key."""
    names: set[str] = set()
    for name in DOTTED.findall(text):
        parts = name.split(".")
        names.update(".".join(parts[:end]) for end in range(2, len(parts) + 1))
    return names


def _named_in(key: str, text: str) -> bool:
    """Whether ``key`` stands in ``text`` as a whole name (not inside a longer one); asked
    only of the few keys ``_dotted_names`` does not find (one after a hyphen, ``x-a.b``)."""
    return re.search(rf"(?<![\w.]){re.escape(key)}(?![\w-])", text) is not None


def test_every_language_has_the_same_catalog_files() -> None:
    """Three languages, one structure: the same PO files in fi, sv and en."""
    domains = {lang: _domains(lang) for lang in LANGS}
    assert domains["en"], "no catalogs found"
    assert domains["fi"] == domains["sv"] == domains["en"]


@pytest.mark.parametrize("domain", sorted(_domains("en")))
def test_every_key_exists_in_every_language(domain: str) -> None:
    """A message missing from one language is a missing translation."""
    keys = {lang: {m.id for m in _po(lang, domain) if m.id} for lang in LANGS}
    for lang in LANGS:
        assert keys[lang] == keys["en"], (
            f"{lang}/{domain}.po: missing {sorted(keys['en'] - keys[lang])}, "
            f"extra {sorted(keys[lang] - keys['en'])}"
        )


@pytest.mark.parametrize("lang", LANGS)
def test_no_key_is_defined_twice_across_files(lang: str) -> None:
    """The files of a language merge into one catalog: a key belongs to one file."""
    seen: dict[str, str] = {}
    for domain in sorted(_domains(lang)):
        for message in _po(lang, domain):
            if message.id:
                assert message.id not in seen, f"{message.id} in {seen[message.id]} and {domain}"
                seen[message.id] = domain


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", sorted(_domains("en")))
def test_no_entry_is_empty_fuzzy_or_obsolete(lang: str, domain: str) -> None:
    """Every entry is translated and current: no empty text, no fuzzy flag, no ``#~`` entry."""
    po = _po(lang, domain)
    assert not po.obsolete, f"{lang}/{domain}.po: obsolete entries {sorted(po.obsolete)}"
    for message in po:
        if message.id:
            assert str(message.string).strip(), f"{lang}/{domain}.po: {message.id} is empty"
            assert not message.fuzzy, f"{lang}/{domain}.po: {message.id} is fuzzy"


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_placeholders_match_english(lang: str) -> None:
    """A translation fills in exactly the values the English text does."""
    english = catalog("en")
    for key, text in catalog(lang).items():
        assert _placeholders(text) == _placeholders(english[key]), f"{lang}: {key}"


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_no_translation_is_stale(lang: str) -> None:
    """A fi/sv text was translated from the English text that stands now."""
    stale = sync.stale_entries(lang)
    assert not stale, (
        f"{lang}: translated from an older English text: {stale}. Update the translation, "
        "then run `python i18n/sync.py` to record the English text it now follows."
    )


def test_every_key_the_code_uses_exists() -> None:
    """No code asks for a message the catalogs lack."""
    keys = set(catalog("en"))
    prefixes = {key.split(".")[0] for key in keys}
    used = _literal_keys(prefixes) | dict.fromkeys(_data_keys(), ROOT / "src")
    missing = {key: str(path.relative_to(ROOT)) for key, path in used.items() if key not in keys}
    assert not missing, f"keys used but not in the catalogs: {missing}"


def test_every_catalog_key_is_used() -> None:
    """No catalog keeps a message that nothing uses any more (a stale entry).

    The notebooks' prose (``notebooks*.po``) is checked against the notebook sources and
    their builder by ``tests/test_notebooks.py``.
    """
    text = "\n".join(path.read_text(encoding="utf-8") for path in _source_files())
    prose = {
        message.id
        for domain in _domains("en")
        if domain.startswith("notebooks")
        for message in _po("en", domain)
        if message.id
    }
    named = _dotted_names(text) | _data_keys() | prose
    unused = sorted(key for key in catalog("en") if key not in named and not _named_in(key, text))
    assert not unused, f"catalog keys nothing uses: {unused}"


def test_unknown_language_is_refused_with_the_known_ones() -> None:
    """An unknown language code gets a clear error listing fi, sv and en."""
    with pytest.raises(LanguageError) as refused:
        parse_lang("de")
    assert explain(refused.value, "en") == "Unknown language “de”. Available: fi, sv, en."
    assert str(refused.value) == "error.language.unknown (lang='de', known='fi, sv, en')"


@pytest.mark.parametrize(
    ("lang", "expected"), [("fi", "1 ja 4"), ("sv", "1 och 4"), ("en", "1 and 4")]
)
def test_lists_are_joined_as_each_language_does(lang: str, expected: str) -> None:
    """Babel's list patterns: "1 ja 4", "1 och 4", "1 and 4"."""
    assert format_list([1, 4], lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("fi", ["3", "3 tai 6", "0, 3 tai 6"]), ("sv", ["3", "3 eller 6", "0, 3 eller 6"])],
)
def test_alternatives_are_joined_with_or(lang: str, expected: list[str]) -> None:
    """What a pass rules out reads right for one number and for several: "a tile with 3",
    "a tile with 3 or 6", never "a tile with 3 and 6"."""
    lists = [[3], [3, 6], [0, 3, 6]]
    assert [format_list(numbers, lang, either=True) for numbers in lists] == expected

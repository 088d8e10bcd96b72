"""Real spell checkers over every word a learner reads, in fi, sv and en.

Every catalog message (``i18n/<lang>/*.po``) and every Markdown cell of the built
notebooks (``notebooks/<lang>/*.ipynb``) is split into words and each word is looked up:

- Finnish in Voikko (Debian's ``libvoikko1`` and ``voikko-fi``, through the ``libvoikko``
  Python binding);
- Swedish and English in the Hunspell dictionaries of Debian's ``hunspell-sv`` and
  ``hunspell-en-us``, read with ``spylls``.

Left out before splitting: code spans and blocks, URLs and link targets, HTML tags,
``{placeholders}`` and tile notation such as ``[3|6]``. A word the dictionary lacks but
that is right (a domain word, a name) is listed in ``i18n/wordlist/<lang>.txt``, the
reviewed word list; anything else unknown is a misspelling to fix in the text. Where a
dictionary or its reader is missing, the test skips and names the package to install
(``.ci/run`` installs them, so CI always checks).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from blockdomino.words.i18n import LANGS

ROOT = Path(__file__).resolve().parents[2]
WORDLISTS = ROOT / "i18n" / "wordlist"
HUNSPELL = Path("/usr/share/hunspell")
HUNSPELL_PACKAGES = {"sv": ("sv_SE", "hunspell-sv"), "en": ("en_US", "hunspell-en-us")}

NOT_WORDS = re.compile(
    r"```.*?```"  # code blocks
    r"|`[^`\n]*`"  # code spans
    r"|\[[^\]\n]*\]\(\.\./(?:fi|sv|en)/[^)\s]*\)"  # a link to another language's notebook
    r"|\]\([^)\s]*\)"  # link and image targets
    r"|\b[a-z]+://\S*"  # URLs
    r'|"[^"\s]*"'  # a literal in straight quotes: "random", "blockdomino[lab]"
    r"|(?<![\w-])--[a-z][a-z-]*"  # a command-line option: --help, --passed
    r"|\b[A-Za-z_]\w*(?:\.\w+)+\([^)\n]*\)"  # a call in the library: Chain.parse("…")
    r"|<[^>\n]+>"  # HTML tags
    r"|\{[^{}\s]*\}"  # placeholders, {{keys}}
    r"|\[[^\[\]\s]*\|[^\[\]\s]*\]"  # tile notation: [3|6], [6\|6], [{a}|{b}]
    r"|(?<![^\W\d_]):[^\W\d_]+",  # an ending after a colon: [0|0]:sta, 95 %:n, ✓:llä
    re.DOTALL,
)
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
"""A word: letters, with an apostrophe inside (don't). Hyphens and colons split words:
each part of "Block-ottelu" is checked, and ":n" after a number is no word."""

Checker = Callable[[str], bool]


def words(text: str) -> Iterator[str]:
    """The words of ``text`` a reader sees as words (see the module text)."""
    for match in WORD.finditer(NOT_WORDS.sub(" ", text)):
        word = match.group(0)
        if len(word) > 1:
            yield word


def catalog_texts(lang: str) -> Iterator[tuple[str, str]]:
    """Every message of ``lang``'s catalogs written in ``lang``, as ("file: key", text).

    A chapter's file name (``nb.*.slug``) is no prose, and the link to a language is
    written in that language ("På svenska"), so it is checked with that language's texts.
    """
    for path_lang in LANGS:
        for path in sorted((ROOT / "i18n" / path_lang).glob("*.po")):
            with path.open("rb") as file:
                for message in read_po(file, locale=path_lang):
                    key, text = message.id, message.string
                    if key and isinstance(text, str) and _written_in(key, path_lang) == lang:
                        yield f"{path.relative_to(ROOT)}: {key}", text


def _written_in(key: str, catalog_lang: str) -> str | None:
    """The language a message is written in; None for a file name."""
    if key.endswith(".slug"):
        return None
    if key.startswith("nb.language."):
        return key.removeprefix("nb.language.")
    return catalog_lang


def notebook_texts(lang: str) -> Iterator[tuple[str, str]]:
    """Every Markdown cell of every built notebook of ``lang``."""
    for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for number, cell in enumerate(cells, start=1):
            if cell["cell_type"] == "markdown":
                yield f"{path.relative_to(ROOT)}: cell {number}", "".join(cell["source"])


def wordlist(lang: str) -> set[str]:
    """The reviewed words of ``lang``: one a line; ``#`` starts a comment."""
    path = WORDLISTS / f"{lang}.txt"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return {line.split("#", 1)[0].strip() for line in lines} - {""}


@cache
def checker(lang: str) -> Checker:
    """The language's spell checker, or a skip naming what to install."""
    if lang == "fi":
        return _voikko()
    name, package = HUNSPELL_PACKAGES[lang]
    return _hunspell(name, package)


def _voikko() -> Checker:
    """Voikko's Finnish through the libvoikko binding (PyPI, or Debian's python3-libvoikko)."""
    missing = "Finnish spelling needs Debian's libvoikko1 and voikko-fi"
    libvoikko = pytest.importorskip("libvoikko", reason=f"{missing} and the libvoikko package")
    try:
        voikko = libvoikko.Voikko("fi")
    except (OSError, libvoikko.VoikkoException) as error:
        pytest.skip(f"{missing} (apt-get install libvoikko1 voikko-fi): {error}")
    return lambda word: bool(voikko.spell(word))


def _hunspell(name: str, package: str) -> Checker:
    """A Hunspell dictionary of ``/usr/share/hunspell`` read with spylls."""
    hunspell = pytest.importorskip("spylls.hunspell", reason="spelling needs spylls (PyPI)")
    if not (HUNSPELL / f"{name}.dic").exists():
        pytest.skip(f"spelling needs Debian's {package} (apt-get install {package})")
    dictionary = hunspell.Dictionary.from_files(str(HUNSPELL / name))
    return lambda word: bool(dictionary.lookup(word))


def known(word: str, lang: str, allowed: set[str]) -> bool:
    """Whether ``word`` is in the reviewed list (as written or in lower case) or the
    dictionary knows it."""
    return word in allowed or word.lower() in allowed or checker(lang)(word)


def unknown_words(texts: Iterator[tuple[str, str]], lang: str) -> dict[str, str]:
    """Each word neither the dictionary nor the reviewed list knows, with where it is first
    found."""
    allowed = wordlist(lang)
    first: dict[str, str] = {}
    for where, text in texts:
        for word in words(text):
            first.setdefault(word, where)
    return {word: where for word, where in first.items() if not known(word, lang, allowed)}


def _report(unknown: dict[str, str], lang: str) -> str:
    lines = [f"{word}  ({where})" for word, where in sorted(unknown.items())]
    return (
        f"{len(unknown)} words unknown to the {lang} dictionary: fix the spelling, or add a "
        f"correct word the dictionary lacks to i18n/wordlist/{lang}.txt\n" + "\n".join(lines)
    )


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_word_is_spelled_right(lang: str) -> None:
    """Every word of every message: 0 unknown words outside the reviewed list."""
    unknown = unknown_words(catalog_texts(lang), lang)
    assert not unknown, _report(unknown, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_notebook_word_is_spelled_right(lang: str) -> None:
    """Every word of the built notebooks' Markdown (prose, headings, alt text)."""
    texts = list(notebook_texts(lang))
    assert texts, f"no notebooks found in notebooks/{lang}"
    unknown = unknown_words(iter(texts), lang)
    assert not unknown, _report(unknown, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_word_list_holds_only_words_the_dictionary_lacks_and_the_text_uses(
    lang: str,
) -> None:
    """The reviewed list stays honest: no word the dictionary already knows, none that no
    text uses any more."""
    texts = [*catalog_texts(lang), *notebook_texts(lang)]
    used = {word.lower() for _, text in texts for word in words(text)}
    listed = wordlist(lang)
    redundant = sorted(word for word in listed if checker(lang)(word))
    unused = sorted(word for word in listed if word.lower() not in used)
    assert not redundant, f"i18n/wordlist/{lang}.txt: the dictionary knows {redundant}"
    assert not unused, f"i18n/wordlist/{lang}.txt: no text uses {unused}"


@pytest.mark.parametrize(
    ("lang", "text", "misspelled"),
    [
        ("fi", "Liitä laata ketjuun [3|6] `code` {tile}.", {"laata"}),
        ("sv", "Lägg brikan vid kedjans ände, se https://example.org/x.", {"brikan"}),
        ("en", "Play a tiel on the {number} end of ![chain](images/a.svg).", {"tiel"}),
    ],
)
def test_a_misspelling_is_found_and_markup_is_not(
    lang: str, text: str, misspelled: set[str]
) -> None:
    """The check finds a planted misspelling, and skips code, tiles, placeholders, URLs and
    link targets."""
    assert set(unknown_words(iter([("here", text)]), lang)) == misspelled


def test_words_leave_out_what_is_not_prose() -> None:
    """Tile notation, code, placeholders and suffixes after a colon are not words."""
    text = 'Pelaa [6\\|6]:n `Rules.preset("match")` {{nb.x}} 95 %:n Block-ottelu <b>x</b>'
    assert list(words(text)) == ["Pelaa", "Block", "ottelu"]


def test_a_missing_dictionary_skips_naming_the_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Without Debian's dictionary the check skips and says which package to install."""
    monkeypatch.setattr(sys.modules[__name__], "HUNSPELL", tmp_path)
    checker.cache_clear()
    try:
        with pytest.raises(pytest.skip.Exception, match="apt-get install hunspell-sv"):
            checker("sv")
    finally:
        checker.cache_clear()

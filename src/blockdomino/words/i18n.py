"""Message catalogs in Finnish, Swedish and English, read from the ``i18n/`` folder.

Every word a learner reads comes from here. Each language has a folder of gettext PO
files (``i18n/fi/engine.po``, ``i18n/fi/svg.po``, …), one per concern, merged into one
catalog per language. Message ids are dotted keys (``term.side.line_a``); texts use
named ``{placeholders}`` filled with ``str.format``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias

from babel import Locale
from babel.lists import format_list as _babel_format_list

from blockdomino.engine.errors import BlockdominoError
from blockdomino.words.po import read_messages

Lang: TypeAlias = Literal["fi", "sv", "en"]
"""A language every message exists in: Finnish, Swedish or English."""

LANGS: Final[tuple[Lang, ...]] = ("fi", "sv", "en")
"""The languages every message exists in, in the order they are offered."""


class LanguageError(BlockdominoError):
    """A language code that has no catalog."""


def catalog_root() -> Path:
    """The folder holding one subfolder of PO files per language.

    An installed wheel carries it inside the package; a source checkout keeps it at
    the top of the repository.
    """
    packaged = Path(__file__).resolve().parents[1] / "i18n"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "i18n"


def parse_lang(text: object, default: Lang | None = None) -> Lang:
    """The language ``text`` names, one of ``LANGS``. Any other text is ``default`` when
    one is given (a browser's wish falls back to the page's language); otherwise a
    ``LanguageError`` that lists every language there is."""
    for lang in LANGS:
        if text == lang:
            return lang
    if default is not None:
        return default
    raise LanguageError("error.language.unknown", lang=str(text), known=", ".join(LANGS))


@functools.cache
def catalog(lang: str) -> Mapping[str, str]:
    """Every message of ``lang``: key → text, merged from all its PO files."""
    messages: dict[str, str] = {}
    for path in sorted((catalog_root() / parse_lang(lang)).glob("*.po")):
        messages.update(read_messages(path.read_text(encoding="utf-8"), name=path.name))
    return messages


def translate(key: str, lang: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang``, its ``{placeholders}`` filled from ``params``."""
    try:
        text = catalog(lang)[key]
    except KeyError:
        raise KeyError(f"no message {key!r} in the {lang!r} catalog") from None
    return text.format(**params) if params else text


def format_list(items: Iterable[object], lang: str, *, either: bool = False) -> str:
    """Items joined as the language does: "1 ja 4", "1 och 4", "1 and 4"; with ``either``,
    as alternatives: "1 tai 4", "1 eller 4", "1 or 4"."""
    return _listed(tuple(str(item) for item in items), parse_lang(lang), either)


@functools.lru_cache(maxsize=1024)
def _listed(texts: tuple[str, ...], locale: str, either: bool) -> str:
    """``format_list``'s words, worked out by Babel once for each list (a class table's
    screens list the same hands and ends at every move of each of its seats)."""
    if either:
        return str(_babel_format_list(list(texts), style="or", locale=locale))
    return str(_babel_format_list(list(texts), locale=locale))


def plural_form(count: int, lang: str) -> str:
    """The CLDR plural category of ``count`` in ``lang``: "one" or "other" in fi, sv, en."""
    return str(Locale.parse(parse_lang(lang)).plural_form(abs(count)))


def points(count: int, lang: str, *, won: bool = False) -> str:
    """A number of points with its unit: "1 piste", "8 pistettä", "8 poäng", "1 point".

    ``won``: the points as what a player gets, the object of "saa", "får", "scores".
    Finnish then puts a lone point in the accusative: "Pelaaja 1 saa 1 pisteen".
    """
    one = plural_form(count, lang) == "one"
    if won:
        key = "term.points_won.one" if one else "term.points_won.other"
    else:
        key = "term.points.one" if one else "term.points.other"
    return translate(key, lang, count=count)


def pips(count: int, lang: str) -> str:
    """A number of pips with its unit: "1 silmä", "8 silmää", "1 prick", "8 pips"."""
    key = "term.pips.one" if plural_form(count, lang) == "one" else "term.pips.other"
    return translate(key, lang, count=count)

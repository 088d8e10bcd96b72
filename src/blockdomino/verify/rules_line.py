"""The kind of game a document says it follows, on a rules line of its own.

"Säännöt: paripeli", "Regler: lagspel", "Rules: partnership", "Säännöt: Block-ottelu":
the line names a preset by its name in code or by the name the catalogs give it in any
language (``term.preset.*``: "Paripeli", "Block, en giv", "Draw game (for comparison)",
its words in brackets left out), without regard to case.
"""

from __future__ import annotations

import functools
import re
from typing import Final

from blockdomino.engine.rules import PRESETS
from blockdomino.words.i18n import LANGS, translate

_RULES_WORDS: Final = r"säännöt|sääntö|regler|rules"
"""The word a rules line starts with, in each language."""


def _shown_name(preset: str, lang: str) -> str:
    """The name the catalog of ``lang`` gives ``preset``, without its words in brackets:
    "Nostopeli (vertailuun)" → "Nostopeli"."""
    return re.sub(r"\s*\([^)]*\)\s*$", "", translate(f"term.preset.{preset}", lang))


@functools.cache
def preset_names() -> dict[str, str]:
    """Every name of every preset, folded (``_folded``), → the preset it names."""
    names = {preset: preset for preset in PRESETS}
    for preset in PRESETS:
        names.update({_folded(_shown_name(preset, lang)): preset for lang in LANGS})
    return names


@functools.cache
def _says_rules() -> re.Pattern[str]:
    """A rules line: its word, a colon and a preset's name; the longest names first, so
    that "Block-ottelu" is a match, not "Block"."""
    names = sorted(preset_names(), key=len, reverse=True)
    spelled = "|".join(r"[\s-]+".join(map(re.escape, name.split())) for name in names)
    return re.compile(
        rf"^[\W_]*(?:{_RULES_WORDS})[\W_]*:[\W_]*({spelled})(?!\w)",
        re.IGNORECASE | re.MULTILINE,
    )


def document_rules(text: str) -> str | None:
    """The preset a document says it follows, on a line of its own: "Säännöt: block",
    "Säännöt: paripeli", "Regler: lagspel", "Rules: Block match"; ``None`` if it does not
    say."""
    said = _says_rules().search(text)
    if said is None:
        return None
    return preset_names()[_folded(said[1])]


def _folded(name: str) -> str:
    """A name in lower case, its spaces and hyphens as one space: "Block-ottelu" and
    "block ottelu" are one name."""
    return re.sub(r"[\s-]+", " ", name.casefold())

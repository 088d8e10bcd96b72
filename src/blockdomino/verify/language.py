"""Which language a leaflet is written in (Finnish, Swedish or English), told from its words.

A leaflet's most common words give it away: Finnish has "ja", "ei", "että", Swedish "och",
"är", "att", English "the", "and", "is". Each language scores the number of times its
common words (and its words of the game) occur; the highest score wins when it clearly
leads. Only the first ``SAMPLE`` characters are read: a leaflet's language shows early.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Final

SAMPLE: Final = 200_000
"""How much of a text is read to tell its language."""
LEAD: Final = 1.5
"""How many times the second language's score the first must have to be told."""

_COMMON_WORDS: Final = {
    "fi": (
        "ja ei se että ovat kun voi tai jos niin kuin myös ole sitten vain mutta sen mikä joka "
        "laatta laatat laatan ketju ketjun ketjuun pää päähän päihin pisteet pistettä "
        "pelaaja pelaajan kierros tupla silmäluku silmäluvut silmää jatka liitä"
    ),
    "sv": (
        "och är att det som på inte en ett av för med till om när eller kan också men i "
        "vi du de den har hur här så ska man sedan var "
        "bricka brickan brickor brickorna kedja kedjan ände änden ändarna poäng poängen "
        "spelare spelaren omgång "
        "dubbel prickar lägg"
    ),
    "en": (
        "the and is to of a an it that in not or if when can also but then this how are "
        "tile tiles chain end ends points player round double pips play"
    ),
}
_COMMON: Final = {lang: frozenset(words.split()) for lang, words in _COMMON_WORDS.items()}
_WORD: Final = re.compile(r"[^\W\d_]+")


def document_language(text: str) -> str | None:
    """The language ``text`` is written in ("fi", "sv" or "en"), or ``None`` if its words
    do not tell (too few of them, or two languages as common)."""
    counts = Counter(word.lower() for word in _WORD.findall(text, 0, SAMPLE))
    scores = sorted(
        ((sum(counts[word] for word in words), lang) for lang, words in _COMMON.items()),
        reverse=True,
    )
    (best, lang), (second, _) = scores[0], scores[1]
    if best >= 2 and best >= LEAD * second:
        return lang
    return None

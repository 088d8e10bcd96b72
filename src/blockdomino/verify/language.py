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

from blockdomino.verify.lexicon import language_words
from blockdomino.words.i18n import LANGS

SAMPLE: Final = 200_000
"""How much of a text is read to tell its language."""
LEAD: Final = 1.5
"""How many times the second language's score the first must have to be told."""

_COMMON: Final = {lang: frozenset(language_words(lang)["common"]) for lang in LANGS}
"""Each language's most common words and words of the game (``lexicon``)."""
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

"""The pupils' mistakes in words: what the pupils who chose a wrong answer did.

Every wrong choice of the practice generator names the slip behind it with the key of
its note (``practice.mistake.double_closes``: why the choice is wrong, a correction
the pupil reads). The class is told something else: what the pupils did, with their
count, "7 pupils thought a double closes its end". Each mistake key has three
sentences in the catalogs (``lessons.mistake.NAME.*``): ``one`` and ``other``, the
projector's sentence for a count in each plural form, and ``named``, the same mistake
without a count, as the teacher's table names a pupil's last mistakes ("Thought a
double closes its end.").
"""

from __future__ import annotations

from typing import Final

from blockdomino.words.i18n import plural_form, translate

OTHER_KEYS: Final = {
    "error.play.end_mismatch": "end_mismatch",
    "error.play.no_match": "no_match",
    "error.play.no_match_zero": "no_match_zero",
    "error.round.pass_with_move": "pass_with_move",
    "widgets.pass.cannot_play": "cannot_play",
}
"""The mistake keys that are the game's own messages (a move refused, a pass told),
with the name of their sentences; every other one is ``practice.mistake.NAME``."""
PRACTICE: Final = "practice.mistake."
FORMS: Final = ("one", "other", "named")
"""The sentences of a mistake: for a count of one, for any other count, without one."""


def mistake_name(key: str) -> str | None:
    """The name of the sentences of the mistake ``key`` (``None``: not a mistake key)."""
    if key.startswith(PRACTICE):
        return key.removeprefix(PRACTICE)
    return OTHER_KEYS.get(key)


def sentence_keys(key: str) -> tuple[str, ...]:
    """The catalog keys of the sentences of the mistake ``key``, one per form of
    ``FORMS`` (``KeyError``: not a mistake key)."""
    name = mistake_name(key)
    if name is None:
        raise KeyError(f"{key!r} names no mistake")
    return tuple(f"lessons.mistake.{name}.{form}" for form in FORMS)


def _sentence(key: str, form: str, lang: str, **params: object) -> str:
    return translate(sentence_keys(key)[FORMS.index(form)], lang, **params)


def described(key: str, count: int, lang: str) -> str:
    """What ``count`` pupils did who made the mistake ``key``, in ``lang``: "7 pupils
    counted the tiles, not the pips." (``KeyError``: a key with no sentence)."""
    form = "one" if plural_form(count, lang) == "one" else "other"
    return _sentence(key, form, lang, count=count)


def named(key: str, lang: str) -> str:
    """The mistake ``key`` without a count, in ``lang``: "Counted the tiles, not the
    pips." (``KeyError``: a key with no sentence)."""
    return _sentence(key, "named", lang)

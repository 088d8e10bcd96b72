"""The project's own PO catalogs, read quickly: message id → translated text.

The catalogs under ``i18n/`` are written by ``i18n/sync.py`` in one plain shape: each
message is a ``msgid`` and a ``msgstr``, either of them a string or a run of strings on
the following lines, with comments (``#``) between messages and no contexts or plural
forms. Reading them with Babel's full PO parser cost a tenth of a second per language,
and importing it (with the e-mail and time-zone modules it needs) as much again: in
the app, whose Python runs in the browser, that delayed the first table. Babel remains
the catalogs' checker: a test reads every catalog both ways and compares.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

_ESCAPE: Final = re.compile(r"\\(.)")
_ESCAPED: Final = {"n": "\n", "t": "\t", "r": "\r"}
"""The escapes that stand for another character; any other escaped character (``\\"``,
``\\\\``) stands for itself, as in Babel."""
_LINE: Final = re.compile(r'(?:(msgid|msgstr) +)?"((?:[^"\\]|\\.)*)"\s*')


def _unescape(quoted: str) -> str:
    return _ESCAPE.sub(lambda found: _ESCAPED.get(found[1], found[1]), quoted)


def _entries(text: str, name: str) -> Iterator[tuple[str, str]]:
    """Each ``msgid``/``msgstr`` keyword of ``text`` with its whole, unescaped string."""
    keyword = ""
    parts: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        found = _LINE.fullmatch(line)
        if found is None or (found[1] is None and not keyword):
            raise ValueError(f"{name}:{number}: not a line of the catalogs' PO shape")
        if found[1] is not None:
            if keyword:
                yield keyword, "".join(parts)
            keyword, parts = found[1], []
        parts.append(_unescape(found[2]))
    if keyword:
        yield keyword, "".join(parts)


def read_messages(text: str, *, name: str = "") -> dict[str, str]:
    """Every message of the PO text ``text``: id → translated text (the header, whose
    id is empty, left out). ``name`` names the file in an error.

    The catalogs are package data, never a learner's input: a catalog out of shape is
    a fault of the package, raised as a ``ValueError`` in English.
    """
    messages: dict[str, str] = {}
    key: str | None = None
    for keyword, value in _entries(text, name):
        if keyword == "msgid":
            key = value
        elif key is None:
            raise ValueError(f"{name}: a msgstr without its msgid")
        else:
            if key:
                messages[key] = value
            key = None
    return messages

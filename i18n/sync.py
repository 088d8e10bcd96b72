"""Record which English text each Finnish and Swedish translation follows.

English is the source language. Every fi/sv entry carries a comment
``#. en-sha1: 0123abcd``: a fingerprint of the English text it was translated from.
When an English text changes, the fingerprint no longer matches and the test suite
reports the translation as stale until a translator has updated it and run::

    python i18n/sync.py              # record the English texts the translations now follow
    python i18n/sync.py engine svg   # the same, for some catalog files only
    python i18n/sync.py --check      # only list stale or unrecorded translations (exit 1)

Run it only after checking the translations: it records, it does not translate.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po

HERE = Path(__file__).resolve().parent
TRANSLATED = ("fi", "sv")
FINGERPRINT = re.compile(r"^#\. en-sha1: ([0-9a-f]{8})$")
MSGID = re.compile(r'^msgid "(.+)"$')


def fingerprint(text: str) -> str:
    """The first eight hex digits of the SHA-1 of an English text."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


def english() -> dict[str, str]:
    """Every English message: key → text."""
    texts: dict[str, str] = {}
    for path in sorted((HERE / "en").glob("*.po")):
        with path.open("rb") as file:
            texts.update(
                {m.id: str(m.string) for m in read_po(file) if isinstance(m.id, str) and m.id}
            )
    return texts


def _entries(path: Path) -> list[list[str]]:
    """The file's blocks of lines, as separated by blank lines."""
    blocks: list[list[str]] = [[]]
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    return [block for block in blocks if block]


def _key(block: list[str]) -> str | None:
    for line in block:
        match = MSGID.match(line)
        if match:
            return match[1]
    return None


def _recorded(block: list[str]) -> str | None:
    for line in block:
        match = FINGERPRINT.match(line)
        if match:
            return match[1]
    return None


def stale_entries(lang: str) -> list[str]:
    """Keys of ``lang`` whose recorded English fingerprint is missing or out of date."""
    source = english()
    stale = []
    for path in sorted((HERE / lang).glob("*.po")):
        for block in _entries(path):
            key = _key(block)
            if key is not None and key in source and _recorded(block) != fingerprint(source[key]):
                stale.append(f"{path.stem}:{key}")
    return stale


def record(lang: str, domains: list[str]) -> int:
    """Write the current English fingerprint into the entries of ``lang``; count changes.

    ``domains`` names the catalog files to touch (e.g. ``["engine"]``); empty: all.
    """
    source = english()
    changed = 0
    for path in sorted((HERE / lang).glob("*.po")):
        if domains and path.stem not in domains:
            continue
        blocks = _entries(path)
        for block in blocks:
            key = _key(block)
            if key is None or key not in source:
                continue
            wanted = f"#. en-sha1: {fingerprint(source[key])}"
            if wanted not in block:
                block[:] = [wanted, *(line for line in block if not FINGERPRINT.match(line))]
                changed += 1
        path.write_text("\n\n".join("\n".join(block) for block in blocks) + "\n", encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    if "--check" in argv:
        stale = [f"{lang}/{entry}" for lang in TRANSLATED for entry in stale_entries(lang)]
        print("\n".join(stale) or "every translation follows the current English text")
        return 1 if stale else 0
    domains = [arg for arg in argv if not arg.startswith("-")]
    for lang in TRANSLATED:
        print(f"{lang}: recorded {record(lang, domains)} English fingerprints")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

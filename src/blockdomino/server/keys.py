"""The class's two keys, kept in the data folder so that a restart changes neither: the
teacher's secret (in the address of the teacher's page, never shown to a pupil) and the
class code (a few letters a pupil types on a tablet to join the class).

The code is made of :data:`ALPHABET` only, which leaves out the characters a child
mixes up when reading them off a projector (0 and O, 1, I and l, 2 and Z, 5 and S, 8 and
B, 6 and G, U and V); what a pupil types is read in capitals, without spaces or dashes.
The keys' file is written atomically and readable by its owner alone (mode 0600); a
file that is missing or damaged is replaced by new keys.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from blockdomino.files import write_atomic

ALPHABET: Final = "ACDEFHJKMNPRTWXY3479"
"""The characters of a class code."""
CODE_LENGTH: Final = 5
"""Characters in a class code: 20**5, 3.2 million codes."""
KEYS_FILE: Final = "class-keys.json"
"""The keys' file, beside the tables' database."""
OWNER_ONLY: Final = 0o600


@dataclass(frozen=True, slots=True)
class ClassKeys:
    """The teacher's secret and the class code."""

    secret: str
    code: str

    def admits(self, typed: object) -> bool:
        """Whether ``typed`` (what a pupil typed) is the class code."""
        return isinstance(typed, str) and secrets.compare_digest(typed_code(typed), self.code)


def typed_code(text: str) -> str:
    """A typed code as compared: in capitals, spaces and dashes left out."""
    return "".join(c for c in text.upper() if c not in " -")[: CODE_LENGTH * 2]


def new_code() -> str:
    """A random class code."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def new_keys() -> ClassKeys:
    """A new random secret and class code."""
    return ClassKeys(secrets.token_urlsafe(18), new_code())


def _valid(keys: object) -> ClassKeys | None:
    if not isinstance(keys, dict):
        return None
    secret, code = keys.get("secret"), keys.get("code")
    if not isinstance(secret, str) or len(secret) < 16 or not isinstance(code, str):
        return None
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        return None
    return ClassKeys(secret, code)


def class_keys(folder: Path) -> ClassKeys:
    """The keys kept in ``folder``; new ones, kept there, when there are none yet (or
    the file is damaged). ``OSError`` when the folder cannot be written."""
    path = folder / KEYS_FILE
    try:
        kept = _valid(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        kept = None
    if kept is not None:
        return kept
    keys = new_keys()
    text = json.dumps({"secret": keys.secret, "code": keys.code}) + "\n"
    write_atomic(path, text, mode=OWNER_ONLY)
    return keys

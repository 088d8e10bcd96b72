"""The class's two keys, kept where the class is so that a restart changes neither (in
the data folder, :func:`class_keys`, or in Redis: the store's ``keys``, loaded once as
the server starts, ``stores.keeping``): the teacher's secret (behind the teacher's
pass, a cookie that a one-time link sets: never in an address bar, never shown to a
pupil) and the class code (a few letters a pupil types on a tablet to join the class).

The code is made of :data:`ALPHABET` only, which leaves out the characters a child
mixes up when reading them off a projector (0 and O, 1, I and l, 2 and Z, 5 and S, 8 and
B, 6 and G, U and V); what a pupil types is read in capitals, without spaces or dashes.
The keys' file is written atomically and readable by its owner alone (mode 0600); a
file that is missing or damaged is replaced by new keys.

The projector shows the class code, so only a screen the teacher opened may show it: the
teacher's page links to the projector with a pairing (:meth:`ClassKeys.pairing`, good
for :data:`PAIRING_SECONDS`), which the server trades for the projector's pass, kept by
that browser. Both are made from the teacher's secret, so every server process of one
class checks them alike without keeping anything.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
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
PAIRING_SECONDS: Final = 600
"""How long a pairing link from the teacher's page opens the projector."""
PROJECTOR_COOKIE: Final = "blockdomino-projector"
"""Where a paired projector's browser keeps the projector's pass."""
TEACHER_COOKIE: Final = "blockdomino-teacher"
"""Where the teacher's browser keeps the teacher's pass (never in the address bar)."""
TICKET_SECONDS: Final = 24 * 3600
"""How long a one-time link to the teacher's page opens it, if not used before."""


@dataclass(frozen=True, slots=True)
class ClassKeys:
    """The teacher's secret and the class code."""

    secret: str
    code: str

    def admits(self, typed: object) -> bool:
        """Whether ``typed`` (what a pupil typed) is the class code."""
        return isinstance(typed, str) and same(typed_code(typed), self.code)

    def _signed(self, text: str) -> str:
        return hmac.new(self.secret.encode(), text.encode(), hashlib.sha256).hexdigest()

    def projector_pass(self) -> str:
        """What a paired projector's browser keeps and shows to be let in."""
        return self._signed("projector")

    def pairing(self, now: float) -> str:
        """A pairing made ``now`` for the teacher's link to the projector."""
        until = int(now) + PAIRING_SECONDS
        return f"{until}.{self._signed(f'pairing:{until}')}"

    def paired(self, pairing: object, now: float) -> bool:
        """Whether ``pairing`` is one the teacher's page made, still good ``now``."""
        if not isinstance(pairing, str) or pairing.count(".") != 1:
            return False
        until, signed = pairing.split(".")
        if not until.isdigit() or len(until) > len(str(int(now))) + 1 or int(until) < now:
            return False
        return same(signed, self._signed(f"pairing:{until}"))

    def teacher_pass(self) -> str:
        """What the teacher's browser keeps (a cookie) and shows to be let in."""
        return self._signed("teacher")

    def teaches(self, given: object) -> bool:
        """Whether ``given`` is the teacher's pass."""
        return isinstance(given, str) and same(given, self.teacher_pass())

    def shows_projector(self, given: object) -> bool:
        """Whether ``given`` lets a screen show the projector: the projector's pass or
        the teacher's secret."""
        if not isinstance(given, str):
            return False
        return same(given, self.projector_pass()) or same(given, self.secret)


class Tickets:
    """The one-time links to the teacher's page this server printed and nobody used
    yet: a link is traded once for the teacher's pass (kept in a cookie), so the secret
    never shows in an address bar that the projector mirrors, and a link seen over a
    shoulder or in a photo of the screen opens nothing once the teacher used it. A link
    not used within :data:`TICKET_SECONDS` opens nothing either.

    These are kept in this process's memory (one process serves a class kept in
    SQLite); processes that share Redis keep them there (``stores.redis_class``), so that a
    link opens once whichever process answers it."""

    def __init__(self) -> None:
        self.unused: dict[str, float] = {}

    def issue(self) -> str:
        """A new one-time link's key."""
        ticket = secrets.token_urlsafe(18)
        self.unused[ticket] = time.time() + TICKET_SECONDS
        return ticket

    async def use(self, given: str) -> bool:
        """Whether ``given`` is a link not used yet and not too old (and now it is
        used)."""
        found = next((ticket for ticket in self.unused if same(given, ticket)), None)
        until = self.unused.pop(found or "", 0.0)
        return found is not None and time.time() <= until


def same(given: str, kept: str) -> bool:
    """Whether ``given`` is ``kept``, compared in constant time (any text, not only
    ASCII, as what a screen sends may be)."""
    return secrets.compare_digest(given.encode(), kept.encode())


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

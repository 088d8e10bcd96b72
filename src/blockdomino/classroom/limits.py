"""How much one screen and one address may ask of the class server, so that no pupil
can take every table, sit in every seat, flood the quiz or guess the class code.

A screen (one socket), and a pupil (by the token, whatever screen), may open
:data:`TABLES_PER_SCREEN` tables (every ``open`` counted, taken or refused), hold one seat at a game
that goes on, send :data:`MOVES_PER_MINUTE` moves and :data:`ANSWERS_PER_MINUTE` answers
a minute and be given pupil tokens
for :data:`NAMES_PER_SCREEN` nicknames (``classroom.pupils``: a tablet the class shares);
a pupil token may send :data:`RESULTS_PER_PUPIL` Practice results a minute. An address
may be given tokens for :data:`NAMES_PER_ADDRESS` nicknames in ten minutes, open
:data:`TABLES_PER_ADDRESS` tables and take :data:`SEATS_PER_ADDRESS` seats in ten minutes
(a tablet the class shares seats several pupils in turn), send :data:`RESULTS_PER_MINUTE`
Practice results a minute (the server's own machine, where a reverse proxy or a
benchmark's whole class comes from, is not counted so), and guess the class code wrong
:data:`FREE_GUESSES` times before each further wrong guess is answered only after
:data:`GUESS_WAIT` seconds; after :data:`LOCK_AFTER` wrong guesses in ten minutes, every
guess from it is refused for :data:`LOCK_SECONDS`. This module knows no web server: it
counts what it is told, by the clock it is given, and says when a refusal begins a
burst, so that the server logs one line a burst.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, TypeVar

TABLES_PER_SCREEN: Final = 3
TABLES_PER_ADDRESS: Final = 12
SEATS_PER_ADDRESS: Final = 12
ANSWERS_PER_MINUTE: Final = 30
MOVES_PER_MINUTE: Final = 120
RESULTS_PER_MINUTE: Final = 300
RESULTS_PER_PUPIL: Final = 100
NAMES_PER_SCREEN: Final = 4
NAMES_PER_ADDRESS: Final = 40
FREE_GUESSES: Final = 3
GUESS_WAIT: Final = 0.5
LOCK_AFTER: Final = 10
LOCK_SECONDS: Final = 300.0
MINUTE: Final = 60.0
TEN_MINUTES: Final = 600.0
MOST_ADDRESSES: Final = 10_000
"""Addresses (and pupil tokens) remembered at once (the one unseen longest forgotten
first)."""
T = TypeVar("T")
LOG: Final = logging.getLogger("blockdomino.server")
LIMITS: Final = ("tables.limit.", "lessons.limit.")
"""The catalogs' keys of the refusals of a limit."""


@dataclass
class Window:
    """At most ``most`` events in any ``seconds``."""

    most: int
    seconds: float
    times: deque[float] = field(default_factory=deque)

    def allow(self, now: float, count: int = 1) -> bool:
        """Whether ``count`` more events may happen ``now`` (then counted)."""
        while self.times and self.times[0] <= now - self.seconds:
            self.times.popleft()
        if len(self.times) + count > self.most:
            return False
        self.times.extend([now] * count)
        return True


@dataclass
class Guesses:
    """The wrong class codes guessed from one address."""

    wrong: deque[float] = field(default_factory=deque)
    locked_until: float = 0.0

    def locked(self, now: float) -> bool:
        """Whether every guess is refused now."""
        return now < self.locked_until

    def missed(self, now: float, *, wait: float = GUESS_WAIT) -> tuple[float, bool]:
        """A wrong guess ``now``: how long to wait before answering it (``wait`` beyond
        the free guesses), and whether it locks the address (said once in the log, for
        the whole burst)."""
        while self.wrong and self.wrong[0] <= now - TEN_MINUTES:
            self.wrong.popleft()
        self.wrong.append(now)
        if len(self.wrong) >= LOCK_AFTER:
            self.wrong.clear()
            self.locked_until = now + LOCK_SECONDS
            return wait, True
        return (wait if len(self.wrong) > FREE_GUESSES else 0.0), False

    def hit(self) -> None:
        """The right code: the wrong ones before it forgiven."""
        self.wrong.clear()


@dataclass
class Address:
    """What one address has asked lately."""

    guesses: Guesses = field(default_factory=Guesses)
    opened: Window = field(default_factory=lambda: Window(TABLES_PER_ADDRESS, TEN_MINUTES))
    seated: Window = field(default_factory=lambda: Window(SEATS_PER_ADDRESS, TEN_MINUTES))
    results: Window = field(default_factory=lambda: Window(RESULTS_PER_MINUTE, MINUTE))
    named: Window = field(default_factory=lambda: Window(NAMES_PER_ADDRESS, TEN_MINUTES))


@dataclass
class Asked:
    """What one screen (socket) has asked: tables opened, the seat it took last, its
    answers and moves of the last minute."""

    opened: int = 0
    named: int = 0
    """Nicknames this screen was given a pupil token for."""
    held: str | None = None
    """The token of the seat this screen took or came back to."""
    answers: Window = field(default_factory=lambda: Window(ANSWERS_PER_MINUTE, MINUTE))
    moves: Window = field(default_factory=lambda: Window(MOVES_PER_MINUTE, MINUTE))


@dataclass
class Limits:
    """Every address's allowance, by ``clock``."""

    clock: Callable[[], float] = time.monotonic
    guess_wait: float = field(default=GUESS_WAIT, kw_only=True)
    """The seconds a wrong guess beyond the free ones is answered after (a test's
    server waits less, counting the same guesses)."""
    addresses: OrderedDict[str, Address] = field(default_factory=OrderedDict)
    pupils: OrderedDict[str, Window] = field(default_factory=OrderedDict)
    """The Practice results of the last minute of each pupil token."""
    opened: OrderedDict[str, Window] = field(default_factory=OrderedDict)
    """The tables each pupil opened in the last ten minutes."""
    refused: OrderedDict[str, float] = field(default_factory=OrderedDict)
    """When each address was last refused by each limit."""

    def of(self, address: str) -> Address:
        """The allowance of ``address``, new when it is first seen."""
        return _latest(self.addresses, address, Address)

    def may_name(self, address: str, screen: Asked) -> bool:
        """Whether ``screen`` at ``address`` may be given a token for one more nickname
        (then counted)."""
        if screen.named >= NAMES_PER_SCREEN:
            return False
        if not own_machine(address) and not self.of(address).named.allow(self.clock()):
            return False
        screen.named += 1
        return True

    def may_open(self, address: str, screen: Asked, pupil: str | None = None) -> bool:
        """Whether ``screen`` at ``address`` may open one more table (then counted), and
        the ``pupil`` token it is (``classroom.pupils``), whatever screen it opens them from."""
        if screen.opened >= TABLES_PER_SCREEN:
            return False
        now = self.clock()
        if pupil is not None:
            mine = _latest(self.opened, pupil, lambda: Window(TABLES_PER_SCREEN, TEN_MINUTES))
            if not mine.allow(now):
                return False
        if not own_machine(address) and not self.of(address).opened.allow(now):
            return False
        screen.opened += 1
        return True

    def said(self, address: str, refusal: str) -> None:
        """``refusal`` of a limit (a key of the catalogs) to ``address`` logged in one
        line when it begins a burst (none in the minute before), not once per message."""
        if not refusal.startswith(LIMITS):
            return
        now, key = self.clock(), f"{address} {refusal}"
        last = self.refused.pop(key, None)
        self.refused[key] = now
        if len(self.refused) > MOST_ADDRESSES:
            self.refused.popitem(last=False)
        if last is None or now - last > MINUTE:
            LOG.warning("%s from %s (refused so again all minute, unlogged)", refusal, address)

    def guessed(self, address: str, code: str | None, right: bool) -> float | None:
        """A class code from ``address`` (``None``: none given yet), ``right`` or not:
        ``None`` when it lets the screen in, else how long to wait before answering
        (negative: refused, the address locked; the burst that locks it logged once)."""
        guesses, now = self.of(address).guesses, self.clock()
        if code is not None and guesses.locked(now):
            return -1.0
        if right:
            guesses.hit()
            return None
        if code is None:
            return 0.0
        wait, locks = guesses.missed(now, wait=self.guess_wait)
        if locks:
            LOG.warning("the class code guessed wrong %d times from %s: refused for %d s",
                        LOCK_AFTER, address, LOCK_SECONDS)  # fmt: skip
        return wait

    def may_sit(self, address: str) -> bool:
        """Whether ``address`` may take one more seat (then counted)."""
        return own_machine(address) or self.of(address).seated.allow(self.clock())

    def may_send(self, address: str, pupil: str, results: int) -> bool:
        """Whether the pupil token ``pupil`` at ``address`` may send ``results`` more
        Practice results (then counted)."""
        now = self.clock()
        mine = _latest(self.pupils, pupil, lambda: Window(RESULTS_PER_PUPIL, MINUTE))
        if not mine.allow(now, results):
            return False
        return own_machine(address) or self.of(address).results.allow(now, results)


def _latest(known: OrderedDict[str, T], name: str, new: Callable[[], T]) -> T:
    """What ``known`` keeps of ``name`` (``new`` when it is first seen), now the latest
    seen; the one unseen longest forgotten beyond ``MOST_ADDRESSES``."""
    kept = known.pop(name, None) or new()
    known[name] = kept
    if len(known) > MOST_ADDRESSES:
        known.popitem(last=False)
    return kept


def own_machine(address: str) -> bool:
    """Whether ``address`` is the server's own machine (loopback)."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False

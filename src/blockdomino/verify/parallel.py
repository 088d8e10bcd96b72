"""A long text's claims read in two processes, on two cores.

The claims of a text are read sentence by sentence, and all a sentence carries ahead to
later ones is the teams it names, the section it is in and the last two sentences
(``claims.claim_reports``). So a long text is cut in two at a place: this process reads
the claims of the sentences before the place, while a second one, forked from this,
reads those sentences for what they carry ahead alone (a fifth of the time a sentence
takes) and then the claims of the sentences after it. The second part's reports come
back to this process, and the two lists joined are what one process reading the whole
text finds, in the same order: the report does not depend on how it was read.

Two processes pay off only for a long text (``LONG``), and only where this process can
fork (not in the browser's Python, not where ``fork`` is not how processes start). The
second process ignores Ctrl-C: this one stops it when it is interrupted itself.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Final

from blockdomino.verify.claims import claim_reports
from blockdomino.verify.findings import ExampleReport, Unchecked
from blockdomino.verify.headings import Sections
from blockdomino.verify.prose_rules import Game
from blockdomino.verify.sentences import Prose, sentences

LONG: Final = 1_000_000
"""The characters of text from which its claims are read in two processes: below it,
starting the second process costs more than it saves."""
FIRST_SHARE: Final = 0.55
"""The share of the text whose claims this process reads: the second process also reads
the sentences before its part, for what they carry ahead, so it takes the smaller part."""

Claims = tuple[list[ExampleReport], list[Unchecked]]
"""The reports on a text's claims, and what in it was not checked (``claim_reports``)."""


def read_claims(
    text: str,
    reading: tuple[Sequence[tuple[int, int]], Prose],
    examples: Sequence[ExampleReport],
    rules: tuple[str, Game],
    langs: tuple[str, str],
    sections: Sections | None,
    *,
    processes: int = 1,
) -> Claims:
    """The claims in the sentences of ``text`` outside the spans of ``reading`` (the
    descriptions and tables, and the sentences as ``read_prose`` found them), checked
    as ``claim_reports`` checks them (``langs``: the language of the reports, and the
    document's); with ``processes`` 2 or more, a long text's in two processes."""
    read = _Reading(text, *reading, examples, rules, langs, sections)
    if processes < 2 or len(text) < LONG or not _can_fork():
        return read.part(0, None)
    cut = int(len(text) * FIRST_SHARE)
    receiving, sending = multiprocessing.get_context("fork").Pipe(duplex=False)
    second = multiprocessing.get_context("fork").Process(
        target=_send_part, args=(read, cut, sending), daemon=True
    )
    try:
        _start(second)
        sending.close()  # the second process has its own copy of this end of the pipe
        first_reports, first_unchecked = read.part(0, cut)
        second_reports, second_unchecked = _received(receiving) or read.part(cut, None)
    finally:  # done, or stopped (Ctrl-C): the second process too
        sending.close()
        receiving.close()
        if second.pid is not None:
            second.terminate()
            second.join()
    return [*first_reports, *second_reports], [*first_unchecked, *second_unchecked]


@dataclass(frozen=True, slots=True)
class _Reading:
    """What the claims of a text are read with (``claim_reports``'s arguments)."""

    text: str
    skip: Sequence[tuple[int, int]]
    prose: Prose
    examples: Sequence[ExampleReport]
    rules: tuple[str, Game]
    langs: tuple[str, str]
    sections: Sections | None

    def part(self, start: int, end: int | None) -> Claims:
        """The claims of the sentences that start from ``start`` up to ``end``."""
        read = sentences(self.text, self.skip, self.prose)
        lang, document_lang = self.langs
        return claim_reports(
            self.text,
            read,
            self.examples,
            self.rules,
            lang,
            document_lang,
            self.sections,
            part=(start, end),
        )


def _start(second: BaseProcess) -> None:
    """Fork the second process: it has the text as this process has it, nothing is
    copied. Ctrl-C is held back while it forks, and arrives once it has: Python drops the
    ``KeyboardInterrupt`` of a Ctrl-C that lands in its own callbacks around a fork (it
    prints "Exception ignored in …" and goes on reading)."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        second.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _send_part(read: _Reading, start: int, sending: Connection) -> None:
    """In the second process: the claims from ``start`` to the end, sent back. Ctrl-C is
    left to the first process, which stops this one (it is ignored here, then no longer
    held back as the fork held it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    sending.send(read.part(start, None))
    sending.close()


def _received(receiving: Connection) -> Claims | None:
    """What the second process sent; ``None`` if it ended without sending (then this
    process reads its part itself)."""
    try:
        received: Claims = receiving.recv()
    except EOFError:
        return None
    return received


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()

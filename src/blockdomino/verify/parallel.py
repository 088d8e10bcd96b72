"""A long text's prose read in two processes, on two cores.

The prose of a text can be read in parts (``prose_parts``): the hands, lines of play,
stories and claims of a part, with what a part needs from before it read again there
(the sentences before it, for what they carry ahead, a fifth of the time a sentence
takes; the examples of the few lines around it). So a long text is cut in two at a blank
line: this process reads the first part, while a second one, forked from this, reads
the second. Its reports come back to this process, and the two joined are what one
process reading the whole text finds, in the same order: the report does not depend on
how it was read.

Two processes pay off only for a long text (``LONG``), with a blank line to cut it at,
and only where this process can fork (not in the browser's Python, not where ``fork``
is not how processes start). The second process ignores Ctrl-C: this one stops it when
it is interrupted itself.
"""

from __future__ import annotations

import multiprocessing
import signal
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Final

from blockdomino.verify.prose_parts import PartRead, ProseRead

LONG: Final = 1_000_000
"""The characters of text from which its prose is read in two processes: below it,
starting the second process costs more than it saves."""
FIRST_SHARE: Final = 0.55
"""The share of the text this process reads: the second process also reads the sentences
before its part, for what they carry ahead, so it takes the smaller part."""


def read_prose(reading: ProseRead, *, processes: int = 1) -> PartRead:
    """The hands, lines of play, stories and claims of the prose of ``reading``; with
    ``processes`` 2 or more, a long text's in two processes."""
    text = reading.text
    cut = reading.cut(FIRST_SHARE) if processes >= 2 and len(text) >= LONG else None
    if cut is None or not _can_fork():
        return reading.part(0, None)
    receiving, sending = multiprocessing.get_context("fork").Pipe(duplex=False)
    second = multiprocessing.get_context("fork").Process(
        target=_send_part, args=(reading, cut, sending), daemon=True
    )
    try:
        _start(second)
        sending.close()  # the second process has its own copy of this end of the pipe
        first = reading.part(0, cut)
        return first.joined(_received(receiving) or reading.part(cut, None))
    finally:  # done, or stopped (Ctrl-C): the second process too
        sending.close()
        receiving.close()
        if second.pid is not None:
            second.terminate()
            second.join()


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


def _send_part(reading: ProseRead, start: int, sending: Connection) -> None:
    """In the second process: the prose from ``start`` to the end, sent back. Ctrl-C is
    left to the first process, which stops this one (it is ignored here, then no longer
    held back as the fork held it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    sending.send(reading.part(start, None))
    sending.close()


def _received(receiving: Connection) -> PartRead | None:
    """What the second process sent; ``None`` if it ended without sending (then this
    process reads its part itself)."""
    try:
        received: PartRead = receiving.recv()
    except EOFError:
        return None
    return received


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()

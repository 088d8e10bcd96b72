"""Ctrl-C that is not lost: noted when it is pressed, so a command can stop at its next
step even when the ``KeyboardInterrupt`` it raised was dropped.

Python drops an exception raised inside a callback it runs on its own, such as the one
that releases a module's import lock (it prints "Exception ignored in …" and a traceback,
and goes on). A Ctrl-C pressed at that moment, while the commands load or matplotlib
does, would leave the command running for minutes. Inside :func:`ctrl_c_noted`, Ctrl-C
still raises ``KeyboardInterrupt`` at once; one that Python drops is noted without a
word (the command says it stopped, once, when it does), and :func:`stop_if_asked`
raises it again at the next step of the work (:func:`stopping` does at each progress
report). A Ctrl-C the command was started to ignore (by a shell, for a command run in
its background) stays ignored.
"""

from __future__ import annotations

import contextlib
import functools
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType

_asked: list[bool] = []
"""Whether Ctrl-C was pressed inside :func:`ctrl_c_noted` (one entry, while inside)."""


def _interrupt(signum: int, frame: FrameType | None) -> None:
    if _asked:
        _asked[0] = True
    raise KeyboardInterrupt


@contextlib.contextmanager
def ctrl_c_noted() -> Iterator[None]:
    """Within it, Ctrl-C is noted as well as raised (in the main thread, where Python's
    own handler is in place; elsewhere nothing changes)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    _asked[:] = [False]
    previous = signal.signal(signal.SIGINT, _interrupt)
    hook = sys.unraisablehook
    sys.unraisablehook = functools.partial(_dropped, hook)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        sys.unraisablehook = hook
        _asked.clear()


def _dropped(
    hook: Callable[[sys.UnraisableHookArgs], object], dropped: sys.UnraisableHookArgs
) -> None:
    """An exception Python dropped: a ``KeyboardInterrupt`` is a Ctrl-C, noted (it was
    when pressed) and not printed; anything else goes to ``hook``, as before."""
    if dropped.exc_type is not None and issubclass(dropped.exc_type, KeyboardInterrupt):
        return
    hook(dropped)


def stop_if_asked() -> None:
    """Raise ``KeyboardInterrupt`` if Ctrl-C was pressed within :func:`ctrl_c_noted`
    (its own ``KeyboardInterrupt`` may have been dropped); else nothing."""
    if _asked and _asked[0]:
        raise KeyboardInterrupt


def stopping(report: Callable[[int], object]) -> Callable[[int], None]:
    """``report`` (a progress bar's ``update``, told how much more is done), which first
    stops the work if Ctrl-C was pressed and its ``KeyboardInterrupt`` lost."""

    def progress(done: int) -> None:
        stop_if_asked()
        report(done)

    return progress

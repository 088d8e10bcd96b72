"""Child processes that stop when the teacher stops the command.

A build step (Node compiling with Pyodide, JupyterLite's build and what it starts) and
the classroom's Voilà run in a process group of their own: Ctrl-C in the terminal then
reaches only the command, which stops the whole group itself (:func:`stop`) and cleans up
after it. Inside :func:`stopped_by_signals` a SIGTERM (``kill``) or a SIGHUP (the terminal
closed) stops the command as Ctrl-C does, with its cleanup, instead of killing it on the
spot with its children left running.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any, Final

GRACE_SECONDS: Final = 5.0
"""How long a stopped group may take to end by itself before it is killed."""

STOPPING: Final = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that stop a command: Ctrl-C, ``kill``, and the terminal closed."""


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Within it, every signal of :data:`STOPPING` raises ``KeyboardInterrupt`` (in the
    main thread; elsewhere signals cannot be handled and nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, _interrupt) for number in STOPPING}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Within it, the signals of :data:`STOPPING` wait (they arrive once it ends), so that
    a step that must finish (a folder renamed into place, a temporary one removed) does."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def start(command: Sequence[str], **options: Any) -> subprocess.Popen[Any]:
    """Start ``command`` as the leader of a process group of its own (a new session on
    POSIX, a new process group on Windows)."""
    if os.name == "posix":
        options["start_new_session"] = True
    else:
        options["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
    return subprocess.Popen(list(command), **options)


def stop(process: subprocess.Popen[Any], *, grace: float = GRACE_SECONDS) -> int:
    """Stop ``process`` and every process of its group: asked to end (SIGTERM), killed
    if it has not within ``grace`` seconds; its exit status."""
    _signal_group(process, signal.SIGTERM)
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        _signal_group(process, getattr(signal, "SIGKILL", signal.SIGTERM))
        process.wait()
    _signal_group(process, getattr(signal, "SIGKILL", signal.SIGTERM))
    return process.returncode


def _signal_group(process: subprocess.Popen[Any], number: int) -> None:
    """Send ``number`` to ``process``'s group (on POSIX; to the process elsewhere); a
    group already gone is no error."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if os.name == "posix":
            os.killpg(process.pid, number)
        elif process.poll() is None:
            process.send_signal(number)


def run(command: Sequence[str], *, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in a process group of its own, its output captured; whatever stops
    the wait (Ctrl-C, a signal of :data:`STOPPING` inside :func:`stopped_by_signals`)
    stops the whole group before it goes on."""
    with start(
        command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        try:
            out, err = process.communicate()
        except BaseException:
            stop(process)
            raise
        _signal_group(process, getattr(signal, "SIGKILL", signal.SIGTERM))
    return subprocess.CompletedProcess(list(command), process.returncode, out, err)

"""Writing files so that no failure leaves half of one.

Every file the product writes (a game record, a kept game, a diagram, a page, a sheet)
goes through :func:`write_atomic`: the bytes go to a temporary file in the same folder,
which is flushed and synced to the disk, then renamed over the target in one step
(``os.replace``). A crash, a kill or a full disk at any moment leaves either the old
file whole or the new one whole, never a mixture and never an empty file.

The folder itself is not synced after the rename. Syncing it would make the rename
durable at once, at the cost of a second wait for the disk on every save (a kept game
is saved after every move): after a power cut, the folder may then show the previous
file instead of the newest, but always a whole one.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import tempfile
from pathlib import Path

__all__ = ["FileTooLargeError", "read_limited", "write_atomic"]


class FileTooLargeError(OSError):
    """A file holds more bytes than the reader takes (``/dev/zero`` never ends)."""


def read_limited(path: str | os.PathLike[str], *, limit: int) -> bytes:
    """The bytes of the file at ``path``, at most ``limit`` of them.

    A longer file (or an endless one such as ``/dev/zero``) raises
    :class:`FileTooLargeError` after reading ``limit + 1`` bytes, never more. A named
    pipe is opened without waiting for a writer: one that nobody writes to reads as
    empty instead of blocking forever; one being written to is read to its end.
    """
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as stream:
        os.set_blocking(descriptor, True)
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(errno.EFBIG, os.strerror(errno.EFBIG), os.fspath(path))
    return data


def write_atomic(
    path: str | os.PathLike[str],
    data: str | bytes,
    *,
    encoding: str = "utf-8",
    mode: int | None = None,
) -> Path:
    """Write ``data`` to ``path`` atomically and return the path written.

    Text is encoded with ``encoding``. The file gets ``mode`` (``0o600``: its owner's
    alone) before it takes the target's name; without it, the permissions of the file
    it replaces, or a new file's usual ones. The temporary file lies beside the target (a rename
    is atomic only within one file system) and is removed if anything fails; the error
    (``OSError``: a missing folder, no permission, a full disk) reaches the caller with
    the old file untouched.
    """
    target = Path(path)
    payload = data.encode(encoding) if isinstance(data, str) else data
    try:
        descriptor, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
        )
    except OSError as error:  # the reason belongs to the file asked for, not the temporary
        raise OSError(error.errno, error.strerror, os.fspath(target)) from None
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        with contextlib.suppress(OSError):
            os.chmod(temporary, _mode_for(target) if mode is None else mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return target


def _mode_for(target: Path) -> int:
    """The permissions of the file being replaced, or the usual ones of a new file."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def durable_database(path: Path, schema: str) -> sqlite3.Connection:
    """The SQLite database at ``path``, made with ``schema`` if new: in WAL mode, every
    commit synced to the disk before it returns, foreign keys kept, each statement its
    own transaction unless one is begun (``isolation_level=None``); usable from the
    server's threads."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    db.executescript(schema)
    return db

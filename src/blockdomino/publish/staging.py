"""A folder built beside its target and put in place whole, its stamp written last.

A build that stops halfway (Ctrl-C, SIGTERM, the terminal closed, a failure) must leave
no half folder where a teacher serves from, and must not lose the folder built before.
:func:`staged` gives the build a fresh folder inside a temporary one in the target's own
parent (moving it is then a rename on one file system); only once the build is done does
it write the stamp (:data:`STAMP`) and rename the new folder into place, the previous
one going at that very moment. Whatever stops the build, the temporary folder goes and
the previous folder stays as it was.

The stamp names the package's version, the build's time (``SOURCE_DATE_EPOCH`` if set,
else a fixed date, so that the same build writes the same bytes) and every file with its
size and SHA-256: :func:`is_complete` tells a finished folder from any other.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import importlib.metadata
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

from blockdomino.files import write_atomic
from blockdomino.publish.processes import signals_held

STAMP: Final = "blockdomino-build.json"
"""The stamp file at the top of a finished folder."""
FIXED_TIME: Final = 315532800
"""The build time a stamp names without ``SOURCE_DATE_EPOCH``: 1980-01-01, as in the zips."""
_CHUNK: Final = 1 << 20


def build_time() -> str:
    """The build's time in UTC, ISO 8601: ``SOURCE_DATE_EPOCH``, else :data:`FIXED_TIME`."""
    seconds = int(os.environ.get("SOURCE_DATE_EPOCH") or FIXED_TIME)
    moment = datetime.datetime.fromtimestamp(seconds, tz=datetime.UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def sha256(path: Path) -> str:
    """The SHA-256 of the file at ``path``, in hex, as the stamp names it."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while chunk := stream.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def stamp(folder: Path) -> dict[str, Any]:
    """The stamp of ``folder``: the version, the build time, every file (by its path
    inside, ``/``-separated, sorted) with its size and SHA-256."""
    files = {
        path.relative_to(folder).as_posix(): {"size": path.stat().st_size, "sha256": sha256(path)}
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.name != STAMP
    }
    return {"blockdomino": _version(), "built": build_time(), "files": files}


def _version() -> str:
    try:
        return importlib.metadata.version("blockdomino")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def write_stamp(folder: Path) -> Path:
    """Write ``folder``'s stamp into it; the stamp's path."""
    text = json.dumps(stamp(folder), indent=1, sort_keys=True) + "\n"
    return write_atomic(folder / STAMP, text)


def is_complete(folder: Path) -> bool:
    """Whether ``folder`` is a finished build: its stamp is there, and every file the
    stamp names is there with its size."""
    try:
        files = json.loads((folder / STAMP).read_text(encoding="utf-8"))["files"]
        return all((folder / name).stat().st_size == entry["size"] for name, entry in files.items())
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


@contextlib.contextmanager
def staged(out: Path) -> Iterator[Path]:
    """A folder (not yet made) to build ``out`` in; once the block ends without an error,
    stamped and renamed to ``out``, replacing the one there. The temporary folder around
    it lies in ``out``'s parent, hidden, and is removed however the block ends."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    try:
        new = work / "new"
        yield new
        write_stamp(new)
        with signals_held():
            _swap(new, out, work / "old")
    finally:
        with signals_held():
            shutil.rmtree(work, ignore_errors=True)


def _swap(new: Path, out: Path, old: Path) -> None:
    """Rename ``new`` to ``out``; the folder there before goes to ``old`` (and comes
    back if the rename fails)."""
    if out.exists():
        out.rename(old)
    try:
        new.rename(out)
    except OSError:
        if old.exists():
            old.rename(out)
        raise

"""Precompressed copies of a built site's files: ``name.br`` and ``name.gz`` beside each
file that compresses well, so that thirty tablets on one access point move a third of
the bytes.


:func:`precompress` writes them (atomically, and only where the copy is missing or older
than its file); the site build calls it (:func:`site_part`, so a built site holds its
copies in its build stamp), and ``blockdomino serve`` for a site built before. A copy is kept only
when it is at least a tenth smaller than its file; images and archives that are already
compressed are left alone.

A site copied to another folder, a USB stick or another computer has new file times
throughout, so time alone cannot tell it from a site whose files changed. Content can:
a file newer than the last compression whose SHA-256 is the one the build stamp names,
beside copies the stamp names with theirs, is the build's file with the build's copies
(:func:`outdated` leaves it out). Only a file changed since the build is compressed
again: a copied site starts at once.
"""

from __future__ import annotations

import contextlib
import gzip
import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Final

import brotli  # type: ignore[import-untyped]

from blockdomino.files import write_atomic
from blockdomino.publish import staging

COMPRESSIBLE: Final = frozenset(
    {
        ".html", ".js", ".mjs", ".css", ".json", ".ipynb", ".webmanifest", ".svg",
        ".wasm", ".txt", ".map", ".py", ".md", ".xml", ".whl", ".zip", ".tar", ".data",
    }
)  # fmt: skip
"""The kinds of file worth compressing. A wheel or a zip is an archive, but the app's
zips hold their entries stored (``publish.bytecode``), and so do some of Pyodide's
wheels: compressed whole they shrink by a third or more. An archive of entries
compressed each gets no copy (it would not be a tenth smaller)."""
ENCODINGS: Final = ("br", "gzip")
"""The encodings written, best first."""
SUFFIX: Final = {"br": ".br", "gzip": ".gz"}
WORTH: Final = 0.9
"""A copy is kept only when it is at most this share of its file's size."""
SMALLEST: Final = 512
"""Files smaller than this many bytes are not worth a copy."""


def compressed(data: bytes, encoding: str) -> bytes:
    """``data`` compressed with ``encoding`` (``br`` or ``gzip``), at the best level, with
    no time stamp inside (the same file, the same bytes)."""
    if encoding == "br":
        return bytes(brotli.compress(data, quality=11))
    return gzip.compress(data, compresslevel=9, mtime=0)


def _candidates(folder: Path) -> Iterator[Path]:
    """The files worth a copy: the build stamp, written after the copies and read by
    the server alone, is not one."""
    for path in sorted(folder.rglob("*")):
        if (
            path.suffix in COMPRESSIBLE
            and path.name != staging.STAMP
            and path.is_file()
            and not path.is_symlink()
        ):
            yield path


STAMP: Final = ".precompressed"
"""The file :func:`precompress` leaves in the folder when done: a file older than it was
looked at (a file that does not compress well has no copy)."""


def _done(path: Path, stamp: float) -> bool:
    return path.stat().st_mtime <= stamp


def _stamp(folder: Path) -> float:
    marker = folder / STAMP
    return marker.stat().st_mtime if marker.exists() else float("-inf")


def built_hashes(folder: Path) -> dict[str, str]:
    """The SHA-256 of every file as the site build left it (by its path inside, as the
    build stamp names it), when that build wrote the copies (its stamp names
    :data:`STAMP`); none for a folder built without them or without a stamp."""
    try:
        files = json.loads((folder / staging.STAMP).read_text(encoding="utf-8"))["files"]
        hashes = {str(name): str(entry["sha256"]) for name, entry in files.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}
    return hashes if STAMP in hashes else {}


def _as_built(folder: Path, source: Path, built: Mapping[str, str]) -> bool:
    """Whether ``source`` is the file the build compressed, with the build's copies
    beside it (a copy the build did not keep is not looked for)."""
    name = source.relative_to(folder).as_posix()
    if name not in built or staging.sha256(source) != built[name]:
        return False
    for suffix in SUFFIX.values():
        copy = name + suffix
        if copy in built and not (
            (folder / copy).is_file() and staging.sha256(folder / copy) == built[copy]
        ):
            return False
    return True


def newer(folder: Path) -> list[Path]:
    """The compressible files of ``folder`` changed, by their time, since
    :func:`precompress` last ran there (every one, in a copied site); files too small
    for a copy left out."""
    stamp = _stamp(folder)
    return [
        source
        for source in _candidates(folder)
        if not _done(source, stamp) and source.stat().st_size >= SMALLEST
    ]


def outdated(folder: Path, newer_files: Sequence[Path] | None = None) -> list[Path]:
    """Of ``newer_files`` (default: :func:`newer`), the files whose copies are missing
    or outdated: all but those the build stamp shows as built, copies and all."""
    built = built_hashes(folder)
    candidates = newer(folder) if newer_files is None else newer_files
    return [source for source in candidates if not _as_built(folder, source, built)]


def precompress(folder: Path, sources: Sequence[Path] | None = None) -> int:
    """Write the ``.br`` and ``.gz`` copies of ``sources`` (default: every file of
    ``folder`` whose copies are missing or outdated, :func:`outdated`); how many copies
    were written. The folder is then marked done."""
    written = 0
    for source in outdated(folder) if sources is None else sources:
        data = source.read_bytes()
        for encoding in ENCODINGS:
            packed = compressed(data, encoding)
            if len(packed) <= WORTH * len(data):
                write_atomic(source.with_name(source.name + SUFFIX[encoding]), packed)
                written += 1
    write_atomic(folder / STAMP, b"")
    return written


def mark_checked(folder: Path) -> None:
    """Mark ``folder`` done after its files were found as built, so that the next start
    need not read them again; a folder that cannot be written (a stick locked against
    writing) is read again next time."""
    with contextlib.suppress(OSError):
        write_atomic(folder / STAMP, b"")


def site_part(folder: Path) -> int:
    """The copies of a site being built written (the site build's last part): their
    size in bytes."""
    precompress(folder)
    copies = (p for p in folder.rglob("*") if p.suffix in (".br", ".gz") and p.is_file())
    return sum(path.stat().st_size for path in copies)

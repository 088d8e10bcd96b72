"""Precompressed copies of a built site's files: ``name.br`` and ``name.gz`` beside each
file that compresses well, so that thirty tablets on one access point move a third of
the bytes.

:func:`precompress` writes them (atomically, and only where the copy is missing or older
than its file); the site build calls it (:func:`site_part`, so a built site holds its
copies in its build stamp), and ``blockdomino serve`` for a site built before. A copy is kept only
when it is at least a tenth smaller than its file; images and archives that are already
compressed are left alone.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import brotli  # type: ignore[import-untyped]

from blockdomino.files import write_atomic

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
    for path in sorted(folder.rglob("*")):
        if path.suffix in COMPRESSIBLE and path.is_file() and not path.is_symlink():
            yield path


STAMP: Final = ".precompressed"
"""The file :func:`precompress` leaves in the folder when done: a file older than it was
looked at (a file that does not compress well has no copy)."""


def _done(path: Path, stamp: float) -> bool:
    return path.stat().st_mtime <= stamp


def _stamp(folder: Path) -> float:
    marker = folder / STAMP
    return marker.stat().st_mtime if marker.exists() else float("-inf")


def precompress(folder: Path) -> int:
    """Write the missing or outdated ``.br`` and ``.gz`` copies of the compressible files
    in ``folder``; how many copies were written."""
    written = 0
    stamp = _stamp(folder)
    for source in _candidates(folder):
        if _done(source, stamp) or source.stat().st_size < SMALLEST:
            continue
        data = source.read_bytes()
        for encoding in ENCODINGS:
            packed = compressed(data, encoding)
            if len(packed) <= WORTH * len(data):
                write_atomic(source.with_name(source.name + SUFFIX[encoding]), packed)
                written += 1
    write_atomic(folder / STAMP, b"")
    return written


def site_part(folder: Path) -> int:
    """The copies of a site being built written (the site build's last part): their
    size in bytes."""
    precompress(folder)
    copies = (p for p in folder.rglob("*") if p.suffix in (".br", ".gz") and p.is_file())
    return sum(path.stat().st_size for path in copies)


def missing_copies(folder: Path) -> bool:
    """Whether some compressible file of ``folder`` changed since :func:`precompress` last
    ran there (or it never did): its copies are missing or outdated."""
    stamp = _stamp(folder)
    return any(not _done(source, stamp) for source in _candidates(folder))

"""What the builds fetch from a package registry, kept between builds and checked before
every use: Pyodide's core files, from its npm package.

The cache lies in the user's own cache folder (``platformdirs``: ``~/.cache/blockdomino``
on Linux), never in a temporary folder every user of the computer shares, where another
could put a file of theirs first; :data:`CACHE_VARIABLE` names another folder (for CI
and the tests). Every file is checked against its pinned hash before it is used: the
package against the npm registry's integrity of :data:`PYODIDE_VERSION`
(:data:`PYODIDE_INTEGRITY`, SHA-512), each core file against its SHA-256
(:data:`PYODIDE_SHA256`, taken from that package). A file that does not match is
discarded and fetched again, and the build says so in one line on stderr; a fresh
download that does not match either is refused.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import sys
import tarfile
from collections.abc import Callable
from pathlib import Path
from typing import Final

import platformdirs

from blockdomino.engine.errors import BlockdominoError
from blockdomino.files import write_atomic
from blockdomino.publish import processes
from blockdomino.words.i18n import translate

CACHE_VARIABLE: Final = "BLOCKDOMINO_CACHE"
"""The environment variable naming the cache folder in place of the user's own."""

PYODIDE_VERSION: Final = "314.0.6"
"""The Pyodide release of the npm registry the site runs; the one
``jupyterlite-pyodide-kernel`` 0.8.6 (pinned in the ``site`` extra) is made for."""
PYODIDE_INTEGRITY: Final = (
    "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/"
    "Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="
)
"""The npm registry's ``dist.integrity`` of ``pyodide@PYODIDE_VERSION``."""
PYODIDE_SHA256: Final = {
    "pyodide.mjs": "69e3f6ccec3e14b465df60be577ca62f536251406b9a00cce019eac5252a2495",
    "pyodide.asm.mjs": "2ac5eba365ec12839c75c03b39b3be1dd63b798852cc460b014b52238be042f7",
    "pyodide.asm.wasm": "3a0a00dfeaa348ac20f9ef09904233d32d33f644339662d4af368f8a2010f37a",
    "python_stdlib.zip": "80c5be6babfe03297069703410c3c29404dcf2525d2b128746bae5536f94831f",
    "pyodide-lock.json": "3fdaef09e9e365c85e002737720f8d0ab8f278c1c244a2dde6a37663cf488ad4",
}
"""The files of Pyodide's npm package the kernel loads, each with its SHA-256."""
PYODIDE_CORE: Final = tuple(PYODIDE_SHA256)

Fetch = Callable[[Path], Path]
"""A way to fetch Pyodide's npm package into a folder; the package's path."""

_CHUNK: Final = 1 << 20


class DownloadError(BlockdominoError):
    """A download cannot be had, or does not match its pinned hash."""


def cache_folder() -> Path:
    """Where the builds keep their downloads: :data:`CACHE_VARIABLE`'s folder if set,
    else the user's own cache folder."""
    return Path(os.environ.get(CACHE_VARIABLE) or platformdirs.user_cache_path("blockdomino"))


def sha256(path: Path) -> str:
    """The SHA-256 of a file, in hex."""
    return _digest(path, "sha256").hex()


def integrity(path: Path) -> str:
    """A file's SHA-512 as npm writes an integrity: ``sha512-`` and its base64."""
    return "sha512-" + base64.b64encode(_digest(path, "sha512")).decode("ascii")


def _digest(path: Path, algorithm: str) -> bytes:
    digest = hashlib.new(algorithm)
    with path.open("rb") as stream:
        while chunk := stream.read(_CHUNK):
            digest.update(chunk)
    return digest.digest()


def npm_pack(cache: Path) -> Path:
    """Fetch ``pyodide@PYODIDE_VERSION`` with ``npm pack`` into ``cache``; its path."""
    if shutil.which("npm") is None:
        raise DownloadError("site.error.npm")
    spec = f"pyodide@{PYODIDE_VERSION}"
    done = processes.run(["npm", "pack", spec, "--pack-destination", str(cache)])
    if done.returncode != 0:
        raise DownloadError("site.error.fetch", what=spec, reason=done.stderr.strip()[-400:])
    return cache / f"pyodide-{PYODIDE_VERSION}.tgz"


def _matches(path: Path, pinned: str, check: Callable[[Path], str], lang: str) -> bool:
    """Whether ``path`` is there and ``check`` gives its ``pinned`` hash; a file there that
    does not match is removed, and said on stderr."""
    if not path.is_file():
        return False
    if check(path) == pinned:
        return True
    path.unlink()
    print(f"blockdomino: {translate('site.cache.mismatch', lang, path=path)}", file=sys.stderr)
    return False


def pyodide_package(cache: Path, *, lang: str = "en", fetch: Fetch = npm_pack) -> Path:
    """Pyodide's npm package in ``cache``, checked against :data:`PYODIDE_INTEGRITY`;
    fetched with ``fetch`` if it is not there or does not match."""
    packed = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if _matches(packed, PYODIDE_INTEGRITY, integrity, lang):
        return packed
    cache.mkdir(parents=True, exist_ok=True)
    fetched = fetch(cache)
    if integrity(fetched) != PYODIDE_INTEGRITY:
        fetched.unlink()
        raise DownloadError("site.error.integrity", what=f"pyodide@{PYODIDE_VERSION}")
    return fetched


def pyodide_core(cache: Path | None = None, *, lang: str = "en", fetch: Fetch = npm_pack) -> Path:
    """Pyodide's core files in ``cache`` (default: :func:`cache_folder`), each checked
    against :data:`PYODIDE_SHA256`; those missing or not matching are unpacked again
    from the checked package (:func:`pyodide_package`). The folder."""
    cache = cache or cache_folder()
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    wanted = [
        name
        for name, pinned in PYODIDE_SHA256.items()
        if not _matches(folder / name, pinned, sha256, lang)
    ]
    if not wanted:
        return folder
    packed = pyodide_package(cache, lang=lang, fetch=fetch)
    folder.mkdir(parents=True, exist_ok=True)
    with tarfile.open(packed) as archive:
        for name in wanted:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise DownloadError("site.error.integrity", what=f"{packed}: {name}")
            write_atomic(folder / name, member.read())
            if sha256(folder / name) != PYODIDE_SHA256[name]:
                raise DownloadError("site.error.integrity", what=f"{packed}: {name}")
    return folder

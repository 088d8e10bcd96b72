"""What the builds fetch from a package registry, kept between builds and checked before
every use: Pyodide's core files, and the app's brotli decoder, each from its npm package.

The cache lies in the user's own cache folder (``platformdirs``: ``~/.cache/blockdomino``
on Linux), never in a temporary folder every user of the computer shares, where another
could put a file of theirs first; :data:`CACHE_VARIABLE` names another folder (for CI
and the tests). Every file is checked against its pinned hash before it is used: the
package against the npm registry's integrity of :data:`PYODIDE_VERSION`
(:data:`PYODIDE_INTEGRITY`, SHA-512), each core file against its SHA-256
(:data:`PYODIDE_SHA256`, taken from that package), and so the decoder's
(:data:`BROTLI_DECODER`). A file that does not match is
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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
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
"""A way to fetch an npm package into a folder; the package's path."""


@dataclass(frozen=True)
class NpmPackage:
    """A package of the npm registry, pinned: its name and version, the registry's
    ``dist.integrity`` of it, and the files the builds take from it (their paths inside
    the package, each with its SHA-256), each kept in the cache under its own name."""

    name: str
    version: str
    integrity: str
    files: Mapping[str, str]

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def packed(self) -> str:
        """The file name ``npm pack`` gives the package."""
        return f"{self.name}-{self.version}.tgz"


BROTLI_DECODER: Final = NpmPackage(
    "brotli-dec-wasm",
    "2.3.2",
    "sha512-5H+k8eVLIJY6B4olN2HP9QzJAxcplf0jV7mWnkpxvOSeUE9Npg3dQ2pgLn30a9MUFHNro1iSmtdu6VNdlb+TIw==",
    {
        "pkg/brotli_dec_wasm.js": (
            "19cf5d13fa62df4ebdf3fcefddeefa54b41fd7cca83be2b553dd5a1e9c81b2d0"
        ),
        "pkg/brotli_dec_wasm_bg.wasm": (
            "79b29cb1790560f0a0f32b4a31d935e2782875e4a367fde23c81d986b327ec3f"
        ),
    },
)
"""The app's brotli decoder (Rust's, built to WebAssembly, 200 kB): a browser offers
brotli only to a secure origin, so over plain http the app's worker fetches Python's
files compressed with brotli as they lie beside them and decodes them itself."""

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


def _pyodide() -> NpmPackage:
    """Pyodide's package, as pinned now (the tests pin another)."""
    return NpmPackage("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY, PYODIDE_SHA256)


def npm_pack(cache: Path, package: NpmPackage | None = None) -> Path:
    """Fetch ``package`` (Pyodide's by default) with ``npm pack`` into ``cache``; its path."""
    package = package or _pyodide()
    if shutil.which("npm") is None:
        raise DownloadError("site.error.npm")
    done = processes.run(["npm", "pack", package.spec, "--pack-destination", str(cache)])
    if done.returncode != 0:
        what, reason = package.spec, done.stderr.strip()[-400:]
        raise DownloadError("site.error.fetch", what=what, reason=reason)
    return cache / package.packed


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


def npm_package(
    package: NpmPackage, cache: Path, *, lang: str = "en", fetch: Fetch | None = None
) -> Path:
    """``package`` in ``cache``, checked against its integrity; fetched with ``fetch``
    (``npm pack``) if it is not there or does not match."""
    packed = cache / package.packed
    if _matches(packed, package.integrity, integrity, lang):
        return packed
    cache.mkdir(parents=True, exist_ok=True)
    fetched = (fetch or partial(npm_pack, package=package))(cache)
    if integrity(fetched) != package.integrity:
        fetched.unlink()
        raise DownloadError("site.error.integrity", what=package.spec)
    return fetched


def pyodide_core(
    cache: Path | None = None, *, lang: str = "en", fetch: Fetch | None = None
) -> Path:
    """Pyodide's core files in ``cache`` (default: :func:`cache_folder`), each checked
    against :data:`PYODIDE_SHA256`; those missing or not matching are unpacked again
    from the checked package (:func:`npm_package`). The folder."""
    return npm_files(_pyodide(), cache, lang=lang, fetch=fetch)


def brotli_decoder(
    cache: Path | None = None, *, lang: str = "en", fetch: Fetch | None = None
) -> Path:
    """The files of :data:`BROTLI_DECODER` in ``cache``, checked (:func:`npm_files`)."""
    return npm_files(BROTLI_DECODER, cache, lang=lang, fetch=fetch)


def npm_files(
    package: NpmPackage, cache: Path | None = None, *, lang: str = "en", fetch: Fetch | None = None
) -> Path:
    """The files of ``package`` in a folder of ``cache`` (default: :func:`cache_folder`)
    named after it, each checked against its SHA-256; those missing or not matching are
    unpacked again from the checked package (:func:`npm_package`). The folder."""
    cache = cache or cache_folder()
    folder = cache / f"{package.name}-{package.version}"
    wanted = [
        inside
        for inside, pinned in package.files.items()
        if not _matches(folder / Path(inside).name, pinned, sha256, lang)
    ]
    if not wanted:
        return folder
    packed = npm_package(package, cache, lang=lang, fetch=fetch)
    folder.mkdir(parents=True, exist_ok=True)
    with tarfile.open(packed) as archive:
        for inside in wanted:
            member = archive.extractfile(f"package/{inside}")
            if member is None:
                raise DownloadError("site.error.integrity", what=f"{packed}: {inside}")
            target = folder / Path(inside).name
            write_atomic(target, member.read())
            if sha256(target) != package.files[inside]:
                raise DownloadError("site.error.integrity", what=f"{packed}: {inside}")
    return folder

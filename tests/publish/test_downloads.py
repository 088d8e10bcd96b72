"""The download cache (``blockdomino.publish.downloads``): in the user's own cache folder
unless ``BLOCKDOMINO_CACHE`` names another, and every cached file checked against its
pinned hash before use; a file that does not match is thrown away, fetched again, and
said in one line.

The tests pin a small package of their own and fetch it with a fake fetcher, which
counts its calls: nothing reaches the npm registry.
"""

from __future__ import annotations

import base64
import hashlib
import io
import tarfile
import tempfile
from pathlib import Path

import platformdirs
import pytest

from blockdomino.publish import downloads
from blockdomino.words.i18n import LANGS, translate

CORE = {name: f"the bytes of {name}".encode() for name in downloads.PYODIDE_CORE}


def package_bytes(files: dict[str, bytes] = CORE) -> bytes:
    """An npm package holding ``files`` (:data:`CORE`) under ``package/``."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as archive:
        for name, data in files.items():
            entry = tarfile.TarInfo(f"package/{name}")
            entry.size = len(data)
            archive.addfile(entry, io.BytesIO(data))
    return out.getvalue()


PACKAGE = package_bytes()


class Fetcher:
    """Writes ``data`` where ``npm pack`` would, and counts how often it was asked."""

    def __init__(self, data: bytes = PACKAGE) -> None:
        self.data = data
        self.calls = 0

    def __call__(self, cache: Path) -> Path:
        self.calls += 1
        packed = cache / f"pyodide-{downloads.PYODIDE_VERSION}.tgz"
        packed.write_bytes(self.data)
        return packed


@pytest.fixture(autouse=True)
def pinned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test package's hashes pinned in place of Pyodide's."""
    hashes = {name: hashlib.sha256(data).hexdigest() for name, data in CORE.items()}
    monkeypatch.setattr(downloads, "PYODIDE_SHA256", hashes)
    integrity = "sha512-" + base64.b64encode(hashlib.sha512(PACKAGE).digest()).decode()
    monkeypatch.setattr(downloads, "PYODIDE_INTEGRITY", integrity)


def test_the_cache_is_the_users_own_not_a_shared_temporary_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(downloads.CACHE_VARIABLE, raising=False)
    folder = downloads.cache_folder()
    assert folder == platformdirs.user_cache_path("blockdomino")
    assert not folder.is_relative_to(tempfile.gettempdir())
    monkeypatch.setenv(downloads.CACHE_VARIABLE, str(tmp_path / "ci"))
    assert downloads.cache_folder() == tmp_path / "ci"


def test_the_npm_integrity_is_sha512_in_base64(tmp_path: Path) -> None:
    (tmp_path / "file").write_bytes(b"abc")
    assert downloads.integrity(tmp_path / "file") == (
        "sha512-3a81oZNherrMQXNJriBBMRLm+k6JqX6iCp7u5ktV05ohkpkqJ0/BqDa6PCOj"
        "/uu9RU1EI2Q86A4qmslPpUyknw=="
    )


def test_a_first_build_fetches_once_and_says_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fetch = Fetcher()
    folder = downloads.pyodide_core(tmp_path, fetch=fetch)
    assert {name: (folder / name).read_bytes() for name in CORE} == CORE
    assert downloads.pyodide_core(tmp_path, fetch=fetch) == folder
    assert fetch.calls == 1
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("lang", LANGS)
def test_a_poisoned_core_file_is_thrown_away_unpacked_again_and_said(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    fetch = Fetcher()
    folder = downloads.pyodide_core(tmp_path, fetch=fetch)
    poisoned = folder / "pyodide.asm.wasm"
    poisoned.write_bytes(b"someone else's code")
    assert downloads.pyodide_core(tmp_path, lang=lang, fetch=fetch) == folder
    assert poisoned.read_bytes() == CORE["pyodide.asm.wasm"]
    said = translate("site.cache.mismatch", lang, path=poisoned)
    assert capsys.readouterr().err == f"blockdomino: {said}\n"


def test_a_poisoned_package_is_thrown_away_fetched_again_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another's package put in the cache before the first build is not unpacked."""
    packed = tmp_path / f"pyodide-{downloads.PYODIDE_VERSION}.tgz"
    packed.write_bytes(Fetcher().data[:-10] + b"0123456789")
    fetch = Fetcher()
    folder = downloads.pyodide_core(tmp_path, fetch=fetch)
    assert fetch.calls == 1
    assert packed.read_bytes() == PACKAGE
    assert (folder / "pyodide.mjs").read_bytes() == CORE["pyodide.mjs"]
    said = translate("site.cache.mismatch", "en", path=packed)
    assert capsys.readouterr().err == f"blockdomino: {said}\n"


def test_a_download_that_does_not_match_is_refused_and_not_kept(tmp_path: Path) -> None:
    fetch = Fetcher(b"not the package")
    with pytest.raises(downloads.DownloadError) as refused:
        downloads.pyodide_core(tmp_path, fetch=fetch)
    assert refused.value.key == "site.error.integrity"
    assert not list(tmp_path.glob("*.tgz"))
    assert not (tmp_path / f"pyodide-{downloads.PYODIDE_VERSION}" / "pyodide.mjs").exists()


def test_the_brotli_decoder_is_taken_from_its_own_package_checked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The decoder's files come out of their folder inside the package (``pkg/``), each
    checked against its SHA-256, kept under its own name beside Pyodide's folder."""
    files = {"pkg/decoder.js": b"the decoder", "pkg/decoder.wasm": b"\0asm"}
    data = package_bytes(files)
    pinned = downloads.NpmPackage(
        "decoder",
        "1.0.0",
        "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode(),
        {name: hashlib.sha256(content).hexdigest() for name, content in files.items()},
    )
    monkeypatch.setattr(downloads, "BROTLI_DECODER", pinned)

    def fetch(cache: Path) -> Path:
        (cache / pinned.packed).write_bytes(data)
        return cache / pinned.packed

    folder = downloads.brotli_decoder(tmp_path, fetch=fetch)
    assert folder == tmp_path / "decoder-1.0.0"
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == {
        "decoder.js": b"the decoder",
        "decoder.wasm": b"\0asm",
    }
    (folder / "decoder.wasm").write_bytes(b"someone else's code")
    downloads.brotli_decoder(tmp_path, fetch=fetch)
    assert (folder / "decoder.wasm").read_bytes() == b"\0asm"

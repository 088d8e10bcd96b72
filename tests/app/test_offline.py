"""The app offline: its service worker keeps every file of the app under a version that
is a digest of them all (the memory snapshot named apart, fetched after the first start),
and its manifest lets a tablet add it to the home screen."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from blockdomino.app.offline import WORKER, kept_files, later_files, write_service_worker
from blockdomino.app.snapshot import SNAPSHOT

APP = Path(__file__).resolve().parents[2] / "src" / "blockdomino" / "app" / "static"


def _app(folder: Path) -> Path:
    """A small app as the build lays one out: the page, a script, a chapter, an image."""
    for name, text in {
        "index.html": "<!doctype html>",
        "app.js": "// boots",
        "chapters/fi/0.json": "{}",
        "images/fi/chain.svg": "<svg/>",
        "pyodide/pyodide.asm.wasm": "wasm",
    }.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def _declared(worker: Path) -> tuple[str, list[str]]:
    """The version and the files a written ``sw.js`` declares."""
    text = worker.read_text(encoding="utf-8")
    version = re.search(r'^const VERSION = "(\w+)";$', text, re.MULTILINE)
    files = re.search(r"^const FILES = (\[.*?\]);$", text, re.MULTILINE | re.DOTALL)
    assert version, text[:200]
    assert files, text[:200]
    return version.group(1), json.loads(files.group(1))


def _later(worker: Path) -> dict[str, int]:
    """The files a written ``sw.js`` fetches only when the page asks, with their sizes."""
    text = worker.read_text(encoding="utf-8")
    later = re.search(r"^const SNAPSHOT = (\{.*?\});$", text, re.MULTILINE)
    assert later, text[:300]
    found: dict[str, int] = json.loads(later.group(1))
    return found


def test_the_worker_keeps_every_file_of_the_app_the_page_first(tmp_path: Path) -> None:
    app = _app(tmp_path / "app")
    _, files = _declared(write_service_worker(app))
    assert files[0] == "index.html"
    on_disk = {path.relative_to(app).as_posix() for path in app.rglob("*") if path.is_file()}
    assert set(files) == on_disk - {WORKER}
    assert len(files) == len(set(files))


def test_the_snapshot_is_named_apart_with_its_size_never_installed(tmp_path: Path) -> None:
    """A first visit's install fetches everything but the snapshot; the worker names it
    apart, with its size, to fetch once Python has started; a new snapshot, a new
    version (its own snapshot fetched again)."""
    app = _app(tmp_path / "app")
    without, _ = _declared(write_service_worker(app))
    assert _later(app / WORKER) == {}
    (app / SNAPSHOT).write_bytes(b"header and memory")
    version, files = _declared(write_service_worker(app))
    assert SNAPSHOT not in files
    assert SNAPSHOT not in kept_files(app)
    assert _later(app / WORKER) == later_files(app) == {SNAPSHOT: len(b"header and memory")}
    (app / SNAPSHOT).write_bytes(b"header and other memory")
    other, _ = _declared(write_service_worker(app))
    assert len({without, version, other}) == 3


def test_the_same_app_gives_the_same_worker_and_any_change_a_new_version(
    tmp_path: Path,
) -> None:
    first = _app(tmp_path / "first")
    second = _app(tmp_path / "second")
    assert write_service_worker(first).read_bytes() == write_service_worker(second).read_bytes()
    version, _ = _declared(first / WORKER)
    (second / "chapters" / "fi" / "0.json").write_text('{"changed": true}')
    changed, _ = _declared(write_service_worker(second))
    assert changed != version
    shutil.rmtree(second / "images")
    fewer, files = _declared(write_service_worker(second))
    assert fewer not in (version, changed)
    assert "images/fi/chain.svg" not in files


def test_a_rebuilt_worker_never_lists_itself(tmp_path: Path) -> None:
    app = _app(tmp_path / "app")
    once = write_service_worker(app).read_bytes()
    assert write_service_worker(app).read_bytes() == once
    assert WORKER not in kept_files(app)


def test_the_manifest_names_the_app_and_its_icon_and_the_page_links_them() -> None:
    manifest = json.loads((APP / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Block"
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert (APP / icon["src"]).is_file()
        assert "<svg" in (APP / icon["src"]).read_text(encoding="utf-8")
    page = (APP / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in page
    assert '<link rel="icon" href="icon.svg" type="image/svg+xml">' in page


def test_the_page_registers_the_worker_only_where_the_browser_allows() -> None:
    script = (APP / "offline.js").read_text(encoding="utf-8")
    assert 'register("sw.js")' in script
    assert "isSecureContext" in script
    assert ".catch(" in script

"""Every file of the app under a name that carries its content's hash: the build renames
each (Pyodide's folder whole), writes the new names into what names them (the chapters,
the manifest, the Python worker, the pages' import maps), gives the same names for the
same files, and a server keeps every such file for good and asks again for the rest."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

import pytest

from blockdomino.app.names import (
    ASKED,
    ENTRIES,
    IMMUTABLE,
    built_name,
    built_names,
    cache_control,
    digest,
    name_by_content,
    write_import_maps,
    write_twins,
)
from blockdomino.app.offline import kept_files

FILES = {
    "index.html": '<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">\n'
    '<script>new Worker("worker.js", { type: "module" });</script>\n'
    '<link rel="stylesheet" href="app.css">\n<link rel="manifest" href="manifest.webmanifest">\n'
    '<script type="module" src="app.js"></script>\n</head>\n'
    '<a href="check.html"></a> <a href="../"></a>\n</html>\n',
    "check.html": '<!doctype html>\n<meta charset="utf-8">\n<script type="module" src="check.js">'
    "</script>\n",
    "contents.json": "{}",
    "sw.js": "// the service worker",
    "app.js": 'import { word } from "./page.js";',
    "page.js": "export const word = 1;",
    "check.js": 'import "./page.js";',
    "app.css": "body {}",
    "icon.svg": "<svg/>",
    "manifest.webmanifest": '{"icons": [{"src": "icon.svg"}], "start_url": "./"}',
    "worker.js": 'import { keep } from "./kept.js";\n'
    'import { loadPyodide } from "./pyodide/pyodide.mjs";\nconst index = "pyodide/";',
    "kept.js": "export const keep = 1;",
    "pyodide/pyodide.mjs": "export const loadPyodide = 1;",
    "pyodide/pyodide.asm.wasm": "\0asm",
    "packages.zip": "PK",
    "snapshot.data": "memory",
    "chapters/fi/0.json": json.dumps({"html": '<img src="images/fi/chain.svg">'}),
    "images/fi/chain.svg": "<svg>chain</svg>",
}


def _app(folder: Path, changed: dict[str, str] | None = None) -> Path:
    """A small app as the build lays one out, named by content."""
    for name, text in (FILES | (changed or {})).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    write_import_maps(folder, name_by_content(folder))
    return folder


def _listing(app: Path) -> dict[str, bytes]:
    return {
        path.relative_to(app).as_posix(): path.read_bytes()
        for path in sorted(app.rglob("*"))
        if path.is_file()
    }


def test_every_file_but_the_entries_carries_its_contents_hash(tmp_path: Path) -> None:
    app = _app(tmp_path / "app")
    for name, data in _listing(app).items():
        if name in ENTRIES:
            continue
        if name.startswith("pyodide."):
            assert re.fullmatch(r"pyodide\.[0-9a-f]{12}/pyodide\.(mjs|asm\.wasm)", name), name
        else:
            assert f".{hashlib.sha256(data).hexdigest()[:12]}." in name, name
    assert {*ENTRIES} <= set(_listing(app))
    assert not (app / "app.js").exists()


def test_what_names_a_file_names_it_by_its_new_name(tmp_path: Path) -> None:
    """The chapters name their images, the manifest its icon, the worker its modules and
    Pyodide's folder, the pages their style and scripts by the new names; the pages'
    import map gives every new name by its old one."""
    app = _app(tmp_path / "app")
    names = built_names(app)
    assert set(names) >= {name for name in FILES if name not in ENTRIES}
    for new in names.values():
        assert (app / new).exists(), new
    worker = (app / names["worker.js"]).read_text()
    assert f'"./{names["kept.js"]}"' in worker
    assert f'"./{names["pyodide/pyodide.mjs"]}"' in worker
    assert f'"{names["pyodide/"]}"' in worker
    chapter = (app / names["chapters/fi/0.json"]).read_text()
    assert f'src=\\"{names["images/fi/chain.svg"]}\\"' in chapter
    assert names["icon.svg"] in (app / names["manifest.webmanifest"]).read_text()
    page = (app / "index.html").read_text()
    for old in ("worker.js", "app.css", "manifest.webmanifest", "app.js"):
        assert f'"{names[old]}"' in page, old
    assert page.index('<script type="importmap">') < page.index("<script>")
    assert 'href="check.html"' in page
    assert 'href="../"' in page
    assert f'src="{names["check.js"]}"' in (app / "check.html").read_text()
    assert built_name(app, "page.js") == names["page.js"]
    assert built_name(app, "index.html") == "index.html"


def test_the_same_files_give_the_same_names_and_bytes(tmp_path: Path) -> None:
    assert _listing(_app(tmp_path / "one")) == _listing(_app(tmp_path / "two"))


def test_a_change_renames_that_file_and_what_names_it_alone(tmp_path: Path) -> None:
    """A changed module gets a new name; the worker that imports it too; Python's big
    files keep theirs, so a browser that kept them fetches them not again."""
    before = built_names(_app(tmp_path / "one"))
    after = built_names(_app(tmp_path / "two", {"kept.js": "export const keep = 2;"}))
    changed = {name for name in before if before[name] != after[name]}
    assert changed == {"kept.js", "worker.js"}


@pytest.mark.parametrize(
    ("path", "caching"),
    [
        (f"/app/app.{digest(b'a')}.js", IMMUTABLE),
        (f"/app/chapters/fi/5.{digest(b'c')}.json", IMMUTABLE),
        (f"/app/pyodide.{digest(b'p')}/pyodide.asm.wasm", IMMUTABLE),
        (f"/app/snapshot.{digest(b's')}.data", IMMUTABLE),
        ("/app/", ASKED),
        ("/app/index.html", ASKED),
        ("/app/check.html", ASKED),
        ("/app/contents.json", ASKED),
        ("/app/sw.js", ASKED),
        ("/app/app.js", ASKED),
        ("/build/jlab_core.a86436d.js", None),
        ("/index.html", None),
    ],
)
def test_a_file_named_by_its_content_is_kept_for_good(path: str, caching: str | None) -> None:
    assert cache_control(path) == caching


def test_pythons_files_have_a_compressed_twin_the_service_worker_does_not_keep(
    tmp_path: Path,
) -> None:
    """For a server that compresses nothing: each twin is its file gzipped, the same bytes
    each build; the service worker keeps the files, never their twins."""
    app = _app(tmp_path / "app")
    files = [built_name(app, "packages.zip"), built_name(app, "snapshot.data")]
    write_twins(app, files)
    for name in files:
        twin = (app / f"{name}.gz").read_bytes()
        assert gzip.decompress(twin) == (app / name).read_bytes()
        assert twin == gzip.compress((app / name).read_bytes(), compresslevel=9, mtime=0)
        assert cache_control(f"/app/{name}.gz") == IMMUTABLE
    kept = kept_files(app)
    assert built_name(app, "packages.zip") in kept
    assert not [name for name in kept if name.endswith(".gz")]

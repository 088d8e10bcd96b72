"""Write the app: plain static files any web server (or ``blockdomino serve``) serves.

``build_app`` lays out one folder, self-contained, with no address outside it; every
file but the pages, ``contents.json`` and ``sw.js`` is then named by its content
(``app.js`` becomes ``app.<hash>.js``, ``pyodide/`` ``pyodide.<hash>/``:
``blockdomino.app.names``), so that a browser keeps it for good::

    index.html app.css *.js                  the page, its modules (app.js boots) and
                                             its worker, worker.js (package data)
    check.html report.css                    "Check a leaflet" (check.js), and the style
                                             of the report it shows (verify.page)
    manifest.webmanifest icon.svg            the app's name and icon for a home screen
    sw.js                                    the service worker, last (its version is
                                             a digest of every other file)
    contents.json                            the languages (``LANGS``, the first the
                                             default), chapters per language, the
                                             interface's words, the wheels, the presets a
                                             table may switch to, what the chooser asks of
                                             each table (``bridge.PIECES``), the computer
                                             players a hot seat's seat may be, and the
                                             names of Python's files
    chapters/<lang>/<n>.json                 each chapter (``blockdomino.app.chapters``)
    images/<lang>/                           the images the chapters' prose shows
    pyodide/                                 Pyodide's core files, its lock emptied,
                                             its standard library compiled ahead
    brotli.js brotli.wasm                    the brotli decoder the worker loads over
                                             plain http, where the browser accepts no
                                             brotli (``downloads.BROTLI_DECODER``)
    packages.zip                             Babel (slimmed), tqdm, markdown-it-py
                                             and mdurl (leaflets in Markdown),
                                             charset-normalizer (in any encoding),
                                             blockdomino, compiled ahead
                                             (``blockdomino.publish.bytecode``)
    snapshot.data                            Python's memory, the bridge imported and
                                             every live piece opened once, for later
                                             visits (``blockdomino.app.snapshot``)
    *.gz                                     Python's files, the snapshot and the
                                             chapters compressed, for a server that
                                             compresses nothing
                                             (``blockdomino.app.names.write_twins``)

The page shows a chapter's text and diagrams from its JSON at once; the worker boots
Pyodide, unpacks the packages into its ``site-packages`` (no package manager, no
index) and answers the page's messages with ``blockdomino.app.bridge``; on a later
visit it boots from the snapshot the service worker keeps, where there is one (fetched
in the background once the first tile shows, never on a first visit's way), or over
plain http, with no Cache Storage, the one the worker keeps in IndexedDB (``kept.js``).
The app needs no service worker: it starts wherever plain files are served.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from blockdomino.analysis.players import STRATEGIES
from blockdomino.app.bridge import PIECES
from blockdomino.app.chapters import chapter
from blockdomino.app.names import STATIC, name_by_content, write_import_maps, write_twins
from blockdomino.app.offline import write_service_worker
from blockdomino.app.snapshot import SNAPSHOT, write_snapshot
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.rules import PRESETS_SHOWN, Rules
from blockdomino.files import write_atomic
from blockdomino.publish.bytecode import STDLIB, compiled_packages, compiled_stdlib
from blockdomino.publish.downloads import PYODIDE_CORE, brotli_decoder, pyodide_core
from blockdomino.publish.site import LOCK, external_urls, lay_out_pyodide
from blockdomino.publish.tutorial import notebooks_root
from blockdomino.verify.page import REPORT_STYLE
from blockdomino.words.i18n import LANGS, catalog

PACKAGES: Final = (
    "babel",
    "tqdm",
    "markdown-it-py",
    "mdurl",
    "charset-normalizer",
    "blockdomino",
)
"""The distributions the worker unpacks: the library and what it needs in a browser
(markdown-it-py and mdurl read a leaflet in Markdown, charset-normalizer one in an
encoding other than UTF-8 or Windows-1252), by their names in a lock."""

PACKED: Final = "packages.zip"
"""The packages' archive the worker unpacks."""

REPORT_CSS: Final = "report.css"
"""The style of the reports "Check a leaflet" shows, the very style of ``verify --html``."""

DECODER: Final = {"brotli_dec_wasm.js": "brotli.js", "brotli_dec_wasm_bg.wasm": "brotli.wasm"}
"""The brotli decoder's files (``downloads.BROTLI_DECODER``), by their names in the app."""

LEFT_OUT: Final = (
    "_pyrepl",
    "doctest",
    "imaplib",
    "mailbox",
    "pdb",
    "pydoc",
    "unittest",
    "wsgiref",
    "xmlrpc",
)
"""The standard library's tools no page of the app imports (the interactive prompt, the
debugger, the help, the test runners, mail and web servers): left out of the app's
standard library, 1.5 MB of bytecode that every first visit would move before its first
tile (the site's JupyterLab part keeps them, for learners' own code)."""

_UI: Final = ("app.", "term.preset.")
"""The catalog messages the page itself shows: the app's own, and the presets' names."""


class AppError(BlockdominoError):
    """The app cannot be built from what it was given."""


def wheel_for(package: str, wheels: Sequence[Path]) -> Path:
    """The wheel of ``package`` among ``wheels`` (a wheel's name starts with its
    distribution's, each ``-`` of it written ``_``)."""
    for wheel in wheels:
        if wheel.name.split("-")[0].lower() == package.replace("-", "_"):
            return wheel
    raise AppError("app.error.wheel", package=package)


def choice(preset: str) -> dict[str, Any]:
    """What the chooser offers of ``preset``: its player counts, and whether it is
    scored (a match table offers only those)."""
    counts = []
    for players in range(2, 5):
        try:
            Rules.preset(preset, players)
        except BlockdominoError:
            continue
        counts.append(players)
    return {"players": counts, "scored": Rules.preset(preset).scored}


def interface(lang: str) -> dict[str, str]:
    """Every word the page shows itself, in ``lang``."""
    return {key: text for key, text in catalog(lang).items() if key.startswith(_UI)}


def _chapters(notebooks: Path, out: Path, lang: str) -> list[dict[str, Any]]:
    """Write the chapters of ``lang`` and their images; their numbers and titles."""
    listed = []
    for path in sorted((notebooks / lang).glob("[0-9][0-9]_*.ipynb")):
        written = chapter(path, lang)
        target = out / "chapters" / lang / f"{written['number']}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, json.dumps(written))
        listed.append({"number": written["number"], "title": written["title"]})
    images = notebooks / lang / "images"
    if images.is_dir():
        shutil.copytree(images, out / "images" / lang)
    return listed


def pack_packages(archive: Path, *, pyodide: Path, wheels: Sequence[Path]) -> Path:
    """Write ``archive``: the :data:`PACKAGES` among ``wheels``, compiled ahead by the
    Pyodide in ``pyodide`` (``blockdomino.publish.bytecode``); ``archive`` itself."""
    chosen = [wheel_for(package, wheels) for package in PACKAGES]
    return compiled_packages(archive, pyodide=pyodide, wheels=chosen)


def build_app(
    out: Path, *, pyodide: Path, decoder: Path, stdlib: Path, packages: Path, notebooks: Path
) -> int:
    """Write the app into ``out`` (emptied first) from Pyodide's core files in
    ``pyodide``, the brotli decoder's in ``decoder`` (:data:`DECODER`), its standard
    library compiled (``bytecode.compiled_stdlib``), the archive ``packages``
    (:func:`pack_packages`) and the built ``notebooks``; its size in bytes."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for static in sorted(STATIC.iterdir()):
        shutil.copyfile(static, out / static.name)
    for name, named in DECODER.items():
        shutil.copyfile(decoder / name, out / named)
    lay_out_pyodide(pyodide, out / "pyodide", stdlib=stdlib)
    shutil.copyfile(packages, out / PACKED)
    write_atomic(out / REPORT_CSS, REPORT_STYLE.lstrip())
    chapters = {lang: _chapters(notebooks, out, lang) for lang in LANGS}
    header = write_snapshot(out)
    download = _download(out)
    names = name_by_content(out)
    manifest = {
        "languages": list(LANGS),
        "pyodide": names["pyodide/"],
        "packages": names[PACKED],
        "snapshot": {
            "file": names[SNAPSHOT],
            "header": header,
            "bytes": (out / names[SNAPSHOT]).stat().st_size,
        },
        "download": {names[name]: size for name, size in download.items()},
        "chapters": chapters,
        "words": {lang: interface(lang) for lang in LANGS},
        "presets": {preset: choice(preset) for preset in PRESETS_SHOWN},
        "pieces": {name: piece.choosing() for name, piece in PIECES.items() if piece.chooser},
        "computers": list(STRATEGIES),
    }
    compressed = [name for name in names if name.startswith("chapters/")]
    compressed += [*download, SNAPSHOT]
    write_twins(out, [names[name] for name in compressed])
    write_atomic(out / "contents.json", json.dumps(manifest))
    write_import_maps(out, names)
    write_service_worker(out)
    if leaks := external_urls(out) + _outside(out):
        raise AppError("app.error.outside", urls=" ".join(leaks))
    return sum(path.stat().st_size for path in out.rglob("*") if path.is_file())


def _download(out: Path) -> dict[str, int]:
    """The files Python needs before it starts, and their sizes in bytes: what the worker
    fetches first, so that the page can show how much of the whole has come."""
    files = [f"pyodide/{name}" for name in PYODIDE_CORE if name != "pyodide.mjs"] + [PACKED]
    return {name: (out / name).stat().st_size for name in files}


def _outside(out: Path) -> list[str]:
    """Every absolute address in the app's own page, style and scripts."""
    return [
        f"{static.name}: {found}"
        for static in sorted(out.glob("*.*"))
        if static.suffix in (".html", ".css", ".js")
        for found in re.findall(r"[a-z]+://[^\s\"'`)]+", static.read_text(encoding="utf-8"))
    ]


def site_wheels(site: Path) -> list[Path]:
    """The wheels of :data:`PACKAGES` in the built site ``site``, as its lock names them."""
    lock_path = site / LOCK
    packages = json.loads(lock_path.read_text(encoding="utf-8"))["packages"]
    return [(lock_path.parent / packages[name]["file_name"]).resolve() for name in PACKAGES]


def app_stdlib(archive: Path, *, pyodide: Path) -> Path:
    """Write ``archive``: the app's standard library, compiled ahead by the Pyodide in
    ``pyodide``, without the modules :data:`LEFT_OUT`; ``archive`` itself."""
    return compiled_stdlib(archive, pyodide=pyodide, leaving=LEFT_OUT)


def build_site_app(site: Path, *, cache: Path | None = None, lang: str = "en") -> int:
    """Write the app into ``site/app`` from the site's Pyodide (kept in ``cache``, checked,
    a mismatch said in ``lang``) and the built site's wheels, and the tutorial's
    notebooks; its size in bytes."""
    pyodide = pyodide_core(cache, lang=lang)
    with tempfile.TemporaryDirectory(prefix="blockdomino-app-") as folder:
        packages = pack_packages(
            Path(folder) / PACKED, pyodide=pyodide, wheels=site_wheels(site.resolve())
        )
        return build_app(
            site.resolve() / "app",
            pyodide=pyodide,
            decoder=brotli_decoder(cache, lang=lang),
            stdlib=app_stdlib(Path(folder) / STDLIB, pyodide=pyodide),
            packages=packages,
            notebooks=notebooks_root(),
        )

"""The whole tutorial as an offline JupyterLite site that runs in each learner's browser.

``build`` writes a static folder that any web space, an intranet or a USB stick can
serve: JupyterLite's JupyterLab (and its one-notebook app) with the Pyodide kernel, every
chapter of every language (``blockdomino.publish.tutorial``), their diagrams, and a
landing page that chooses fi, sv or en. Python runs in the browser; nothing is fetched
from outside the site at run time, and the learner's edits stay in the browser's storage.
It must come from a web server: opened from a folder (``file://``), the browser refuses
JupyterLite's modules, so the landing page then says so in every language and how to
serve it, and the apps' pages lead there instead of staying blank.

The build takes what it needs from the package registries, at pinned versions:

- Pyodide's core files (``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``,
  ``python_stdlib.zip``, ``pyodide-lock.json``) from the npm registry, ``npm pack
  pyodide@PYODIDE_VERSION``, kept in the user's cache and checked against their pinned
  hashes before each build (``blockdomino.publish.downloads``): that package holds no
  wheels. Its standard library, sources only, is served compiled ahead with its sources
  beside (``publish.bytecode``), so that a kernel's start does not compile it; that step
  runs Pyodide in Node.
- Every wheel the kernel and the project need from PyPI, resolved by the kernel's lock
  add-on (``PyodideLockAddon``, with ``uv``); the project's own wheel is made locally,
  without the notebooks, which the site holds as files (``blockdomino.publish.wheels``).
  The add-on starts from Pyodide's lock emptied of packages: a package listed there
  whose wheel is not in the site would be fetched from a CDN.

Of the JupyterLab extensions installed, only the ones the site needs go into it
(``publish.extensions``): any environment builds the same site.

``disablePyPIFallback`` stops the kernel from asking PyPI for a missing package, the
build is always clean (an incremental one can drop the local ``pyodideUrl`` and fall
back to a CDN), and :func:`external_urls` checks the written configuration and lock.
Babel's wheel is rewritten with only the locale data of the tutorial's languages.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from blockdomino.files import write_atomic
from blockdomino.publish import extensions, guide_page, pages, processes, staging, wheels
from blockdomino.publish.bytecode import STDLIB, compiled_stdlib
from blockdomino.publish.downloads import PYODIDE_CORE, PYODIDE_VERSION, pyodide_core
from blockdomino.publish.tutorial import CHAPTERS, IMAGES, WELCOME, notebooks_root
from blockdomino.words.i18n import LANGS, translate

APPS: Final = ("lab", "notebooks")
"""JupyterLite's apps the site holds: JupyterLab, and the one-notebook view."""

KERNEL_PLUGIN: Final = "@jupyterlite/pyodide-kernel-extension:kernel"
LOCK: Final = Path("static") / "pyodide-lock" / "pyodide-lock.json"
"""Where the built site's lock lies: every wheel it names lies beside it or in the
kernel's extension."""

_ROOT_CONFIG: Final = (
    '<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">'
    "{}</script>"
)
SERVE: Final = "python3 -m http.server -d"
"""The command that serves a folder on a computer with Python (the folder follows)."""
_FROM_A_FOLDER: Final = r"""<script>
if (location.protocol === "file:") {
  document.documentElement.classList.add("from-folder");
  const folder = decodeURIComponent(location.pathname.replace(/\/[^/]*$/, ""));
  for (const name of document.querySelectorAll(".folder")) {
    name.textContent = '"' + folder.replace(/^\/(?=[A-Za-z]:)/, "") + '"';
  }
}
</script>"""
"""The landing page's check, in the page itself: opened from a folder (``file:``), it
shows the notice instead of the links and fills in the folder the command serves."""
_TO_THE_LANDING_PAGE: Final = (
    "<script>if (location.protocol === 'file:') location.replace('../index.html');</script>"
)
"""An app page opened from a folder stays blank (the browser refuses its modules): it
goes to the landing page, which says why and what to do."""
_NO_WORKER: Final = """<script>(function () {
  var words = %s;
  var lang = (new URLSearchParams(location.search).get("path") || "").slice(0, 2);
  if (!(lang in words)) lang = (navigator.language || "").slice(0, 2);
  if (!(lang in words)) lang = "en";
  function say() {
    if (document.getElementById("bd-no-worker")) return;
    var note = document.createElement("div");
    note.id = "bd-no-worker";
    note.lang = lang;
    note.setAttribute("role", "alert");
    note.style.cssText = "position:fixed;z-index:100000;top:0;left:0;right:0;padding:1rem;" +
      "background:#fff3cd;color:#000;font:1.1rem/1.5 sans-serif;border-bottom:2px solid #000";
    note.textContent = words[lang].why + " ";
    var link = document.createElement("a");
    link.href = "../app/?lang=" + lang;
    link.textContent = words[lang].link;
    note.appendChild(link);
    document.body.appendChild(note);
  }
  function soon() {
    if (document.body) say(); else document.addEventListener("DOMContentLoaded", say);
  }
  var workers = navigator.serviceWorker;
  if (!workers) { soon(); return; }
  var register = workers.register.bind(workers);
  workers.register = function () {
    return register.apply(null, arguments).catch(function (error) { soon(); throw error; });
  };
})();</script>"""
"""An app page in a browser that gives it no service worker (a private window, a school's
settings, a page served over plain http from another computer): JupyterLite's kernel
would never start and the page would hang, so it says why in the learner's language
(the ``path`` opened, else the browser's) and leads to the app, which needs none."""


def app_page_guards() -> str:
    """The scripts that go first into JupyterLab's and the one-notebook view's pages."""
    words = {
        lang: {
            "why": translate("site.no_worker", lang),
            "link": translate("site.no_worker.app", lang),
        }
        for lang in LANGS
    }
    return _TO_THE_LANDING_PAGE + "\n" + _NO_WORKER % json.dumps(words, ensure_ascii=False)


_URL: Final = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s\"'<>)]+", re.IGNORECASE)
_FETCHED: Final = re.compile(
    r"""<(?:script|link|img|iframe|source|audio|video|embed)\b[^>]*?\b(?:src|href)\s*=\s*["']?"""
    r"""((?:https?:)?//[^\s"'<>]+)|url\(\s*["']?((?:https?:)?//[^\s"'<>)]+)""",
    re.IGNORECASE,
)
"""An address an HTML page makes the browser fetch: a script, stylesheet, image, frame
or media file, or a stylesheet's ``url(…)``; a link a reader may follow is not one."""
_LANDING_STYLE: Final = (
    ".folder-notice{margin-bottom:2rem}"
    "a.app{display:inline-block;min-height:44px;box-sizing:border-box;padding:.5rem 1rem;"
    "font-size:1.25rem;font-weight:bold;border:2px solid;border-radius:.5rem}"
    ".folder-notice,.from-folder section{display:none}"
    ".from-folder .folder-notice{display:block}"
)
"""The landing page's own look: the folder notice hidden unless opened from a folder."""


class SiteError(Exception):
    """The site cannot be built (a message for the CLI)."""


# -- the inputs: Pyodide, the wheels, the notebooks ------------------------------------------


def _run(command: list[str], *, cwd: Path | None = None) -> None:
    """Run a build step in a process group of its own (``publish.processes``: stopping the
    build stops it and its children); its output is shown only when it fails."""
    done = processes.run(command, cwd=cwd)
    if done.returncode != 0:
        raise SiteError(f"{' '.join(command[:4])} … failed:\n{(done.stdout + done.stderr)[-3000:]}")


def empty_lock(lock: dict[str, Any]) -> dict[str, Any]:
    """Pyodide's lock without packages, its ``info.version`` set: the lock add-on fills
    it with exactly the wheels it copies into the site."""
    return {**lock, "info": {**lock["info"], "version": PYODIDE_VERSION}, "packages": {}}


def ascii_svg(text: str) -> str:
    """An SVG with every non-ASCII character written as a character reference.

    JupyterLite turns a Markdown image into a data URL with ``btoa()``, which throws on
    any character beyond Latin-1 (an en dash) and garbles the rest (ä is not UTF-8 alone).
    """
    return "".join(ch if ord(ch) < 128 else f"&#{ord(ch)};" for ch in text)


def joined_text(notebook: dict[str, Any]) -> dict[str, Any]:
    """A notebook with every multiline text as one string, not a list of lines.

    nbformat allows both; JupyterLite shows a saved stream output kept as a list with a
    comma at the start of each line (the list joined as JavaScript does).
    """
    for cell in notebook["cells"]:
        cell["source"] = _joined(cell["source"])
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = _joined(output["text"])
            for kind, value in output.get("data", {}).items():
                if not kind.endswith("json"):
                    output["data"][kind] = _joined(value)
    return notebook


def _joined(text: str | list[str]) -> str:
    return text if isinstance(text, str) else "".join(text)


def copy_tutorial(root: Path, files: Path) -> list[Path]:
    """Copy every chapter's notebook and the diagrams of every language under ``root``
    to ``files``; the notebooks copied."""
    copied = []
    for lang in LANGS:
        target = files / lang
        (target / IMAGES).mkdir(parents=True, exist_ok=True)
        for chapter in CHAPTERS:
            notebook = chapter.path(lang, root=root)
            if not notebook.is_file():
                raise SiteError(f"no tutorial notebook {notebook}")
            saved = json.loads(notebook.read_text(encoding="utf-8"))
            text = json.dumps(joined_text(saved), ensure_ascii=False, indent=1) + "\n"
            copied.append(write_atomic(target / notebook.name, text))
        for image in sorted((root / lang / IMAGES).glob("*")):
            data = image.read_bytes()
            if image.suffix == ".svg":
                data = ascii_svg(data.decode("utf-8")).encode("ascii")
            write_atomic(target / IMAGES / image.name, data)
    return copied


# -- the JupyterLite build -----------------------------------------------------------------


def lite_config(wheel: Path, out: Path, micropip: str) -> dict[str, Any]:
    """The build's configuration: the apps, the notebooks, the JupyterLab extensions the
    site needs and no other (``publish.extensions``), the lock add-on's wheels: the
    project's and, from PyPI, its requirements and micropip (the kernel installs with it)
    at the version of Pyodide's own lock."""
    try:
        only_needed = extensions.build_settings()
    except extensions.MissingExtensionError as error:
        raise SiteError(str(error)) from None
    return {
        "LiteBuildConfig": {
            "apps": list(APPS),
            "contents": ["files"],
            "output_dir": str(out),
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            **only_needed,
        },
        "PyodideLockAddon": {
            "enabled": True,
            "wheels": [str(wheel)],
            "specs": ["blockdomino", f"micropip=={micropip}"],
            "prefetch_extra": ["blockdomino", "ipywidgets"],
        },
    }


def page_config() -> dict[str, Any]:
    """The site's ``jupyter-lite.json``: the kernel never falls back to PyPI."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True}},
        },
    }


def lay_out_pyodide(core: Path, folder: Path, *, stdlib: Path) -> dict[str, Any]:
    """Write into ``folder`` (made) Pyodide's core files from ``core``, with ``stdlib``
    for its standard library (compiled ahead, ``publish.bytecode``) and its lock emptied
    (:func:`empty_lock`); the lock as Pyodide ships it."""
    folder.mkdir(parents=True)
    for name in PYODIDE_CORE[:-1]:
        shutil.copyfile(stdlib if name == STDLIB else core / name, folder / name)
    lock: dict[str, Any] = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    write_atomic(folder / "pyodide-lock.json", json.dumps(empty_lock(lock)))
    return lock


def _prepare(lite: Path, root: Path, cache: Path | None, out: Path, lang: str) -> None:
    """Lay out JupyterLite's input folder: Pyodide (checked, ``publish.downloads``; its
    standard library compiled ahead, sources kept), an empty lock, the notebooks, config."""
    core = pyodide_core(cache, lang=lang)
    stdlib = compiled_stdlib(lite / STDLIB, pyodide=core, keep_sources=True)
    lock = lay_out_pyodide(core, lite / "static" / "pyodide", stdlib=stdlib)
    try:
        wheel = wheels.project_wheel(lite / "wheels")
    except wheels.WheelError as error:
        raise SiteError(str(error)) from error
    copy_tutorial(root, lite / "files")
    micropip = lock["packages"]["micropip"]["version"]
    config = json.dumps(lite_config(wheel, out, micropip), indent=2)
    write_atomic(lite / "jupyter_lite_config.json", config)
    write_atomic(lite / "jupyter-lite.json", json.dumps(page_config(), indent=2))


def slim_babel(out: Path, langs: tuple[str, ...] = LANGS) -> int:
    """Rewrite the site's Babel wheel with the locale data of ``langs`` (and ``root``)
    only, and record the new wheel's hash in the lock; the bytes saved."""
    lock_path = out / LOCK
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    package = lock["packages"].get("babel")
    if package is None:
        return 0
    wheel: Path = (lock_path.parent / package["file_name"]).resolve()
    before = wheel.stat().st_size
    wheels.rewrite(wheel, keep=wheels.babel_keeping(langs))
    package["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    write_atomic(lock_path, json.dumps(lock, indent=2))
    return before - wheel.stat().st_size


def external_urls(out: Path) -> list[str]:
    """Every absolute URL in the site's page configurations and its lock, and every
    outside address its HTML pages fetch: none may be there, or a learner's browser
    would fetch from outside the site."""
    configs = [out / "jupyter-lite.json", *(out / app / "jupyter-lite.json" for app in APPS)]
    found = []
    for path in [*configs, out / LOCK]:
        if path.is_file():
            found += [f"{path.relative_to(out)}: {url}" for url in _URL.findall(path.read_text())]
    for page in sorted(out.rglob("*.html")):
        text = page.read_text(encoding="utf-8", errors="replace")
        found += [
            f"{page.relative_to(out)}: {tag or style}" for tag, style in _FETCHED.findall(text)
        ]
    return found


# -- the landing page ----------------------------------------------------------------------


def folder_notice(lang: str) -> pages.Notice:
    """What the landing page says when it is opened from a folder, in ``lang``: the site
    works only through a web server, how to serve it, and that the static export is the
    version that opens from a folder or a USB stick."""
    return pages.Notice(
        lang=lang,
        title=translate("site.folder.title", lang),
        lines=[translate("site.folder.why", lang), translate("site.folder.serve", lang)],
        command=SERVE,
        after=[translate("site.folder.host", lang), translate("site.folder.export", lang)],
    )


def _section(lang: str) -> pages.Section:
    """A language's part of the landing page: the app first (every chapter without code,
    for pupils), then its welcome notebook in JupyterLab and in the one-notebook view, and
    every chapter in JupyterLab."""
    welcome = f"{lang}/{WELCOME.filename(lang)}"
    return pages.Section(
        lang=lang,
        name=translate("classroom.language", lang),
        app=pages.Link(translate("site.app", lang), f"app/?lang={lang}"),
        start=pages.Link(translate("site.start", lang), f"lab/index.html?path={welcome}"),
        single=pages.Link(translate("site.single", lang), f"notebooks/index.html?path={welcome}"),
        folded=translate("site.chapters", lang),
        chapters=[
            pages.Link(
                chapter.heading(lang), f"lab/index.html?path={lang}/{chapter.filename(lang)}"
            )
            for chapter in CHAPTERS
        ],
        note=translate("site.note", lang),
    )


def landing_page() -> str:
    """The page the site opens with: per language, its welcome notebook in JupyterLab,
    the same in the one-notebook view, and every chapter; in that language's words.
    Opened from a folder, where none of them would run, it shows instead in every
    language why and how to serve the site (:func:`folder_notice`).

    It keeps JupyterLite's root configuration element (every app reads its parent
    folders' ``index.html`` for it) but not the script that would redirect to JupyterLab.
    """
    return pages.contents(
        title=" · ".join(translate("classroom.index.title", lang) for lang in LANGS),
        sections=[_section(lang) for lang in LANGS],
        notices=[folder_notice(lang) for lang in LANGS],
        style=pages.BASE_STYLE + _LANDING_STYLE,
        head=_ROOT_CONFIG,
        script=_FROM_A_FOLDER,
    )


def send_to_the_landing_page(out: Path) -> None:
    """Guard each app's page: opened from a folder, it goes to the landing page (which
    says why nothing runs and what to do) instead of staying blank; in a browser that
    gives it no service worker, it says so and leads to the app instead of hanging."""
    guards = app_page_guards()
    for app in APPS:
        page = out / app / "index.html"
        text = page.read_text(encoding="utf-8")
        if "<head>" not in text:
            raise SiteError(f"{page.relative_to(out)} has no <head> for the folder check")
        write_atomic(page, text.replace("<head>", f"<head>\n{guards}", 1))


# -- the whole build -----------------------------------------------------------------------


def _check_replaceable(out: Path) -> None:
    """Refuse ``out`` unless it is missing, empty, or a site built before (which the
    finished build replaces)."""
    if out.exists() and any(out.iterdir()) and not (out / "jupyter-lite.json").is_file():
        raise SiteError(f"{out} is not empty and holds no site: choose another folder")


def build(
    out: Path,
    *,
    root: Path | None = None,
    cache: Path | None = None,
    lang: str = "en",
    also: Sequence[Callable[[Path], int]] = (),
) -> int:
    """Build the site of the tutorial under ``root`` (default: the package's, or the
    source checkout's ``notebooks/``) into ``out``, clean; returns the site's size in
    bytes. ``cache`` keeps Pyodide between builds (default: ``downloads.cache_folder()``),
    a cached file that does not match its pinned hash said in ``lang``; each of ``also``
    adds a part to the site (the app) and returns its size.

    The site is built beside ``out`` and moved into place only when finished, stamped
    (``publish.staging``): a build stopped at any moment, by an error, Ctrl-C, SIGTERM or
    a closed terminal, leaves the site built before as it was, and no build step running.
    """
    out = out.resolve()
    _check_replaceable(out)
    with processes.stopped_by_signals(), staging.staged(out) as site:
        size = _build_into(site, root or notebooks_root(), cache, lang)
        size += sum(part(site) for part in also)
    return size


def _build_into(out: Path, root: Path, cache: Path | None, lang: str) -> int:
    """Build the site into ``out`` (not there yet); its size in bytes."""
    with tempfile.TemporaryDirectory(prefix="blockdomino-site-") as work:
        lite = Path(work)
        _prepare(lite, root, cache, out, lang)
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite)]
        _run(command, cwd=lite)
    slim_babel(out)
    write_atomic(out / "index.html", landing_page())
    guide_page.write_pages(out / "guide", lang)
    send_to_the_landing_page(out)
    if leaks := external_urls(out):
        raise SiteError("the site would fetch from outside:\n" + "\n".join(leaks))
    return sum(path.stat().st_size for path in out.rglob("*") if path.is_file())

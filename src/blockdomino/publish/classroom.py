"""The tutorial without code: served as an app for a classroom, or exported as web pages.

Two ways to show the tutorial to learners who should not see (or cannot run) code:

- ``serve``: Voilà runs the notebooks of ``notebooks/`` and shows only their text,
  diagrams and widgets, opening the chosen language's welcome notebook; the links in
  the notebooks lead to the other chapters and languages. It listens on loopback
  unless told otherwise, and asks for a token that the opened address carries.
- ``export``: every notebook of every language as a static HTML page, its diagrams
  beside it, and an ``index.html`` linking the three languages; no server, no
  network: a teacher can put the folder on any web space or open it from a USB stick.
  The exported pages hide the code: they are the tutorial's reading version, and the
  code means nothing to a reader without a kernel to run it. Where a notebook holds an
  exercise (a widget, which needs a running kernel) the page says so instead.

Both leave out every cell tagged ``code-demo`` (:data:`CODE_DEMO`), code and Markdown
alike. Such a cell shows how the code works: its output (``(28, 12, 0, 5)``, ``(6, 3)``)
or its prose ("change the cell and run it again") means something only beside the code,
and with the code hidden it would be a bare, meaningless result. They also leave out
every cell tagged ``keep-game`` (:data:`KEEP_GAME`): it keeps a table's game in a file
beside the notebook, and the classroom's folder is every visitor's, so one learner's game
would be offered to the next. Both use nbconvert's ``TagRemovePreprocessor``, which runs
before Voilà executes a notebook: the classroom never runs such a cell, so it must
define nothing later cells use.
"""

from __future__ import annotations

import html
import importlib.util
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import webbrowser
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import jinja2
import nbformat
from nbconvert import HTMLExporter
from traitlets.config import Config

from blockdomino import widgets
from blockdomino.words.i18n import LANGUAGES, check_language, translate

WELCOME: Final = "00_*.ipynb"
"""The welcome notebook of a language's folder: the first chapter."""

IMAGES: Final = "images"
"""Each language's folder of diagrams, beside its notebooks."""

TEMPLATE: Final = "blockdomino"
"""The classroom's Voilà template: Voilà's lab page without the stylesheets it would
fetch from a CDN (``classroom_data/voila/templates/blockdomino``)."""

CLASSROOM_DATA: Final = Path(__file__).resolve().parent / "classroom_data"
"""A Jupyter data folder holding :data:`TEMPLATE`."""

CULL_MINUTES: Final = 20
"""A page's kernel idle this long is shut down; the learner reloads the page to go on."""

CODE_DEMO: Final = "code-demo"
"""The tag of a cell that makes sense only beside its code: JupyterLab shows it, the
classroom and the export leave it out."""

KEEP_GAME: Final = "keep-game"
"""The tag of a cell that keeps a table's game in progress in a file beside the notebook
(and of the prose that says so): JupyterLab and the offline site, where the folder is
the learner's own, run it; the classroom, whose folder every visitor shares, and the
export leave it out."""

LEFT_OUT: Final = (CODE_DEMO, KEEP_GAME)
"""The tags of the cells that the classroom and the export leave out."""

_WIDGET_REPR: Final = re.compile(rf"^(?:{'|'.join(widgets.__all__)})\(")
"""The saved output of a widget of ``blockdomino.widgets``: only its ``repr``."""
_NOTEBOOK_LINK: Final = re.compile(r"\]\(([^()\s]+?)\.ipynb\)")
_TITLE: Final = re.compile(r"^#\s+(.+)$", re.MULTILINE)

_LINKS_UNDERLINED: Final = (
    ".jp-RenderedHTMLCommon a:link,.jp-RenderedHTMLCommon a:visited{text-decoration:underline}"
)
"""Links in the prose are told from the text around them by more than colour (WCAG 1.4.1)."""
_TEMPLATE: Final = "blockdomino-offline.html.j2"
_OFFLINE: Final = jinja2.DictLoader(
    {
        _TEMPLATE: (
            "{%- extends 'index.html.j2' -%}\n"
            "{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}\n"
            "{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}\n"
            "{%- block html_head_css -%}<style>"
            + _LINKS_UNDERLINED
            + "</style>{%- endblock html_head_css -%}\n"
            "{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}\n"
        )
    }
)
"""JupyterLab's page template without the scripts it would fetch from a CDN (the
tutorial has no formulas, no Mermaid diagrams and, exported, no live widgets): the pages
work offline. Its links are underlined."""


class ClassroomError(Exception):
    """The classroom cannot start or the export cannot be written (a message for the CLI)."""


# -- the notebooks -------------------------------------------------------------------------


def chapters(root: Path, lang: str) -> list[Path]:
    """The notebooks of ``lang`` under ``root``, in chapter order; none is an error."""
    found = sorted((root / check_language(lang)).glob("*.ipynb"))
    if not found:
        raise ClassroomError(f"no tutorial notebooks in {root / lang}")
    return found


def welcome(root: Path, lang: str) -> Path:
    """The welcome notebook of ``lang``: the page the classroom opens."""
    for path in chapters(root, lang):
        if path.match(WELCOME):
            return path
    raise ClassroomError(f"no welcome notebook {WELCOME} in {root / lang}")


def title(notebook: Any, fallback: str) -> str:
    """A notebook's title: the first top-level Markdown heading, else ``fallback``."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and (found := _TITLE.search(cell.source)):
            return str(found.group(1)).strip()
    return fallback


def is_left_out(cell: Any) -> bool:
    """Whether the classroom and the export leave ``cell`` out: it has a tag of
    :data:`LEFT_OUT`."""
    return not set(cell.get("metadata", {}).get("tags", ())).isdisjoint(LEFT_OUT)


def is_widget_output(output: Any) -> bool:
    """Whether a saved output is a widget of ``blockdomino.widgets``: a notebook saved
    without widget state keeps only the widget's ``repr``."""
    data = output.get("data", {})
    return set(data) == {"text/plain"} and bool(_WIDGET_REPR.match(data["text/plain"]))


# -- classroom: Voilà ----------------------------------------------------------------------


def voila_command(
    root: Path, *, host: str, port: int, token: str, cull_minutes: int = CULL_MINUTES
) -> list[str]:
    """The command that serves every notebook under ``root`` with Voilà: code hidden,
    the cells tagged :data:`LEFT_OUT` neither run nor shown, the page asking nothing of a
    CDN (:data:`TEMPLATE`), and each page's kernel shut down once it has been idle for
    ``cull_minutes``, even with the page still open: thirty learners opening chapter after
    chapter through a lesson would otherwise leave a kernel per page running."""
    return [
        sys.executable,
        "-m",
        "voila",
        "--no-browser",
        f"--Voila.ip={host}",
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--token={token}",
        "--VoilaConfiguration.strip_sources=True",
        f"--VoilaConfiguration.template={TEMPLATE}",
        *(f"--TagRemovePreprocessor.remove_cell_tags={tag}" for tag in LEFT_OUT),
        f"--MappingKernelManager.cull_idle_timeout={cull_minutes * 60}",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=True",
        str(root),
    ]


def voila_environment() -> dict[str, str]:
    """The environment Voilà runs in: Jupyter's data path starts with the package's own
    data folder, where Voilà finds :data:`TEMPLATE`."""
    paths = [str(CLASSROOM_DATA), *filter(None, [os.environ.get("JUPYTER_PATH")])]
    return {**os.environ, "JUPYTER_PATH": os.pathsep.join(paths)}


def page_url(root: Path, notebook: Path, *, host: str, port: int, token: str) -> str:
    """The address of ``notebook``'s page in a classroom serving ``root``."""
    path = notebook.relative_to(root).as_posix()
    return f"http://{host}:{port}/voila/render/{path}?token={token}"


def _wait_for_port(host: str, port: int, process: subprocess.Popen[bytes], timeout: float) -> None:
    """Return once the server accepts connections; fail if it exits or takes too long."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ClassroomError(f"Voilà stopped with exit status {process.returncode}")
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise ClassroomError(f"Voilà did not start listening on {host}:{port}")


def serve(
    root: Path,
    lang: str,
    *,
    host: str = "127.0.0.1",
    port: int = 8866,
    token: str | None = None,
    open_browser: bool = True,
    cull_minutes: int = CULL_MINUTES,
) -> int:
    """Serve the tutorial with Voilà until interrupted; returns Voilà's exit status.

    Prints the address of ``lang``'s welcome notebook (with the token) and opens it
    in the default browser unless ``open_browser`` is false.
    """
    if importlib.util.find_spec("voila") is None:
        raise ClassroomError('the classroom needs Voilà: .venv/bin/pip install -e ".[classroom]"')
    start = welcome(root, lang)
    token = token or secrets.token_urlsafe(16)
    command = voila_command(root, host=host, port=port, token=token, cull_minutes=cull_minutes)
    process = subprocess.Popen(command, env=voila_environment())
    try:
        _wait_for_port(host, port, process, timeout=60)
        url = page_url(root, start, host=host, port=port, token=token)
        print(f"blockdomino classroom: {url}", flush=True)
        if open_browser:
            webbrowser.open(url)
        return process.wait()
    except KeyboardInterrupt:
        process.terminate()
        return process.wait()
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait()


# -- export: static pages ------------------------------------------------------------------


def _for_reading(notebook: Any, lang: str) -> Any:
    """A notebook as its exported page shows it: links lead to pages, not notebooks, and
    an exercise (a widget's bare ``repr``) becomes a note that it needs a running kernel."""
    note = html.escape(translate("classroom.export.interactive", lang))
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = _NOTEBOOK_LINK.sub(r"](\1.html)", cell.source)
            continue
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            if is_widget_output(output):
                output.data = {"text/html": f'<p class="blockdomino-interactive">{note}</p>'}
    return notebook


def _exporter(lang: str) -> Any:
    return HTMLExporter(  # type: ignore[no-untyped-call]
        template_name="lab",
        extra_loaders=[_OFFLINE],
        template_file=_TEMPLATE,
        exclude_input=True,
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        language_code=lang,
        config=Config({"TagRemovePreprocessor": {"remove_cell_tags": set(LEFT_OUT)}}),
    )


def export_page(path: Path, lang: str) -> tuple[str, str]:
    """One notebook as a self-contained HTML page; returns its title and the page."""
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    heading = title(notebook, path.stem)
    body, _ = _exporter(lang).from_notebook_node(
        _for_reading(notebook, lang), resources={"metadata": {"name": heading}}
    )
    return heading, body


def _index(contents: dict[str, list[tuple[str, str]]]) -> str:
    """The landing page: per language, its name and its chapters, in that language."""
    sections = []
    for lang, pages in contents.items():
        items = "".join(
            f'<li><a href="{html.escape(href)}">{html.escape(name)}</a></li>'
            for name, href in pages
        )
        sections.append(
            f'<section lang="{lang}">'
            f"<h2>{html.escape(translate('classroom.language', lang))}</h2>"
            f"<ol>{items}</ol>"
            f"<p>{html.escape(translate('classroom.index.note', lang))}</p>"
            "</section>"
        )
    heading = " · ".join(html.escape(translate("classroom.index.title", lang)) for lang in contents)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
        f"<title>{heading}</title>\n"
        "<style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;"
        "line-height:1.5}section{margin-bottom:2rem}</style>\n"
        f"</head>\n<body>\n<main>\n<h1>{heading}</h1>\n"
        + "\n".join(sections)
        + "\n</main>\n</body>\n</html>\n"
    )


def export(root: Path, out: Path, *, langs: Sequence[str] = LANGUAGES) -> list[Path]:
    """Write every notebook of ``langs`` as HTML under ``out/<lang>/``, each language's
    diagrams beside its pages, and ``out/index.html``; returns the pages written."""
    written: list[Path] = []
    contents: dict[str, list[tuple[str, str]]] = {}
    for lang in langs:
        folder = out / lang
        folder.mkdir(parents=True, exist_ok=True)
        images = root / lang / IMAGES
        if images.is_dir():
            shutil.copytree(images, folder / IMAGES, dirs_exist_ok=True)
        contents[lang] = []
        for path in chapters(root, lang):
            heading, page = export_page(path, lang)
            target = folder / f"{path.stem}.html"
            target.write_text(page, encoding="utf-8")
            written.append(target)
            contents[lang].append((heading, f"{lang}/{target.name}"))
    index = out / "index.html"
    index.write_text(_index(contents), encoding="utf-8")
    return [index, *written]

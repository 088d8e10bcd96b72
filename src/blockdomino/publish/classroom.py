"""The tutorial without code: served as an app for a classroom, or exported as web pages.

Two ways to show the tutorial to learners who should not see (or cannot run) code:

- ``serve``: Voilà runs the tutorial's notebooks and shows only their text,
  diagrams and widgets, opening the chosen language's welcome notebook; the links in
  the notebooks lead to the other chapters and languages. It listens on loopback
  unless told otherwise, and asks for a token that the opened address carries.
- ``export``: every notebook of every language as a static HTML page, its diagrams
  beside it, and an ``index.html`` linking the three languages; no server, no
  network: a teacher can put the folder on any web space or open it from a USB stick.
  The exported pages hide the code: they are the tutorial's reading version, and the
  code means nothing to a reader without a kernel to run it. Where a notebook holds an
  exercise (a widget, which needs a running kernel) the page says so instead.

Both leave out the cells tagged ``code-demo`` or ``keep-game``
(``blockdomino.publish.tutorial.LEFT_OUT``), code and Markdown alike. A ``code-demo``
cell shows how the code works: its output (``(28, 12, 0, 5)``, ``(6, 3)``) or its prose
("change the cell and run it again") means something only beside the code, and with the
code hidden it would be a bare, meaningless result. A ``keep-game`` cell keeps a table's
game in a file beside the notebook, and the classroom's folder is every visitor's, so
one learner's game would be offered to the next. Both use nbconvert's
``TagRemovePreprocessor``, which runs before Voilà executes a notebook: the classroom
never runs such a cell, so it must define nothing later cells use.
"""

from __future__ import annotations

import html
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import webbrowser
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import jinja2

from blockdomino.files import write_atomic
from blockdomino.publish import pages, processes
from blockdomino.publish.limits import CULL_MINUTES, MAX_KERNELS
from blockdomino.publish.network import reachable
from blockdomino.publish.tutorial import CHAPTERS, IMAGES, LEFT_OUT, Chapter, notebooks
from blockdomino.words.i18n import LANGS, translate

TEMPLATE: Final = "blockdomino"
"""The classroom's Voilà template: Voilà's lab page without the stylesheets it would
fetch from a CDN (``classroom_data/voila/templates/blockdomino``)."""

CLASSROOM_DATA: Final = Path(__file__).resolve().parent / "classroom_data"
"""A Jupyter data folder holding :data:`TEMPLATE`."""

KERNEL_MANAGER: Final = "blockdomino.publish.kernels.CappedKernelManager"
"""Voilà's kernel manager, named for Voilà to import (``publish.kernels``): the command
itself starts without Jupyter's server, and without nbformat and nbconvert, which only
the export needs (about 1.5 s of CPU at each start)."""

STOP_SECONDS: Final = 15.0
"""How long Voilà may take to shut its kernels down once stopped, before it is killed."""

_WIDGET_REPR: Final = re.compile(r"[A-Z]\w*\(\w+=")
"""The start of a widget's saved output: its ``repr`` alone, its class called with its
settings (``RoundPlayer(preset='block', players=3, …``, cut short if long)."""
_NOTEBOOK_LINK: Final = re.compile(r"\]\(([^()\s]+?)\.ipynb\)")

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
    """Every chapter's notebook of ``lang`` under ``root``, in order; one missing is an
    error."""
    found = notebooks(lang, root=root)
    if missing := [path for path in found if not path.is_file()]:
        raise ClassroomError(f"no tutorial notebook {missing[0]}")
    return found


def is_widget_output(output: Any) -> bool:
    """Whether a saved output is a widget's: a notebook saved without widget state keeps
    only the widget's ``repr`` (:data:`_WIDGET_REPR`); a tuple or a number is no widget."""
    data = output.get("data", {})
    return set(data) == {"text/plain"} and bool(_WIDGET_REPR.match(data["text/plain"]))


# -- classroom: Voilà ----------------------------------------------------------------------


def voila_command(
    root: Path,
    *,
    host: str,
    port: int,
    token: str,
    cull_minutes: int = CULL_MINUTES,
    max_kernels: int = MAX_KERNELS,
    lang: str = "en",
) -> list[str]:
    """The command that serves every notebook under ``root`` with Voilà: code hidden,
    the cells tagged :data:`LEFT_OUT` neither run nor shown, the page asking nothing of a
    CDN (:data:`TEMPLATE`), and each page's kernel shut down once it has been idle for
    ``cull_minutes``, even with the page still open: thirty learners opening chapter after
    chapter through a lesson would otherwise leave a kernel per page running. At most
    ``max_kernels`` run at once (``publish.kernels``); a page beyond says in ``lang`` that
    the classroom is full."""
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
        f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}",
        f"--CappedKernelManager.max_kernels={max_kernels}",
        f"--CappedKernelManager.full={translate('classroom.full', lang)}",
        str(root),
    ]


def voila_environment() -> dict[str, str]:
    """The environment Voilà runs in: Jupyter's data path starts with the package's own
    data folder, where Voilà finds :data:`TEMPLATE`."""
    paths = [str(CLASSROOM_DATA), *filter(None, [os.environ.get("JUPYTER_PATH")])]
    return {**os.environ, "JUPYTER_PATH": os.pathsep.join(paths)}


def page_url(root: Path, notebook: Path, *, host: str, port: int, token: str) -> str:
    """The address of ``notebook``'s page in a classroom serving ``root`` and listening
    on ``host``: on every address (``0.0.0.0``), the local network's, which a pupil's
    tablet opens (``publish.network``)."""
    path = notebook.relative_to(root).as_posix()
    return f"http://{reachable(host)}:{port}/voila/render/{path}?token={token}"


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
    max_kernels: int = MAX_KERNELS,
) -> int:
    """Serve the tutorial with Voilà until stopped; returns Voilà's exit status.

    Prints the address of ``lang``'s welcome notebook (with the token) and opens it
    in the default browser unless ``open_browser`` is false. Voilà runs in a process
    group of its own (``publish.processes``): Ctrl-C, SIGTERM or SIGHUP (the terminal
    closed) stop it, and it shuts every kernel down, before this returns.
    """
    start = chapters(root, lang)[0]
    token = token or secrets.token_urlsafe(16)
    command = voila_command(
        root,
        host=host,
        port=port,
        token=token,
        cull_minutes=cull_minutes,
        max_kernels=max_kernels,
        lang=lang,
    )
    with processes.stopped_by_signals():
        process = processes.start(command, env=voila_environment())
        try:
            _wait_for_port(host, port, process, timeout=60)
            url = page_url(root, start, host=host, port=port, token=token)
            print(f"blockdomino classroom: {url}", flush=True)
            if open_browser:
                webbrowser.open(url)
            return process.wait()
        except KeyboardInterrupt:
            print(translate("classroom.stopped", lang), flush=True)
            return processes.stop(process, grace=STOP_SECONDS)
        finally:
            if process.poll() is None:
                processes.stop(process, grace=STOP_SECONDS)


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
    from nbconvert import HTMLExporter
    from traitlets.config import Config

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


def export_page(chapter: Chapter, lang: str, *, root: Path) -> str:
    """One chapter's notebook in ``lang`` under ``root`` as a self-contained HTML page."""
    import nbformat

    notebook = nbformat.read(chapter.path(lang, root=root), as_version=4)  # type: ignore[no-untyped-call]
    body, _ = _exporter(lang).from_notebook_node(
        _for_reading(notebook, lang), resources={"metadata": {"name": chapter.heading(lang)}}
    )
    return str(body)


def _index(langs: Sequence[str]) -> str:
    """The landing page: per language, its name and its chapters, in that language."""
    sections = [
        pages.Section(
            lang=lang,
            name=translate("classroom.language", lang),
            chapters=[
                pages.Link(chapter.heading(lang), f"{lang}/{_page_name(chapter, lang)}")
                for chapter in CHAPTERS
            ],
            note=translate("classroom.index.note", lang),
        )
        for lang in langs
    ]
    title = " · ".join(translate("classroom.index.title", lang) for lang in langs)
    return pages.contents(title=title, sections=sections)


def _page_name(chapter: Chapter, lang: str) -> str:
    """``01_yhdistaminen.html``: the page of a chapter's notebook."""
    return Path(chapter.filename(lang)).with_suffix(".html").name


def export(root: Path, out: Path, *, langs: Sequence[str] = LANGS) -> list[Path]:
    """Write every chapter of ``langs`` (notebooks under ``root``) as HTML under
    ``out/<lang>/``, each language's diagrams beside its pages, and ``out/index.html``;
    returns the pages written, the index first."""
    written: list[Path] = []
    for lang in langs:
        chapters(root, lang)
        folder = out / lang
        (folder / IMAGES).mkdir(parents=True, exist_ok=True)
        for image in sorted((root / lang / IMAGES).glob("*")):
            write_atomic(folder / IMAGES / image.name, image.read_bytes())
        for chapter in CHAPTERS:
            page = export_page(chapter, lang, root=root)
            written.append(write_atomic(folder / _page_name(chapter, lang), page))
    return [write_atomic(out / "index.html", _index(langs)), *written]

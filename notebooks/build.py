"""Build the tutorial notebooks in Finnish, Swedish and English from one source.

Each chapter has one structural source, a jupytext percent script in ``source/``. Its
Markdown cells hold placeholders that this builder fills in for each language:

- ``{{nb.matching.intro}}``: the message ``nb.matching.intro`` of ``i18n/<lang>/notebooks.po``
  (or of a chapter's own ``notebooks_<topic>.po``);
- ``{{figure:tile:[6|6]}}``, ``{{figure:chain:[1|4], [1|1]}}``: a diagram drawn by
  ``blockdomino.svg`` into ``<lang>/images/`` and embedded as a Markdown image whose
  alt text is the diagram's own title and description;
- ``{{figure:example:placed-1-4}}``: a worked example of the Finnish rules, as the
  document shows it: its title, its diagram and its caption;
- ``{{figure:seating:partnership}}``: the team game's table, seats and partners, the
  very picture the practice items show (``blockdomino.practice.seating``);
- ``{{languages}}``, ``{{contents}}``, ``{{next}}``: links to this notebook in the other
  languages, to every chapter, and to the next chapter.

Code cells are the same in every language; the builder puts ``LANG = "<lang>"`` before
the first of them. A cell tagged ``code-demo`` in the source (``# %% tags=["code-demo"]``)
is tagged so in every language: it shows how the code works, and means nothing where the
code is hidden, so the classroom and the export leave it out. So are the tags of a cell
that keeps a table's game in a file beside the notebook (``keep-game``, which the
classroom and the export leave out too, and ``nbval-skip``: the tests run the notebooks
where they lie, and would leave the file there).

Then it runs each notebook (nbclient, kernel ``python3``) in a scratch folder, so that a
kept game is written nowhere near the sources, and saves it with its outputs but without
anything that changes from run to run, so that building twice gives the same bytes::

    .venv/bin/python notebooks/build.py                 # every chapter, every language
    .venv/bin/python notebooks/build.py --no-execute    # sources and images only
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jupytext
import nbformat
from nbclient import NotebookClient

from blockdomino import svg
from blockdomino.engine.chain import Chain
from blockdomino.engine.tiles import Tile
from blockdomino.files import write_atomic
from blockdomino.practice import seating
from blockdomino.publish.tutorial import CHAPTERS, IMAGES, LANGUAGE_NAMES, Chapter, figure_file
from blockdomino.words.examples import chain_example
from blockdomino.words.i18n import LANGS, translate

ROOT = Path(__file__).resolve().parent
"""The ``notebooks/`` folder: ``source/``, and one folder of notebooks per language."""
SOURCES = ROOT / "source"

PLACEHOLDER = re.compile(r"\{\{([^{}]+)\}\}")
LANG_CELL_ID = "lang"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""Output of a live widget: its model id is random, and it shows nothing without a kernel."""
SVG_NS = "{http://www.w3.org/2000/svg}"

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
}
"""The language metadata without the Python version, which differs between machines."""


# -- figures -------------------------------------------------------------------------------


def _diagram(kind: str, argument: str, lang: str) -> svg.SvgImage:
    """The diagram a ``figure:<kind>:<argument>`` placeholder names."""
    if kind == "tile":
        return svg.tile(Tile.parse(argument), lang=lang)
    if kind == "chain":
        return svg.chain(Chain.parse(argument), lang=lang)
    if kind == "example":
        return svg.example(chain_example(argument), lang=lang)
    if kind == "seating" and argument == "partnership":
        return svg.SvgImage(seating.table(lang))
    raise ValueError(f"unknown figure kind {kind!r} in {{{{figure:{kind}:{argument}}}}}")


def _drawing(kind: str, argument: str, lang: str) -> tuple[str, svg.SvgImage]:
    """The file name (``figure_file``) and the diagram a placeholder names."""
    return figure_file(kind, argument), _diagram(kind, argument, lang)


def alt_text(drawing: str) -> str:
    """A diagram's own title and description, for readers who cannot see it."""
    root = ET.fromstring(drawing)
    title = root.findtext(f"{SVG_NS}title", default="")
    desc = root.findtext(f"{SVG_NS}desc", default="")
    return f"{title}. {desc}" if desc else title


def _markdown_alt(text: str) -> str:
    return re.sub(r"([\\\[\]])", r"\\\1", text)


def _figure(kind: str, argument: str, lang: str, images: dict[str, str]) -> str:
    name, drawing = _drawing(kind, argument, lang)
    images[name] = drawing
    image = f"![{_markdown_alt(alt_text(drawing))}]({IMAGES}/{name})"
    if kind != "example":
        return image
    example = chain_example(argument)
    return f"**{example.title(lang)}**\n\n{image}\n\n*{example.caption(lang)}*"


# -- Markdown ------------------------------------------------------------------------------


def _links_to_languages(chapter: Chapter, lang: str) -> str:
    return " · ".join(
        f"[{translate(LANGUAGE_NAMES[other], other)}](../{other}/{chapter.filename(other)})"
        for other in LANGS
        if other != lang
    )


def _contents(lang: str) -> str:
    return "\n".join(
        f"{int(chapter.number)}. [{translate(chapter.title, lang)}]({chapter.filename(lang)})"
        for chapter in CHAPTERS[1:]
    )


def _link_to_next(chapter: Chapter, lang: str) -> str:
    following = CHAPTERS[CHAPTERS.index(chapter) + 1]
    return translate(
        "nb.common.next",
        lang,
        link=f"[{translate(following.title, lang)}]({following.filename(lang)})",
    )


def render_markdown(text: str, chapter: Chapter, lang: str, images: dict[str, str]) -> str:
    """A Markdown cell of the source with every placeholder filled in for ``lang``."""

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name.startswith("nb."):
            return translate(name, lang)
        if name.startswith("figure:"):
            _, kind, argument = name.split(":", 2)
            return _figure(kind, argument, lang, images)
        if name == "languages":
            return _links_to_languages(chapter, lang)
        if name == "contents":
            return _contents(lang)
        if name == "next":
            return _link_to_next(chapter, lang)
        raise ValueError(f"unknown placeholder {{{{{name}}}}} in {chapter.source}")

    return PLACEHOLDER.sub(fill, text)


# -- notebooks -----------------------------------------------------------------------------


def source_cells(chapter: Chapter) -> list[Any]:
    """The cells of a chapter's structural source, in order."""
    text = (SOURCES / f"{chapter.source}.py").read_text(encoding="utf-8")
    return list(jupytext.reads(text, fmt="py:percent").cells)


def render(chapter: Chapter, lang: str) -> tuple[Any, dict[str, str]]:
    """A chapter's notebook in ``lang``, not yet run, and the diagrams it embeds by file name.

    Cell ids come from the position of the cell in the source, so that they are the
    same in every language and every build. A cell's tags come along (``code-demo``:
    a cell that means something only beside its code, which the classroom and the
    export leave out); no other metadata does.
    """
    images: dict[str, str] = {}
    cells = []
    for index, cell in enumerate(source_cells(chapter)):
        cell_id = f"c{index:02d}"
        metadata = {"tags": list(cell.metadata["tags"])} if cell.metadata.get("tags") else {}
        if cell.cell_type == "markdown":
            text = render_markdown(cell.source, chapter, lang, images)
            cells.append(nbformat.v4.new_markdown_cell(text, id=cell_id, metadata=metadata))
            continue
        if not any(existing.cell_type == "code" for existing in cells):
            cells.append(nbformat.v4.new_code_cell(f'LANG = "{lang}"', id=LANG_CELL_ID))
        cells.append(nbformat.v4.new_code_cell(cell.source, id=cell_id, metadata=metadata))
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata = {"kernelspec": KERNELSPEC, "language_info": LANGUAGE_INFO}
    return notebook, images


def _coalesced(outputs: list[Any]) -> list[Any]:
    """Consecutive writes to one stream as one output: the kernel splits them by timing."""
    merged: list[Any] = []
    for output in outputs:
        previous = merged[-1] if merged else None
        if (
            previous is not None
            and output.output_type == previous.output_type == "stream"
            and output.name == previous.name
        ):
            previous.text += output.text
        else:
            merged.append(output)
    return merged


def _kept(output: Any) -> Any | None:
    """An output as saved: without a live widget's view, which only a running kernel shows."""
    if output.get("output_type") in ("display_data", "execute_result"):
        output.data.pop(WIDGET_VIEW, None)
        if not output.data:
            return None
    return output


def execute(notebook: Any, folder: Path) -> Any:
    """Run every cell in order in ``folder``, then drop what differs between runs
    (timings, widget state)."""
    client = NotebookClient(
        notebook,
        kernel_name="python3",
        timeout=120,
        store_widget_state=False,
        resources={"metadata": {"path": str(folder)}},
    )
    client.execute()
    notebook.metadata = {"kernelspec": KERNELSPEC, "language_info": LANGUAGE_INFO}
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        cell.metadata.pop("execution", None)
        outputs = [kept for kept in map(_kept, cell.outputs) if kept is not None]
        cell.outputs = _coalesced(outputs)
    return notebook


def written(notebook: Any) -> str:
    """A notebook as saved: nbformat's JSON, keys sorted, one newline at the end."""
    return nbformat.writes(notebook) + "\n"


def images_folder(lang: str) -> Path:
    return ROOT / lang / IMAGES


def build(chapters: tuple[Chapter, ...], *, run: bool) -> Iterator[Path]:
    """Render, draw, run and save chapters in every language; yields the paths written.

    Building every chapter also removes the diagrams no chapter embeds any more.
    """
    for lang in LANGS:
        images_folder(lang).mkdir(parents=True, exist_ok=True)
        drawn: set[Path] = set()
        for chapter in chapters:
            notebook, images = render(chapter, lang)
            for name, drawing in sorted(images.items()):
                image = images_folder(lang) / name
                drawn.add(write_atomic(image, drawing + "\n"))
                yield image
            if run:
                with tempfile.TemporaryDirectory(prefix="blockdomino-build-") as scratch:
                    notebook = execute(notebook, Path(scratch))
            yield write_atomic(chapter.path(lang, root=ROOT), written(notebook))
        if chapters == CHAPTERS:
            for stale in set(images_folder(lang).glob("*.svg")) - drawn:
                stale.unlink()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--no-execute", action="store_true", help="save the notebooks without running them"
    )
    parser.add_argument(
        "chapters", nargs="*", help="source stems such as 01_matching (default: all)"
    )
    args = parser.parse_args(argv)
    chosen = tuple(c for c in CHAPTERS if not args.chapters or c.source in args.chapters)
    for path in build(chosen, run=not args.no_execute):
        print(path.relative_to(ROOT.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())

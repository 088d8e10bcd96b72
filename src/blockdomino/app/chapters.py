"""A built notebook as the app's chapter: its prose, its diagrams and its live pieces.

The notebooks under ``notebooks/<lang>/`` (built from the chapter sources and the
catalogs) are the one source. A chapter is a list of blocks, in the notebook's order:

- ``{"type": "html", "html": ...}``: a Markdown cell, rendered by nbconvert's Markdown
  renderer (the export's); links to other chapters become the app's deep links
  (``?lang=sv&chapter=5``), and its images are read from the app's ``images/<lang>/``;
- ``{"type": "figure", "html": ...}``: a saved SVG, HTML or Markdown output of a code
  cell (a diagram, an award), or its printed text;
- ``{"type": "live", "id": "05-RoundPlayer-1", "spec": {...}, "widget": "RoundPlayer"}``:
  a cell whose value is a widget the app drives live (a piece of ``bridge.PIECES``),
  found by running the chapter's code with the widgets recorded (``recorded_widgets``).
  Its id, under which the app keeps its game, names the chapter, the widget and which of
  that widget's cells in the chapter it is: prose, figures and other pieces added to the
  chapter leave it be, so a kept game resumes in the chapter's next version. A cell
  whose widget is no piece of the registry fails the build, naming the notebook and
  the cell (:class:`ChapterError`): the app never drops a piece without a word.

The cells a notebook marks as speaking of code or of files (``code-demo``,
``keep-game``) are left out, as in the export, and so is every code cell's code: the
app shows what the code made, never the code.
"""

from __future__ import annotations

import ast
import contextlib
import html
import io
import json
import re
import sys
import types
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

from nbconvert.filters.markdown_mistune import markdown2html_mistune

from blockdomino import widgets
from blockdomino.app.bridge import PIECES
from blockdomino.app.specs import Recorded
from blockdomino.engine.errors import BlockdominoError
from blockdomino.publish.tutorial import is_left_out

Block = dict[str, Any]
Chapter = dict[str, Any]

_CHAPTER_LINK: Final = re.compile(
    r'href="(?:\.\./(?P<lang>[a-z]{2})/)?(?P<number>\d\d)_[^"/]*\.ipynb(?:#[^"]*)?"'
)
_IMAGE: Final = re.compile(r'src="images/')
_CALLS_A_WIDGET: Final = re.compile(rf"\b(?:{'|'.join(widgets.__all__)})\(")
_HEADING: Final = re.compile(r"\A# +([^\n]+)")


class ChapterError(BlockdominoError):
    """A notebook's cell the app cannot show."""


def _source(cell: Any) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def prose_html(markdown: str, lang: str) -> str:
    """A Markdown cell as the app's HTML: chapter links as deep links, images local."""
    rendered = markdown2html_mistune(markdown)

    def deep_link(found: re.Match[str]) -> str:
        chapter = int(found.group("number"))
        return f'href="?lang={found.group("lang") or lang}&amp;chapter={chapter}"'

    rendered = _CHAPTER_LINK.sub(deep_link, rendered)
    return _IMAGE.sub(f'src="images/{lang}/', rendered)


def output_html(output: Any) -> str | None:
    """A code cell's saved output as HTML, or ``None`` for a bare value's text."""
    if output["output_type"] == "stream":
        return f'<pre class="printed">{html.escape(_source({"source": output["text"]}))}</pre>'
    data = output.get("data", {})
    for kind in ("text/html", "image/svg+xml"):
        if kind in data:
            return _source({"source": data[kind]})
    if "text/markdown" in data:
        return str(markdown2html_mistune(_source({"source": data["text/markdown"]})))
    return None


def _recorder(widget: str) -> Callable[..., Recorded]:
    def record(*args: Any, **kwargs: Any) -> Recorded:
        return Recorded(widget, args, kwargs)

    return record


@contextlib.contextmanager
def recorded_widgets() -> Iterator[None]:
    """While inside, ``from blockdomino.widgets import RoundPlayer`` gives a function
    recording the call instead of the widget."""
    stand_in = types.ModuleType(widgets.__name__)
    for name in widgets.__all__:
        setattr(stand_in, name, _recorder(name))
    sys.modules[widgets.__name__] = stand_in
    try:
        yield
    finally:
        sys.modules[widgets.__name__] = widgets


def cell_values(cells: list[Any]) -> Iterator[Any]:
    """Run the code cells as the notebook ran them, the widgets recorded; each code
    cell's value (its last expression's, as Jupyter shows it), up to the last cell
    that calls a widget (the rest only draws, and the notebook saved what it drew)."""
    calls = [number for number, cell in enumerate(cells) if _CALLS_A_WIDGET.search(_source(cell))]
    namespace: dict[str, Any] = {"__name__": "__chapter__"}
    with recorded_widgets(), contextlib.redirect_stdout(io.StringIO()):
        for cell in cells[: calls[-1] + 1] if calls else ():
            yield _run(_source(cell), namespace)


def _run(code: str, namespace: dict[str, Any]) -> Any:
    tree = ast.parse(code)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    if last is not None:
        tree.body.pop()
    exec(compile(tree, "<chapter>", "exec"), namespace)
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), "<chapter>", "eval"), namespace)


def _live(value: Recorded, live: str, path: Path, place: int) -> Block:
    """The live block of the widget cell at ``place`` (counted from 1) of the notebook
    at ``path``; a ``ChapterError`` if its widget is no piece the app knows."""
    piece = PIECES.get(value.widget)
    if piece is None:
        notebook = f"{path.parent.name}/{path.name}"
        raise ChapterError("app.error.piece", notebook=notebook, cell=place, widget=value.widget)
    return {
        "type": "live",
        "id": live,
        "widget": value.widget,
        "spec": value.spec(),
        "chooser": piece.chooser,
    }


def chapter(path: Path, lang: str) -> Chapter:
    """The chapter of the built notebook at ``path`` (see the module's docstring)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    number = path.name[:2]
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    code = [cell for cell in code if not is_left_out(cell)]
    values = dict(zip((id(cell) for cell in code), cell_values(code), strict=False))
    blocks: list[Block] = []
    pieces: Counter[str] = Counter()
    title = ""
    for place, cell in enumerate(notebook["cells"], start=1):
        if is_left_out(cell):
            continue
        if cell["cell_type"] == "markdown":
            source = _source(cell)
            if not title and (found := _HEADING.match(source)):
                title = found.group(1).strip()
            blocks.append({"type": "html", "html": prose_html(source, lang)})
            continue
        value = values.get(id(cell))
        if isinstance(value, Recorded):
            pieces[value.widget] += 1
            live = f"{number}-{value.widget}-{pieces[value.widget]}"
            blocks.append(_live(value, live, path, place))
            continue
        for output in cell.get("outputs", ()):
            shown = output_html(output)
            if shown is not None:
                blocks.append({"type": "figure", "html": shown})
    return {"number": int(number), "title": title, "lang": lang, "blocks": blocks}

"""The tutorial notebooks: one source, three languages, committed exactly as the builder makes them.

nbval runs the notebooks and compares their outputs; these tests check everything else:
that rebuilding changes nothing, that every message exists in every language, that every
diagram embedded in the text exists and says in words what it shows.
"""

from __future__ import annotations

import ast
import builtins
import importlib.util
import re
import string
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest
from babel.messages.pofile import read_po

from blockdomino.publish import classroom, tutorial
from blockdomino.publish.tutorial import CODE_DEMO, KEEP_GAME, is_left_out
from blockdomino.words.i18n import LANGS, catalog_root

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
KEY = re.compile(r"\bnb\.[a-z0-9_]+(?:\.[a-z0-9_]+)+")
IMAGE = re.compile(r"!\[(?P<alt>(?:\\.|[^\]\\])*)\]\((?P<path>[^)\s]+)\)")


@cache
def builder() -> ModuleType:
    """``notebooks/build.py``, loaded as a module."""
    spec = importlib.util.spec_from_file_location("notebooks_build", NOTEBOOKS / "build.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def messages(lang: str) -> dict[str, str]:
    """The notebooks' prose: ``notebooks.po`` and a chapter's own ``notebooks_<topic>.po``."""
    found: dict[str, str] = {}
    for path in sorted((catalog_root() / lang).glob("notebooks*.po")):
        with path.open("rb") as file:
            found.update({m.id: m.string for m in read_po(file, locale=lang) if m.id})
    return found


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def used_keys() -> set[str]:
    """Every notebook message named in the sources, the builder and the collection."""
    files = [
        NOTEBOOKS / "build.py",
        Path(tutorial.__file__),
        *sorted((NOTEBOOKS / "source").glob("*.py")),
    ]
    return {key for path in files for key in KEY.findall(path.read_text(encoding="utf-8"))}


def without_outputs(notebook: Any) -> Any:
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    return notebook


CASES = [
    pytest.param(chapter, lang, id=f"{lang}-{chapter.source}")
    for chapter in builder().CHAPTERS
    for lang in LANGS
]


@pytest.mark.parametrize(("chapter", "lang"), CASES)
def test_rebuilding_changes_nothing_but_outputs(chapter: Any, lang: str) -> None:
    build = builder()
    fresh, images = build.render(chapter, lang)
    committed = nbformat.reads(chapter.path(lang).read_text(encoding="utf-8"), as_version=4)
    assert build.written(without_outputs(committed)) == build.written(fresh)
    for name, drawing in images.items():
        saved = build.images_folder(lang) / name
        assert saved.read_text(encoding="utf-8") == drawing + "\n", saved


@pytest.mark.parametrize("lang", LANGS)
def test_no_image_is_left_over(lang: str) -> None:
    build = builder()
    drawn = {name for chapter in build.CHAPTERS for name in build.render(chapter, lang)[1]}
    assert {path.name for path in build.images_folder(lang).glob("*")} == drawn


def test_only_the_built_notebooks_are_committed() -> None:
    build = builder()
    for lang in LANGS:
        expected = {chapter.filename(lang) for chapter in build.CHAPTERS}
        assert {path.name for path in (NOTEBOOKS / lang).glob("*.ipynb")} == expected


def test_every_used_key_exists_in_every_language() -> None:
    for lang in LANGS:
        assert used_keys() <= set(messages(lang)), lang


def test_every_key_is_used() -> None:
    assert set(messages("en")) - used_keys() == set()


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_languages_have_the_same_keys_and_placeholders(lang: str) -> None:
    english, other = messages("en"), messages(lang)
    assert set(other) == set(english)
    for key, text in english.items():
        assert fields(other[key]) == fields(text), key


@pytest.mark.parametrize(("chapter", "lang"), CASES)
def test_every_image_exists_and_has_alt_text(chapter: Any, lang: str) -> None:
    notebook = nbformat.reads(chapter.path(lang).read_text(encoding="utf-8"), as_version=4)
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            continue
        for image in IMAGE.finditer(cell.source):
            assert (chapter.path(lang).parent / image["path"]).is_file(), image["path"]
            assert len(image["alt"].strip()) > 20, image.group(0)


@pytest.mark.parametrize("chapter", builder().CHAPTERS, ids=lambda chapter: chapter.source)
def test_languages_share_one_structure(chapter: Any) -> None:
    """Same cells, same ids, same tags, same code; only the ``LANG`` cell and the prose differ."""

    def structure(lang: str) -> list[tuple[str, str, list[str], str]]:
        text = chapter.path(lang).read_text(encoding="utf-8")
        notebook = nbformat.reads(text, as_version=4)
        return [
            (
                cell.cell_type,
                cell.id,
                cell.metadata.get("tags", []),
                cell.source if cell.cell_type == "code" else "",
            )
            for cell in notebook.cells
            if cell.id != builder().LANG_CELL_ID
        ]

    assert structure("fi") == structure("sv") == structure("en")


@pytest.mark.parametrize(("chapter", "lang"), CASES)
def test_lang_cell_comes_first_among_code_cells(chapter: Any, lang: str) -> None:
    notebook = nbformat.reads(chapter.path(lang).read_text(encoding="utf-8"), as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code[0].source == f'LANG = "{lang}"'


@pytest.mark.parametrize(("chapter", "lang"), CASES)
def test_links_lead_to_notebooks(chapter: Any, lang: str) -> None:
    notebook = nbformat.reads(chapter.path(lang).read_text(encoding="utf-8"), as_version=4)
    links = [
        target
        for cell in notebook.cells
        if cell.cell_type == "markdown"
        for target in re.findall(r"\]\(([^)]+\.ipynb)\)", cell.source)
    ]
    assert links
    for target in links:
        assert (chapter.path(lang).parent / target).resolve().is_file(), target


def test_notebooks_are_saved_without_run_dependent_metadata() -> None:
    for lang in LANGS:
        for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
            text = path.read_text(encoding="utf-8")
            assert '"execution"' not in text, path
            assert "widget-view" not in text, path
            assert '"version"' not in nbformat.reads(text, as_version=4).metadata.language_info


def test_alt_text_is_the_diagrams_title_and_description() -> None:
    drawing = builder().svg.example(builder().chain_example("placed-1-1"), lang="fi")
    assert builder().alt_text(drawing) == (
        "Asetettu [1|1]. Laatat: [1|4], [1|1]. Liitokset: [1|4] (pienempi pää) – [1|1] "
        "(linja A). Lailliset jatkokohdat: [1|1] (linja B, 1); [1|4] (suurempi pää, 4)."
    )


def is_code_demo(cell: Any) -> bool:
    return CODE_DEMO in cell.metadata.get("tags", [])


def names(source: str) -> tuple[set[str], set[str]]:
    """The names a cell binds (assignments, imports, definitions, parameters) and reads."""
    bound, read = set(), set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return bound, read


@pytest.mark.parametrize("chapter", builder().CHAPTERS, ids=lambda chapter: chapter.source)
def test_the_notebook_runs_without_the_cells_left_out(chapter: Any) -> None:
    """The classroom never runs a ``code-demo`` or ``keep-game`` cell: every name another
    cell reads is bound by a cell that is not one."""
    notebook, _ = builder().render(chapter, "en")
    known = set(dir(builtins))
    for cell in notebook.cells:
        if cell.cell_type != "code" or is_left_out(cell):
            continue
        bound, read = names(cell.source)
        known |= bound
        assert read <= known, (cell.id, read - known)


def test_some_cells_are_code_demos() -> None:
    demos = [
        cell
        for chapter in builder().CHAPTERS
        for cell in builder().render(chapter, "en")[0].cells
        if is_code_demo(cell)
    ]
    assert {cell.cell_type for cell in demos} == {"code", "markdown"}


KEEP_CALL = re.compile(r"^(\w+)\.keep\(\"([\w.-]+\.json)\"\)$")
"""A cell that keeps a table's game: ``table.keep("file.json")``, alone."""


def kept_games(chapter: Any) -> list[tuple[Any, re.Match[str] | None]]:
    """The chapter's cells that keep a game or are tagged ``keep-game``, with the call."""
    notebook, _ = builder().render(chapter, "en")
    return [
        (cell, KEEP_CALL.match(cell.source))
        for cell in notebook.cells
        if (cell.cell_type == "code" and ".keep(" in cell.source)
        or KEEP_GAME in cell.metadata.get("tags", [])
    ]


@pytest.mark.parametrize("chapter", builder().CHAPTERS, ids=lambda chapter: chapter.source)
def test_a_kept_game_is_kept_only_where_the_folder_is_the_learners(chapter: Any) -> None:
    """A learner's game survives a reload: the play tables keep theirs beside the notebook.
    A cell that keeps one is tagged ``keep-game`` (the classroom, whose folder every
    visitor shares, leaves it out) and ``nbval-skip`` (the tests run the notebooks where
    they lie and would leave the file there); the prose that says so is ``keep-game`` too.
    Each table keeps its own file."""
    files = []
    for cell, call in kept_games(chapter):
        tags = cell.metadata.get("tags", [])
        assert KEEP_GAME in tags, cell.source
        if cell.cell_type == "code":
            assert call is not None, cell.source
            assert "nbval-skip" in tags, cell.source
            files.append(call[2])
    assert len(files) == len(set(files))


def test_the_play_chapters_keep_their_tables_games() -> None:
    kept = {
        chapter.source: [call[1] for _, call in kept_games(chapter) if call]
        for chapter in builder().CHAPTERS
    }
    assert kept["05_play"] == ["round_table", "match_table"]
    assert kept["08_together"] == ["hot_seat"]


def test_the_classroom_and_the_export_leave_kept_games_out() -> None:
    """Voilà and the static pages drop the ``keep-game`` cells, prose and code alike."""
    command = classroom.voila_command(NOTEBOOKS, host="127.0.0.1", port=1, token="t")
    for tag in (CODE_DEMO, KEEP_GAME):
        assert f"--TagRemovePreprocessor.remove_cell_tags={tag}" in command
    chapter = next(c for c in builder().CHAPTERS if c.source == "05_play")
    page = classroom.export_page(chapter, "en", root=NOTEBOOKS)
    assert "play-round.json" not in page
    assert "play-match.json" not in page


def test_the_export_knows_a_widget_by_its_saved_output() -> None:
    """A notebook saved without widget state keeps a widget's ``repr`` alone: the export
    tells each of the tutorial's widgets by it, and nothing else (tuples, numbers)."""
    from blockdomino import widgets

    shown, plain = set(), []
    for path in sorted(NOTEBOOKS.glob("*/*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            for output in cell.get("outputs", []):
                text = output.get("data", {}).get("text/plain", "")
                if classroom.is_widget_output(output):
                    shown.add(text.split("(")[0])
                elif set(output.get("data", {})) == {"text/plain"}:
                    plain.append(text)
    assert len(shown) >= 8
    assert shown <= set(widgets.__all__)
    assert plain
    assert not [text for text in plain if text[:1].isalpha()]

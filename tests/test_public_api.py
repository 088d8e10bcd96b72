"""The public Python surface: a few modules, and the documents import from nothing else.

The public modules are listed in the package's docstring and in ``docs/library.md``'s
section "The public Python surface". The README, ``docs/*.md``, the chapters' sources
(``notebooks/source/*.py``) and the code cells of the built notebooks
(``notebooks/<lang>/*.ipynb``, what a learner sees) are read as code (their
```` ```python ```` blocks, the sources and cells whole) and every import of
``blockdomino`` in them must name a public module, and only names that module exports
(``__all__``); no public module exports a private name. The documents speak of the
product: no issue or pull request numbers. Every module has one path: the paths of
earlier releases are gone, and ``importlib.reload`` works on every public module.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import blockdomino

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = (
    "blockdomino",
    "blockdomino.words",
    "blockdomino.svg",
    "blockdomino.records",
    "blockdomino.verify",
    "blockdomino.coach",
    "blockdomino.lab",
    "blockdomino.practice",
    "blockdomino.widgets",
)
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
NOTEBOOK_SOURCES = sorted((ROOT / "notebooks" / "source").glob("*.py"))
BUILT_NOTEBOOKS = sorted((ROOT / "notebooks").glob("??/*.ipynb"))
ISSUE_NUMBER = re.compile(r"(?i)\b(?:issue|pr|pull request|ticket)s?\s*#?\d+|(?<![\w&])#\d+\b")
"""A reference to the tracker ("issue 26", "#26", "PR 12") rather than to the product."""
PYTHON_BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)
OLD_PATHS = (
    "blockdomino.round",
    "blockdomino.tiles",
    "blockdomino.chain",
    "blockdomino.rules",
    "blockdomino.i18n",
    "blockdomino.text",
    "blockdomino.simulate",
    "blockdomino.players",
    "blockdomino.coach.words",
    "blockdomino.lab.command",
    "blockdomino.widgets.keeping",
)
"""Module paths of earlier releases: each names no module now."""


def _imports(code: str) -> list[tuple[str, str | None]]:
    """``(module, name)`` for every import of blockdomino in ``code``; ``name`` is None
    for ``import module``."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and node.module:
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
    return [(module, name) for module, name in found if module.split(".")[0] == "blockdomino"]


def _is_public(module: str, name: str | None) -> bool:
    """An import of a public module, or of a name a public module exports."""
    if module not in PUBLIC:
        return False
    if name is None:
        return True
    exported: list[str] = importlib.import_module(module).__all__
    return name in exported or f"{module}.{name}" in PUBLIC


def outside_imports(code: str) -> list[str]:
    """The imports in ``code`` that reach past the public surface, as written."""
    return [
        f"from {module} import {name}" if name else f"import {module}"
        for module, name in _imports(code)
        if not _is_public(module, name)
    ]


def _documented_code() -> list[tuple[str, str]]:
    """``(document, code)``: each Python block of the documents, each chapter's source."""
    code = [
        (document.name, block)
        for document in DOCUMENTS
        for block in PYTHON_BLOCK.findall(document.read_text(encoding="utf-8"))
    ]
    code += [(source.name, source.read_text(encoding="utf-8")) for source in NOTEBOOK_SOURCES]
    return code + [
        (f"{built.parent.name}/{built.name}, cell {place}", "".join(cell["source"]))
        for built in BUILT_NOTEBOOKS
        for place, cell in enumerate(json.loads(built.read_text(encoding="utf-8"))["cells"])
        if cell["cell_type"] == "code"
    ]


def test_the_documents_use_every_public_module() -> None:
    used = {
        f"{module}.{name}" if f"{module}.{name}" in PUBLIC else module
        for _, code in _documented_code()
        for module, name in _imports(code)
    }
    assert used == set(PUBLIC)
    assert len(NOTEBOOK_SOURCES) >= 10
    assert len(BUILT_NOTEBOOKS) == 3 * len(NOTEBOOK_SOURCES)


def test_the_documents_speak_of_the_product_not_of_the_tracker() -> None:
    named = {
        f"{document.name}: {found.group()}"
        for document in DOCUMENTS
        for found in ISSUE_NUMBER.finditer(document.read_text(encoding="utf-8"))
    }
    assert sorted(named) == []


def test_the_tracker_check_sees_an_issue_number() -> None:
    said = "Fixed in issue 26 (see #31 and PR 7); a tile [6|6] and &#8212; are fine."
    assert ISSUE_NUMBER.findall(said) == ["issue 26", "#31", "PR 7"]


def test_the_documents_import_only_from_the_public_modules() -> None:
    outside = {
        f"{document}: {line}"
        for document, code in _documented_code()
        for line in outside_imports(code)
    }
    assert sorted(outside) == []


def test_the_check_refuses_an_import_from_inside() -> None:
    code = (
        "from blockdomino import Round, svg\n"
        "from blockdomino.coach import hint\n"
        "from blockdomino.engine.round import Round\n"
        "from blockdomino import records_of_old\n"
        "from blockdomino.coach import search\n"
        "import blockdomino.analysis.coach\n"
    )
    assert outside_imports(code) == [
        "from blockdomino.engine.round import Round",
        "from blockdomino import records_of_old",
        "from blockdomino.coach import search",
        "import blockdomino.analysis.coach",
    ]


@pytest.mark.parametrize("name", PUBLIC)
def test_a_public_module_exports_what_it_lists(name: str) -> None:
    module = importlib.import_module(name)
    exported: list[str] = module.__all__
    assert exported
    for item in exported:
        assert getattr(module, item) is not None, item


def private_names(exported: list[str]) -> list[str]:
    """The names of an ``__all__`` that belong to the inside: those with a leading
    underscore."""
    return [name for name in exported if name.startswith("_")]


@pytest.mark.parametrize("name", PUBLIC)
def test_a_public_module_lists_no_private_name(name: str) -> None:
    """What a public module exports is its surface: no private name is listed in it."""
    exported: list[str] = importlib.import_module(name).__all__
    assert private_names(exported) == []


def test_the_private_name_check_sees_a_private_name() -> None:
    assert private_names(["verify_text", "_walk", "FileReport", "_Described"]) == [
        "_walk",
        "_Described",
    ]


def test_the_package_loads_its_names_when_used_and_lists_them() -> None:
    assert set(blockdomino.__all__) <= set(dir(blockdomino))
    assert blockdomino.Round is importlib.import_module("blockdomino.engine.round").Round
    assert "Round" in vars(blockdomino)  # kept once loaded
    with pytest.raises(AttributeError, match="no attribute 'round'"):
        _ = blockdomino.round  # type: ignore[attr-defined]


def test_the_public_modules_are_listed_where_users_read() -> None:
    library = (ROOT / "docs" / "library.md").read_text(encoding="utf-8")
    section = library.split("## The public Python surface", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `(blockdomino[\w.]*)` \|", section, re.MULTILINE))
    assert listed == set(PUBLIC)
    assert blockdomino.__doc__ is not None
    assert set(re.findall(r"``(blockdomino[\w.]*)``:", blockdomino.__doc__)) == set(PUBLIC)


def _python(code: str) -> str:
    """What ``code`` prints, run in a fresh interpreter of this checkout's package."""
    source = str(Path(blockdomino.__file__).parents[1])
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": source},
    )
    return done.stdout


def test_reload_works_on_every_public_module() -> None:
    """``importlib.reload`` (and so ``%autoreload``) runs each module again in place."""
    code = (
        "import importlib\n"
        f"for name in {PUBLIC!r}:\n"
        "    module = importlib.import_module(name)\n"
        "    again = importlib.reload(module)\n"
        "    assert again is module and again.__name__ == name, name\n"
        "    for item in module.__all__:\n"
        "        getattr(module, item)\n"
        "print('reloaded')\n"
    )
    assert _python(code) == "reloaded\n"


@pytest.mark.parametrize("old", OLD_PATHS)
def test_a_module_path_of_an_earlier_release_names_no_module(old: str) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(old)


def test_every_module_is_in_the_module_table_under_its_own_name_only() -> None:
    """No module is registered under a second name (an alias of an old path)."""
    for name in PUBLIC:
        importlib.import_module(name)
    ours = {name: module for name, module in sys.modules.items() if name.startswith("blockdomino")}
    assert len(ours) > 50
    assert [name for name, module in ours.items() if module.__name__ != name] == []

"""Every name the README, the records document and the notebooks import still works.

The modules moved into layer packages (``blockdomino._moved.MOVED``); code written for the
old paths goes on working, with the very same module objects. The names are read from
the documents themselves, so a new example is checked as soon as it is written.
"""

from __future__ import annotations

import ast
import importlib
import re
import warnings
from pathlib import Path

import pytest

from blockdomino import Round, Rules, records
from blockdomino._moved import MOVED, new_name

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", ROOT / "docs" / "records.md"]
NOTEBOOK_SOURCES = sorted((ROOT / "notebooks" / "source").glob("*.py"))
PYTHON_BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def _imports(code: str) -> list[tuple[str, str | None]]:
    """``(module, name)`` for every import in ``code``; ``name`` None for ``import m``."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and node.module:
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
    return [(module, name) for module, name in found if module.startswith("blockdomino")]


def _documented() -> list[tuple[str, str | None]]:
    names = []
    for document in DOCUMENTS:
        for block in PYTHON_BLOCK.findall(document.read_text(encoding="utf-8")):
            names += _imports(block)
    for source in NOTEBOOK_SOURCES:
        names += _imports(source.read_text(encoding="utf-8"))
    return sorted(set(names), key=str)


def test_the_documents_import_something() -> None:
    assert len(_documented()) > 10


@pytest.mark.parametrize(("module", "name"), _documented())
def test_every_documented_import_works(module: str, name: str | None) -> None:
    imported = importlib.import_module(module)
    if name is not None:
        assert hasattr(imported, name) or importlib.import_module(f"{module}.{name}")


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_module_path_is_the_new_module(old: str) -> None:
    current = new_name(old)
    assert current is not None
    assert importlib.import_module(old) is importlib.import_module(current)


def test_an_old_submodule_path_is_not_loaded_twice() -> None:
    from blockdomino.coach import words as old_words

    from blockdomino.analysis.coach import words

    assert old_words is words


def test_the_record_methods_of_the_engine_are_deprecated_aliases() -> None:
    position = Round.deal(Rules.preset("block", 2), 1)
    with pytest.warns(DeprecationWarning, match=r"records\.to_record"):
        record = position.to_record()
    assert record == records.to_record(position)
    with pytest.warns(DeprecationWarning, match=r"records\.from_record"):
        assert Round.from_record(record) == position
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert records.from_record(record) == position

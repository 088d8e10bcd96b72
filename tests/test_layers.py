"""The house keeps its shape: the layers contract holds, and no import runs in a circle.

The contracts live in ``pyproject.toml`` (``[tool.importlinter]``); ``lint-imports`` checks
them, lazy imports inside functions and imports for types only (``TYPE_CHECKING``)
included. The circle check reads the same import graph: apart from the imports the
layers contract lists as exceptions (the ``_repr_svg_`` hooks, which import the drawings
inside the hook and nowhere else), no module reaches itself again through the modules it
imports. The package's
own ``__init__`` (its names, loaded when used) is the front door, not a room.

The engine is pure at import time too: importing every engine module, in a fresh
interpreter, loads no Babel and nothing of the words, the checker, the drawings or the
records; ``import blockdomino`` loads no Babel either.
"""

from __future__ import annotations

import ast
import json
import os
import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

import blockdomino.engine

ROOT = Path(__file__).resolve().parents[1]
LINTER = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "importlinter"
]
CONTRACTS = LINTER["contracts"]
CORE = (
    "blockdomino.classroom",
    "blockdomino.protocol",
    "blockdomino.tables",
    "blockdomino.lessons",
)
"""The classroom core: what a class does, with no transport in it."""
TRANSPORT = ("starlette", "uvicorn", "websockets", "redis")


def _excepted() -> set[tuple[str, str]]:
    layers = next(contract for contract in CONTRACTS if contract["id"] == "layers")
    return {
        (importer.strip(), imported.strip())
        for importer, _, imported in (line.partition("->") for line in layers["ignore_imports"])
    }


def test_the_layers_contracts_hold() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        pytest.skip("import-linter is not installed: pip install -e '.[test]'")
    done = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def _graph() -> grimp.ImportGraph:
    graph = grimp.build_graph("blockdomino", exclude_type_checking_imports=False)
    for importer, imported in _excepted():
        for target in list(graph.find_modules_directly_imported_by(importer)):
            if target == imported or target.startswith(imported + "."):
                graph.remove_import(importer=importer, imported=target)
    return graph


def test_no_import_runs_in_a_circle() -> None:
    graph = _graph()
    assert len(graph.modules) > 50
    circles = []
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back is not None:
                circles.append(" -> ".join((module, *back)))
    assert circles == []


def test_an_import_for_a_type_only_counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A circle closed by an import under ``TYPE_CHECKING`` is a circle: the contracts
    and the circle check count such imports."""
    assert LINTER["exclude_type_checking_imports"] is False
    package = tmp_path / "typed_circle"
    package.mkdir()
    (package / "__init__.py").write_text("")
    typed = "if TYPE_CHECKING:\n    from typed_circle.room import Room\n"
    (package / "hub.py").write_text("from typing import TYPE_CHECKING\n" + typed)
    (package / "room.py").write_text("from typed_circle.hub import TYPE_CHECKING\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("typed_circle", exclude_type_checking_imports=False, cache_dir=None)
    assert graph.find_shortest_chain(importer="typed_circle.hub", imported="typed_circle.room")
    assert graph.find_shortest_chain(importer="typed_circle.room", imported="typed_circle.hub")


def test_the_core_imports_no_transport() -> None:
    graph = grimp.build_graph("blockdomino", include_external_packages=True, cache_dir=None)
    core = [m for m in graph.modules if m.startswith(CORE)]
    assert len(core) > 10
    reached = {
        (module, transport)
        for module in core
        for transport in TRANSPORT
        if transport in graph.modules
        and graph.find_shortest_chain(importer=module, imported=transport) is not None
    }
    assert reached == set()
    contract = next(c for c in CONTRACTS if c["id"] == "transport-free-core")
    assert (tuple(contract["source_modules"]), tuple(contract["forbidden_modules"])) == (
        CORE,
        TRANSPORT,
    )


def test_the_live_activities_reach_no_part_of_the_server_even_for_types() -> None:
    """The activities know the hub by its interface (``classroom.activity.Hall``): no
    module of the classroom imports the server, not under ``TYPE_CHECKING`` either, and
    no chain of imports leads there."""
    graph = grimp.build_graph("blockdomino", exclude_type_checking_imports=False, cache_dir=None)
    classroom = [m for m in graph.modules if m.startswith("blockdomino.classroom.")]
    assert {"blockdomino.classroom.playing", "blockdomino.classroom.quiz"} <= set(classroom)
    reached = [
        (module, server)
        for module in classroom
        for server in graph.modules
        if server.startswith("blockdomino.server")
        and graph.find_shortest_chain(importer=module, imported=server) is not None
    ]
    assert reached == []
    contract = next(c for c in CONTRACTS if c["id"] == "activities-apart-from-the-hub")
    assert (contract["source_modules"], contract["forbidden_modules"]) == (
        ["blockdomino.classroom"],
        ["blockdomino.server"],
    )


def _reached(graph: grimp.ImportGraph, sources: str, targets: tuple[str, ...]) -> set[str]:
    """Each module under ``sources`` from which a chain of imports reaches ``targets``."""
    return {
        module
        for module in graph.modules
        if module.startswith(sources)
        for target in graph.modules
        if target.startswith(targets)
        and graph.find_shortest_chain(importer=module, imported=target) is not None
    }


def test_the_stores_know_no_transport_and_the_core_knows_only_their_interface() -> None:
    """The stores (``blockdomino.stores``: the SQLite and Redis implementations of
    ``classroom.store``) reach no part of the server and no web server, not through a
    type either; no module of the classroom reaches the stores (the core knows its
    store by the interface alone); the server does use them."""
    graph = grimp.build_graph(
        "blockdomino",
        include_external_packages=True,
        exclude_type_checking_imports=False,
        cache_dir=None,
    )
    stores = {m for m in graph.modules if m.startswith("blockdomino.stores.")}
    assert {"blockdomino.stores.sqlite_class", "blockdomino.stores.redis_class"} <= stores
    transport = ("blockdomino.server", "starlette", "uvicorn", "websockets")
    assert _reached(graph, "blockdomino.stores", transport) == set()
    assert _reached(graph, "blockdomino.classroom", ("blockdomino.stores",)) == set()
    assert "blockdomino.server.class_hub" in _reached(
        graph, "blockdomino.server", ("blockdomino.stores",)
    )
    contracts = {c["id"]: c for c in CONTRACTS}
    apart = contracts["stores-apart-from-the-transport"]
    assert (apart["source_modules"], apart["forbidden_modules"]) == (
        ["blockdomino.stores"],
        ["blockdomino.server", *transport[1:]],
    )
    core = contracts["core-apart-from-its-stores"]
    assert (core["source_modules"], core["forbidden_modules"]) == (
        ["blockdomino.classroom"],
        ["blockdomino.stores"],
    )


def test_the_circle_check_sees_a_circle() -> None:
    """The check itself: an import back from the engine to the words layer is a circle."""
    graph = _graph()
    graph.add_import(importer="blockdomino.engine.errors", imported="blockdomino.words.text")
    assert graph.find_shortest_chain(
        importer="blockdomino.words.text", imported="blockdomino.engine.errors"
    )


IMPURE = (
    "babel",
    "blockdomino.words",
    "blockdomino.verify",
    "blockdomino.svg",
    "blockdomino.records",
)
"""What the engine never loads: the language, the checker, the drawings, the records."""


def _loaded_by(statement: str) -> list[str]:
    """The modules a fresh interpreter has loaded after ``statement`` (this checkout's)."""
    source = str(Path(blockdomino.engine.__file__).parents[2])
    code = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": source},
    )
    loaded: list[str] = json.loads(done.stdout)
    return loaded


def _impure(modules: list[str]) -> list[str]:
    return [name for name in modules if name.startswith(IMPURE)]


ENGINE_MODULES = sorted(
    f"blockdomino.engine.{module.name}"
    for module in pkgutil.iter_modules(blockdomino.engine.__path__)
)


def test_importing_the_engine_loads_no_language_and_no_layer_above() -> None:
    loaded = _loaded_by("\n".join(f"import {name}" for name in ENGINE_MODULES))
    assert set(ENGINE_MODULES) <= set(loaded)
    assert _impure(loaded) == []


def test_import_blockdomino_and_its_engine_names_load_no_language() -> None:
    loaded = _loaded_by(
        "import blockdomino\nblockdomino.Round, blockdomino.Match, blockdomino.Tile"
    )
    assert "blockdomino.engine.round" in loaded
    assert _impure(loaded) == []


def test_the_purity_check_sees_the_language_loaded() -> None:
    """The check itself: asking the package for a word loads the catalogs' Babel."""
    loaded = _loaded_by("import blockdomino\nblockdomino.describe")
    assert "babel" in _impure(loaded)


def test_a_tables_view_does_not_reach_its_controller_even_for_types() -> None:
    """The view reads plain values (``play.table_state``): no import of the controller,
    not under ``TYPE_CHECKING`` either, and no chain of imports back to it."""
    graph = grimp.build_graph("blockdomino", exclude_type_checking_imports=False, cache_dir=None)
    view, controller = "blockdomino.play.table_view", "blockdomino.play.table"
    assert graph.find_shortest_chain(importer=view, imported=controller) is None
    contract = next(c for c in CONTRACTS if c["id"] == "table-apart-from-its-view")
    assert (contract["source_modules"], contract["forbidden_modules"]) == ([view], [controller])


def _svg_imports(tree: ast.AST, inside: str = "") -> list[tuple[str, int]]:
    """Where ``tree`` imports the drawings: each import's enclosing function, and line."""
    found = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef):
            found += _svg_imports(node, node.name)
            continue
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            if "blockdomino.svg" in names:
                found.append((inside, node.lineno))
        found += _svg_imports(node, inside)
    return found


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_the_engine_reaches_the_drawings_only_inside_its_jupyter_hooks(name: str) -> None:
    """As python-chess's values do: a value draws itself in Jupyter (``_repr_svg_``) by
    importing the renderer there; no annotation and no module-level import reaches up."""
    path = Path(blockdomino.engine.__path__[0]) / f"{name.rpartition('.')[2]}.py"
    found = _svg_imports(ast.parse(path.read_text(encoding="utf-8")))
    assert {inside for inside, _ in found} <= {"_repr_svg_"}, found

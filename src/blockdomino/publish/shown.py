"""What each chapter shows, read from its own notebook: the worked examples, the chains,
the rounds and the scoring figures it draws, in the chapter's order.

The chapter's notebook is the one source (built from ``notebooks/source/``). Its
Markdown embeds the documents' worked examples and drawn chains (``figure_file``
names them); its code draws chains (``svg.chain``; a chain drawn with a hand asks
which tile fits, and is no example), rounds (``svg.table``,
``svg.award`` of a round), scoring figures (``svg.award`` of a figure's hands),
replays (``Replay``) and live tables (``RoundPlayer``). The code is run as the
notebook runs it, but with those drawings and widgets recorded instead of made, and
only the cells the drawings need (a cell that only prints or only measures is left
out, as is every cell the classroom leaves out).

What the walkthrough makes of it (:func:`walk_parts`):

- a round the chapter shows again, further on, is one round: the one furthest on, at
  the place it was first shown;
- a chain that a round of the chapter builds, or one drawn before, is not shown twice;
- a live table the pupils play counts only in a chapter that shows no round of its
  own: then its deal, played out by computer players, as a replay shows a seed.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import importlib
import io
import json
import types
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from blockdomino.engine.chain import Chain
from blockdomino.engine.positions import positions
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.play.walkthrough import seeded_round
from blockdomino.publish.tutorial import CHAPTERS, FIGURE_FILE, figure_chain, is_left_out
from blockdomino.words.examples import SCORING_FIGURES, ChainExample


@dataclass(frozen=True, slots=True)
class Shown:
    """One example a chapter shows: a worked example of the documents (``example``:
    a chain example's or a scoring figure's id), a chain it draws (``chain``) or a round
    it deals or plays (``round``; ``live``: a table the pupils play, its deal played out
    by computer players)."""

    example: str = ""
    chain: Chain | None = None
    round: Round | None = None
    live: bool = False


def _award(ended: Any, *_: Any, hands: Any = None, **__: Any) -> Shown | None:
    if isinstance(ended, Round):
        return Shown(round=ended)
    figure = next((f for f in SCORING_FIGURES if hands is not None and f.hands == hands), None)
    return None if figure is None else Shown(example=figure.id)


def _replay(source: Any, *_: Any, rules: Rules | None = None, **__: Any) -> Shown | None:
    if isinstance(source, ChainExample):
        return Shown(example=source.id)
    if isinstance(source, int):
        return Shown(round=seeded_round(source, rules))
    return Shown(round=source) if isinstance(source, Round) else None


def _live_table(rules: Rules, *_: Any, seed: int | None = None, **__: Any) -> Shown | None:
    return None if seed is None else Shown(round=seeded_round(seed, rules), live=True)


_RECORDERS: Final[dict[str, Callable[..., Shown | None]]] = {
    "chain": lambda chain, *_, hand=None, **__: Shown(chain=chain) if hand is None else None,
    "table": lambda position, *_, **__: Shown(round=position),
    "award": _award,
    "Replay": _replay,
    "RoundPlayer": _live_table,
}
"""What each call that shows an example (``svg``'s drawings and the widgets that show a
round) shows, if anything."""
DRAWS: Final = frozenset(_RECORDERS)


def _stand_in(name: str, shown: list[Shown]) -> types.ModuleType:
    """A module that records the calls of :data:`DRAWS` into ``shown``; any other name
    it has is a call that does nothing."""
    module = types.ModuleType(name)

    def attribute(wanted: str) -> Callable[..., None]:
        recorder = _RECORDERS.get(wanted)

        def record(*args: Any, **kwargs: Any) -> None:
            made = recorder(*args, **kwargs) if recorder else None
            if made is not None:
                shown.append(made)

        return record

    module.__getattr__ = attribute  # type: ignore[method-assign]
    return module


def _importer(shown: list[Shown]) -> Callable[..., Any]:
    """``__import__`` for the chapter's code: ``blockdomino.svg`` and
    ``blockdomino.widgets`` are stand-ins recording into ``shown``."""
    package = importlib.import_module("blockdomino")
    stand_ins = {
        f"blockdomino.{n}": _stand_in(f"blockdomino.{n}", shown) for n in ("svg", "widgets")
    }
    front = types.ModuleType("blockdomino")

    def attribute(name: str) -> Any:
        return stand_ins.get(f"blockdomino.{name}") or getattr(package, name)

    front.__getattr__ = attribute  # type: ignore[method-assign]

    def importing(name: str, *args: Any, **kwargs: Any) -> Any:
        if name in stand_ins:
            return stand_ins[name]
        module = builtins.__import__(name, *args, **kwargs)
        return front if module is package else module

    return importing


def _names(code: str) -> tuple[set[str], set[str], set[str]]:
    """The names a cell binds, the names it reads and the names it calls."""
    bound: set[str] = set()
    read: set[str] = set()
    called: set[str] = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Name):
            (bound if isinstance(node.ctx, ast.Store) else read).add(node.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            bound |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.FunctionDef):
            bound.add(node.name)
        elif isinstance(node, ast.Call):
            func = node.func
            called.add(func.id if isinstance(func, ast.Name) else getattr(func, "attr", ""))
    return bound, read, called


def _needed(codes: list[str]) -> set[int]:
    """The cells (by place) that draw (call :data:`DRAWS`, or a function of the chapter
    that does) and the cells that bind what they read."""
    names = [_names(code) for code in codes]
    draws = set(DRAWS)
    drawing = []
    for bound, _, called in names:
        drawing.append(bool(called & draws))
        draws |= bound if drawing[-1] else set()
    wanted: set[str] = set()
    kept = set()
    for place in reversed(range(len(codes))):
        bound, read, _ = names[place]
        if drawing[place] or bound & wanted:
            kept.add(place)
            wanted = (wanted - bound) | (read - bound)
    return kept


def _figures_shown(markdown: str) -> list[Shown]:
    shown = []
    for found in FIGURE_FILE.finditer(markdown):
        if found["kind"] == "example":
            shown.append(Shown(example=found["name"]))
        elif found["kind"] == "chain":
            shown.append(Shown(chain=figure_chain(found["name"])))
    return shown


def _text(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def notebook_shown(path: Path) -> list[Shown]:
    """Everything the built notebook at ``path`` shows, in its order."""
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if not is_left_out(c)]
    codes = [_text(cell) for cell in cells if cell["cell_type"] == "code"]
    needed = _needed(codes)
    shown: list[Shown] = []
    namespace: dict[str, Any] = {
        "__name__": "__chapter__",
        "__builtins__": {**vars(builtins), "__import__": _importer(shown)},
    }
    place = 0
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in cells:
            if cell["cell_type"] == "markdown":
                shown += _figures_shown(_text(cell))
                continue
            if place in needed:
                exec(compile(codes[place], "<chapter>", "exec"), namespace)
            place += 1
    return shown


def _builds(kept: Shown, chain: Chain) -> bool:
    """Whether ``kept`` shows ``chain`` already: the same chain, or a round that ends
    on it."""
    if kept.round is not None:
        return kept.round.chain.tiles == chain.tiles
    return kept.chain is not None and kept.chain.tiles == chain.tiles


def walk_parts(shown: list[Shown]) -> tuple[Shown, ...]:
    """The examples of a chapter's walkthrough, from what it shows (see the module's
    rules): each once, a round as far as the chapter plays it."""
    own_round = any(s.round is not None and not s.live for s in shown)
    kept: list[Shown] = []
    for item in shown:
        if (item.live and own_round) or (item.example and item in kept):
            continue
        if item.round is not None:
            later = positions(item.round)
            place = next((i for i, k in enumerate(kept) if k.round in later), None)
            if place is not None:
                kept[place] = item  # the same round, further on
                continue
            if any(k.round is not None and item.round in positions(k.round) for k in kept):
                continue
        kept.append(item)
    rounds = [k for k in kept if k.round is not None]
    walk: list[Shown] = []
    for k in kept:
        if k.chain is None or not any(_builds(o, k.chain) for o in (*walk, *rounds)):
            walk.append(k)
    return tuple(walk)


@cache
def chapter_parts(source: str) -> tuple[Shown, ...]:
    """The examples of the walkthrough of the chapter ``source`` (``01_matching``), read
    from its English notebook (the code is the same in every language)."""
    chapter = next(c for c in CHAPTERS if c.source == source)
    return walk_parts(notebook_shown(chapter.path("en")))

"""A widget cell of a chapter as a spec: the widget's name and its arguments, as JSON.

The app shows each interactive cell of a notebook as a live component driven by the
same controller as the widget. The build finds what to drive by running the chapter's
code cells with the widgets recorded (``chapters.recorded_widgets``): a cell whose value
is a :class:`Recorded` call is a widget cell. Its arguments are then written as JSON
(:func:`encode`) and read back in the browser (:func:`decode`), so the app builds
exactly the table the notebook builds, from the very values the cell computed (a
position set up by earlier cells, a worked example).

Values other than JSON's own are written as one-key objects: ``{"$rules": {"preset":
"block", "players": 3, "target": null}}`` for a preset's rules, ``{"$round": record}``
and ``{"$match": record}`` for games (``blockdomino.records``); a position set up by
hand mid-round, which no game record can hold, as ``{"$position": pickle}`` (the
build's own bytes, read by the same library in the worker, and read back by an
unpickler that makes nothing but the engine's own values: see :func:`read_position`);
``{"$example": id}``
and ``{"$figure": id}`` for a worked example or a scoring figure of ``words.examples``,
``{"$tile": "[1|4]"}`` for a tile.
"""

from __future__ import annotations

import base64
import io
import pickle
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from blockdomino import records
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.match import Match
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import Tile
from blockdomino.words.examples import SCORING_FIGURES, ChainExample, ScoringFigure, chain_example

Spec = dict[str, Any]
"""A widget cell as JSON: ``{"widget": name, "args": [...], "kwargs": {...}}``."""


class SpecError(BlockdominoError):
    """A widget's argument has no JSON form the app can read back."""

    def __init__(self, kind: str) -> None:
        super().__init__("app.error.spec", kind=kind)


@dataclass(frozen=True, slots=True)
class Recorded:
    """A widget as a cell called it: its name and its arguments, unchanged."""

    widget: str
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)

    def spec(self) -> Spec:
        """The call as JSON (see the module's docstring)."""
        return {
            "widget": self.widget,
            "args": [encode(value) for value in self.args],
            "kwargs": {name: encode(value) for name, value in self.kwargs.items()},
        }


def _rules(rules: Rules) -> dict[str, Any]:
    """A preset's rules by name, player count and target; other rules have no spec."""
    written = {"preset": rules.name, "players": rules.players, "target": rules.target}
    if read_rules(written) != rules:
        raise SpecError("Rules")
    return written


def read_rules(written: Mapping[str, Any]) -> Rules:
    """The rules of a spec's ``$rules`` object."""
    return Rules.preset(written["preset"], written["players"], target=written.get("target"))


def _round(position: Round) -> dict[str, Any]:
    """A round as its game record if the record reads back as the same round; else (a
    position set up by hand) as the pickle of it."""
    try:
        record = records.to_record(position)
        if records.read_round(record) == position:
            return {"$round": record}
    except records.RecordError:
        pass
    return {"$position": base64.b64encode(pickle.dumps(position)).decode("ascii")}


def encode(value: Any) -> Any:
    """A widget's argument as JSON (see the module's docstring)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [encode(item) for item in value]
    if isinstance(value, Rules):
        return {"$rules": _rules(value)}
    if isinstance(value, Tile):
        return {"$tile": str(value)}
    if isinstance(value, Round):
        return _round(value)
    if isinstance(value, Match):
        return {"$match": records.to_record(value)}
    if isinstance(value, ChainExample):
        return {"$example": value.id}
    if isinstance(value, ScoringFigure):
        return {"$figure": value.id}
    raise SpecError(type(value).__name__)


class _EngineValues(pickle.Unpickler):
    """An unpickler that makes only the engine's values (tiles, chains, rules, events,
    rounds) and refuses every other class or function a pickle might name."""

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith("blockdomino.engine.") and name[:1].isupper():
            return super().find_class(module, name)
        raise SpecError(f"{module}.{name}")


def read_position(text: str) -> Round:
    """The hand-made position of a spec's ``$position``: engine values only."""
    position = _EngineValues(io.BytesIO(base64.b64decode(text))).load()
    if not isinstance(position, Round):
        raise SpecError(type(position).__name__)
    return position


_READERS: Final[dict[str, Callable[[Any], Any]]] = {
    "$rules": read_rules,
    "$tile": Tile.parse,
    "$round": records.read_round,
    "$position": read_position,
    "$match": records.read_match,
    "$example": chain_example,
    "$figure": lambda id: next(figure for figure in SCORING_FIGURES if figure.id == id),
}


def decode(value: Any) -> Any:
    """A widget's argument from its JSON form: the value :func:`encode` was given."""
    if isinstance(value, list):
        return [decode(item) for item in value]
    if isinstance(value, dict):
        ((tag, written),) = value.items()
        return _READERS[tag](written)
    return value

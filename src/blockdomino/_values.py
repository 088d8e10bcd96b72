"""Quick construction of the engine's immutable values in its inner loops.

A frozen dataclass's ``__init__`` checks nothing we need twice and costs more than the
rest of a move; ``maker`` returns a function that fills the slots directly, in field
order. Only the engine's own code calls it, with values it has already checked.

Like ``dataclasses`` itself, ``maker`` writes that function's source (one slot setter
call per field, no loop) and compiles it once per class: half the cost of a loop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")
Row = TypeVar("Row", bound=tuple[Any, ...])


def maker(cls: type[T]) -> Callable[..., T]:
    """A constructor of ``cls`` taking every field, private caches included, in order."""
    names = [field.name for field in fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    for number, name in enumerate(names):
        namespace[f"set{number}"] = cls.__dict__[name].__set__
    arguments = ", ".join(f"v{number}" for number in range(len(names)))
    body = "".join(f"    set{number}(value, v{number})\n" for number in range(len(names)))
    exec(f"def make({arguments}):\n    value = new(cls)\n{body}    return value\n", namespace)
    make: Callable[..., T] = namespace["make"]
    return make


def tuple_maker(cls: type[Row]) -> Callable[[Iterable[Any]], Row]:
    """A constructor of the named tuple ``cls`` from one tuple of all its fields, in order.

    It skips the generated ``__new__`` (a Python call that fills in defaults): a third
    of the cost of listing the legal moves.
    """
    return partial(tuple.__new__, cls)

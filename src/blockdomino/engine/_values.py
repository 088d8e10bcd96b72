"""Construction of the engine's immutable values in its inner loops, caches included.

A frozen dataclass's ``__init__`` takes only the fields a caller sets; ``maker`` returns
a function that fills every slot directly, in field order, the private caches too (a
position after a pass already knows the round goes on). Only the engine's own code
calls it, with values it has already checked.

It once compiled that function from source with ``exec``. ``benchmarks/bench_values.py``
measured what that still bought: about 1 µs of a 7 µs move, a tenth of the immutable
engine's random rounds per second (9,300 against 8,300), nothing a learner sees beside
the millisecond a diagram takes to draw, and 0.2 s of the engine-heavy tests (bulk play
runs in ``simulate``'s kernel, which builds no such values). So a plain loop fills them.
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
    setters = [cls.__dict__[field.name].__set__ for field in fields(cls)]  # type: ignore[arg-type]
    new = object.__new__

    def make(*values: Any) -> T:
        value: T = new(cls)
        for setter, item in zip(setters, values, strict=True):
            setter(value, item)
        return value

    return make


def tuple_maker(cls: type[Row]) -> Callable[[Iterable[Any]], Row]:
    """A constructor of the named tuple ``cls`` from one tuple of all its fields, in order.

    It skips the generated ``__new__`` (a Python call that fills in defaults): a third
    of the cost of listing the legal moves.
    """
    return partial(tuple.__new__, cls)

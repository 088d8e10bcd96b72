"""Quick construction of the engine's immutable values in its inner loops.

A frozen dataclass's ``__init__`` checks nothing we need twice and costs more than the
rest of a move; ``maker`` returns a function that fills the slots directly, in field
order. Only the engine's own code calls it, with values it has already checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def maker(cls: type[T]) -> Callable[..., T]:
    """A constructor of ``cls`` taking every field, private caches included, in order."""
    setters = tuple(cls.__dict__[field.name].__set__ for field in fields(cls))  # type: ignore[arg-type]
    new = object.__new__

    def make(*values: Any) -> T:
        value = new(cls)
        for setter, item in zip(setters, values, strict=True):
            setter(value, item)
        return value

    return make

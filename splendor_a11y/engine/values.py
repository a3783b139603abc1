"""Immutable values that are cheap to make: the game state and a seat are copied with a
change at every step of every game a bot imagines.

A frozen dataclass sets each field through ``object.__setattr__`` when it is made, and
``dataclasses.replace`` looks up the fields on every call; for a state of eighteen
fields that was a quarter of the engine's time. A ``value`` class is a dataclass with
slots that the type checker holds frozen (``dataclass_transform(frozen_default=True)``:
``mypy --strict`` refuses any assignment to a field) while the running code sets fields
plainly; ``replaced`` copies one with changes through a getter made once per class.
Equality and hashing are those of a frozen dataclass: field by field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

__all__ = ["replaced", "value"]

_T = TypeVar("_T")

_COPIERS: dict[type, tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]] = {}


@dataclass_transform(frozen_default=True)
def value(cls: type[_T]) -> type[_T]:
    """Make ``cls`` an immutable value: a slotted dataclass, frozen for the type checker,
    compared and hashed by its fields."""
    made: type[_T] = dataclass(slots=True, unsafe_hash=True)(cls)
    names = tuple(field.name for field in fields(made))  # type: ignore[arg-type]
    _COPIERS[made] = (
        attrgetter(*names) if len(names) > 1 else (lambda obj: (getattr(obj, names[0]),)),
        {name: index for index, name in enumerate(names)},
    )
    return made


def replaced(obj: _T, **changes: Any) -> _T:
    """A copy of a ``value`` with some fields changed (``dataclasses.replace``, quicker).

    Raises:
        KeyError: for a field the class does not have.
    """
    cls = type(obj)
    getter, index = _COPIERS[cls]
    values = list(getter(obj))
    for name in changes:
        values[index[name]] = changes[name]
    return cls(*values)

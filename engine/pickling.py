"""Quick pickling for the small slotted dataclasses that views are made of.

A view travels to a picture worker with every picture (`cogs/tables/pictures.py`): its
history of plays, the layout's placements and arms. A slotted dataclass pickles through
`dataclasses`' own `__getstate__`, which lists the class's fields anew for every object; a
mid-hand view took 0.15 ms to pickle and 0.12 ms to load, more than the socket round trip
itself. `QuickPickle.__reduce__` gives the values in field order, read by one `attrgetter`
per class, and the object is rebuilt without running `__init__` (the values were valid when
pickled), so both ends do a few C calls per object.
"""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter
from typing import Any

_FIELDS: dict[type, tuple[tuple[str, ...], Any]] = {}  # class -> (field names, their getter)


def _fields_of(cls: type) -> tuple[tuple[str, ...], Any]:
    known = _FIELDS.get(cls)
    if known is None:
        names = tuple(field.name for field in fields(cls))
        known = _FIELDS[cls] = (names, attrgetter(*names) if names else None)
    return known


def _rebuild(cls: type, values: tuple[Any, ...]) -> Any:
    made: Any = object.__new__(cls)
    for name, value in zip(_fields_of(cls)[0], values, strict=True):
        object.__setattr__(made, name, value)
    return made


class QuickPickle:
    """A dataclass base (slots or frozen alike) whose objects pickle as their field values."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        names, getter = _fields_of(type(self))
        if getter is None:
            values: tuple[Any, ...] = ()
        elif len(names) == 1:
            values = (getter(self),)
        else:
            values = getter(self)
        return (_rebuild, (type(self), values))

"""Quick pickling for the small slotted dataclasses that views are made of.

A view travels to a picture worker with every picture (`cogs/tables/pictures.py`): its
history of plays, the layout's placements and arms. A slotted dataclass pickles through
`dataclasses`' own `__getstate__`, which lists the class's fields anew for every object; a
mid-hand view took 0.15 ms to pickle and 0.12 ms to load, more than the socket round trip
itself. `QuickPickle.__reduce__` gives the values in field order, read by one `attrgetter`
per class, and the object is rebuilt without running `__init__` (the values were valid when
pickled), by a function made once per class that sets each slot with the slot's own setter (as
`dataclasses` makes `__init__`, from source): a C call per field, no loop, no `__setattr__`
lookup. A picture worker loads a mid-hand view in half the time a loop of `object.__setattr__`
took (60 against 120 µs).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from types import MemberDescriptorType
from typing import Any

_FIELDS: dict[type, tuple[tuple[str, ...], Any]] = {}  # class -> (field names, their getter)
_BUILDERS: dict[type, Callable[[tuple[Any, ...]], Any]] = {}  # class -> its rebuilding function


def _fields_of(cls: type) -> tuple[tuple[str, ...], Any]:
    known = _FIELDS.get(cls)
    if known is None:
        names = tuple(field.name for field in fields(cls))
        known = _FIELDS[cls] = (names, attrgetter(*names) if names else None)
    return known


def _slot(cls: type, name: str) -> MemberDescriptorType | None:
    for klass in cls.__mro__:
        found = klass.__dict__.get(name)
        if found is not None:
            return found if isinstance(found, MemberDescriptorType) else None
    return None


def _builder(cls: type) -> Callable[[tuple[Any, ...]], Any]:
    """The function rebuilding a `cls` from its field values, in field order."""
    names = _fields_of(cls)[0]
    slots = [_slot(cls, name) for name in names]
    if any(slot is None for slot in slots):  # not slotted: set each field in the instance dict

        def build(values: tuple[Any, ...]) -> Any:
            made: Any = object.__new__(cls)
            for name, value in zip(names, values, strict=True):
                object.__setattr__(made, name, value)
            return made

        return build
    setters = {f"set{number}": slot.__set__ for number, slot in enumerate(slots) if slot}
    lines = [f"    set{number}(made, values[{number}])" for number in range(len(names))]
    head = [
        "def build(values):",
        f"    if len(values) != {len(names)}:",
        f"        raise ValueError('{cls.__name__} has {len(names)} fields')",
        "    made = new(cls)",
    ]
    source = "\n".join([*head, *lines, "    return made"])
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, **setters}
    exec(source, namespace)  # made from the field count alone, as dataclasses makes __init__
    built: Callable[[tuple[Any, ...]], Any] = namespace["build"]
    return built


def _rebuild(cls: type, values: tuple[Any, ...]) -> Any:
    build = _BUILDERS.get(cls)
    if build is None:
        build = _BUILDERS[cls] = _builder(cls)
    return build(values)


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

"""The engine's side of the translators' catalogue: under which names its templates are written.

Kept apart from `engine.messages`, which is the lowest floor of the engine (every module that
speaks imports it): naming every refusal class means importing every module that defines one,
and a floor that imports the whole house puts the whole house in one import circle. Nothing in
the engine imports this module; the catalogue's extractor (cogs/lang/extract.py) and the tests do.
"""

from __future__ import annotations

import engine
import engine.puzzles  # noqa: F401
from engine.errors import DominoError
from engine.messages import InContext, Plural


def keywords() -> dict[str, tuple[int | tuple[int, str], ...]]:
    """The names under which the engine's templates are written, each with its Babel keyword
    spec (which positional arguments are the msgid, and the plural msgid): `Message` and every
    `DominoError` subclass (after importing every engine module that defines one) take the
    template first, `(1,)`; `Plural` takes singular and plural, `(1, 2)`; `InContext` takes the
    context then the template, `((1, "c"), 2)` (pgettext's spec). Iterating gives the names; the
    mapping can be passed to `babel.messages.extract.extract(keywords=...)` as is."""
    names = {"Message", DominoError.__name__}
    pending: list[type[DominoError]] = [DominoError]
    while pending:
        for subclass in pending.pop().__subclasses__():
            if subclass.__module__.split(".")[0] == "engine" and subclass.__name__ not in names:
                names.add(subclass.__name__)
                pending.append(subclass)
    specs: dict[str, tuple[int | tuple[int, str], ...]] = {name: (1,) for name in sorted(names)}
    specs[Plural.__name__] = (1, 2)
    specs[InContext.__name__] = ((1, "c"), 2)
    return specs

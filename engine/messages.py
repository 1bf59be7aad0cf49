"""Words the engine hands to people, kept translatable.

The engine speaks English, but never builds a sentence by pasting text together: every refusal,
status line, hint or explanation it hands out is a `Message` — a literal English template with
`{named}` placeholders and the values to fill them. A translation layer looks the template up
(it is the msgid of the `domino` catalogue), then fills the translated template with the same
params; English readers just see `str(message)`.

Contract for templates (checked by tests/engine/test_messages.py over the whole engine):
- the first argument of every `Message(...)` and every `DominoError` subclass call (the first
  two of `Plural(...)` and `InContext(...)`) is a string literal (no f-string, no
  concatenation, no variable), so extraction can find it; a message made elsewhere is raised
  with `SomeError.of(message)`;
- its placeholders are plain names (`{tile}`, never `{tile!r}` or `{0}` or `{n:>3}`), exactly the
  keyword params given; a literal brace is written `{{` or `}}`;
- a param is a plain value (int, str, `Tile`, ...) shown by `str()`, or itself a `Message`; a
  game's name is a `GameName` (its variant id travels with it); echoed user input keeps its
  quotes by being passed as `repr(value)`.

How a translator formats a message (`Message.translated` does it): translate the template (a
`Plural`'s form for its count, an `InContext` under its context); for each param that is a
`Message`, format it the same way first (recursively); format integers as numbers of the
language, a `GameName` as the game's name in that language; show every other value by `str()`;
then `translated.format(**params)`. Nested messages are how a sentence made of parts stays
translatable part by part (a refusal with the variant's status in brackets, a record fault
prefixed with the action it happened at, `seat 1 or seat 3`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Self


class Message(str):
    """An English text that remembers the template and params it was made from.

    `Message(template, /, **params)`; `.template` is the msgid a translation layer looks up,
    `.params` (read-only) the values filled in after translation. A `Message` *is* its English
    text (a `str`), so code that only shows English keeps working unchanged; equality and hashing
    are those of the text. It is immutable and pickles as its template and params.
    """

    template: str
    params: Mapping[str, object]
    context: str | None = None  # set by `InContext`

    def __new__(cls, template: str, /, **params: object) -> Self:
        text = template.format(**{name: str(value) for name, value in params.items()})
        message = super().__new__(cls, text)
        object.__setattr__(message, "template", template)
        object.__setattr__(message, "params", MappingProxyType(dict(params)))
        return message

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Message is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Message is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.template, dict(self.params)))

    def __repr__(self) -> str:
        shown = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"Message({self.template!r}{shown})"

    def translated(
        self, lookup: Callable[[Message], str], show: Callable[[object], str] = str
    ) -> str:
        """This message in another language: `lookup(message)` gives the translated template
        of a message (for a `Plural`, the form for its `.n`); every param that is a `Message`
        is translated the same way first, every other one is shown by `show` (a language's
        number formatting, say). With `lookup=lambda m: m.template` and the default `show`,
        this is `str(self)` (for a `Plural`, look up `m.plural` unless `m.n == 1`). A message
        with a `.context` is looked up under it (pgettext)."""
        filled = {
            name: value.translated(lookup, show) if isinstance(value, Message) else show(value)
            for name, value in self.params.items()
        }
        return lookup(self).format(**filled)


def _rebuild(template: str, params: dict[str, object]) -> Message:
    return Message(template, **params)


class InContext(Message):
    """A message whose English words mean more than one thing: `InContext(context, template, /,
    **params)`, looked up with pgettext under `.context` (the move "draw" is no drawn game)."""

    def __new__(cls, context: str, template: str, /, **params: object) -> Self:
        message = Message.__new__(cls, template, **params)
        object.__setattr__(message, "context", context)
        return message

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_in_context, (self.context, self.template, dict(self.params)))

    def __repr__(self) -> str:
        shown = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"InContext({self.context!r}, {self.template!r}{shown})"


def _rebuild_in_context(context: str, template: str, params: dict[str, object]) -> InContext:
    return InContext(context, template, **params)


class GameName(str):
    """A game's display name given as a param (`GameName(variant_id, name)`; it reads as the
    English `name`). A translation layer shows instead the name the game's players use in the
    reader's language (the `rules` domain's `<variant_id>|name`)."""

    variant_id: str

    def __new__(cls, variant_id: str, name: str) -> Self:
        game = super().__new__(cls, name)
        object.__setattr__(game, "variant_id", variant_id)
        return game

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a GameName is immutable")

    def __reduce__(self) -> tuple[object, ...]:
        return (GameName, (self.variant_id, str(self)))


def any_of(choices: Sequence[object]) -> Message:
    """`a or b or c` as nested messages, each language joining with its own word for "or".
    Needs at least two choices."""
    if len(choices) < 2:
        raise ValueError("any_of needs at least two choices")
    others = choices[1] if len(choices) == 2 else any_of(choices[1:])
    return Message("{first} or {others}", first=choices[0], others=others)


class Plural(Message):
    """A message whose wording depends on a count: `Plural(singular, plural, /, count=n,
    **params)`. English picks `singular` when `count == 1`; a translation layer looks both up
    with ngettext and picks its language's form for `count`. `count` is also a param, so the
    templates may show it as `{count}`. `.template` is the singular, `.plural` the plural, `.n`
    the count."""

    plural: str
    n: int  # the count (`str.count` is a method, so not that name)

    def __new__(cls, singular: str, plural: str, /, *, count: int, **params: object) -> Self:
        chosen = singular if count == 1 else plural
        message = Message.__new__(cls, chosen, count=count, **params)
        object.__setattr__(message, "template", singular)
        object.__setattr__(message, "plural", plural)
        object.__setattr__(message, "n", count)
        return message

    def __reduce__(self) -> tuple[object, ...]:
        params = {name: value for name, value in self.params.items() if name != "count"}
        return (_rebuild_plural, (self.template, self.plural, self.n, params))

    def __repr__(self) -> str:
        shown = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"Plural({self.template!r}, {self.plural!r}{shown})"


def _rebuild_plural(singular: str, plural: str, count: int, params: dict[str, object]) -> Plural:
    return Plural(singular, plural, count=count, **params)

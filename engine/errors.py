"""The engine's refusals. Every message is short and can be shown to a player as it is.

Every refusal is raised as `SomeError(template, /, **params)`: a literal English template and the
values for its placeholders (see engine/messages.py). `.message` is the `Message` a translation
layer renders in the reader's language; `str(error)` is its English text.
"""

from __future__ import annotations

from typing import Any, Self

from engine.messages import Message


class DominoError(ValueError):
    """Base of every refusal the engine raises: `DominoError(template, /, **params)`."""

    message: Message

    def __init__(self, template: str, /, **params: object) -> None:
        self._set(Message(template, **params))

    def _set(self, message: Message) -> None:
        super().__init__(message)
        self.message = message

    @classmethod
    def of(cls, message: Message) -> Self:
        """A refusal of this class from a `Message` already made (a reason composed of parts,
        a caught refusal's `.message`)."""
        error = cls.__new__(cls)
        error._set(message)
        return error

    def __reduce__(self) -> tuple[Any, ...]:
        # Refusals cross process boundaries (AI and picture workers): rebuild from the Message,
        # not from `args` (the English text is no template).
        return (_rebuild, (type(self), self.message), self.__dict__)


def _rebuild(kind: type[DominoError], message: Message) -> DominoError:
    error = kind.__new__(kind)
    DominoError._set(error, message)
    return error


class BadTile(DominoError):
    """Text that does not name a tile of the set in play."""


class IllegalAction(DominoError):
    """An action the rules do not allow now (out of turn, a tile that does not fit, ...)."""


class BadOption(DominoError):
    """An unknown option name or a value the variant does not accept."""


class BadDeal(DominoError):
    """A dealt hand or boneyard that does not fit the variant (sizes, duplicates, redeal rule)."""


class UnknownVariant(DominoError):
    """No variant has that id or alias."""


class RecordError(DominoError):
    """A game record that cannot be replayed: `RecordError(template, /, index=..., **params)`.
    `index` is the 0-based action index over the whole record at which the fault shows (a fault
    of a whole hand is reported at that hand's first action). `.reason` is the fault's own
    `Message`; `.message` (and `str(error)`) puts it after the action: `action {index}: {reason}`,
    the prefix being a template of its own so each reason is translated once."""

    index: int
    reason: Message

    def __init__(self, template: str, /, *, index: int, **params: object) -> None:
        self._at(index, Message(template, **params))

    @classmethod
    def of(cls, message: Message) -> Self:
        """Not for record faults: they need their action index (`RecordError.at`)."""
        raise TypeError("a RecordError needs its action index: use RecordError.at")

    @classmethod
    def at(cls, index: int, reason: Message) -> Self:
        """The fault `reason` (e.g. a caught refusal's `.message`) at action `index`."""
        error = cls.__new__(cls)
        error._at(index, reason)
        return error

    def _at(self, index: int, reason: Message) -> None:
        self._set(Message("action {index}: {reason}", index=index, reason=reason))
        self.index = index
        self.reason = reason

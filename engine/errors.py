"""The engine's refusals. Every message is short and can be shown to a player as it is."""

from __future__ import annotations


class DominoError(ValueError):
    """Base of every refusal the engine raises."""


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
    """A game record that cannot be replayed. `index` is the 0-based action index over the
    whole record at which the fault shows (a fault of a whole hand is reported at that hand's
    first action)."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.reason = reason

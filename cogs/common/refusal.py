"""The bot's one refusal: what a person asked for cannot be done, said in their language.

Every feature raises it (a seat that is taken, a move that is not legal, a season name that is
too long) and the one error path (`cogs.common.errors`) shows it to the person alone; nothing
changed. It lives in the kernel because every feature and the runtime below them raise it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cogs.common import engine_words
from cogs.lang import Said
from engine.errors import DominoError

if TYPE_CHECKING:
    from engine.variants.base import Variant


class Refusal(Exception):
    """A refusal shown to the clicking user, in their language; the table is unchanged.

    Raised with a message of `cogs.texts` and its values (`Refusal(texts.X, name=...)`), or
    with a `Said`; `str()` is the English text, `said` the sentence to word for the reader."""

    def __init__(self, message: str | Said, /, **values: Any) -> None:
        self.said = message if isinstance(message, Said) else Said.of(message, **values)
        super().__init__(str(self.said))

    @classmethod
    def refusing(cls, error: BaseException) -> Refusal:
        """The engine's refusal, passed on to the user in player words (`engine_words`)."""
        return cls(Said.refusal(error))

    @classmethod
    def of_options(
        cls, error: BaseException, kind: type[Variant], given: dict[str, Any]
    ) -> Refusal:
        """The engine's refusal of the options given for `kind`, naming the game."""
        if isinstance(error, DominoError):
            return cls(engine_words.option_refusal(error, kind, given))
        return cls.refusing(error)

"""`Said`: a sentence kept as message and values until someone reads it.

One event (a move in a table's log, why a match ended, a refusal) is shown to several readers,
each in their own language, and may be shown again after a restart: so it is kept as its msgid
and the values of its placeholders, not as English text, and it is JSON-able (the table's state
stores it). Values are strings, numbers, other `Said`s and games' names (`GameName`); an engine
`Message` (engine/messages.py: a template with params, maybe nested, plural or in a context)
becomes a `Said` of the same shape.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol


class English(Protocol):
    """What `str()` of a value needs: the bot's English words (`cogs.lang.words`)."""

    def game_name(self, variant_id: str, /) -> str: ...

    def say(self, said: Said, /) -> str: ...


#: The English words, given by `cogs.lang.words` when it loads: it words every value and so
#: imports this module, which therefore cannot import it back. `cogs.lang` loads both.
_english: list[Callable[[], English]] = []


def english_from(provider: Callable[[], English]) -> None:
    """Say where `str()` of a value finds the English words (called once, by `words`)."""
    _english[:] = [provider]


#: How an engine refusal is put to players (`cogs.common.engine_words`, which needs the bot's
#: texts and so lives above this package): given when it loads; the engine's own words until.
_player_words: list[Callable[[Said], Said]] = []


def refusals_reworded_by(reword: Callable[[Said], Said]) -> None:
    """Say how `Said.refusal` puts an engine refusal in player words (called once, on load)."""
    _player_words[:] = [reword]


def _in_english() -> English:
    if not _english:
        raise RuntimeError("cogs.lang.words is not loaded: import cogs.lang")
    return _english[0]()


@dataclass(frozen=True)
class GameName:
    """A game's name as a value: worded as its players say it in the reader's language (the
    `rules` domain). The engine's own `GameName` (a str carrying `variant_id`) is read the same
    way."""

    variant_id: str

    def __str__(self) -> str:
        return _in_english().game_name(self.variant_id)


@dataclass(frozen=True)
class Command:
    """A slash command as a value (`Command("domino puzzle")`): written as the reader's client
    shows it (`/dominó puzzle-es`), from the `command` context of the catalogue."""

    path: str

    def __str__(self) -> str:
        return "/" + self.path


def is_message(value: object) -> bool:
    """Whether `value` is an engine `Message` (a text that remembers its template and params)."""
    return isinstance(value, str) and isinstance(getattr(value, "template", None), str)


@dataclass(frozen=True)
class Said:
    """A sentence to be put in words later: its msgid and the values of its placeholders; for a
    count-dependent sentence also its plural msgid and the count (which also fills `{count}`);
    `context` is the msgctxt where the English words mean more than one thing. `str()` gives
    the English text."""

    message: str
    values: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    count: int | None = None
    context: str | None = None

    @classmethod
    def of(cls, message: str, /, **values: Any) -> Said:
        return cls(message, tuple(sorted(values.items())))

    @classmethod
    def counted(cls, forms: tuple[str, str], count: int, /, **values: Any) -> Said:
        """A sentence whose words follow `count` (`forms` as marked by `Nn_`)."""
        values.setdefault("count", count)
        return cls(forms[0], tuple(sorted(values.items())), forms[1], count)

    @classmethod
    def from_message(cls, message: str) -> Said:
        """An engine `Message` (or plain text, a sentence shown as it is) as a `Said`."""
        if not is_message(message):
            return cls(str(message))
        values = {name: _value_of(value) for name, value in dict(message.params).items()}  # type: ignore[attr-defined]
        plural = getattr(message, "plural", None)
        count = getattr(message, "n", None)
        context = getattr(message, "context", None)
        return cls(
            message.template,  # type: ignore[attr-defined]
            tuple(sorted(values.items())),
            plural if isinstance(plural, str) else None,
            count if isinstance(plural, str) and isinstance(count, int) else None,
            context if isinstance(context, str) else None,
        )

    @classmethod
    def refusal(cls, error: object) -> Said:
        """An engine refusal as a sentence: from its `.message` when it has one, in player words
        where they are known (`refusals_reworded_by`), else its text as it is."""
        message = getattr(error, "message", None)
        if not is_message(message):
            return cls(str(error))
        said = cls.from_message(str(message) if not isinstance(message, str) else message)
        return _player_words[0](said) if _player_words else said

    @staticmethod
    def game(variant_id: str) -> GameName:
        return GameName(variant_id)

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.values)

    def __str__(self) -> str:
        return _in_english().say(self)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "said": self.message,
            "values": {name: _json_value(value) for name, value in self.values},
        }
        if self.plural is not None:
            data["plural"], data["count"] = self.plural, self.count
        if self.context is not None:
            data["context"] = self.context
        return data

    @classmethod
    def from_json(cls, data: Any) -> Said:
        """Reads `to_json`; a plain string (a log line stored before translation existed) is a
        sentence without values, shown as it is."""
        if isinstance(data, str):
            return cls(data)
        values = {
            name: _from_json_value(value) for name, value in dict(data.get("values") or {}).items()
        }
        plural = data.get("plural")
        context = data.get("context")
        return cls(
            str(data["said"]),
            tuple(sorted(values.items())),
            str(plural) if plural is not None else None,
            int(data["count"]) if plural is not None else None,
            str(context) if context is not None else None,
        )


def _value_of(value: Any) -> Any:
    """A value of an engine message as a value of a `Said`."""
    if is_message(value):
        return Said.from_message(value)
    variant_id = getattr(value, "variant_id", None)
    if isinstance(variant_id, str):
        return GameName(variant_id)
    return value


def _json_value(value: Any) -> Any:
    value = _value_of(value)
    if isinstance(value, Said):
        return value.to_json()
    if isinstance(value, GameName):
        return {"game": value.variant_id}
    if isinstance(value, Command):
        return {"command": value.path}
    if isinstance(value, BaseException):
        return Said.refusal(value).to_json()
    if value is None or isinstance(value, str | int | float):
        return value
    return str(value)


def _from_json_value(value: Any) -> Any:
    if isinstance(value, dict):
        if "game" in value:
            return GameName(str(value["game"]))
        if "command" in value:
            return Command(str(value["command"]))
        return Said.from_json(value)
    return value

"""`Words`: everything the bot says, in one language; and `Said`, a sentence not yet worded.

A message is its English text with `{named}` placeholders (str.format style): the msgid. `Words`
looks it up in the language's catalogue (falling back to the English msgid where a translation
is missing) and fills the placeholders. Values are written for the language: integers and
floats with the language's digits and separators (Babel), a `Said` in this same language, an
engine refusal from its template; strings as they are (names, tiles, mentions).

`Said` is a sentence kept as msgid and values until someone reads it, so one event (a move in
the table's log, a refusal) can be shown in each reader's language; it is JSON-able, so the
table's log survives a restart as data, not as English text.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, format_percent

from cogs.lang.catalogues import LANGUAGES, translations


@dataclass(frozen=True)
class GameName:
    """A game's name as a value of a `Said`: worded as its players say it in the reader's
    language (the `rules` domain)."""

    variant_id: str

    def __str__(self) -> str:
        return words("en").game_name(self.variant_id)


@dataclass(frozen=True)
class Said:
    """A sentence to be put in words later: its msgid and the values of its placeholders
    (strings, numbers, or other `Said`s); for a count-dependent sentence also its plural msgid
    and the count. `str()` gives the English text."""

    message: str
    values: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    count: int | None = None

    @classmethod
    def of(cls, message: str, /, **values: Any) -> Said:
        return cls(message, tuple(sorted(values.items())))

    @classmethod
    def counted(cls, forms: tuple[str, str], count: int, /, **values: Any) -> Said:
        """A sentence whose words follow `count` (`forms` as marked by `Nn_`); the count also
        fills `{count}`."""
        values.setdefault("count", count)
        return cls(forms[0], tuple(sorted(values.items())), forms[1], count)

    @classmethod
    def refusal(cls, error: object) -> Said:
        """An engine refusal as a sentence: its template and values (engine.messages.Message),
        or its text as it is when it has no template."""
        message = getattr(error, "message", None)
        template = getattr(message, "template", None)
        if isinstance(template, str):
            return cls.of(template, **dict(getattr(message, "params", None) or {}))
        return cls(str(error))

    @staticmethod
    def game(variant_id: str) -> GameName:
        return GameName(variant_id)

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.values)

    def __str__(self) -> str:
        return words("en").say(self)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "said": self.message,
            "values": {name: _json_value(value) for name, value in self.values},
        }
        if self.plural is not None:
            data["plural"], data["count"] = self.plural, self.count
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
        if plural is not None:
            return cls(
                str(data["said"]), tuple(sorted(values.items())), str(plural), int(data["count"])
            )
        return cls.of(str(data["said"]), **values)


def _json_value(value: Any) -> Any:
    if isinstance(value, Said):
        return value.to_json()
    if isinstance(value, GameName):
        return {"game": value.variant_id}
    if isinstance(value, BaseException):
        return Said.refusal(value).to_json()
    if value is None or isinstance(value, str | int | float):
        return value
    return str(value)


def _from_json_value(value: Any) -> Any:
    if isinstance(value, dict):
        if "game" in value:
            return GameName(str(value["game"]))
        return Said.from_json(value)
    return value


class Words:
    """The bot's words in one language (get one with `words(language)`; they are cached)."""

    def __init__(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r} (languages: {', '.join(LANGUAGES)})")
        self.language = language
        self.locale = Locale.parse(language)
        self._ui = translations(language, "domino")
        self._rules = translations(language, "rules")

    def __repr__(self) -> str:
        return f"words({self.language!r})"

    # -- messages ---------------------------------------------------------------------------

    def __call__(self, message: str, /, **params: object) -> str:
        """The message in this language, its placeholders filled."""
        return self._fill(self._ui.gettext(message), message, params)

    def plural(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The form of a count-dependent message that this language uses for `n`. The count is
        also the value of `{count}` unless `count` is given."""
        params.setdefault("count", n)
        english = singular if n == 1 else plural
        return self._fill(self._ui.ngettext(singular, plural, n), english, params)

    def context(self, context: str, message: str, /, **params: object) -> str:
        """A message whose English words mean more than one thing: `context` (the msgctxt)
        says which."""
        return self._fill(self._ui.pgettext(context, message), message, params)

    def say(self, said: Said) -> str:
        if said.plural is not None and said.count is not None:
            return self.plural(said.message, said.plural, said.count, **said.params)
        return self(said.message, **said.params)

    def refusal(self, error: BaseException) -> str:
        """An engine refusal (a `DominoError`) in this language, from its template and values;
        an error without a template is shown as it is."""
        message = getattr(error, "message", None)
        template = getattr(message, "template", None)
        if isinstance(template, str):
            params = getattr(message, "params", None) or {}
            return self(template, **dict(params))
        return str(error)

    def _fill(self, text: str, english: str, params: Mapping[str, object]) -> str:
        if not params:
            return text
        values = {name: self._value(value) for name, value in params.items()}
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            # A translation whose placeholders do not match (the completeness test catches
            # these): the English sentence is better than no answer.
            return english.format(**values)

    def _value(self, value: object) -> object:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int | float):
            return self.number(value)
        if isinstance(value, Said):
            return self.say(value)
        if isinstance(value, GameName):
            return self.game_name(value.variant_id)
        if isinstance(value, BaseException):
            return self.refusal(value)
        return value

    # -- numbers ----------------------------------------------------------------------------

    def number(self, value: int | float, digits: int | None = None) -> str:
        """`1,234.5` in English, `1.234,5` in Spanish; `digits` fixes the decimals shown."""
        if digits is None:
            return format_decimal(value, locale=self.locale)
        pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
        return format_decimal(value, format=pattern, locale=self.locale)

    def signed(self, value: int) -> str:
        """A gain or loss with its sign: `+12`, `-3`, `0`."""
        text = self.number(abs(value))
        if value > 0:
            return self.locale.number_symbols["latn"]["plusSign"] + text
        if value < 0:
            return self.locale.number_symbols["latn"]["minusSign"] + text
        return text

    def percent(self, share: float) -> str:
        """`46%` in English, `46 %` in German."""
        return format_percent(share, locale=self.locale)

    # -- the games (the `rules` domain) -----------------------------------------------------

    def game_name(self, variant_id: str) -> str:
        """The game's name as its players say it in this language."""
        return self._rules.pgettext(f"{variant_id}|name", _game(variant_id).name)

    def game_summary(self, variant_id: str) -> str:
        return self._rules.pgettext(f"{variant_id}|summary", _game(variant_id).summary)

    def game_rules(self, variant_id: str) -> str:
        """The rules text `/domino rules` shows."""
        return self._rules.pgettext(f"{variant_id}|rules", rules_text(variant_id))

    def game_option(self, variant_id: str, option: str) -> str:
        """The description of one of the game's options."""
        for spec in _game(variant_id).option_specs:
            if spec.name == option:
                return self._rules.pgettext(f"{variant_id}|option|{option}", spec.help)
        raise ValueError(f"{variant_id} has no option {option!r}")


def _game(variant_id: str) -> Any:
    """A table game (a variant class) or a solitaire puzzle (its `PuzzleInfo`), by id."""
    from engine import get_variant
    from engine.errors import DominoError
    from engine.puzzles import get_puzzle

    try:
        return get_variant(variant_id)
    except DominoError:
        return get_puzzle(variant_id)


def rules_text(variant_id: str) -> str:
    """The English rules text of a game (the msgid of its `<id>|rules` entry)."""
    try:
        from cogs.lang.games import rules_text as games_rules_text
    except ImportError:  # the rules domain's module is not there yet
        kind = _game(variant_id)
        return inspect.cleandoc(kind.__doc__ or kind.summary)
    return str(games_rules_text(_game(variant_id)))


@cache
def words(language: str) -> Words:
    """The bot's words in `language` (one of `LANGUAGES`), cached."""
    return Words(language)

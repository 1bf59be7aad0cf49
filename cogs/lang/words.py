"""`Words`: everything the bot says, in one language.

A message is its English text with `{named}` placeholders (str.format style): the msgid. `Words`
looks it up in the language's catalogue (falling back to the English msgid where a translation
is missing) and fills the placeholders. Values are written for the language: integers and
floats with the language's digits and separators (Babel); a `Said`, an engine `Message` or an
engine refusal in this same language; a game's name as its players say it; strings as they
are (names, tiles, mentions).
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from babel import Locale
from babel.numbers import format_decimal, format_percent

from cogs.lang.catalogues import (
    LANGUAGES,
    plural_forms,
    plural_rule,
    translations,
    when_forgotten,
)
from cogs.lang.languages import valid_command_name
from cogs.lang.said import Command, Said, english_from, is_message

if TYPE_CHECKING:
    from render.wording import Wording


class Words:
    """The bot's words in one language (get one with `words(language)`; they are cached)."""

    def __init__(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r} (languages: {', '.join(LANGUAGES)})")
        self.language = language
        self.locale = Locale.parse(language)
        self._ui = translations(language, "domino")
        self._rules = translations(language, "rules")
        self._wording: Wording | None = None
        self._game_names: dict[str, str] = {}  # a game's name, asked for by every message

    def __repr__(self) -> str:
        return f"words({self.language!r})"

    def wording(self) -> Wording:
        """The words of pictures and alt text (render's `Wording`) in this language: its labels
        from the `domino` catalogue (every plural form), numbers as Babel writes them, the games'
        names from the `rules` catalogue. Plain data, built once per process: a picture worker
        builds its own from the language a job names (`cogs.common.pictures`)."""
        if self._wording is None:
            from render.wording import ENGLISH

            symbols = self.locale.number_symbols["latn"]
            self._wording = ENGLISH.localized(
                gettext=self._ui.gettext,
                pgettext=self._ui.pgettext,
                plurals=lambda one, many: plural_forms(self.language, "domino", one, many),
                language=self.language,
                plural_rule=plural_rule(self.language),
                decimal_symbol=symbols["decimal"],
                group_symbol=symbols["group"],
                minus_sign=symbols["minusSign"],
                plus_sign=symbols["plusSign"],
                # Babel writes 1234 as "1.234" in every language here: group from 4 digits.
                minimum_grouping_digits=1,
                game_names=tuple((game_id, self.game_name(game_id)) for game_id in _game_ids()),
            )
        return self._wording

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
        """A sentence kept for later, in this language."""
        params: dict[str, object] = dict(said.values)
        if said.plural is not None and said.count is not None:
            params.setdefault("count", said.count)
            english = said.message if said.count == 1 else said.plural
            if said.context is not None:
                text = self._ui.npgettext(said.context, said.message, said.plural, said.count)
            else:
                text = self._ui.ngettext(said.message, said.plural, said.count)
            return self._fill(text, english, params)
        if said.context is not None:
            return self._fill(self._ui.pgettext(said.context, said.message), said.message, params)
        return self._fill(self._ui.gettext(said.message), said.message, params)

    def message(self, message: str) -> str:
        """An engine `Message` (a template with values, maybe nested) in this language; plain
        text as it is."""
        return self.say(Said.from_message(message)) if is_message(message) else message

    def refusal(self, error: BaseException) -> str:
        """An engine refusal (a `DominoError`) in this language, from its template and values;
        an error without a template is shown as it is."""
        return self.say(Said.refusal(error))

    def _fill(self, text: str, english: str, params: Mapping[str, object]) -> str:
        """Fill a template (always: `{{` is a literal brace even without values)."""
        values = {name: self._value(value) for name, value in params.items()}
        for template in (text, english):
            try:
                return template.format(**values)
            except (KeyError, IndexError, ValueError):
                # A translation whose placeholders do not match (the completeness test catches
                # these): the English sentence is better than no answer.
                continue
        return english  # text kept from before templates, shown as it is

    def _value(self, value: object) -> object:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, Said):
            return self.say(value)
        if is_message(value):
            return self.message(str(value) if not isinstance(value, str) else value)
        variant_id = getattr(value, "variant_id", None)
        if isinstance(variant_id, str):  # a game's name (ours or the engine's GameName)
            return self.game_name(variant_id)
        if isinstance(value, Command):
            return self.slash(value.path)
        if isinstance(value, BaseException):
            return self.refusal(value)
        if isinstance(value, int | float):
            return self.number(value)
        return value

    def slash(self, path: str) -> str:
        """A slash command as this language's clients show it: `slash("domino new")` is
        `/dominó nueva` in Spanish (each word from the `command` context; a word without a valid
        translation stays English, as on Discord)."""
        shown = []
        for word in path.split():
            translated = self._ui.pgettext("command", word)
            shown.append(translated if valid_command_name(translated) else word)
        return "/" + " ".join(shown)

    # -- numbers ----------------------------------------------------------------------------

    def number(self, value: int | float, digits: int | None = None) -> str:
        """`1,234.5` in English, `1.234,5` in Spanish; `digits` fixes the decimals shown."""
        return _decimal(self.locale, type(value).__name__, value, digits)

    def signed(self, value: int) -> str:
        """A gain or loss with its sign: `+12`, `-3`, `0`."""
        text = self.number(abs(value))
        if value > 0:
            return str(self.locale.number_symbols["latn"]["plusSign"]) + text
        if value < 0:
            return str(self.locale.number_symbols["latn"]["minusSign"]) + text
        return text

    def percent(self, share: float) -> str:
        """`46%` in English, `46 %` in German."""
        return format_percent(share, locale=self.locale)

    # -- the games (the `rules` domain) -----------------------------------------------------

    def game_name(self, variant_id: str) -> str:
        """The game's name as its players say it in this language."""
        name = self._game_names.get(variant_id)
        if name is None:
            name = self._rules.pgettext(f"{variant_id}|name", _game(variant_id).name)
            self._game_names[variant_id] = name
        return name

    def game_summary(self, variant_id: str) -> str:
        return self._rules.pgettext(f"{variant_id}|summary", _game(variant_id).summary)

    def game_rules(self, variant_id: str) -> str:
        """The rules text `/domino rules` shows."""
        return self._rules.pgettext(f"{variant_id}|rules", rules_text(variant_id))

    def game_rulebook(self, variant_id: str) -> str:
        """The rulebook a game's rules come from, named as its readers know it."""
        from cogs.lang.games import player_rules

        return self._rules.pgettext(f"{variant_id}|rulebook", player_rules(variant_id).rulebook)

    def game_option(self, variant_id: str, option: str) -> str:
        """The description of one of the game's options."""
        for spec in _game(variant_id).option_specs:
            if spec.name == option:
                return self._rules.pgettext(f"{variant_id}|option|{option}", spec.help)
        raise ValueError(f"{variant_id} has no option {option!r}")


def _game_ids() -> tuple[str, ...]:
    from engine import all_variants
    from engine.puzzles import all_puzzles

    return tuple(variant.id for variant in all_variants()) + tuple(
        puzzle.id for puzzle in all_puzzles()
    )


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


when_forgotten(words.cache_clear)
english_from(lambda: words("en"))


#: Numbers written lately, per language: the same scores, counts and ranks are written again
#: on every board and hand, and Babel takes about 8 µs a number.
NUMBERS_KEPT = 8192


@lru_cache(maxsize=NUMBERS_KEPT)
def _decimal(locale: Locale, kind: str, value: int | float, digits: int | None) -> str:
    """`value` written in `locale` (`kind`, its type's name, keeps 1, 1.0 and True apart)."""
    if digits is None:
        return format_decimal(value, locale=locale)
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return format_decimal(value, format=pattern, locale=locale)

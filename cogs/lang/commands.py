"""Slash commands in every language: discord.py's `app_commands.Translator`, the command texts
collected for the catalogue, and the game picker every command asking for a game offers
(`game_choices`, in the reader's words).

Every name and description of a command, group, option and choice is a message of the `domino`
domain with msgctxt `command` (its English text is the msgid). When the bot syncs, discord.py asks
the translator for each text and each Discord locale; the answers become the commands'
`name_localizations` and `description_localizations`, so a Spanish client shows `/dominó nueva`.

Discord's rules for names (lowercase, 1 to 32 letters, digits, `-` or `_`) are checked here: a
translated name that breaks them is left out (the English name stays) and logged, so one bad
translation never stops the sync. Descriptions and choice names are cut to 100 characters.
"""

from __future__ import annotations

import importlib
import inspect
import logging
from collections.abc import Iterator, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.lang.games import picker_label
from cogs.lang.languages import LOCALES_OF, valid_command_name
from cogs.lang.words import Words, words
from engine import all_variants

log = logging.getLogger(__name__)

CONTEXT = "command"
Location = app_commands.TranslationContextLocation
NAME_LOCATIONS = frozenset({Location.command_name, Location.group_name, Location.parameter_name})
#: Discord locale -> the bot's language, for the locales whose clients get localized commands.
LOCALIZED: dict[str, str] = {
    locale: language for language, locales in LOCALES_OF.items() for locale in locales
}
NAME_NOTE = "a slash command or option name: lowercase, no spaces, at most 32 characters"
TEXT_NOTE = "a slash command or option description, or a choice: at most 100 characters"


valid_name = valid_command_name


class CommandTranslator(app_commands.Translator):
    """Gives discord.py each command text in the language of a Discord locale (None where the
    bot has no translation: Discord then shows the English text)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return localize(string.message, locale.value, context.location)


def localize(
    text: str, locale: str, location: app_commands.TranslationContextLocation
) -> str | None:
    language = LOCALIZED.get(locale)
    if language is None:
        return None
    translated = words(language).context(CONTEXT, text)
    if translated == text:
        return None
    if location in NAME_LOCATIONS:
        if not valid_name(translated):
            log.warning(
                "%s: the name %r is not a valid command name; kept %r", language, translated, text
            )
            return None
        return translated
    return translated[:100]


# -- the texts, for the catalogue -------------------------------------------------------------


def cog_classes(modules: Sequence[str]) -> Iterator[type[commands.Cog]]:
    for name in modules:
        module = importlib.import_module(name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, commands.Cog) and value.__module__ == module.__name__:
                yield value


def _texts(item: Any) -> Iterator[tuple[str, str]]:
    """(text, note) for a command or group and everything under it."""
    yield item.name, NAME_NOTE
    yield item.description, TEXT_NOTE
    if isinstance(item, app_commands.Group):
        for child in item.commands:
            yield from _texts(child)
        return
    for parameter in getattr(item, "parameters", []):
        yield parameter.display_name, NAME_NOTE
        if parameter.description and parameter.description != "…":
            yield parameter.description, TEXT_NOTE
        for choice in parameter.choices:
            yield choice.name, TEXT_NOTE


def command_texts(modules: Sequence[str]) -> list[tuple[str, str]]:
    """Every name and description of the slash commands the cogs in `modules` define, once
    each, in the order they are declared, with a note for translators."""
    found: dict[str, str] = {}
    for cog in cog_classes(modules):
        for item in cog.__cog_app_commands__:
            for text, note in _texts(item):
                if text and text not in found:
                    found[text] = note
    return list(found.items())


def game_choices(
    current: str, w: Words, first: Sequence[str] = ()
) -> list[app_commands.Choice[str]]:
    """The game picker of every command that asks for a table game (`/domino new`, `/domino
    rules`, the standings' filters): every variant whose id, name (English or in `w`'s language)
    or alias contains what was typed, with its summary, in `w`'s language; with nothing typed,
    every game but the presets (another game's rules under a name of their own). The games of
    `first` (the standings': those played in the server) come first, presets too, typed or not:
    a server that plays Dominican dominoes finds its board at once."""
    typed = current.strip().lower()
    found: list[app_commands.Choice[str]] = []
    order = {game: place for place, game in enumerate(first)}
    kinds = sorted(all_variants(), key=lambda kind: order.get(kind.id, len(order)))  # stable
    for kind in kinds:
        name = w.game_name(kind.id)
        known = " ".join((kind.id, kind.name, name, *kind.aliases)).lower()
        if typed and typed not in known:
            continue
        if kind.preset and not typed and kind.id not in first:
            continue  # a preset (`dominican`) once its name is typed: 25 choices at most
        label = picker_label(name, w.game_summary(kind.id))
        found.append(app_commands.Choice(name=label, value=kind.id))
    return found[:25]

"""Which of the bot's languages a Discord locale speaks.

Discord sends a locale with every interaction (`interaction.locale`, the user's client language,
and `interaction.guild_locale`, the server's "preferred locale"). The bot speaks six languages;
every other locale, and no locale at all, gets English.
"""

from __future__ import annotations

import re
from functools import cache

from babel import Locale

from cogs.lang.catalogues import LANGUAGES, SOURCE_LANGUAGE

#: Discord's locale codes (discord.Locale values) of the languages the bot speaks. The bare
#: language codes are accepted too, so a stored language reads back as itself.
DISCORD_LOCALES: dict[str, str] = {
    "en-US": "en",
    "en-GB": "en",
    "es-ES": "es",
    "es-419": "es",
    "pt-BR": "pt",
    "it": "it",
    "de": "de",
    "pl": "pl",
    **{language: language for language in LANGUAGES},
}

#: The Discord locale whose client shows each language (slash command localizations are keyed
#: by Discord locale; Spanish has two).
LOCALES_OF: dict[str, tuple[str, ...]] = {
    "es": ("es-ES", "es-419"),
    "pt": ("pt-BR",),
    "it": ("it",),
    "de": ("de",),
    "pl": ("pl",),
}


#: Discord's rule for command, group and option names (Unicode letters allowed), lowercase too.
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def valid_command_name(name: str) -> bool:
    """Whether Discord accepts `name` as a command, group or option name."""
    return bool(COMMAND_NAME.match(name)) and name == name.lower()


def language_of(locale: object) -> str:
    """The bot's language for a Discord locale (`discord.Locale` or its code, e.g. `"es-419"`);
    English for any other locale and for None."""
    if locale is None:
        return SOURCE_LANGUAGE
    code = getattr(locale, "value", locale)
    if not isinstance(code, str):
        return SOURCE_LANGUAGE
    return DISCORD_LOCALES.get(code.strip(), SOURCE_LANGUAGE)


@cache
def native_name(language: str) -> str:
    """The language's name in itself, as a menu shows it: `Español`, `Polski`, `English`."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (languages: {', '.join(LANGUAGES)})")
    name = Locale.parse(language).display_name or language
    return name[:1].upper() + name[1:]

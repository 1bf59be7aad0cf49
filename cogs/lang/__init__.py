"""The translation layer: every word a user sees goes through here.

Babel with gettext `.po` catalogues (see `catalogues`); two domains: `domino` (the bot's own
words: cogs, the picture labels of render/wording.py, the engine's refusals) and `rules` (the
games: names, summaries, rules texts, option descriptions).

    from cogs.lang import N_, language_of, words
    NOT_YOUR_TURN = N_("It is not your turn.")          # marked where it is defined
    w = words(language_of(interaction.locale))
    w(NOT_YOUR_TURN); w(texts.HAND_TITLE, game=..., number=3)
    HINTS = Nn_("{count} hint", "{count} hints")       # a count-dependent message
    w.plural(*HINTS, n)                                 # the count also fills {count}
    Said.of(texts.RESIGNED, name="ana")                 # kept (JSON) and worded per reader

Who reads what in which language is `cogs.audience`'s business (the acting user's locale, a
player's remembered language for DMs, the server's chosen language for public messages).

Messages are English text with `{named}` placeholders; `python -m cogs.lang extract` collects
them (markers `N_`, `Nn_`, `Np_`, and the engine's refusals) into `locales/*.pot`, and
`python -m cogs.lang update` merges the templates into every language's `.po`.

Only cogs and bot.py import this package (render and engine never do: DESIGN.md's layering).
"""

from __future__ import annotations

from cogs.lang.catalogues import LANGUAGES
from cogs.lang.languages import language_of, native_name
from cogs.lang.said import Command, GameName, Said
from cogs.lang.words import Words, words

__all__ = [
    "LANGUAGES",
    "N_",
    "Command",
    "GameName",
    "Nn_",
    "Np_",
    "Said",
    "Words",
    "language_of",
    "native_name",
    "words",
]


def N_(message: str) -> str:
    """Mark a message for extraction where it is defined; returns it unchanged."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a count-dependent message (`msgid` and `msgid_plural`): give both to
    `Words.plural(*MESSAGE, n)`."""
    return (singular, plural)


def Nc_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with its context (`msgctxt`), for English words that mean two things:
    give both to `Words.context(*MESSAGE)`."""
    return (context, message)

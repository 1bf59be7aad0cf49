"""Who reads a message, and so in which language it is written.

- What only the acting user sees (ephemeral replies, refusals, their "Your hand"): the language
  of that interaction's `locale` (`mine`).
- What the bot sends a player unasked (their hand by DM): the player's language, remembered from
  their latest interaction (`player`; stored, so it survives a restart).
- What everyone at a table or in the channel sees (lobby, board, score sheets, results, public
  replies): the server's language (`server`): the one a moderator chose with
  `/domino config language`, else the server's Discord locale (`guild_locale`), else English.

Languages are looked up in memory first; the database is read once per server or player and
written only when something changed. Players' languages are kept in memory for the
`PLAYERS_KEPT` players seen last (a bot that runs for months meets more users than it needs
to remember); a player forgotten there is read from the database again.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import discord

from cogs.lang import LANGUAGES, Words, language_of, words
from data import Database

log = logging.getLogger(__name__)

PLAYERS_KEPT = 10_000  # players whose language stays in memory, the most recently seen


def mine(interaction: discord.Interaction[Any]) -> Words:
    """The words of whoever acted: for what only they see."""
    return words(language_of(interaction.locale))


class Audience:
    def __init__(self, db: Database, clock: Callable[[], float]) -> None:
        self.db = db
        self.clock = clock
        self._chosen: dict[int, str | None] = {}  # guild -> moderator's choice (None: none)
        self._guild_locales: dict[int, str] = {}  # guild -> language of its Discord locale
        self._players: OrderedDict[int, str] = OrderedDict()  # least recently seen first

    async def heard(self, interaction: discord.Interaction[Any]) -> None:
        """Note the languages an interaction shows: its user's (remembered for their DMs) and
        its server's Discord locale."""
        if interaction.guild_id is not None and interaction.guild_locale is not None:
            self._guild_locales[interaction.guild_id] = language_of(interaction.guild_locale)
        language = language_of(interaction.locale)
        user_id = interaction.user.id
        if self._players.get(user_id) == language:
            self._players.move_to_end(user_id)
            return
        self._remember(user_id, language)
        try:
            await self.db.set_player_language(user_id, language, self.clock())
        except Exception:
            log.exception("could not remember the language of user %s", user_id)

    async def player(self, user_id: int) -> Words:
        """The words for a player's DMs: the language of their latest interaction."""
        language = self._players.get(user_id)
        if language is None:
            language = await self.db.player_language(user_id) or "en"
            self._remember(user_id, language)
        else:
            self._players.move_to_end(user_id)
        return words(language if language in LANGUAGES else "en")

    def _remember(self, user_id: int, language: str) -> None:
        """Keep a player's language in memory, forgetting the least recently seen player past
        `PLAYERS_KEPT`."""
        self._players[user_id] = language
        self._players.move_to_end(user_id)
        if len(self._players) > PLAYERS_KEPT:
            self._players.popitem(last=False)

    async def chosen(self, guild_id: int) -> str | None:
        """The language a moderator chose for the server, or None."""
        if guild_id not in self._chosen:
            self._chosen[guild_id] = await self.db.guild_language(guild_id)
        return self._chosen[guild_id]

    async def server(self, guild_id: int | None, locale: object = None) -> Words:
        """The words for a server's public messages. `locale` is the interaction's
        `guild_locale` where there is one (else the last one seen for that server)."""
        if not guild_id:
            return words(language_of(locale))
        chosen = await self.chosen(guild_id)
        if chosen in LANGUAGES:
            return words(chosen)
        if locale is not None:
            return words(language_of(locale))
        return words(self._guild_locales.get(guild_id, "en"))

    async def public(self, interaction: discord.Interaction[Any]) -> Words:
        """The server's words for a public reply to `interaction`."""
        return await self.server(interaction.guild_id, interaction.guild_locale)

    async def choose(self, guild_id: int, language: str | None) -> None:
        """A moderator chose the server's language (None: back to the server's locale)."""
        await self.db.set_guild_language(guild_id, language, self.clock())
        self._chosen[guild_id] = language

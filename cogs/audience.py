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

When other processes share the database (`shared`), any of them may change a language: the
languages messages are written in (a server's chosen one, a player's) are then read from the
database each time, and what a player's interactions showed is trusted to be stored only for
`SHARED_FRESH_SECONDS` (a player whose language changed in another process meanwhile has it
written again by their next interaction here after that). A server's Discord locale is stored
too (a bot value), for the processes that never hear from that server.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Protocol

import discord

from cogs.lang import LANGUAGES, Words, language_of, words
from data import Database

log = logging.getLogger(__name__)

PLAYERS_KEPT = 10_000  # players whose language stays in memory, the most recently seen
SHARED_FRESH_SECONDS = 60.0
GUILD_LOCALE = "guild-locale:"  # shared store: the bot value of a server's Discord locale


class Worded(Protocol):
    """What a table's language is read from (a `cogs.tables.table.Table`, which this kernel
    module may not import): its server, none for a friends' table, and a friends' table's own
    language."""

    @property
    def guild_id(self) -> int | None: ...

    @property
    def language(self) -> str | None: ...


def mine(interaction: discord.Interaction[Any]) -> Words:
    """The words of whoever acted: for what only they see."""
    return words(language_of(interaction.locale))


class Audience:
    def __init__(self, db: Database, clock: Callable[[], float], *, shared: bool = False) -> None:
        self.db = db
        self.clock = clock
        self.shared = shared
        self._chosen: dict[int, str | None] = {}  # guild -> moderator's choice (None: none)
        self._guild_locales: dict[int, str] = {}  # guild -> language of its Discord locale
        self._players: OrderedDict[int, str] = OrderedDict()  # least recently seen first
        self._heard_at: dict[int, float] = {}  # shared: user -> when their language was stored

    async def heard(self, interaction: discord.Interaction[Any]) -> None:
        """Note the languages an interaction shows: its user's (remembered for their DMs) and
        its server's Discord locale."""
        if interaction.guild_id is not None and interaction.guild_locale is not None:
            await self._heard_server(interaction.guild_id, language_of(interaction.guild_locale))
        language = language_of(interaction.locale)
        user_id = interaction.user.id
        if self._players.get(user_id) == language and self._fresh(user_id):
            self._players.move_to_end(user_id)
            return
        self._remember(user_id, language)
        if self.shared:
            self._heard_at[user_id] = time.monotonic()
        try:
            await self.db.set_player_language(user_id, language, self.clock())
        except Exception:
            log.exception("could not remember the language of user %s", user_id)

    async def _heard_server(self, guild_id: int, language: str) -> None:
        """A server's Discord locale, as its interactions show it; with a shared store it is
        stored too, for the processes that show the server's tables without hearing from it
        (with shards, a table's DMs reach another process than its server's clicks)."""
        if self._guild_locales.get(guild_id) == language:
            return
        self._guild_locales[guild_id] = language
        if self.shared:
            try:
                await self.db.set_bot_value(f"{GUILD_LOCALE}{guild_id}", language)
            except Exception:
                log.exception("could not remember the locale of server %s", guild_id)

    def _fresh(self, user_id: int) -> bool:
        """Whether what is remembered of the player may be trusted to be what is stored."""
        if not self.shared:
            return True
        return time.monotonic() - self._heard_at.get(user_id, -SHARED_FRESH_SECONDS) < (
            SHARED_FRESH_SECONDS
        )

    async def player(self, user_id: int) -> Words:
        """The words for a player's DMs: the language of their latest interaction (in any
        process: with a shared store, as stored)."""
        language = None if self.shared else self._players.get(user_id)
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
            forgotten, _ = self._players.popitem(last=False)
            self._heard_at.pop(forgotten, None)

    async def chosen(self, guild_id: int) -> str | None:
        """The language a moderator chose for the server, or None (in any process: with a
        shared store, as stored)."""
        if self.shared:
            return await self.db.guild_language(guild_id)
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
        if self.shared:
            stored = await self.db.bot_value(f"{GUILD_LOCALE}{guild_id}")
            if stored in LANGUAGES:
                return words(stored)
        return words(self._guild_locales.get(guild_id, "en"))

    async def table(self, table: Worded, locale: object = None) -> Words:
        """The words of a table's public messages (lobby, board, notices, final score): a
        server's table speaks the server's language (`server`; `locale` as there); a friends'
        table, read in a DM or group DM where no server's language exists, the one it was
        opened in (`Table.language`: its host's; English for a table stored before it had
        one)."""
        if table.guild_id is None:  # a friends' table
            return words(table.language if table.language in LANGUAGES else "en")
        return await self.server(table.guild_id, locale)

    async def public(self, interaction: discord.Interaction[Any]) -> Words:
        """The server's words for a public reply to `interaction`."""
        return await self.server(interaction.guild_id, interaction.guild_locale)

    async def choose(self, guild_id: int, language: str | None) -> None:
        """A moderator chose the server's language (None: back to the server's locale)."""
        await self.db.set_guild_language(guild_id, language, self.clock())
        self._chosen[guild_id] = language

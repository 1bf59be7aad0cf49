"""The bot itself: the Discord client that opens the database, loads the features'
extensions (`COGS`), restores unfinished tables and syncs the slash commands only when they
changed.

The kernel's bot knows no feature class. What one feature reaches of another at run time (the
tables' and the replay's Review buttons, the reviews' look at a table) goes through the small
protocols of `cogs.common.ports`, attributes of this bot set by each feature's extension at
setup; what every feature shares is the bot's own: its worker processes (`workers`, the AI's and
the pictures') and the picture service that draws in them (`cogs.common.pictures`).
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.common import command_sync, logs, metrics
from cogs.common.health import Health
from cogs.common.settings import Settings
from cogs.common.workers import Workers

if TYPE_CHECKING:
    from cogs.audience import Audience
    from cogs.common.ports import PuzzleDesk, ReviewDesk, TableDesk
    from data import Database

log = logging.getLogger("domino")

#: The extensions, in loading order: the error path and the runners (`bot.tables`,
#: `bot.reviews`, `bot.puzzles`) before the commands that use them. Loaded by name: the
#: kernel imports none of them.
COGS: tuple[str, ...] = (
    "cogs.common.extension",
    "cogs.tables.extension",
    "cogs.review.extension",
    "cogs.puzzles.extension",
    "cogs.front.commands",
    "cogs.standings.leaderboard",
    "cogs.standings.history",
    "cogs.standings.season",
)
#: The store's value holding the fingerprint of the last command sync (`sync_if_changed`).
COMMANDS_SYNCED = "commands"


def redirect_discord(api_base: str | None, gateway_url: str | None) -> None:
    """Point discord.py at another server (the test emulator) before the client starts."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        import yarl

        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def bot_intents() -> discord.Intents:
    """Only the gateway events the bot uses: servers with their channels and threads, and
    messages in server channels (what scrolls a board away is counted). No privileged intent:
    it never reads message content or member lists. Not DMs, typing or reactions: each unused
    intent is a stream of events to parse, and under load the hands sent by DM alone were one
    event per move."""
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    return intents


class DominoBot(commands.Bot):
    """The bot: opens the database, loads the cogs, reloads unfinished tables, syncs commands
    only when they changed (Discord allows 200 command creates a day per server).

    Settings with a `shard_count` make it a `ShardedDominoBot` (an `AutoShardedBot` running
    `shard_ids`): `DominoBot(settings)` builds whichever the settings ask for."""

    db: Database
    audience: Audience
    tables: TableDesk  # set by the `cogs.tables` extension
    puzzles: PuzzleDesk  # set by the `cogs.puzzles` extension
    reviews: ReviewDesk  # set by the `cogs.review` extension
    memory_settled = False  # what the bot loaded at start is frozen (`settle_memory`)
    #: The background sync of the tile emojis (`start_tile_emojis`); None when off.
    tile_emojis: asyncio.Task[Any] | None = None

    def __new__(cls, settings: Settings) -> DominoBot:
        chosen = ShardedDominoBot if settings.sharded and cls is DominoBot else cls
        return super().__new__(chosen)

    def __init__(self, settings: Settings) -> None:
        # No message of the bot pings anyone: names, season names and options are typed by
        # users, and discord.py merges this default into every send and edit (interaction
        # responses, followups and webhook edits included).
        shards: dict[str, Any] = {}
        if settings.sharded:
            shards["shard_count"] = settings.shard_count
            if settings.shard_ids is not None:
                shards["shard_ids"] = list(settings.shard_ids)
        logs.quiet_discord()  # before the client: it says at once that it has no voice
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            allowed_mentions=discord.AllowedMentions.none(),
            http_trace=metrics.discord_trace(),  # Discord's 429s and 5xx, counted
            # No message cache: nothing reads it (interactions carry their message, the raw
            # delete events are used, `on_message` only counts); discord.py kept 1,000.
            max_messages=None,
            **shards,
        )
        self.settings = settings
        #: `/healthz` and `/metrics`, when the settings ask for them.
        self.health = Health(self, settings.health_address) if settings.health_address else None
        #: The worker processes every feature shares: the AI seats' and the reviews' searches,
        #: and the pictures (`cogs.common.pictures` draws in them).
        self.workers = Workers(settings.ai_workers)
        self._skip_own_echoes()
        from cogs.common import multipart

        multipart.install()  # every upload (a board, a hand) sent as one piece

    def _skip_own_echoes(self) -> None:
        """Discord echoes every message the bot posts or edits (a board edit per move) as a
        gateway event; discord.py would build a message object from each, which nothing here
        reads (`on_message` counts other people's messages). They are dropped unparsed."""
        state = self._connection
        for event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            parse = state.parsers[event]

            def unless_own(data: dict[str, Any], parse: Callable[[Any], None] = parse) -> None:
                author = data.get("author")
                if author is not None and author.get("id") == str(state.self_id):
                    return
                parse(data)

            state.parsers[event] = unless_own

    async def setup_hook(self) -> None:
        from cogs.audience import Audience
        from cogs.lang.commands import CommandTranslator
        from data import Database

        self.db = await Database.open(self.settings.database)
        if self.health is not None:  # answers from here on: 503 until the gateway is up
            await self.health.start(self.db, self.settings.clock)
        self.audience = Audience(self.db, self.settings.clock, shared=self.settings.shared_store)
        self.add_listener(self.audience.heard, "on_interaction")
        self.add_listener(self.settle_memory, "on_ready")
        for extension in COGS:
            await self.load_extension(extension)
        await self.tables.restore()
        # Before any sync: the localized names and descriptions go with the commands.
        await self.tree.set_translator(CommandTranslator())
        if self.settings.sync_commands:
            await self.sync_if_changed()
        self.start_tile_emojis()

    def start_tile_emojis(self) -> None:
        """Tiles in words until the tile emojis are known: then, when the settings want
        them, as emojis, listed and uploaded in the background (`cogs.common.tiles`), so the
        bot connects at once and a failing API costs nothing but the pictures."""
        from cogs.common import tiles

        tiles.install(tiles.NONE)  # nothing of an earlier bot in this process
        if self.settings.tile_emojis:
            # One process uploads (the one that syncs the commands); the others list.
            upload = self.settings.sync_commands
            self.tile_emojis = asyncio.create_task(
                tiles.sync_and_install(self, upload=upload), name="tile-emojis"
            )

    async def settle_memory(self) -> None:
        """Once the bot is ready (its modules, commands, catalogues, servers and restored tables
        loaded), what it holds is collected once and then frozen: the garbage collector's full
        passes skip it from then on. Under load (`bench.table_load`, 200 tables) those passes
        walked 140,000 objects, most of them loaded at start and never garbage, and took up to
        250 ms each: the event loop's longest stalls. Once per start (a reconnection's READY
        finds it done); `close` unfreezes them."""
        if self.memory_settled or not self.settings.settle_memory:
            return
        self.memory_settled = True
        gc.collect()
        gc.freeze()

    async def command_fingerprint(self) -> str:
        """A digest of the commands as a sync would send them, localizations included (so a new
        translation is synced too)."""
        commands_json = await command_sync.payload(self.tree)
        text = json.dumps(commands_json, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    async def sync_if_changed(self) -> bool:
        """Sync the slash commands when their definition differs from the last sync's, whose
        fingerprint is kept in the store (`commands`), for every process of the bot."""
        fingerprint = await self.command_fingerprint()
        if await self.db.bot_value(COMMANDS_SYNCED) == fingerprint:
            log.info("slash commands unchanged: not syncing")
            return False
        await command_sync.sync(self, self.tree)  # keeps an Activity's entry point
        await self.db.set_bot_value(COMMANDS_SYNCED, fingerprint)
        log.info("slash commands synced")
        return True

    async def close(self) -> None:
        """Graceful shutdown: stop the jobs and the delivery (what is not shown yet stays in the
        store, shown after the next start), end the AI's worker processes once nothing asks
        them any more (the extensions unloaded: the reviews stopped), close the database."""
        if self.health is not None:
            await self.health.stop()
        if self.tile_emojis is not None:
            self.tile_emojis.cancel()
        tables = getattr(self, "tables", None)
        if tables is not None:
            await tables.close()
        await super().close()
        await self.workers.close()
        db = getattr(self, "db", None)
        if db is not None:
            await db.close()
        gc.unfreeze()  # what this bot froze may be garbage now (tests start many bots in turn)


class ShardedDominoBot(DominoBot, commands.AutoShardedBot):
    """The bot on the shards its settings name: a server's events reach only the shard
    `(guild_id >> 22) % shard_count`, DMs reach shard 0."""

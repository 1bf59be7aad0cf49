"""Entry point: settings, logging, database, cogs, run. Nothing else lives here.

Configuration comes from the environment, or from a `.env` file beside this one
(see `.env.example`). `DISCORD_TOKEN` is required; without one, `make demo` shows the bot at
work against the test emulator.

`DISCORD_API_BASE` and `DISCORD_GATEWAY_URL` point the client at another Discord-compatible
server; the test emulator uses them to run this very entry point against a loopback fake.

One bot may run as several processes sharing one store (`DATABASE_URL` on PostgreSQL):
`SHARD_COUNT` and `SHARD_IDS` give each process its shards (an `AutoShardedBot`), one of them
syncs the slash commands (`SYNC_COMMANDS`), and `shared_store` tells the table runtime that
other processes write the same tables (see docs/runtime.md, "Several processes").
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import aiohttp
import discord
from discord.ext import commands

if TYPE_CHECKING:
    from cogs.audience import Audience
    from cogs.puzzles.runner import Puzzles
    from cogs.review.reviews import Reviews
    from cogs.tables.runner import Tables
    from data import Database

log = logging.getLogger("domino")

HERE = Path(__file__).resolve().parent
#: The extensions, in loading order: the error path and the runners (`bot.tables`,
#: `bot.reviews`, `bot.puzzles`) before the commands that use them.
COGS: tuple[str, ...] = (
    "cogs.common.extension",
    "cogs.tables.extension",
    "cogs.review.extension",
    "cogs.puzzles.extension",
    "cogs.domino",
    "cogs.standings.leaderboard",
    "cogs.standings.history",
    "cogs.standings.season",
)
EXIT_NO_TOKEN = 2
EXIT_BAD_TOKEN = 3
EXIT_NO_DISCORD = 4
#: The store's value holding the fingerprint of the last command sync (`sync_if_changed`).
COMMANDS_SYNCED = "commands"
T = TypeVar("T")


class ConfigError(Exception):
    """A setting that stops the bot from starting; the message is the one line to print."""


#: What a database URL may start with: SQLite (a file) or PostgreSQL (several processes).
DATABASE_SCHEMES = ("sqlite:///", "postgresql://")
YES = ("yes", "true", "on", "1")
NO = ("no", "false", "off", "0")
NUMBER = re.compile(r"[0-9]{1,6}")


def sqlite_url(path: Path | str) -> str:
    """The URL of the SQLite file at `path` (`sqlite:////abs/path`, `sqlite:///relative`)."""
    return f"sqlite:///{path}"


#: The SQLite file beside this one.
DEFAULT_DATABASE = sqlite_url(HERE / "domino.sqlite3")


def shown_url(url: str | Path) -> str:
    """A database URL as it may be printed: without its password."""
    text = str(url)
    try:
        parts = urlsplit(text)
    except ValueError:
        return "<a database URL that cannot be read>"
    if parts.password is None:
        return text
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def read_yes_no(name: str, text: str) -> bool:
    value = text.strip().lower()
    if value in YES:
        return True
    if value in NO:
        return False
    raise ConfigError(f"{name} must be yes or no, not {text.strip()!r}")


def read_shard_ids(text: str, count: int) -> tuple[int, ...]:
    """`SHARD_IDS`: "0,2,5", a range "0-3", or both ("0-3,7"); each below `count`, none twice."""
    found: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not NUMBER.fullmatch(first) or (dash and not NUMBER.fullmatch(last)):
            raise ConfigError(
                f'SHARD_IDS must list shard numbers ("0,2,5") or a range ("0-3"), not {text!r}'
            )
        start, end = int(first), int(last) if dash else int(first)
        if end < start:
            raise ConfigError(f"SHARD_IDS: the range {part} runs backwards")
        found.extend(range(start, end + 1))
    if any(shard >= count for shard in found):
        raise ConfigError(f"SHARD_IDS: every shard must be below SHARD_COUNT ({count}): {text!r}")
    if len(set(found)) != len(found):
        raise ConfigError(f"SHARD_IDS names a shard twice: {text!r}")
    return tuple(found)


@dataclass(frozen=True)
class Settings:
    """Every option of the bot. Only `token` is required; the rest have working defaults.
    Times are seconds; `clock` gives Unix seconds (tests pass the emulator's clock).

    `database` is a URL (`sqlite:///path` or `postgresql://...`) or a path to a SQLite file.
    `shard_count` set: the bot runs those shards (`shard_ids`, all of them when None) as an
    `AutoShardedBot`. `shared_store`: other bot processes use the same store."""

    # Never shown: a settings object printed in a log or a traceback must not give the bot away.
    token: str = field(repr=False)
    log_level: str = "INFO"
    database: str | Path = DEFAULT_DATABASE
    api_base: str | None = None
    gateway_url: str | None = None
    sync_commands: bool = True
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    ai_delay: float = 1.2  # how long an AI seat "thinks" before it plays
    ai_budget_ms: int | None = 400  # search time per AI move
    ai_workers: int = 2  # processes for the searching AI levels
    #: What a review spends on each decision of a player (`cogs.review.reviews`): worlds
    #: sampled, unless this much CPU time runs out first; and what a hint spends.
    review_worlds: int = 500
    review_cpu_ms: int = 600
    hint_worlds: int = 300
    hint_cpu_ms: int = 500
    between_hands_seconds: float = 20.0
    lobby_seconds: float = 15 * 60.0
    keep_finished_seconds: float = 60 * 60.0
    puzzle_idle_seconds: float = 7 * 24 * 60 * 60.0  # an untouched puzzle is put away
    notify_spacing_seconds: float = 1.0  # at most one new DM to a person this often
    tables_per_user: int = 3  # lobbies and unfinished tables one person may host or sit at
    puzzles_per_user: int = 3  # puzzles one person may have open
    #: Other bot processes share this store: their claims of jobs and outbox items are then
    #: respected until their leases end, and every cached table is checked against the
    #: stored revision before it is used; off, a start releases the claims its last run left.
    shared_store: bool = False
    #: Once ready, collect the garbage once and freeze what the bot holds (`settle_memory`);
    #: the tests, which start a bot per test in one long process, leave it off.
    settle_memory: bool = True
    clock: Callable[[], float] = field(default=time.time)
    #: What reading the settings found worth saying, logged once logging is set up.
    notes: tuple[str, ...] = field(default=(), compare=False)

    def __repr__(self) -> str:
        """The settings as a log line: every field but the token, the database URL without
        its password."""
        shown = []
        for each in fields(self):
            if not each.repr:
                continue
            value = getattr(self, each.name)
            text = repr(shown_url(value)) if each.name == "database" else repr(value)
            shown.append(f"{each.name}={text}")
        return f"Settings({', '.join(shown)})"

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

    @classmethod
    def from_environment(cls, env: Mapping[str, str] | None = None) -> Settings:
        values = dict(read_dotenv(HERE / ".env"))
        values.update(os.environ if env is None else env)
        token = values.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: put it in .env (see .env.example), "
                "or run `make demo` to see the bot work without one."
            )
        notes: list[str] = []
        database = read_database(values, notes)
        shard_count, shard_ids = read_shards(values)
        sync = values.get("SYNC_COMMANDS", "").strip()
        shared = values.get("SHARED_STORE", "").strip()
        try:
            return cls(
                token=token,
                log_level=values.get("LOG_LEVEL", "INFO").upper(),
                database=database,
                api_base=values.get("DISCORD_API_BASE") or None,
                gateway_url=values.get("DISCORD_GATEWAY_URL") or None,
                # One process syncs: the one with shard 0, or the only one.
                sync_commands=read_yes_no("SYNC_COMMANDS", sync)
                if sync
                else shard_ids is None or 0 in shard_ids,
                shard_count=shard_count,
                shard_ids=shard_ids,
                shared_store=read_yes_no("SHARED_STORE", shared)
                if shared
                else database.startswith("postgresql://") or shard_ids is not None,
                ai_delay=float(values.get("AI_DELAY_SECONDS", "1.2")),
                between_hands_seconds=float(values.get("BETWEEN_HANDS_SECONDS", "20")),
                lobby_seconds=float(values.get("LOBBY_SECONDS", "900")),
                puzzle_idle_seconds=float(values.get("PUZZLE_IDLE_SECONDS", "604800")),
                tables_per_user=int(values.get("TABLES_PER_USER", "3")),
                puzzles_per_user=int(values.get("PUZZLES_PER_USER", "3")),
                notes=tuple(notes),
            )
        except ValueError as error:
            reason = f"a setting in .env or the environment is not a number: {error}"
            raise ConfigError(reason) from None


def read_database(values: Mapping[str, str], notes: list[str]) -> str:
    """`DATABASE_URL`, else `DATABASE_PATH` (a SQLite file), else the file beside bot.py. Both
    set: the URL wins, and a note says so."""
    url = values.get("DATABASE_URL", "").strip()
    path = values.get("DATABASE_PATH", "").strip()
    if url and path:
        notes.append(f"DATABASE_URL and DATABASE_PATH are both set: using {shown_url(url)}")
    if not url:
        return sqlite_url(path) if path else DEFAULT_DATABASE
    if not url.startswith(DATABASE_SCHEMES):
        raise ConfigError(
            f"DATABASE_URL must start with sqlite:/// or postgresql://, not {shown_url(url)!r}"
        )
    return url


def read_shards(values: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """`SHARD_COUNT` (a whole number, at least 1) and `SHARD_IDS` (only with a count)."""
    count_text = values.get("SHARD_COUNT", "").strip()
    ids_text = values.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError("SHARD_IDS is set without SHARD_COUNT: set both, or neither")
        return None, None
    if not NUMBER.fullmatch(count_text) or int(count_text) < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number of at least 1, not {count_text!r}")
    count = int(count_text)
    return count, read_shard_ids(ids_text, count) if ids_text else None


def read_dotenv(path: Path) -> dict[str, str]:
    """`KEY=value` lines; `#` comments and blank lines ignored; quotes around a value removed."""
    if not path.is_file():
        return {}
    values: dict[str, str] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip("'\"")
    return values


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
    tables: Tables  # set by the `cogs.tables` extension
    puzzles: Puzzles  # set by the `cogs.puzzles` extension
    reviews: Reviews  # set by the `cogs.review` extension
    memory_settled = False  # what the bot loaded at start is frozen (`settle_memory`)

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
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.settings = settings
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
        translator = self.tree.translator
        commands_json = [
            await command.get_translated_payload(self.tree, translator)
            if translator is not None
            else command.to_dict(self.tree)
            for command in self.tree.get_commands()
        ]
        text = json.dumps(commands_json, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    async def sync_if_changed(self) -> bool:
        """Sync the slash commands when their definition differs from the last sync's, whose
        fingerprint is kept in the store (`commands`), for every process of the bot."""
        fingerprint = await self.command_fingerprint()
        if await self.db.bot_value(COMMANDS_SYNCED) == fingerprint:
            log.info("slash commands unchanged: not syncing")
            return False
        await self.tree.sync()
        await self.db.set_bot_value(COMMANDS_SYNCED, fingerprint)
        log.info("slash commands synced")
        return True

    async def close(self) -> None:
        """Graceful shutdown: stop the jobs and the delivery (what is not shown yet stays in the
        store, shown after the next start), close the database."""
        tables = getattr(self, "tables", None)
        if tables is not None:
            await tables.close()
        await super().close()
        db = getattr(self, "db", None)
        if db is not None:
            await db.close()
        gc.unfreeze()  # what this bot froze may be garbage now (tests start many bots in turn)


class ShardedDominoBot(DominoBot, commands.AutoShardedBot):
    """The bot on the shards its settings name: a server's events reach only the shard
    `(guild_id >> 22) % shard_count`, DMs reach shard 0."""


async def serve(settings: Settings) -> int:
    redirect_discord(settings.api_base, settings.gateway_url)
    for note in settings.notes:
        log.warning("%s", note)
    log.info("starting with %r", settings)
    bot = DominoBot(settings)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    async with bot:
        running = asyncio.create_task(bot.start(settings.token))
        stopping = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if running in done:
            stopping.cancel()
            running.result()  # raises LoginFailure for a rejected token
            return 0
        log.info("shutting down")
        await bot.close()
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
    return 0


def run(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run`, on uvloop where it is installed (a dependency except on Windows): under
    load the event loop's own work (sockets, callbacks, the worker threads' wake-ups) was a
    large share of the bot's CPU, and uvloop does it in C."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


def main(env: Mapping[str, str] | None = None) -> int:
    try:
        settings = Settings.from_environment(env)
    except ConfigError as error:
        print(error, file=sys.stderr)
        return EXIT_NO_TOKEN
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        return run(serve(settings))
    except discord.LoginFailure:
        print(
            "Discord rejected DISCORD_TOKEN: copy the bot token again from the Developer Portal "
            "into .env (or run `make demo` to see the bot work without one).",
            file=sys.stderr,
        )
        return EXIT_BAD_TOKEN
    except (OSError, aiohttp.ClientError, discord.GatewayNotFound, discord.HTTPException) as error:
        # No network, a refused connection or Discord down: the reason fits one line; the
        # traceback would only bury it.
        print(f"Could not reach Discord ({type(error).__name__}: {error}).", file=sys.stderr)
        return EXIT_NO_DISCORD


if __name__ == "__main__":
    sys.exit(main())

"""Entry point: settings, logging, the bot, run. Nothing else lives here, and nothing imports it.

Configuration comes from the environment, or from a `.env` file beside this one
(see `.env.example`; read by `cogs.common.settings`). `DISCORD_TOKEN` is required; without one,
`make demo` shows the bot at work against the test emulator.

`DISCORD_API_BASE` and `DISCORD_GATEWAY_URL` point the client at another Discord-compatible
server; the test emulator uses them to run this very entry point against a loopback fake.

One bot may run as several processes sharing one store (`DATABASE_URL` on PostgreSQL):
`SHARD_COUNT` and `SHARD_IDS` give each process its shards (an `AutoShardedBot`), one of them
syncs the slash commands (`SYNC_COMMANDS`), and `shared_store` tells the table runtime that
other processes write the same tables (see docs/runtime.md, "Several processes").

The bot itself is `cogs.common.bot.DominoBot`; its settings, `cogs.common.settings.Settings`.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Coroutine, Mapping
from typing import Any, TypeVar

import aiohttp
import discord

from cogs.common import logs
from cogs.common.bot import DominoBot, redirect_discord
from cogs.common.settings import ConfigError, Settings

log = logging.getLogger("domino")

EXIT_NO_TOKEN = 2
EXIT_BAD_TOKEN = 3
EXIT_NO_DISCORD = 4
T = TypeVar("T")


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
    logs.set_up(settings.log_level, settings.log_format, secret=settings.token)
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

"""Tripwires: the bot reaches into other libraries' private parts in four places, each kept in
one module. An upgrade that moves one of them fails here, naming the internal and the module
that relies on it, before a fresh install breaks the bot in production.

| internal                                      | kept in                                 |
|-----------------------------------------------|-----------------------------------------|
| discord.py building `aiohttp.FormData(...)`   | cogs/common/multipart.py (`install`)    |
| discord.py's `ConnectionState.parsers`        | cogs/common/bot.py (`_skip_own_echoes`) |
| `discord.http.Route.BASE`, `DEFAULT_GATEWAY`  | cogs/common/bot.py (`redirect_discord`) |
| aiosqlite's `Connection._execute` and `_conn` | data/sql/sqlite.py (`_hand_off`)        |
"""

from __future__ import annotations

import inspect
import sqlite3
from pathlib import Path

import aiohttp
import aiosqlite
import discord
import discord.gateway
import discord.http
import discord.state
import discord.webhook.async_

from cogs.common.bot import DominoBot
from cogs.common.settings import Settings


def tripped(internal: str, module: str) -> str:
    return f"{internal} moved or changed: {module} relies on it (see tests/test_internals.py)"


def test_discord_py_builds_its_uploads_as_aiohttp_formdata_looked_up_at_each_call() -> None:
    wire = tripped("discord.py's aiohttp.FormData(quote_fields=False)", "cogs/common/multipart.py")
    for module in (discord.http, discord.webhook.async_):
        assert "aiohttp.FormData(quote_fields=False)" in inspect.getsource(module), wire
    parameters = inspect.signature(aiohttp.FormData.__init__).parameters
    assert {"fields", "quote_fields", "charset"} <= set(parameters), wire
    assert "__call__" in vars(aiohttp.FormData), wire
    assert isinstance(inspect.getattr_static(aiohttp.FormData, "is_multipart"), property), wire


def test_discord_py_parses_gateway_events_through_connection_state_parsers(
    tmp_path: Path,
) -> None:
    wire = tripped("discord.py's ConnectionState.parsers", "cogs/common/bot.py")
    bot = DominoBot(Settings(token="x", database=tmp_path / "x.sqlite3"))
    state = getattr(bot, "_connection", None)
    assert isinstance(state, discord.state.ConnectionState), wire
    parsers = getattr(state, "parsers", None)
    assert isinstance(parsers, dict), wire
    for event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
        assert parsers[event].__name__ == "unless_own", wire  # the bot's wrapper is in place
    assert hasattr(state, "self_id"), wire
    # The gateway dispatches through the same dict (not a copy taken before the bot wrapped it).
    assert "self._discord_parsers" in inspect.getsource(discord.gateway), wire
    assert "parsers" in inspect.getsource(discord.state.ConnectionState.__init__), wire


def test_discord_py_takes_its_addresses_from_class_attributes() -> None:
    wire = tripped("discord.http.Route.BASE / DiscordWebSocket.DEFAULT_GATEWAY", "redirect_discord")
    assert isinstance(discord.http.Route.BASE, str), wire
    assert "self.BASE" in inspect.getsource(discord.http.Route.__init__), wire
    assert hasattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY"), wire


async def test_aiosqlite_runs_calls_in_its_thread_through_execute_and_conn(tmp_path: Path) -> None:
    wire = tripped("aiosqlite's Connection._execute and Connection._conn", "data/sql/sqlite.py")
    connection = await aiosqlite.connect(tmp_path / "x.sqlite3")
    try:
        run = getattr(connection, "_execute", None)
        raw = getattr(connection, "_conn", None)
        assert callable(run) and isinstance(raw, sqlite3.Connection), wire
        assert await run(lambda a, b: a + b, 2, 3) == 5, wire  # fn(*args), in its thread
    finally:
        await connection.close()

"""The bot with test timings, against the emulator: AI seats move at once, AI search is short
(reviews and hints too), and the bot's clock is the emulator's, so `emu.advance` runs turn
timers out."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
import pytest

from tests.pg import pg_cluster, pg_database

if TYPE_CHECKING:
    from tests.emulator.emulator import Emulator

__all__ = ["pg_cluster", "pg_database"]  # the fixtures of a PostgreSQL store
BACKENDS = ("sqlite", "postgresql")

# The emulator arrives on its own branch; until it is here these tests cannot run.
collect_ignore_glob = [] if find_spec("tests.emulator") else ["test_*.py"]


def test_settings(emu: Emulator, database: Path | str, **changes: Any) -> Any:
    from cogs.common.settings import Settings

    values: dict[str, Any] = {
        "token": emu.token,
        "database": database,
        "api_base": emu.api_base,
        "gateway_url": emu.gateway_url,
        "ai_delay": 0.0,
        "ai_budget_ms": 5,
        "between_hands_seconds": 30.0,
        "notify_spacing_seconds": 0.0,  # AI seats move at once here: no pause between DMs
        # Reviews and hints judge a few worlds, and never run out of CPU time: quick, and the
        # same answer every time (a test compares the bot's hint with the engine's).
        "review_worlds": 8,
        "review_cpu_ms": 30_000,
        "hint_worlds": 16,
        "hint_cpu_ms": 30_000,
        "clock": emu.clock.wall,
        # A full collection at each bot's start would cost this long process seconds a test.
        "settle_memory": False,
    }
    values.update(changes)
    return Settings(**values)


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the bot of a test keeps its tables: every test with the `domino` bot runs twice,
    on a SQLite file and on a fresh database of the test PostgreSQL cluster (tests/pg.py)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'domino.sqlite3'}"
    return str(request.getfixturevalue("pg_database"))


@pytest.fixture
async def domino(emu: Emulator, store: str) -> AsyncIterator[discord.Client]:
    """The bot with test timings, on each backend (`store`). Discord's rate limits are off (they
    are real seconds): the tests that are about them switch them back on."""
    emu.rate_limiter.enabled = False
    async with running_bot(emu, test_settings(emu, store)) as client:
        yield client


@asynccontextmanager
async def running_bot(emu: Emulator, settings: Any) -> AsyncIterator[discord.Client]:
    """`bot.py`'s bot with `settings`, connected to the emulator (which restarts it through
    `emu.bot_runner`), stopped on leaving."""
    from cogs.common.bot import DominoBot, redirect_discord
    from tests.emulator.runner import BotRunner

    redirect_discord(settings.api_base, settings.gateway_url)
    runner = BotRunner(emu, lambda: DominoBot(settings))
    emu.bot_runner = runner
    client = await runner.start()
    try:
        yield client
    finally:
        await runner.stop()

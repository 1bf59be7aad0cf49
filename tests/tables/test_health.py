"""The operator's endpoint (`HEALTH_ADDRESS`) while the real bot runs against the emulator:
`/healthz` says the gateway is up and the store answers, `/metrics` moves as people click, and
a store that stops answering turns the health check to 503."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiohttp
import asyncpg
import discord
import pytest

from cogs.common import metrics
from tests.emulator.emulator import Emulator
from tests.tables.conftest import running_bot
from tests.tables.conftest import test_settings as settings_for
from tests.tables.play import start_two_player, turn_dm


@pytest.fixture(autouse=True)
def fresh_store_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(metrics, "STORE_READ_SECONDS", 0.0)  # every scrape reads the store


@pytest.fixture
async def watched(emu: Emulator, store: str) -> AsyncIterator[discord.Client]:
    """The bot with its endpoint on a free port of this machine."""
    emu.rate_limiter.enabled = False
    settings = settings_for(emu, store, health_address="127.0.0.1:0")
    async with running_bot(emu, settings) as client:
        yield client


async def get(bot: Any, path: str) -> tuple[int, str]:
    url = f"http://127.0.0.1:{bot.health.port}{path}"
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


def sample(text: str, name: str, **labels: str) -> float:
    """The value of one series in the text format (0 when it is not there yet)."""
    shown = ",".join(f'{key}="{value}"' for key, value in labels.items())
    pattern = "^" + re.escape(name + (f"{{{shown}}}" if labels else "")) + r" (\S+)$"
    found = re.search(pattern, text, flags=re.MULTILINE)
    return float(found[1]) if found else 0.0


async def test_healthz_says_the_gateway_is_up_and_the_store_answers(
    emu: Emulator, watched: Any
) -> None:
    status, text = await get(watched, "/healthz")
    health = __import__("json").loads(text)
    assert status == 200, health
    assert health["healthy"] and health["gateway"] == {"0": True}
    assert health["store"]["reachable"]
    assert health["jobs"]["lag_seconds"] == 0 and health["outbox"]["late_seconds"] == 0


async def test_metrics_move_as_people_play(emu: Emulator, watched: Any) -> None:
    _, before = await get(watched, "/metrics")
    alice, bob = await start_two_player(emu)
    person, message = await turn_dm(emu, [alice, bob])
    moves = [b for b in message.buttons if (b.custom_id or "").startswith("dm:")]
    # Discord fails the board's edit after the move once: counted, and shown again later.
    emu.fail(lambda method, path: method == "PATCH" and not emu.is_dm(path), 503, times=1)
    await person.click(message, custom_id=moves[0].custom_id)
    await emu.settle()
    await emu.wait_for(lambda: emu.failed or None)
    emu.advance(5)
    await emu.settle()
    _, after = await get(watched, "/metrics")

    def moved(name: str, **labels: str) -> float:
        return sample(after, name, **labels) - sample(before, name, **labels)

    assert moved("domino_clicks_total", kind="dl") == 2  # Join and Start, in the lobby
    assert moved("domino_clicks_total", kind="dm") == 1  # the move, on its DM
    assert moved("domino_click_shown_seconds_count") >= 2  # the lobby's, the board's
    assert moved("domino_picture_seconds_count", pool="public") >= 1  # the board
    assert sample(after, "domino_tables_open") == 1
    assert sample(after, "domino_gateway_connected", shard="0") == 1
    assert sample(after, "domino_store_up") == 1
    assert moved("domino_discord_server_errors_total") == len(emu.failed) >= 1


@pytest.mark.timeout(120)  # the store going away must not hold the suite
async def test_healthz_is_503_while_the_store_does_not_answer(
    emu: Emulator, pg_database: str
) -> None:
    emu.rate_limiter.enabled = False
    settings = settings_for(emu, pg_database, health_address="127.0.0.1:0")
    name = urlsplit(pg_database).path.lstrip("/")
    admin_url = urlunsplit(urlsplit(pg_database)._replace(path="/postgres"))
    async with running_bot(emu, settings) as bot:
        assert (await get(bot, "/healthz"))[0] == 200
        admin = await asyncpg.connect(admin_url)
        try:
            # The database refuses new connections and drops the bot's: an outage of the store.
            await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", name
            )
            status, text = await get(bot, "/healthz")
            assert status == 503, text
            assert '"reachable": false' in text and "store unreachable" in text
            _, scraped = await get(bot, "/metrics")
            assert sample(scraped, "domino_store_up") == 0
        finally:
            await admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
            await admin.close()

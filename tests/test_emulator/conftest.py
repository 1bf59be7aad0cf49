"""The example bot, run in-process against the emulator like the real bot's `bot` fixture."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import yarl
from discord import gateway, http

from tests.emulator import BotRunner, Emulator

from .example_bot import ExampleBot, Tables


def point_at(emu: Emulator) -> None:
    http.Route.BASE = emu.api_base
    gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(emu.gateway_url)


@pytest.fixture
async def example(emu: Emulator) -> AsyncIterator[ExampleBot]:
    point_at(emu)
    tables = Tables()
    runner = BotRunner(emu, lambda: ExampleBot(tables))
    emu.bot_runner = runner
    client = await runner.start()
    assert isinstance(client, ExampleBot)
    yield client
    await runner.stop()

"""The bot's command sync keeps an Activity's entry point: a start never breaks once an
Activity is enabled for the app (Discord refuses, with 50240, a bulk overwrite that drops it)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.emulator import Emulator
from tests.emulator.emulator import ENTRY_POINT


@pytest.fixture
def activity(emu: Emulator) -> dict[str, Any]:
    """An Activity enabled in the developer portal before the bot starts."""
    return emu.add_entry_point()


async def test_the_sync_keeps_the_entry_point_it_finds(
    emu: Emulator, activity: dict[str, Any], bot: discord.Client
) -> None:
    synced = emu.synced_commands(None)
    assert emu.command_syncs == [None]  # the bot's commands were synced, once
    assert "domino" in {command["name"] for command in synced}
    kept = [command for command in synced if command["type"] == ENTRY_POINT]
    assert [(command["id"], command["name"]) for command in kept] == [(activity["id"], "launch")]

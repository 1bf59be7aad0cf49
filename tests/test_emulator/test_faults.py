"""The emulator's faults through the real client: held requests, injected outages, and a hard
kill that runs nothing of the bot's, rolls back its open transaction and spares the test."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiosqlite
import discord
import pytest

from tests.emulator import Emulator

from .example_bot import ExampleBot


def home(bot: ExampleBot, emu: Emulator) -> discord.TextChannel:
    channel = bot.get_channel(emu.home.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


def posts(method: str, path: str) -> bool:
    return method == "POST" and path.endswith("/messages")


async def test_a_held_request_is_carried_out_only_when_released(
    emu: Emulator, example: ExampleBot
) -> None:
    emu.hold(posts)
    sending = asyncio.create_task(home(example, emu).send("board"))
    await emu.wait_for(lambda: emu.held)
    await emu.settle()  # a held request is not in flight
    assert emu.channel().messages == [] and not sending.done()
    emu.release()
    await sending
    assert [m.content for m in emu.channel().messages] == ["board"]


async def test_outages_answer_5xx_and_429_then_work_again(
    emu: Emulator, example: ExampleBot
) -> None:
    emu.fail(posts, 503, times=1)
    with pytest.raises(discord.DiscordServerError):
        await home(example, emu).send("lost")
    emu.fail(posts, 429, times=1, retry_after=0.1)
    await home(example, emu).send("after a rate limit")  # the client waits and retries
    assert [f.split()[0] for f in emu.failed] == ["503", "429"]
    assert [m.content for m in emu.channel().messages] == ["after a rate limit"]
    with pytest.raises(ValueError, match="outage"):
        emu.fail(posts, 404)


async def test_a_hard_kill_runs_nothing_more_and_rolls_back_the_open_transaction(
    emu: Emulator, example: ExampleBot, tmp_path: Path
) -> None:
    path = tmp_path / "kill.sqlite3"
    async with aiosqlite.connect(path) as db:
        await db.execute("CREATE TABLE moves (n INTEGER)")
        await db.commit()
    reached: list[str] = []

    async def crash_mid_transaction(interaction: Any) -> None:
        await interaction.response.send_message("working")
        db = await aiosqlite.connect(path, isolation_level=None)
        await db.execute("BEGIN IMMEDIATE")
        await db.execute("INSERT INTO moves VALUES (1)")
        try:
            await interaction.channel.send("shown before commit")  # held: the bot dies here
        finally:
            reached.append("cleanup")  # runs on cancellation, but finds the database closed
            await db.execute("COMMIT")

    survivor = asyncio.create_task(asyncio.sleep(30))  # the test's own work
    emu.hold(posts)
    example.probe = crash_mid_transaction
    await emu.user("alice").slash("probe")
    await emu.wait_for(lambda: emu.held)
    await emu.kill_bot()
    assert not emu.held and emu.bot_runner.kills == 1
    assert reached == ["cleanup"] and not survivor.done()
    assert [m.content for m in emu.channel().messages] == ["working"]
    async with aiosqlite.connect(path) as db:
        assert await db.execute_fetchall("SELECT n FROM moves") == []
    client = await emu.start_bot()
    assert client.is_ready()
    await home(client, emu).send("back")
    assert emu.channel().last is not None and emu.channel().last.content == "back"
    survivor.cancel()

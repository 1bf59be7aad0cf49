"""Running a real discord.py client in this event loop against the emulator, and restarting it.

Start-up is kept fast without touching the client's logic: `guild_ready_timeout` (2 s by
default, waited after the last GUILD_CREATE) is set small, and `before_identify_hook` (which
sleeps 5 s before every re-IDENTIFY) is replaced on the instance.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from .emulator import Emulator

START_TIMEOUT = 20.0


class BotRunner:
    """Owns one client at a time, built by `factory` (the same way the entry point builds it)."""

    def __init__(self, emulator: Emulator, factory: Callable[[], discord.Client]) -> None:
        self.emulator = emulator
        self.factory = factory
        self.client: discord.Client | None = None
        self.task: asyncio.Task[None] | None = None
        self.starts = 0
        self._raised: asyncio.Task[None] | None = None

    async def start(self) -> discord.Client:
        client = self.factory()
        client._connection.guild_ready_timeout = 0.05

        async def identify_now(shard_id: int | None, *, initial: bool = False) -> None:
            return None

        client.before_identify_hook = identify_now  # type: ignore[method-assign]
        task = asyncio.create_task(client.start(self.emulator.token), name="emulated-bot")
        self.client, self.task = client, task
        self.starts += 1
        await self.emulator.wait_for(lambda: client.is_ready() or task.done(), START_TIMEOUT)
        if task.done():
            self._raised = task
            task.result()  # raises what stopped the bot
            raise RuntimeError("the bot stopped before it was ready")
        await self.emulator.settle()
        return client

    async def stop(self) -> None:
        client, task = self.client, self.task
        self.client = self.task = None
        if client is None or task is None:
            return
        await client.close()
        await asyncio.wait({task}, timeout=10)
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.emulator.settle()
        # A bot that crashed mid-test fails the test here; one that failed to start already
        # raised from `start`.
        if task.done() and not task.cancelled() and task is not self._raised:
            task.result()

    async def restart(self) -> discord.Client:
        await self.stop()
        return await self.start()

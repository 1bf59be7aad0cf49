"""The ephemeral "Your hand" answers with move buttons: remembered (in memory: an answer can be
edited through its interaction for 15 minutes only), so that each loses its buttons once the
table moves on; with a shared store another process may move the table on, so the answers given
here are watched."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from cogs.common.refusal import Refusal
from cogs.tables.messages.needs import Read

log = logging.getLogger(__name__)

ANSWERS_WATCH_SECONDS = 2.0  # shared store: how often "Your hand" answers are checked


class Answers:
    def __init__(self, read: Read) -> None:
        self.read = read
        #: table id -> seat -> the latest "Your hand" answer with moves, and their version
        self.answers: dict[str, dict[int, tuple[discord.Interaction[Any], int]]] = {}
        self._watching: asyncio.Task[None] | None = None  # `_watch`

    def answered(
        self, table_id: str, seat: int, interaction: discord.Interaction[Any], version: int
    ) -> None:
        """A "Your hand" answer with move buttons for `version`."""
        self.answers.setdefault(table_id, {})[seat] = (interaction, version)

    async def settle(self, table_id: str, version: int) -> None:
        """Every answer of the table that fell out of date (the table is at `version`) loses its
        move buttons."""
        answers = self.answers.get(table_id, {})
        for seat, (interaction, at) in list(answers.items()):
            if at == version and not interaction.is_expired():
                continue
            del answers[seat]
            if interaction.is_expired():
                continue  # its buttons are refused as out of date anyway
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(view=None)
        if not answers:
            self.answers.pop(table_id, None)

    def start(self) -> None:
        """With a shared store: watch the answers this process gave (`_watch`)."""
        if self._watching is None:
            self._watching = asyncio.create_task(self._watch(), name="table-answers")

    async def stop(self) -> None:
        task, self._watching = self._watching, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _watch(self) -> None:
        """A "Your hand" answer can be edited only through the interaction that made it, which
        lives in this process's memory; with a shared store another process may move the table
        on and show its hands. So every `ANSWERS_WATCH_SECONDS` the tables with answers here
        are checked against the store, and an out-of-date answer loses its moves (a click on
        them meanwhile is refused as out of date, changing nothing)."""
        while True:
            await asyncio.sleep(ANSWERS_WATCH_SECONDS)
            for table_id in list(self.answers):
                try:
                    async with self.read(table_id) as table:
                        version = table.version
                    await self.settle(table_id, version)
                except Refusal:
                    self.answers.pop(table_id, None)  # the table is gone
                except Exception:
                    log.exception("table %s: its ephemeral hands could not be checked", table_id)

"""Where a table plays, deleted under it: its thread, or its channel (a moderator deleted it).

Discord tells the bot (CHANNEL_DELETE, THREAD_DELETE), and a send or edit there answers 404
Unknown Channel (`cogs.common.messages.gone`): both lead here, and neither is tried again. A
table whose thread is gone plays on in its channel (its board is posted there afresh, and the
turn alerts of players who read their hand in the thread go there too). A table whose channel is
gone ends as a moderator's end does (not rated, no result: nobody saw it finish), and its
players read so on their hand in their DMs, the one place left to tell them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from cogs.common.refusal import Refusal
from cogs.tables.messages.needs import Act, Read
from cogs.tables.table import Table
from data import Database
from data.models import Shown

log = logging.getLogger(__name__)

NO_THREAD = 0  # as `messages.thread.NO_THREAD`: the table plays in its channel


class Places:
    """Notices the deletion of a table's thread or channel (see the module docstring)."""

    def __init__(
        self,
        bot: commands.Bot,
        db: Database,
        *,
        read: Read,
        act: Act,
        drop_shown: Callable[[str], None],
    ) -> None:
        self.bot = bot
        self.db = db
        self.read = read
        self.act = act
        self.drop_shown = drop_shown  # what the table's messages show is read again
        bot.add_listener(self.on_raw_thread_delete)
        bot.add_listener(self.on_guild_channel_delete)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.deleted(payload.thread_id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.deleted(channel.id)

    async def deleted(self, channel_id: int) -> None:
        """A channel or thread was deleted: every table playing there is told."""
        for table_id in await self.db.tables_in_channel(channel_id):
            await self.gone(table_id, channel_id)

    async def gone(self, table_id: str, channel_id: int | None = None) -> None:
        """The table's thread or channel (`channel_id`; None: Discord said one of them is
        unknown, so which is asked) is gone."""
        try:
            async with self.read(table_id) as table:
                if table.finished:
                    return
                thread_id, home = table.thread_id, table.channel_id
                seats = len(table.seats)
        except Refusal:
            return  # over and forgotten meanwhile
        if channel_id is None:
            channel_id = home if thread_id is None or not await self._exists(home) else thread_id
        if channel_id == thread_id and thread_id is not None:
            await self._thread_gone(table_id, thread_id, home, seats)
        elif channel_id == home:
            await self._channel_gone(table_id)

    async def _exists(self, channel_id: int | None) -> bool:
        if channel_id is None:
            return False
        try:
            await self.bot.http.get_channel(channel_id)
        except discord.NotFound:
            return False
        return True

    async def _thread_gone(
        self, table_id: str, thread_id: int, home: int | None, seats: int
    ) -> None:
        log.info("table %s: its thread %s is gone, it plays in its channel", table_id, thread_id)

        def into_channel(table: Table) -> None:
            if table.thread_id == thread_id:
                table.thread_id = None
                table.board_message_id = None  # posted afresh in the channel

        def shows(table: Table, _: Any) -> list[str]:
            return ["board", "hands"]

        # Never a thread again: `messages.thread.Thread.show` reads that it was tried. The turn
        # alerts went with the thread: the player to move is alerted again, in the channel.
        await self.db.save_shown(Shown(table_id, "thread", home or 0, NO_THREAD, ""))
        for seat in range(seats):
            await self.db.save_shown(Shown(table_id, f"turn:{seat}", home or 0, 0, ""))
        self.drop_shown(table_id)
        await self.act(table_id, into_channel, show=shows)

    async def _channel_gone(self, table_id: str) -> None:
        log.info("table %s: its channel is gone, the table ends", table_id)

        def end(table: Table) -> None:
            if not table.finished:
                table.end_by_moderator()

        def shows(table: Table, _: Any) -> list[str]:
            return ["hands"] if table.match is not None else []

        await self.act(table_id, end, show=shows)

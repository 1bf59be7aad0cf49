"""The table's thread: opened once from its lobby message where the channel allows it (else the
table plays in the channel itself), and the turn alerts posted there for players who read their
hand in it. An alert lives as long as its turn: once the turn has passed it is deleted (`fold`),
so the thread keeps the board and the talk, not a ping for every turn of the match."""

from __future__ import annotations

import contextlib
import logging
from typing import Literal

import discord

from cogs import texts
from cogs.lang import Words
from cogs.tables.components import table_view
from cogs.tables.messages.base import TableMessage
from cogs.tables.table import Table
from data import Shown

log = logging.getLogger(__name__)

THREAD_EXISTS = 160004  # Discord's code when the message already started a thread
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440  # a table's thread hides after a day without messages
NO_THREAD = 0  # `shown` message id of a table that plays in its channel (no thread possible)
PASSED = ":passed"  # the end of a turn alert's `shown` row once it is deleted (`Thread.fold`)


def only(user_id: int) -> discord.AllowedMentions:
    """Mentions that ping `user_id` alone (the bot's default pings nobody)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(user_id)]
    )


class Thread(TableMessage):
    async def show(self, table_id: str, at: int | None = None) -> None:
        """The `thread` key: a thread per table, started from its lobby message, where the
        channel allows it; else the table plays in the channel itself. Tried once per table."""
        shown = await self.rows.of(table_id)
        async with self.read(table_id, at_least=at) as table:
            if table.thread_id is not None or "thread" in shown or table.match is None:
                return
            channel_id, message_id = table.channel_id, table.lobby_message_id
            w = await self.audience.table(table)
            name = f"{w.game_name(table.setup.variant)} · {table.names()[0]}"[:100]
        if channel_id is None or message_id is None:
            return
        thread_id: int | None = None
        try:
            # Through the route itself: discord.py's `create_thread` wants the server in this
            # process's cache, and with several processes the table's server may be another
            # shard's (this process only shows what it stored, for a DM click).
            thread = await self.client.http.start_thread_with_message(
                channel_id, message_id, name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
            thread_id = int(thread["id"])
        except discord.HTTPException as error:
            if error.code == THREAD_EXISTS:
                thread_id = message_id  # a thread started from a message shares its id
            elif error.status >= 500 or error.status == 429:
                raise
            else:
                log.info("table %s: no thread (%s), playing in the channel", table_id, error)
        if thread_id is not None:
            found = thread_id

            def into_thread(table: Table) -> None:
                table.thread_id = found

            await self.rows.note(table_id, into_thread)
        await self.rows.remember(Shown(table_id, "thread", channel_id, thread_id or NO_THREAD, ""))

    async def ping(
        self,
        table_id: str,
        seat: int,
        user_id: int,
        place_id: int,
        version: int,
        w: Words,
        revision: int,
    ) -> None:
        """The turn alert in the table's thread: a new message that pings the player alone, with
        "Your hand" (which answers with the hand, ephemerally). Once per turn (`shown`)."""
        key = f"turn:{seat}"
        before = (await self.rows.of(table_id)).get(key)
        if before is not None and before.shows == str(version):
            return
        channel = self.client.get_partial_messageable(place_id)
        message = await channel.send(
            content=w(texts.YOUR_TURN_IN_THREAD, mention=f"<@{user_id}>"),
            allowed_mentions=only(user_id),
            view=table_view(table_id, ["hand"], w),
        )
        self.note_message(channel.id)
        await self.rows.alerted(
            Shown(table_id, key, channel.id, message.id, str(version)), version, revision
        )
        if before is not None and not before.shows.endswith(PASSED):
            # "Your hand" works on any of them; the old alert is only tidied away.
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(before.message_id).delete()

    async def fold(self, table_id: str, seat: int) -> None:
        """The seat's turn alert, once its turn has passed, is deleted (its row says so, so it
        is deleted once). One already gone (a moderator deleted it) is left so."""
        key = f"turn:{seat}"
        before = (await self.rows.of(table_id)).get(key)
        if before is None or before.shows.endswith(PASSED):
            return
        if before.message_id:  # 0: the thread went with its alerts (`places`)
            with contextlib.suppress(discord.NotFound):
                await self.client.http.delete_message(before.channel_id, before.message_id)
        passed = Shown(table_id, key, before.channel_id, before.message_id, before.shows + PASSED)
        await self.rows.remember(passed, edited=True)

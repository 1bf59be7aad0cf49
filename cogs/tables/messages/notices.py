"""One-off notices of a table: a player's DMs are closed, or a permission the bot lacks keeps
the table from being shown (said once, where it still can be)."""

from __future__ import annotations

import logging

import discord

from cogs import texts
from cogs.lang import Words
from cogs.tables.messages.base import Showing, TableMessage
from cogs.tables.messages.needs import Act
from cogs.tables.messages.thread import only
from cogs.tables.resigning import ASK_SECONDS
from cogs.tables.table import Table
from data import Shown

log = logging.getLogger(__name__)

MISSING_ACCESS = 50001  # Discord's code when the bot cannot even see the channel


class Blocked(Exception):
    """A permission the bot lacks keeps the table from being shown (said where it could be);
    showing is tried again later."""


class Notices(TableMessage):
    def __init__(self, showing: Showing, act: Act) -> None:
        super().__init__(showing)
        self.act = act
        # table -> which permission stops showing it, and where (messages of cogs.texts)
        self.blocked: dict[str, tuple[str, str]] = {}

    async def cannot_show(
        self,
        table_id: str,
        channel: discord.PartialMessageable,
        error: discord.Forbidden,
        w: Words,
        *,
        thread_id: int | None,
        home: int | None,
    ) -> None:
        """A permission was taken from the bot where the table plays (its `thread_id`, else its
        channel, `home`): say which, once, where it still can (there in words, else in the
        thread's parent channel; `blocked` is for the next clicker, in their own words)."""
        if table_id in self.blocked:
            return
        where = texts.THE_TABLE_THREAD if thread_id else texts.THE_TABLE_CHANNEL
        if error.code != MISSING_ACCESS:
            # Words without a picture may still go through: then the picture was refused.
            text = texts.cannot_show(w, texts.ATTACH_FILES, where)
            self.blocked[table_id] = (texts.ATTACH_FILES, where)
            try:
                await channel.send(text)
                self.note_message(channel.id)
                return
            except discord.Forbidden:
                pass
            except discord.HTTPException:
                return  # a hiccup on Discord's side: the next clicker hears it
        if error.code == MISSING_ACCESS:
            permission = texts.VIEW_CHANNEL
        elif thread_id is None:
            permission = texts.SEND_MESSAGES
        else:
            permission = texts.SEND_MESSAGES_IN_THREADS
        text = texts.cannot_show(w, permission, where)
        self.blocked[table_id] = (permission, where)
        if thread_id is not None and home is not None:
            parent = self.client.get_partial_messageable(home)
            try:
                await parent.send(text)
            except discord.HTTPException:
                log.info("table %s: no channel left to say what permission is missing", table_id)

    async def dms_closed(self, table_id: str, seat: int) -> None:
        """The player's DMs are closed (50007): no more DMs until they come back to the table
        (`Tables.reopen_dms`); the table says once why, and each of their turns pings them in
        the table's thread instead."""
        log.info("table %s: DMs closed for seat %s", table_id, seat)

        def closed(table: Table) -> None:
            table.seats[seat].dm_closed = True

        await self.act(
            table_id, closed, show=lambda table, _: ["board", "hands", f"notice:dm-closed:{seat}"]
        )

    async def tell_asked(self, table_id: str, seat: int, at: int | None = None) -> None:
        """The `notice:asked:{seat}` key: the seat's player is pinged, once per question, where
        the table plays: their partner resigned, and the board asks whether their side
        concedes (`cogs.tables.resigning`)."""
        key = f"notice:asked:{seat}"
        async with self.read(table_id, at_least=at) as table:
            question = table.question
            if question is None or seat not in question.asked or seat in question.agreed:
                return
            user_id = table.seats[seat].user_id
            resigner = table.seats[question.seat].name
            channel_id = table.thread_id or table.channel_id or 0
            w = await self.audience.table(table)
        before = (await self.rows.of(table_id)).get(key)
        if user_id is None or (before is not None and before.shows == str(question.until)):
            return
        channel = self.client.get_partial_messageable(channel_id)
        text = w(
            texts.ASKED_TO_CONCEDE,
            mention=f"<@{user_id}>",
            name=texts.user_text(resigner),
            minutes=int(ASK_SECONDS // 60),
        )
        message = await channel.send(text, allowed_mentions=only(user_id))
        self.note_message(channel.id)
        await self.rows.remember(Shown(table_id, key, channel.id, message.id, str(question.until)))

    async def tell_dms_closed(self, table_id: str, seat: int, at: int | None = None) -> None:
        """The `notice:dm-closed:{seat}` key: the table says once that the seat's DMs are
        closed."""
        key = f"notice:dm-closed:{seat}"
        if key in await self.rows.of(table_id):
            return
        async with self.read(table_id, at_least=at) as table:
            if not table.seats[seat].dm_closed:
                return
            name = table.seats[seat].name
            channel_id = table.thread_id or table.channel_id or 0
            w = await self.audience.table(table)
        channel = self.client.get_partial_messageable(channel_id)
        message = await channel.send(w(texts.DM_CLOSED, name=texts.user_text(name)))
        self.note_message(channel.id)
        await self.rows.remember(Shown(table_id, key, channel.id, message.id, ""))

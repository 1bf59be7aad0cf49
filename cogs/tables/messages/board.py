"""The board message and the score sheets. The board is edited in place, and posted again at
the bottom once `REPOST_AFTER` messages scrolled it away; its buttons are what the table offers
now (`cogs.tables.clicks.offered`, asked of the model). It is one Components V2 layout
(`cogs.tables.layouts`); a board posted as an embed before the layouts becomes one at its next
edit. One score sheet is posted per hand."""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import replace

import discord

from cogs.common import messages
from cogs.runtime.shown import digest
from cogs.tables import board
from cogs.tables.clicks import offered
from cogs.tables.layouts import board_layout, board_texts
from cogs.tables.messages.base import Showing, TableMessage
from cogs.tables.messages.needs import Snapshot
from cogs.tables.messages.notices import Blocked, Notices
from cogs.tables.table import Phase, Table
from data import Database, Shown

REPOST_AFTER = 6  # messages under the board before it is posted again at the bottom


class Scroll:
    """How many messages were posted under each channel's board since it was: past
    `REPOST_AFTER`, the board is posted again at the bottom instead of edited."""

    def __init__(self) -> None:
        self.since_board: dict[int, int] = {}  # channel id -> messages posted after the board

    def note_message(self, channel_id: int) -> None:
        if channel_id in self.since_board:
            self.since_board[channel_id] += 1


class BoardMessage(TableMessage):
    def __init__(
        self,
        showing: Showing,
        db: Database,
        snapshot: Snapshot,
        scroll: Scroll,
        notices: Notices,
    ) -> None:
        super().__init__(showing)
        self.db = db
        self.snapshot = snapshot
        self.scroll = scroll
        self.notices = notices

    async def show_sheet(self, table_id: str, number: int, at: int | None = None) -> None:
        """The `sheet:N` key: the score sheet of hand `number` (0-based), posted once."""
        key = f"sheet:{number}"
        if key in await self.rows.of(table_id):
            return
        async with self.read(table_id, at_least=at) as table:
            snap = self.snapshot(table, None)
            channel_id = table.thread_id or table.channel_id or 0
            thread_id, home = table.thread_id, table.channel_id
            w = await self.audience.table(table)
        view = snap.view
        if view is None or len(view.results) <= number:
            return
        results = view.results[: number + 1]
        last = number == len(view.results) - 1
        view = replace(view, results=results, scores=results[-1].scores, over=view.over and last)
        snap = replace(snap, view=view)
        channel = self.client.get_partial_messageable(channel_id)
        try:
            file = await board.score_sheet_file(snap, w)
            posted = await messages.send(
                self.client, channel_id, content=board.hand_result_text(snap, w), file=file
            )
        except discord.Forbidden as error:
            self.scroll.since_board[channel.id] = REPOST_AFTER
            await self.notices.cannot_show(
                table_id, channel, error, w, thread_id=thread_id, home=home
            )
            raise Blocked from error
        self.scroll.note_message(channel.id)
        await self.rows.remember(Shown(table_id, key, channel.id, posted, ""))

    async def show(self, table_id: str, at: int | None = None) -> None:
        """The `board` key (`board:clock` too): edited in place, or posted again at the bottom.
        Its deadline is the turn's clock's (`flow.turn_deadline`), read from the store."""
        shown = await self.rows.of(table_id)
        async with self.read(table_id, at_least=at) as table:
            if table.match is None:
                return
            clock = None
            if table.phase is Phase.PLAYING and table.needs_ai() is None:
                clock = await self.db.turn_clock(table_id)
            snap = self.snapshot(table, clock)
            verbs = offered(table)
            channel_id = table.thread_id or table.channel_id or 0
            thread_id, home = table.thread_id, table.channel_id
            old = table.board_message_id
            w = await self.audience.table(table)
        channel = self.client.get_partial_messageable(channel_id)
        # The buttons' words are the server's: a new language re-sends them too.
        buttons = digest(verbs, w.language)
        before = shown.get("board")
        since_board = self.scroll.since_board
        try:
            file = await board.board_file(snap, w)
            # What the board shows, its words and its picture too: a change none of them shows
            # (a Ready click) sends nothing, not the same picture again.
            picture = hashlib.sha256(file.fp.read()).hexdigest()
            words = board_texts(snap, w)
            shows = f"{buttons}:{digest(words, file.description, picture)}"
            file.reset()
            in_place = old is not None and since_board.get(channel.id, 0) < REPOST_AFTER
            unchanged = before is not None and (before.message_id, before.shows) == (old, shows)
            if in_place and unchanged:
                return
            layout = board_layout(snap, w, verbs, alt=file.description, texts=words)
            if in_place and old is not None:
                try:
                    await self.edit_board(channel_id, old, file, layout)
                    await self.rows.remember(
                        Shown(table_id, "board", channel.id, old, shows), edited=True
                    )
                    self.notices.blocked.pop(table_id, None)
                    return
                except discord.NotFound:
                    file.reset()  # sent once already: read from its start again
            found = await messages.send(self.client, channel_id, file=file, view=layout)
        except discord.Forbidden as error:
            # The game is stored already; only showing it failed. It is shown again later, and
            # posted afresh once the permission is given back.
            since_board[channel.id] = REPOST_AFTER
            await self.notices.cannot_show(
                table_id, channel, error, w, thread_id=thread_id, home=home
            )
            raise Blocked from error
        self.notices.blocked.pop(table_id, None)
        since_board[channel.id] = 0

        def moved(table: Table) -> None:
            table.board_message_id = found

        await self.rows.note(table_id, moved)
        await self.rows.remember(Shown(table_id, "board", channel.id, found, shows))
        if old is not None:
            # An old board without buttons is cosmetic; the new one works. A layout cannot lose
            # its buttons alone: the old board is shown as the new one, without them.
            with contextlib.suppress(discord.HTTPException):
                file.reset()
                await self.edit_board(
                    channel_id, old, file, board_layout(snap, w, (), alt=file.description)
                )

    async def edit_board(
        self, channel_id: int, message_id: int, file: discord.File, layout: discord.ui.LayoutView
    ) -> None:
        """Show `layout` with its picture on a board message. A layout's words are in its
        components: every edit sends them all. A board posted as an embed before the layouts
        becomes one by this edit, which clears its content and embed in the same request (as
        Discord requires)."""
        await messages.edit(
            self.client,
            channel_id,
            message_id,
            content=None,
            embed=None,
            attachments=[file],
            view=layout,
        )

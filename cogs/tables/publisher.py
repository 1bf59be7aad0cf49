"""Showing a table: the board message edited in place (re-posted when it scrolls away), the
score sheet after each hand, and every player's hand by DM.

Work is coalesced per table: changes mark the table dirty and one task per table draws the
newest state, so a burst of fast AI moves costs one board edit, not one per move, and Discord's
per-channel rate limit is never hammered. Hands go only to their owner (DM); when a DM fails the
seat is marked and the board tells the player to press "Your hand" instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from cogs import texts
from cogs.tables import board
from cogs.tables.components import moves_view, table_view
from cogs.tables.table import Phase, Table

if TYPE_CHECKING:
    from cogs.tables.runner import Tables

log = logging.getLogger(__name__)

REPOST_AFTER = 6  # messages under the board before it is posted again at the bottom


@dataclass
class Pending:
    show_board: bool = False
    hands: bool = False
    sheets: list[board.BoardSnapshot] = field(default_factory=list)


@dataclass
class DirectMessage:
    message: discord.Message
    key: tuple[Any, ...]
    has_moves: bool


class Publisher:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.bot = tables.bot
        self.pending: dict[str, Pending] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.direct: dict[tuple[str, int], DirectMessage] = {}
        self.since_board: dict[int, int] = {}  # channel id -> messages posted after the board
        self.users: dict[int, discord.User] = {}  # fetched once each: see `_user`
        #: table id -> (board message id, verbs of the buttons it shows), as last sent
        self.board_buttons: dict[str, tuple[int, list[str]]] = {}
        self.listeners: list[Callable[[str], None]] = []  # called after each round (tests)

    def mark(
        self, table: Table, *, hands: bool = True, sheet: board.BoardSnapshot | None = None
    ) -> None:
        pending = self.pending.setdefault(table.id, Pending())
        pending.show_board = True
        pending.hands = pending.hands or hands
        if sheet is not None:
            pending.sheets.append(sheet)
        task = self.tasks.get(table.id)
        if task is None or task.done():
            self.tasks[table.id] = asyncio.create_task(self._run(table.id), name=f"show-{table.id}")

    async def idle(self) -> None:
        """Wait until every table is shown as it is now (for shutdown and tests)."""
        while any(not task.done() for task in self.tasks.values()):
            await asyncio.gather(*self.tasks.values(), return_exceptions=True)

    async def stop(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)

    def note_message(self, channel_id: int) -> None:
        if channel_id in self.since_board:
            self.since_board[channel_id] += 1

    async def _run(self, table_id: str) -> None:
        while (pending := self.pending.pop(table_id, None)) is not None:
            table = self.tables.tables.get(table_id)
            if table is None:
                return
            try:
                await self._show(table, pending)
            except Exception:
                log.exception("table %s: could not show the table", table_id)

    async def _show(self, table: Table, pending: Pending) -> None:
        channel = self.bot.get_partial_messageable(table.thread_id or table.channel_id or 0)
        for sheet in pending.sheets:
            file = await board.score_sheet_file(sheet)
            await channel.send(board.hand_result_text(sheet), file=file)
            self.note_message(channel.id)
        if pending.show_board and table.match is not None:
            await self._show_board(table, channel)
        if pending.hands and table.match is not None:
            await self._show_hands(table)

    async def _show_board(self, table: Table, channel: discord.PartialMessageable) -> None:
        snap = self.tables.snapshot(table)
        embed = board.board_embed(snap)
        file = await board.board_file(snap)
        verbs = board.board_verbs(snap)
        old = table.board_message_id
        if old is not None and self.since_board.get(channel.id, 0) < REPOST_AFTER:
            try:
                if self.board_buttons.get(table.id) == (old, verbs):
                    # Discord keeps the buttons an edit leaves out: most moves change none.
                    await channel.get_partial_message(old).edit(embed=embed, attachments=[file])
                else:
                    await channel.get_partial_message(old).edit(
                        embed=embed, attachments=[file], view=table_view(table.id, verbs)
                    )
                    self.board_buttons[table.id] = (old, verbs)
                return
            except discord.NotFound:
                pass
        message = await channel.send(embed=embed, file=file, view=table_view(table.id, verbs))
        self.board_buttons[table.id] = (message.id, verbs)
        self.since_board[channel.id] = 0
        await self.tables.moved_board(table, message.id)
        if old is not None:
            # An old board without buttons is cosmetic; the new one works.
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).edit(view=None)

    async def _show_hands(self, table: Table) -> None:
        for seat, player in enumerate(table.seats):
            if player.user_id is None or player.dm_closed or table.match is None:
                continue
            view = table.view(seat)
            key = (view.hand_number, view.hand, table.version if view.my_turn else None)
            previous = self.direct.get((table.id, seat))
            if previous is not None and previous.key == key:
                continue
            try:
                await self._send_hand(table, seat, player.user_id, view, key, previous)
            except discord.Forbidden:
                player.dm_closed = True
                log.info("table %s: DMs closed for seat %s", table.id, seat)
                await self.tables.dm_failed(table)

    async def _send_hand(
        self,
        table: Table,
        seat: int,
        user_id: int,
        view: Any,
        key: tuple[Any, ...],
        previous: DirectMessage | None,
    ) -> None:
        embed, file, moves = await self.hand_message(table, view)
        fresh = previous is None or view.my_turn or previous.key[0] != view.hand_number
        if not fresh and previous is not None:
            try:
                await previous.message.edit(embed=embed, attachments=[file], view=moves)
                self.direct[(table.id, seat)] = DirectMessage(previous.message, key, False)
                return
            except discord.NotFound:
                pass
        user = await self._user(user_id)
        if moves is not None:
            message = await user.send(embed=embed, file=file, view=moves)
        else:
            message = await user.send(embed=embed, file=file)
        self.direct[(table.id, seat)] = DirectMessage(message, key, moves is not None)
        if previous is not None and previous.has_moves:
            # Stale buttons are refused anyway (the version moved on); this only tidies up.
            with contextlib.suppress(discord.HTTPException):
                await previous.message.edit(view=None)

    async def _user(self, user_id: int) -> discord.User:
        """The player to DM. Without the members intent discord.py's cache rarely knows them, and
        fetching them for every hand cost a request per move: each is fetched once."""
        user = self.bot.get_user(user_id) or self.users.get(user_id)
        if user is None:
            user = self.users[user_id] = await self.bot.fetch_user(user_id)
        return user

    async def hand_message(
        self, table: Table, view: Any
    ) -> tuple[discord.Embed, discord.File, discord.ui.View | None]:
        """The private hand of `view`'s seat: picture, words and (on its turn) move buttons."""
        turn = view.turn
        turn_name = table.seats[turn].name if turn is not None else None
        where = table.setup.kind.name
        embed = board.hand_embed(view, where, turn_name)
        file = await board.hand_file(view)
        moves = None
        if view.my_turn and view.legal and table.phase is Phase.PLAYING:
            labels, simple = board.move_labels(view.legal)
            moves = moves_view(table.id, table.version, labels, buttons=simple)
        return embed, file, moves


def ended_text(table: Table) -> str:
    if table.phase is Phase.CANCELLED:
        return table.ended or texts.LOBBY_CANCELLED
    return table.ended or texts.TABLE_ENDED

"""Showing a table: the board message edited in place (re-posted when it scrolls away), the
score sheet after each hand, and every player's hand by DM.

Work is coalesced per table: changes mark the table dirty and one task per table draws the
newest state, so a burst of fast AI moves costs one board edit, not one per move, and Discord's
per-channel rate limit is never hammered. Hands go only to their owner (DM). When a DM fails on
Discord's side it is tried again; when the player's DMs are closed the seat is marked, the table
says once in its channel to press "Your hand" instead, and no DM is tried until the player comes
back (a "Your hand" click or a /domino command). What is kept to show a table is forgotten
with the table (`forget`).
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
from cogs.lang import Words
from cogs.tables import board
from cogs.tables.components import moves_view, table_view
from cogs.tables.table import Phase, Table

if TYPE_CHECKING:
    from cogs.tables.runner import Tables

log = logging.getLogger(__name__)

REPOST_AFTER = 6  # messages under the board before it is posted again at the bottom
MISSING_ACCESS = 50001  # Discord's code when the bot cannot even see the channel
DM_RETRY_SECONDS = 5.0  # a DM that failed on Discord's side is tried again after this
DM_RETRIES = 3  # ... this many times in a row at most


class Spacing:
    """At most one new message to a person every `seconds`: a new DM is a notification on
    their phone, so however fast a table moves (AI seats, a burst of clicks) nobody is buzzed
    more often than that. Waiting costs nothing: the table's showing task waits, changes made
    meanwhile are coalesced into its next round."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.last: dict[int, float] = {}  # user id -> loop time of their last new message

    async def wait(self, user_id: int) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        ready_at = self.last.get(user_id, now - self.seconds) + self.seconds
        if ready_at > now:
            await asyncio.sleep(ready_at - now)
        self.last[user_id] = loop.time()
        if len(self.last) > 4096:  # forget people who have not been notified for a while
            recent = loop.time() - self.seconds
            self.last = {user: at for user, at in self.last.items() if at >= recent}


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
        self.told_closed: set[tuple[str, int]] = set()  # (table, seat) told to use "Your hand"
        self.retrying: set[str] = set()  # tables whose hands are sent again soon
        self.retried: dict[str, int] = {}  # table -> DM retries since the last DM that went
        # table -> which permission stops showing it, and where (messages of cogs.texts)
        self.blocked: dict[str, tuple[str, str]] = {}
        self.spacing = Spacing(tables.settings.notify_spacing_seconds)

    def mark(
        self,
        table: Table,
        *,
        hands: bool = True,
        sheet: board.BoardSnapshot | None = None,
        show_board: bool = True,
    ) -> None:
        pending = self.pending.setdefault(table.id, Pending())
        pending.show_board = pending.show_board or show_board
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

    def forget(self, table: Table) -> None:
        """The table left memory (`Tables._drop`): so does all that was kept to show it, and
        its channel's count when no other table shows there. A round drawing it right now
        forgets it again when done (`_run`)."""
        self.pending.pop(table.id, None)
        self.blocked.pop(table.id, None)
        self.retried.pop(table.id, None)
        self.board_buttons.pop(table.id, None)
        for seat in range(len(table.seats)):
            self.direct.pop((table.id, seat), None)
            self.told_closed.discard((table.id, seat))
        channel = table.thread_id or table.channel_id
        shown_there = (
            (other.thread_id or other.channel_id) == channel
            for other in self.tables.tables.values()
        )
        if channel is not None and not any(shown_there):
            self.since_board.pop(channel, None)

    async def _run(self, table_id: str) -> None:
        try:
            while (pending := self.pending.pop(table_id, None)) is not None:
                table = self.tables.tables.get(table_id)
                if table is None:
                    return
                try:
                    await self._show(table, pending)
                except Exception:
                    log.exception("table %s: could not show the table", table_id)
                if table_id not in self.tables.tables:
                    self.forget(table)  # it left while it was being drawn
        finally:
            if self.tasks.get(table_id) is asyncio.current_task():
                del self.tasks[table_id]

    async def _show(self, table: Table, pending: Pending) -> None:
        channel = self.bot.get_partial_messageable(table.thread_id or table.channel_id or 0)
        w = await self.tables.public_words(table)
        try:
            for sheet in pending.sheets:
                file = await board.score_sheet_file(sheet, w)
                await channel.send(board.hand_result_text(sheet, w), file=file)
                self.note_message(channel.id)
            if pending.show_board and table.match is not None:
                await self._show_board(table, channel, w)
                self.blocked.pop(table.id, None)
        except discord.Forbidden as error:
            # The game is stored already; only showing it failed. Hands still go by DM.
            await self._cannot_show(table, channel, error, w)
        if pending.hands and table.match is not None:
            await self._show_hands(table)

    async def _cannot_show(
        self,
        table: Table,
        channel: discord.PartialMessageable,
        error: discord.Forbidden,
        w: Words,
    ) -> None:
        """A permission was taken from the bot where the table plays: say which, once, where it
        still can (there in words, else in the thread's parent channel; `blocked` is for the
        next clicker, in their own words), and post a fresh board as soon as it is given back."""
        self.since_board[channel.id] = REPOST_AFTER
        if table.id in self.blocked:
            return
        where = texts.THE_TABLE_THREAD if table.thread_id else texts.THE_TABLE_CHANNEL
        if error.code != MISSING_ACCESS:
            # Words without a picture may still go through: then the picture was refused.
            text = texts.cannot_show(w, texts.ATTACH_FILES, where)
            self.blocked[table.id] = (texts.ATTACH_FILES, where)
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
        elif table.thread_id is None:
            permission = texts.SEND_MESSAGES
        else:
            permission = texts.SEND_MESSAGES_IN_THREADS
        text = texts.cannot_show(w, permission, where)
        self.blocked[table.id] = (permission, where)
        if table.thread_id is not None and table.channel_id is not None:
            parent = self.bot.get_partial_messageable(table.channel_id)
            try:
                await parent.send(text)
            except discord.HTTPException:
                log.info("table %s: no channel left to say what permission is missing", table.id)

    async def _show_board(
        self, table: Table, channel: discord.PartialMessageable, w: Words
    ) -> None:
        snap = self.tables.snapshot(table)
        embed = board.board_embed(snap, w)
        file = await board.board_file(snap, w)
        # The buttons' words are the server's: a new language re-sends them too.
        verbs = [*board.board_verbs(snap), w.language]
        shown = board.board_verbs(snap)
        old = table.board_message_id
        if old is not None and self.since_board.get(channel.id, 0) < REPOST_AFTER:
            try:
                if self.board_buttons.get(table.id) == (old, verbs):
                    # Discord keeps the buttons an edit leaves out: most moves change none.
                    await channel.get_partial_message(old).edit(embed=embed, attachments=[file])
                else:
                    await channel.get_partial_message(old).edit(
                        embed=embed, attachments=[file], view=table_view(table.id, shown, w)
                    )
                    self.board_buttons[table.id] = (old, verbs)
                return
            except discord.NotFound:
                pass
        message = await channel.send(embed=embed, file=file, view=table_view(table.id, shown, w))
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
                await self._dms_closed(table, seat)
                continue
            except discord.HTTPException as error:
                # A hiccup on Discord's side (5xx, rate limit): the other hands still go, and
                # this one is sent again soon (or on its next change, whichever comes first).
                log.info("table %s: DM to seat %s failed (%s)", table.id, seat, error.status)
                self._retry_hands(table)
                continue
            self.told_closed.discard((table.id, seat))
            self.retried.pop(table.id, None)

    async def _dms_closed(self, table: Table, seat: int) -> None:
        """The player's DMs are closed (50007): no more DMs until they come back to the table
        (`Tables.reopen_dms`), and the table says once where their tiles are instead."""
        player = table.seats[seat]
        player.dm_closed = True
        log.info("table %s: DMs closed for seat %s", table.id, seat)
        await self.tables.dm_failed(table)
        if (table.id, seat) in self.told_closed:
            return
        self.told_closed.add((table.id, seat))
        channel = self.bot.get_partial_messageable(table.thread_id or table.channel_id or 0)
        try:
            w = await self.tables.public_words(table)
            await channel.send(w(texts.DM_CLOSED, name=texts.user_text(player.name)))
            self.note_message(channel.id)
        except discord.HTTPException:
            log.info("table %s: could not say that seat %s's DMs are closed", table.id, seat)

    def _retry_hands(self, table: Table) -> None:
        """Send the hands again soon, a few times at most while Discord keeps failing (then
        the hand's next change tries again)."""
        tries = self.retried.get(table.id, 0)
        if table.id in self.retrying or tries >= DM_RETRIES:
            return
        self.retrying.add(table.id)
        self.retried[table.id] = tries + 1

        def retry() -> None:
            self.retrying.discard(table.id)
            current = self.tables.tables.get(table.id)
            if current is not None and not current.finished:
                self.mark(current, show_board=False)

        asyncio.get_running_loop().call_later(DM_RETRY_SECONDS, retry)

    async def _send_hand(
        self,
        table: Table,
        seat: int,
        user_id: int,
        view: Any,
        key: tuple[Any, ...],
        previous: DirectMessage | None,
    ) -> None:
        w = await self.bot.audience.player(user_id)
        embed, file, moves = await self.hand_message(table, view, w)
        fresh = previous is None or view.my_turn or previous.key[0] != view.hand_number
        if not fresh and previous is not None:
            try:
                await previous.message.edit(embed=embed, attachments=[file], view=moves)
                self.direct[(table.id, seat)] = DirectMessage(previous.message, key, False)
                return
            except discord.NotFound:
                pass
        user = await self._user(user_id)
        version = table.version
        await self.spacing.wait(user_id)
        if table.version != version:
            return  # it changed while waiting: the round that shows the change sends the hand
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
        self, table: Table, view: Any, w: Words
    ) -> tuple[discord.Embed, discord.File, discord.ui.View | None]:
        """The private hand of `view`'s seat: picture, words (the player's: `w`) and (on its
        turn) move buttons."""
        turn = view.turn
        turn_name = table.seats[turn].name if turn is not None else None
        embed = board.hand_embed(view, table.setup.variant, turn_name, w)
        file = await board.hand_file(view, w, table.names())
        moves = None
        if view.my_turn and view.legal and table.phase is Phase.PLAYING:
            labels, simple = board.move_labels(view.legal, w, view)
            moves = moves_view(table.id, table.version, labels, buttons=simple, w=w)
        return embed, file, moves


def ended_text(table: Table, w: Words) -> str:
    if table.ended is not None:
        return w.say(table.ended)
    return w(texts.LOBBY_CANCELLED if table.phase is Phase.CANCELLED else texts.TABLE_ENDED)

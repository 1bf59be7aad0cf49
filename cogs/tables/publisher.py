"""What each outbox key of a table shows: ONE table from key to the message module that shows
it (`Publisher.show`), and what the delivery keeps of a round (`cogs.tables.messages.shown`).

Each show reads the table as stored (under its lock, so never a change being stored), takes
what it needs synchronously, and renders and sends outside the lock. It is idempotent: what a
message of the table shows is remembered (`shown` rows in the store, and in memory), so showing
the same stored table again sends nothing, and a restart edits the same messages instead of
sending new ones. A failure raises, and the delivery loop (`delivery`) tries again later.

The messages themselves are in `cogs.tables.messages`: the board and its score sheets, the
hands, the lobby, the thread and its turn alerts, the notices.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence

import discord

from cogs.audience import Audience
from cogs.tables.messages.answers import Answers
from cogs.tables.messages.base import Showing
from cogs.tables.messages.board import BoardMessage, Scroll
from cogs.tables.messages.hands import Hands
from cogs.tables.messages.lobby import LobbyMessage
from cogs.tables.messages.needs import Act, Read, Snapshot
from cogs.tables.messages.notices import Blocked, Notices
from cogs.tables.messages.reply import REPLY, ReplyMessage
from cogs.tables.messages.shown import BOARD_AGAIN, ShownRows
from cogs.tables.messages.spacing import Spacing
from cogs.tables.messages.thread import Thread
from cogs.tables.table import Table
from data import Database, Shown

__all__ = ["BOARD_AGAIN", "Blocked", "Publisher"]

log = logging.getLogger(__name__)

#: Shows one key of a table: (table id, what follows the key's kind, the revision queued at).
Show = Callable[[str, str, int | None], Awaitable[None]]


class Publisher:
    def __init__(
        self,
        client: discord.Client,
        audience: Audience,
        db: Database,
        *,
        read: Read,
        act: Act,
        snapshot: Snapshot,
        clock: Callable[[], float],
        expect: Callable[[float], None],
        show_again: Callable[[str, list[str]], Awaitable[None]],
        cached: Mapping[str, Table],
        levels: Sequence[str],
        shared: bool,
        spacing_seconds: float,
    ) -> None:
        self.shared = shared
        self.cached = cached

        async def note(table_id: str, change: Callable[[Table], None]) -> None:
            await act(table_id, change, show=lambda table, _: [])

        self.rows = ShownRows(db, note, clock, expect)
        self.scroll = Scroll()
        said = self.scroll.note_message
        showing = Showing(client, audience, self.rows, read, said)
        self.notices = Notices(showing, act)
        self.thread = Thread(showing)
        self.lobby = LobbyMessage(showing, levels)
        self.board = BoardMessage(showing, db, snapshot, self.scroll, self.notices)
        self.reply = ReplyMessage(showing, db, snapshot, self.lobby, clock)
        self.answers = Answers(read)
        self.hands = Hands(
            showing,
            db,
            snapshot,
            spacing=Spacing(spacing_seconds),
            thread=self.thread,
            notices=self.notices,
            answers=self.answers,
            cached=cached,
            shared=self.shared,
            clock=clock,
            show_again=show_again,
        )
        #: The one table from an outbox key's kind (what comes before its first ":") to what
        #: shows it; what follows the kind is given to it (`sheet:N`, `notice:dm-closed:S`).
        self.keys: dict[str, Show] = {
            "thread": lambda table_id, _, at: self.thread.show(table_id, at),
            "lobby": lambda table_id, _, at: self.lobby.show(table_id, at),
            "sheet": lambda table_id, number, at: self.board.show_sheet(table_id, int(number), at),
            "board": lambda table_id, _, at: self.board.show(table_id, at),  # `board:clock` too
            "hands": lambda table_id, _, at: self.hands.show(table_id, at),
            "notice": self._notice,
            REPLY: lambda table_id, _, at: self.reply.show(table_id, at),
        }
        self.read = read

    # -- what the delivery and the clicks ask of it --------------------------------------------

    @property
    def shown(self) -> dict[str, dict[str, Shown]]:
        return self.rows.shown

    @property
    def rounds(self) -> set[str]:
        return self.rows.rounds

    @property
    def blocked(self) -> dict[str, tuple[str, str]]:
        return self.notices.blocked

    @property
    def lobby_edits(self) -> dict[str, str]:
        return self.lobby.edits

    @property
    def since_board(self) -> dict[int, int]:
        return self.scroll.since_board

    def note_message(self, channel_id: int) -> None:
        """A message was posted in `channel_id`: its board scrolls up."""
        self.scroll.note_message(channel_id)

    def unsaved(self, table_id: str) -> list[Shown]:
        return self.rows.unsaved(table_id)

    def drop(self, table_id: str) -> None:
        self.rows.drop(table_id)

    async def hands_place(self, user_id: int) -> str:
        return await self.hands.hands_place(user_id)

    async def choose_hands_place(self, user_id: int, place: str) -> None:
        await self.hands.choose_hands_place(user_id, place)

    def start(self) -> None:
        """With a shared store: watch the "Your hand" answers this process gave."""
        self.answers.start()

    async def stop(self) -> None:
        await self.answers.stop()

    def forget(self, table: Table) -> None:
        """The table left the store: so does all that was kept here to show it."""
        self.rows.drop(table.id)
        self.notices.blocked.pop(table.id, None)
        self.lobby.edits.pop(table.id, None)
        self.answers.answers.pop(table.id, None)
        channel = table.thread_id or table.channel_id
        shown_there = (
            (other.thread_id or other.channel_id) == channel
            for other in self.cached.values()
            if other.id != table.id
        )
        if channel is not None and not any(shown_there):
            self.scroll.since_board.pop(channel, None)

    # -- one outbox key -----------------------------------------------------------------------

    async def show(self, table_id: str, key: str, revision: int | None = None) -> None:
        """Make what `key` shows of the stored table match it (raises to be tried again).
        `revision`: the one the item was queued at; the table is shown as stored at that
        revision or a newer one. With a shared store, what the table's messages show is read
        from the store for each item (another process may have shown it since; it claims
        whole tables, so none shows this one meanwhile) and not kept afterwards."""
        if self.shared:
            self.rows.shown.pop(table_id, None)
        try:
            kind, _, rest = key.partition(":")
            if kind != REPLY and await self._friends(table_id):
                kind = REPLY  # a friends' table has one message: whatever changed, it shows it
            shows = self.keys.get(kind)
            if shows is None:
                log.warning("table %s: nothing shows %r", table_id, key)
                return
            await shows(table_id, rest, revision)
        finally:
            if self.shared:
                self.rows.shown.pop(table_id, None)

    async def _friends(self, table_id: str) -> bool:
        """Whether the table is a friends' table (`Table.friends`, which never changes: any
        cached copy tells)."""
        cached = self.cached.get(table_id)
        if cached is not None:
            return cached.friends
        async with self.read(table_id) as table:
            return table.friends

    async def _notice(self, table_id: str, rest: str, at: int | None) -> None:
        what, _, seat = rest.partition(":")
        if what == "asked":  # a partner asked whether their side concedes
            await self.notices.tell_asked(table_id, int(seat), at)
            return
        if what != "dm-closed":
            log.warning("table %s: nothing shows notice %r", table_id, rest)
            return
        await self.notices.tell_dms_closed(table_id, int(seat), at)

"""The table orchestration: every click, timer and AI move goes through `Tables`.

The order of work for anything that changes a table is fixed:
1. acknowledge the interaction at once (defer), since rendering and the database take time;
2. take the table's lock (one per table: simultaneous and double clicks queue and are then
   refused by the version check, changing nothing);
3. change the table through its pure model (`Table`), which asks the engine what is legal;
4. store the table (its state with the game record) in the database, one transaction; when
   the database refuses, the table goes back exactly to its last stored state and the click is
   refused ("could not be saved"), so nothing unsaved is ever shown;
5. only then update what people see (the publisher draws off the event loop) and set the next
   due time (turn timer, AI move, pause between hands, lobby expiry).

The lobby's clicks live in `lobbies`. AI seats (and seats the timer took over) move after a short
natural delay (`robots`). A finished
match is recorded (the live table is deleted in the same transaction; `storing`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING, Any

import discord

from cogs import texts
from cogs.audience import mine
from cogs.errors import guarded, send_ephemeral
from cogs.lang import Said, Words
from cogs.tables import board, pictures, storing
from cogs.tables.lobbies import Lobbies
from cogs.tables.lobby import close_lobby_message
from cogs.tables.locks import TableLocks
from cogs.tables.publisher import Publisher
from cogs.tables.puzzle import KINDS as PUZZLE_KINDS
from cogs.tables.robots import Robots
from cogs.tables.scheduler import Scheduler
from cogs.tables.seating import TableError
from cogs.tables.state import load
from cogs.tables.table import Phase, Step, Table, new_seed
from engine.ai import LEVELS

if TYPE_CHECKING:
    from bot import DominoBot

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0  # a timed action the database refused is tried again after this


class Tables:
    def __init__(self, bot: DominoBot) -> None:
        self.bot = bot
        self.db = bot.db
        self.settings = bot.settings
        self.clock = bot.settings.clock
        self.tables: dict[str, Table] = {}
        self.saved: dict[str, dict[str, Any]] = {}  # each live table's state as last stored
        self.locks = TableLocks()  # one per table, while someone holds or waits for it
        self.scheduler = Scheduler(self.clock, self._due)
        self.publisher = Publisher(self)
        self.lobbies = Lobbies(self)
        self.levels: tuple[str, ...] = tuple(LEVELS)
        self.background: set[asyncio.Task[None]] = set()  # `reopen_dms_soon`
        self.robots = Robots(
            self.levels, self.clock, self.settings.ai_budget_ms, self.settings.ai_workers
        )

    # -- life cycle -------------------------------------------------------------------------

    async def restore(self) -> int:
        """Reload every table from the database (unfinished, or finished a short while ago);
        their buttons and timers resume."""
        count = 0
        puzzles = []
        for live in await self.db.live_tables():
            if live.state.get("kind") in PUZZLE_KINDS:
                puzzles.append(live.state)
                continue
            try:
                table = load(live.state)
            except Exception:
                log.exception("table %s could not be restored", live.id)
                continue
            self.tables[table.id] = table
            self.saved[table.id] = live.state
            if table.phase is Phase.OVER:
                # Kept for its Rematch and Leave buttons; forgotten when that time is up.
                expires = live.updated_at + self.settings.keep_finished_seconds
                self.scheduler.set(table.id, expires)
            self.schedule(table)
            count += 1
        await self.bot.puzzles.restore(puzzles)
        pictures.warm_up()  # the first board should not wait for the picture workers to start
        self.scheduler.start()
        log.info("restored %d table(s) and %d puzzle(s)", count, len(puzzles))
        return count

    async def close(self) -> None:
        await asyncio.gather(*self.background, return_exceptions=True)
        await self.scheduler.stop()
        await self.publisher.idle()
        await self.robots.close()

    def snapshot(self, table: Table) -> board.BoardSnapshot:
        deadline = None
        if table.phase is Phase.PLAYING and table.needs_ai() is None:
            deadline = table.turn_started + table.setup.turn_seconds
        between = table.turn_started + self.settings.between_hands_seconds
        return board.BoardSnapshot.of(table, deadline, between)

    # -- storing ----------------------------------------------------------------------------

    async def save(self, table: Table) -> bool:
        """Persist the table; False (logged) when the database refused."""
        before = self.saved.get(table.id)
        recorded = before is not None and before.get("phase") == Phase.OVER.value
        try:
            state = await storing.store(self.db, table, self.clock(), recorded=recorded)
        except Exception:
            log.exception("table %s could not be stored", table.id)
            return False
        if state is None:
            self.saved.pop(table.id, None)
        else:
            self.saved[table.id] = state
        return True

    async def store(self, table: Table) -> None:
        """Persist a change before anyone sees it. When the database refuses, the table goes
        back exactly to its last stored state (or away, if it was never stored) and the change
        is refused: nothing unsaved is shown or announced, and the next click works."""
        if await self.save(table):
            return
        saved = self.saved.get(table.id)
        if saved is None:
            self._drop(table.id)
        else:
            restored = load(saved)
            self.tables[table.id] = restored
            self.schedule(restored)
        raise TableError(texts.NOT_SAVED)

    async def moved_board(self, table: Table, message_id: int) -> None:
        async with self.locks[table.id]:
            table.board_message_id = message_id
            if not table.finished:
                await self.save(table)

    async def dm_failed(self, table: Table) -> None:
        async with self.locks[table.id]:
            if not table.finished:
                await self.save(table)
        self.publisher.mark(table, hands=False)

    def reopen_dms_soon(self, user_id: int) -> None:
        """`reopen_dms` beside whatever the user is doing (it takes locks and writes, which
        must never delay an acknowledgement)."""
        if not any(seat.dm_closed for table in self.tables.values() for seat in table.seats):
            return
        task = asyncio.create_task(self.reopen_dms(user_id), name=f"reopen-dms-{user_id}")
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def reopen_dms(self, user_id: int) -> None:
        """The user is back (a "Your hand" click, a /domino command): DM their hands again at
        every table where their DMs were found closed (they may have opened them since)."""
        for table in list(self.tables.values()):
            if table.match is None or table.finished:
                continue
            seat = table.seat_of(user_id)
            if seat is None or not table.seats[seat].dm_closed:
                continue
            async with self.locks[table.id]:
                table.seats[seat].dm_closed = False
                await self.save(table)
            self.publisher.mark(table, show_board=False)

    # -- after every change -----------------------------------------------------------------

    def changed(self, table: Table, steps: list[Step]) -> None:
        """Show the change and set the next due time (the table is stored already)."""
        for step in steps:
            if step.hand_over is not None:
                self.publisher.mark(table, sheet=self.snapshot(table))
        self.publisher.mark(table)
        self.schedule(table)
        if table.phase is Phase.CANCELLED:
            self._drop(table.id)
        elif table.phase is Phase.OVER:
            # Kept a while (stored, so across a restart) for its Rematch and Leave buttons.
            self.scheduler.set(table.id, self.clock() + self.settings.keep_finished_seconds)

    def schedule(self, table: Table) -> None:
        """Set the table's next due time from its state. A finished table keeps the expiry set
        when it finished (`changed`, `restore`)."""
        if table.phase is Phase.OVER:
            return
        settings = self.settings
        when: float | None = None
        if table.phase is Phase.LOBBY:
            when = table.created_at + settings.lobby_seconds
        elif table.phase is Phase.PLAYING:
            if table.needs_ai() is not None:
                when = table.turn_started + settings.ai_delay
            else:
                when = table.turn_started + table.setup.turn_seconds
        elif table.phase is Phase.BETWEEN:
            # Everyone pressed Ready (AI seats always are): no need to wait out the pause.
            pause = 0.0 if table.all_ready() else settings.between_hands_seconds
            when = table.turn_started + pause
        self.scheduler.set(table.id, when)

    async def _due(self, table_id: str) -> None:
        """Something is due at a table: a lobby expires, a hand starts, an AI or the timer
        moves. Rechecked under the lock, since a click may have come first."""
        async with self.locks[table_id]:
            table = self.tables.get(table_id)
            if table is None:
                return
            if table.finished:
                await self._forget(table_id)
                return
            now = self.clock()
            self.schedule(table)
            when = self.scheduler.due.get(table_id)
            if when is not None and when > now:
                return  # a click came first and moved the due time
            self.scheduler.set(table_id, None)
            steps: list[Step] = []
            if table.phase is Phase.LOBBY:
                table.expire()
            elif table.phase is Phase.BETWEEN:
                steps = table.next_hand(now)
            elif table.phase is Phase.PLAYING:
                steps = await self.robots.move(table)
            try:
                await self.store(table)
            except TableError:
                self.scheduler.set(table_id, self.clock() + RETRY_SECONDS)
                return
        if table.phase is Phase.CANCELLED:
            await close_lobby_message(self.bot, table)
        self.changed(table, steps)

    async def _forget(self, table_id: str) -> None:
        """A finished table's buttons expire: it leaves memory and the database."""
        self._drop(table_id)
        try:
            await self.db.delete_live_table(table_id)
        except Exception:
            log.exception("table %s: its finished row stays until the next restart", table_id)

    def _drop(self, table_id: str) -> None:
        """The table leaves memory (a cancelled lobby, a finished table whose time is up, one
        never stored): with it goes everything kept about it here and in the publisher. Its
        lock goes by itself once nobody holds or waits for it (`TableLocks`)."""
        table = self.tables.pop(table_id, None)
        self.saved.pop(table_id, None)
        self.scheduler.set(table_id, None)
        if table is not None:
            self.publisher.forget(table)

    async def public_words(
        self, table: Table, interaction: discord.Interaction[Any] | None = None
    ) -> Words:
        """The words of a table's public messages: its server's language."""
        locale = interaction.guild_locale if interaction is not None else None
        return await self.bot.audience.server(table.guild_id, locale)

    def check_room_for(self, user_id: int, table: Table | None = None) -> None:
        """Refuse `user_id` a new place (hosting a lobby, a seat) when they already host or sit
        at `tables_per_user` unfinished tables (`table`, the one they ask to sit at, aside):
        nobody can fill the server with tables, AI tables above all."""
        most = self.settings.tables_per_user
        count = sum(
            1
            for other in self.tables.values()
            if other is not table
            and not other.finished
            and (other.host_id == user_id or other.seat_of(user_id) is not None)
        )
        if count >= most:
            raise TableError(texts.TOO_MANY_TABLES, most=most)

    def clicked_at(self, interaction: discord.Interaction[Any], table_id: str) -> Table:
        """The table a click names, once the click is known to come from that table's own
        place: in its server and its channel or thread, on its lobby or board message or on an
        ephemeral hand there; from a DM, only a seated player's move buttons (`dm` ids). A
        custom id copied onto another message, server or DM is refused and changes nothing."""
        table = self.find(table_id)
        message = interaction.message
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if interaction.guild_id is None:
            moves = custom_id.startswith(("dm:", "dms:"))
            if moves and table.seat_of(interaction.user.id) is not None:
                return table
            raise TableError(texts.NOT_THIS_TABLE)
        places = (table.channel_id, table.thread_id)
        ours = message is not None and (
            message.flags.ephemeral
            or message.id in (table.lobby_message_id, table.board_message_id)
        )
        here = interaction.guild_id == table.guild_id and interaction.channel_id in places
        if not (here and ours):
            raise TableError(texts.NOT_THIS_TABLE)
        return table

    def find(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(texts.NO_SUCH_TABLE)
        return table

    # -- playing ----------------------------------------------------------------------------

    @guarded
    async def move(
        self, interaction: discord.Interaction[Any], table_id: str, version: int, index: int
    ) -> None:
        await interaction.response.defer()
        async with self.locks[table_id]:
            table = self.clicked_at(interaction, table_id)
            steps = table.play(interaction.user.id, version, index, self.clock())
            await self.store(table)
        self.changed(table, steps)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            await self._refresh_ephemeral_hand(interaction, table)
        await self._tell_if_blocked(interaction, table_id)

    async def _tell_if_blocked(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        """While a lost permission keeps the table from being shown, every clicker hears it."""
        blocked = self.publisher.blocked.get(table_id)
        if blocked is not None:
            permission, where = blocked
            await send_ephemeral(
                interaction, texts.cannot_show(mine(interaction), permission, where)
            )

    async def _refresh_ephemeral_hand(
        self, interaction: discord.Interaction[Any], table: Table
    ) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.match is None:
            return
        embed, file, moves = await self.publisher.hand_message(
            table, table.view(seat), mine(interaction)
        )
        await interaction.edit_original_response(embed=embed, attachments=[file], view=moves)

    @guarded
    async def table_click(
        self, interaction: discord.Interaction[Any], table_id: str, verb: str
    ) -> None:
        if verb == "hand":
            await self._show_hand(interaction, table_id)
            return
        await interaction.response.defer()
        user = interaction.user.id
        steps: list[Step] = []
        note: Said | None = None
        rematch: Table | None = None
        accepting: str | None = None  # the rematch lobby this player asks to join
        async with self.locks[table_id]:
            table = self.clicked_at(interaction, table_id)
            if verb == "resign":
                table.resign(user)
            elif verb == "draw":
                note = table.offer_draw(user)
            elif verb == "ready":
                table.mark_ready(user)
                note = Said.of(texts.READY_NOTED)
            elif verb == "lead":
                table.claim_lead(user)
                note = Said.of(texts.LEAD_CLAIMED)
            elif verb == "leave":
                table.leave_after(user)
                note = Said.of(texts.LEFT_TABLE)
            elif verb == "rematch" and table.rematch_id is not None:
                if table.seat_of(user) is None:
                    raise TableError(texts.NOT_SEATED)
                accepting = table.rematch_id
            elif verb == "rematch":
                self.check_room_for(user, table)
                rematch = table.rematch_lobby(user, secrets.token_hex(5), new_seed(), self.clock())
            if accepting is None:
                await self.store(table)
        if accepting is not None:
            await self.lobbies.accept_rematch(interaction, accepting)
            return
        if rematch is not None:
            await self.lobbies.post_rematch(table, rematch)
            return
        if note is not None:
            await send_ephemeral(interaction, mine(interaction).say(note))
        if verb != "leave":
            self.changed(table, steps)
        await self._tell_if_blocked(interaction, table_id)

    async def _show_hand(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        """The ephemeral "Your hand": works whether or not DMs do, for the whole match."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = self.clicked_at(interaction, table_id)
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.match is None:
            raise TableError(texts.NOT_SEATED)
        embed, file, moves = await self.publisher.hand_message(
            table, table.view(seat), mine(interaction)
        )
        await self.reopen_dms(interaction.user.id)
        if moves is None:
            await interaction.followup.send(embed=embed, file=file, ephemeral=True)
        else:
            await interaction.followup.send(embed=embed, file=file, view=moves, ephemeral=True)
        await self._tell_if_blocked(interaction, table_id)

    # -- moderation -------------------------------------------------------------------------

    def tables_in(self, channel_id: int) -> list[Table]:
        return [
            table
            for table in self.tables.values()
            if not table.finished and channel_id in (table.channel_id, table.thread_id)
        ]

    @guarded
    async def end_table(self, interaction: discord.Interaction[Any], table_id: str | None) -> None:
        await interaction.response.defer(ephemeral=True)
        candidates = self.tables_in(interaction.channel_id or 0)
        if table_id:
            candidates = [table for table in candidates if table.id == table_id]
        if not candidates:
            raise TableError(texts.NO_SUCH_TABLE)
        table = candidates[-1]
        async with self.locks[table.id]:
            table.end_by_moderator()
            await self.store(table)
        await close_lobby_message(self.bot, table)
        self.changed(table, [])
        await send_ephemeral(interaction, mine(interaction)(texts.TABLE_ENDED))

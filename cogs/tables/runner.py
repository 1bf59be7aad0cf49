"""The table runtime: every click, timer and AI move goes through `Tables.act`.

The store is the truth (`store`). An action, whoever makes it:
1. is acknowledged first when it is a click (deferred: the deferral promises nothing; what
   a player may rely on is the changed board, which is shown only once the change is stored);
2. takes the table's lock (in this process: simultaneous clicks queue) and reads the table as
   stored, with its revision (memory is a cache checked by revision);
3. changes it through its pure model (`Table`), which asks the engine what is legal;
4. writes, in ONE transaction, the new state at the next revision (only if the stored revision
   is still the one read: a click that lost a race, here or in another process, is refused as
   out of date; a job's move is dropped, the newer state carries its own job), what must be
   shown (outbox keys: `board`, `hands`, `sheet:N`, `lobby`, `thread`, `notice:...`) and the
   table's next due job. A refusal or a failed write leaves no trace: the cached copy is dropped
   and the next reader loads what is stored.

Showing is a projection of the store (`delivery`): the outbox is delivered by a loop, retried
until what people see matches the stored table, after a restart too. Jobs (`jobs`) are rows:
lobby expiry, the pause between hands, AI moves and turn timers, forgetting finished tables.
An AI move is chosen from the stored table without its lock and stored only if the game did
not move on meanwhile (`_move_itself`): only a change of the position moves a job on, so what a
player does outside the game (a preference, a draw offer) never throws a search away.

The lobby's clicks live in `lobbies`, the table's and the moves in `clicks`; what each outbox key
shows in `publisher` and `messages`; AI seats and timed-out turns in `robots`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from cogs.common.refusal import Refusal
from cogs.runtime.runtime import runtime_of
from cogs.runtime.store import Conflict, NotStored
from cogs.tables import board, flow
from cogs.tables.clicks import Clicks
from cogs.tables.friends import Friends
from cogs.tables.kind import TableKind
from cogs.tables.lobbies import Lobbies
from cogs.tables.places import Places
from cogs.tables.publisher import Publisher
from cogs.tables.robots import LAST_RESORT_LEVEL, Robots
from cogs.tables.rows import KIND, Due, TableStore, stored_copy
from cogs.tables.table import Phase, Step, Table, seeds
from data import Job, OutboxItem, TurnClock
from engine.ai import LEVELS
from engine.errors import DominoError

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot

log = logging.getLogger(__name__)

R = TypeVar("R")

CHEAPER_AFTER = 2  # failed tries of an AI move before it is chosen at random instead
STORE_ATTEMPTS = 3  # writes of a job's change that lost a race with a change of no position


class Moved(Conflict):
    """The game moved on from the position a job's change was decided for: it is void."""


class Tables:
    def __init__(self, bot: DominoBot) -> None:
        self.bot = bot
        self.db = bot.db
        self.settings = bot.settings
        self.clock = bot.settings.clock
        self.shared = bot.settings.shared_store
        self.runtime = runtime_of(bot)  # the store's commit, locks, jobs and delivery
        self.store = TableStore(
            bot.db, shared=self.shared, tables_per_user=bot.settings.tables_per_user
        )
        self.tables: dict[str, Table] = self.store.cached  # the cache, by id (read only)
        self.locks = self.runtime.locks  # one per table, while someone holds or waits for it
        self.levels: tuple[str, ...] = tuple(LEVELS)
        self.publisher = Publisher(
            bot,
            bot.audience,
            bot.db,
            read=self.read,
            act=self.act,
            snapshot=self.snapshot,
            clock=self.clock,
            expect=lambda at: self.jobs.expect(at),
            show_again=self.show_again,
            cached=self.tables,
            levels=self.levels,
            shared=self.shared,
            spacing_seconds=self.settings.notify_spacing_seconds,
        )
        self.places = Places(
            bot, bot.db, read=self.read, act=self.act, drop_shown=self.publisher.rows.reread
        )
        self.delivery = self.runtime.delivery
        self.jobs = self.runtime.jobs
        table_seeds = seeds(self.settings.demo_seed)
        self.friends = Friends(
            bot.db,
            bot.audience,
            self.publisher.lobby,
            read=self.read,
            create=self.create,
            show_again=self.show_again,
            clock=self.clock,
            most=self.settings.tables_per_user,
            seeds=table_seeds,
        )
        self.lobbies = Lobbies(
            bot.db,
            bot.audience,
            self.publisher.lobby,
            act=self.act,
            create=self.create,
            clock=self.clock,
            most=self.settings.tables_per_user,
            levels=self.levels,
            seeds=table_seeds,
            friends=self.friends,
        )
        self.clicks = Clicks(
            bot.db,
            read=self.read,
            act=self.act,
            create=self.create,
            shows=flow.show_for,
            clock=self.clock,
            most=self.settings.tables_per_user,
            reopen_dms_soon=self.reopen_dms_soon,
            hands=self.publisher.hands,
            answers=self.publisher.answers,
            notices=self.publisher.notices,
            seeds=self.lobbies.seeds,
            revive=self.friends.revive,
        )
        self.background: set[asyncio.Task[None]] = set()  # `reopen_dms_soon`
        self.robots = Robots(self.levels, self.clock, self.settings.ai_budget_ms, bot.workers)
        # The jobs are run through the runner as it is then (a test may wrap `run_job`).
        kind = TableKind(self.store, self.publisher, self.places, lambda job: self.run_job(job))
        self.runtime.register(kind)

    # -- life cycle -------------------------------------------------------------------------

    async def restore(self) -> int:
        """Read every live table of every kind into its cache (`Runtime.restore`), then start
        delivering what is undelivered and running what is due: a table picks up exactly where
        the store says it is. With a shared store nothing is read ahead (each process loads a
        table when it first needs it; most tables are other processes' business)."""
        counts = await self.runtime.restore()
        self.start()
        if self.shared:
            log.info("sharing the store: tables are loaded when first used")
        else:
            log.info("restored %s", ", ".join(f"{n} {kind}(s)" for kind, n in counts.items()))
        return counts.get(KIND, 0)

    def start(self) -> None:
        """Deliver what is undelivered, run what is due."""
        self.bot.workers.warm_up()  # the first board should not wait for the picture workers
        self.runtime.start()
        if self.shared:
            self.publisher.start()

    async def close(self) -> None:
        """A graceful stop: no new job starts, what is being shown is finished (for a while at
        most: what is left stays in the store and is shown after the next start)."""
        await asyncio.gather(*self.background, return_exceptions=True)
        await self.runtime.close()
        await self.publisher.stop()

    def snapshot(self, table: Table, clock: TurnClock | None = None) -> board.BoardSnapshot:
        """What the board shows of `table`; `clock`: the stored clock of its turn
        (`Database.turn_clock`), which the board's deadline follows (`turn_deadline`)."""
        deadline, paused = None, False
        if table.phase is Phase.PLAYING and table.needs_ai() is None:
            deadline, paused = self.turn_deadline(table, clock)
        between = table.turn_started + self.settings.between_hands_seconds
        return board.BoardSnapshot.of(table, deadline, between, paused=paused)

    def turn_deadline(self, table: Table, clock: TurnClock | None) -> tuple[float, bool]:
        """When the person's turn runs out as the board shows it (`flow.turn_deadline`)."""
        return flow.turn_deadline(table, clock, self.clock())

    # -- acting -----------------------------------------------------------------------------

    def due(self, table: Table) -> Due | None:
        """The table's next job, from its state (`flow.next_job`)."""
        return flow.next_job(table, self.settings)

    @asynccontextmanager
    async def read(self, table_id: str, *, at_least: int | None = None) -> AsyncIterator[Table]:
        """The stored table, held still (under its lock) while the caller looks at it.
        `at_least`: a copy at that revision or newer will do (see `TableStore.get`)."""
        async with self.locks[table_id]:
            yield await self.store.get(table_id, at_least=at_least)

    async def act(
        self,
        table_id: str,
        change: Callable[[Table], R],
        *,
        expected: int | None = None,
        show: Callable[[Table, R], Iterable[str]] | None = None,
        at_version: int | None = None,
    ) -> tuple[Table, R]:
        """Change the stored table and store the change with what it shows and its next job,
        in one transaction (see the module docstring); returns the table as stored (a copy,
        `stored_copy`, that later changes do not alter: what the action's answer is built
        from) and what `change` returned. `expected`: the revision the change was
        decided at, refused with `Conflict` if the table moved on. `at_version`: the position
        it was decided for (a job's, an AI move's), refused with `Moved` if the game moved on;
        a newer revision that moved no position (a preference, a draw offer) does not refuse
        it. `show`: what the change shows (default: `flow.show_for`, from the steps it returns when
        it returns any). A change that moves neither the position nor the due time leaves the
        table's job row as it is (`TableStore.commit`'s `same_position`)."""
        async with self.locks[table_id]:
            # A job's change needs its own revision: a newer stored one refuses it at commit.
            table = await self.store.get(table_id, at_least=expected)
            if expected is not None and table.revision != expected:
                raise Conflict
            if at_version is not None and table.version != at_version:
                raise Moved
            was, version, due = table.phase, table.version, self.due(table)
            try:
                result = change(table)
            except (Refusal, DominoError):
                raise  # a refusal changes nothing (the model checks before it changes)
            except BaseException:
                self.store.forget(table_id)  # it may be half changed: read it again
                raise
            now = self.clock()
            if table.finished and was not in (Phase.OVER, Phase.CANCELLED):
                table.finished_at = now
            if show is not None:
                keys = list(show(table, result))
            else:
                steps = result if isinstance(result, list) else []
                keys = flow.show_for(table, [s for s in steps if isinstance(s, Step)], was=was)
            after = self.due(table)
            same = table.version == version and after == due
            taken = await self.store.commit(
                table,
                new=False,
                was=was,
                show=keys,
                due=after,
                now=now,
                same_position=same,
                take=self.delivery.running,
            )
            stored = stored_copy(table)
        self.wake(table, taken)
        return stored, result

    async def create(self, table: Table, show: Iterable[str] = ()) -> None:
        """Store a new table (a lobby): refused if it cannot be stored."""
        async with self.locks[table.id]:
            taken = await self.store.commit(
                table,
                new=True,
                was=None,
                show=show,
                due=self.due(table),
                now=self.clock(),
                take=self.delivery.running,
            )
        self.wake(table, taken)

    def wake(self, table: Table, taken: list[OutboxItem]) -> None:
        """Something was stored for `table`: show what its commit claimed (what it did not
        claim, whoever shows the table now takes when done), and look at its due time."""
        self.delivery.hand_over(taken)
        due = self.due(table)
        if due is not None:
            self.jobs.expect(due.at)

    async def show_again(self, table_id: str, keys: list[str]) -> None:
        """Show the table's `keys` again as it is stored, without changing it (a player's
        preference changed: where their hand goes): no new revision, so nothing decided for
        the table's position (an AI's search, a button, a hint) goes out of date."""
        await self.runtime.show_again(table_id, keys)

    # -- jobs -------------------------------------------------------------------------------

    async def run_job(self, job: Job) -> bool:
        """A table's job is due (claimed, so no other process runs it): carry it out as an
        action at the position it was set for (the runtime calls it: `TableKind`; `forget` is
        the runtime's own). A table that moved on has its own next job. True when a change was
        stored (its commit replaced the job's row)."""
        if job.kind in ("ai", "timer"):
            return await self._move_itself(job)
        change: Callable[[Table], list[Step]]
        if job.kind == "expire":
            change = flow.expire
        elif job.kind == "next-hand":
            change = flow.next_hand(self.clock())
        else:
            log.warning("table %s: unknown job %r dropped", job.table_id, job.kind)
            return False
        async with self.read(job.table_id) as table:
            if not await self._stands(job, table):
                return False
            version = table.version
        return await self._store_at(job.table_id, version, change)

    async def _move_itself(self, job: Job) -> bool:
        """An AI seat's move, or a person's turn that ran out: chosen from the stored table
        without holding it (Resign and other clicks go on meanwhile), stored only if the table
        is still at the position the move was chosen for (its `version`: a new revision that
        moved no position, a preference shown again or a draw offered, does not throw the
        search away). After repeated failures the move is chosen at random (no worker, no
        search): a move always comes. True when the move was stored."""
        async with self.read(job.table_id) as table:
            if table.phase is not Phase.PLAYING or not await self._stands(job, table):
                return False
            turn = self.robots.plan(table)
            version = table.version
        level = turn.level if job.attempts < CHEAPER_AFTER else LAST_RESORT_LEVEL
        action = await self.robots.choose(turn.view, level, turn.seed, table_id=job.table_id)
        return await self._store_at(
            job.table_id, version, lambda table: self.robots.play(table, turn, action)
        )

    async def _stands(self, job: Job, table: Table) -> bool:
        """Whether `job` is still the job of `table`'s position (read under its lock): set at
        the table's revision, or at an earlier one that the changes since left standing (they
        moved no position: `TableStore.commit` kept its row; a change that moved the game
        replaced it)."""
        if table.revision == job.revision:
            return True
        stored = await self.db.table_job(job.table_id)
        return stored is not None and (stored.kind, stored.revision) == (job.kind, job.revision)

    async def _store_at(self, table_id: str, version: int, change: Callable[[Table], R]) -> bool:
        """Store a job's `change`, decided for the position `version`, if the table is still
        at that position: one action per position, so a job never moves twice. A revision that
        moved on between the read and the write for another reason (a change that moved no
        position, stored meanwhile in another process) is read again and the change tried
        again. True when it was stored."""
        for _ in range(STORE_ATTEMPTS):
            try:
                await self.act(table_id, change, at_version=version)
            except Moved:
                return False
            except Conflict:
                continue
            return True
        raise NotStored  # tried again later, as a write the store refused

    # -- the people at a table --------------------------------------------------------------

    def reopen_dms_soon(self, user_id: int) -> None:
        """`reopen_dms` beside whatever the user is doing (it takes locks and writes, which
        must never delay an acknowledgement). Alone with its store, this process knows every
        table and looks in memory first; sharing it, the store is asked (`reopen_dms`)."""
        if not self.shared and not any(
            seat.dm_closed for table in self.tables.values() for seat in table.seats
        ):
            return
        task = asyncio.create_task(self.reopen_dms(user_id), name=f"reopen-dms-{user_id}")
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def reopen_dms(self, user_id: int) -> None:
        """The user is back (a "Your hand" click, a /domino command): DM their hands again at
        every table where their DMs were found closed (they may have opened them since)."""
        for table_id in await self.db.open_tables_of(user_id, "table"):
            try:
                async with self.read(table_id) as table:
                    seat = table.seat_of(user_id)
                    closed = (
                        table.match is not None
                        and not table.finished
                        and seat is not None
                        and table.seats[seat].dm_closed
                    )
            except Refusal:
                continue  # gone meanwhile
            if not closed or seat is None:
                continue
            try:
                await self.act(
                    table_id,
                    partial(flow.set_dm_closed, seat=seat, closed=False),
                    show=lambda table, _: ["hands"],
                )
            except Refusal:
                log.info("table %s: DMs of seat %s stay closed for now", table_id, seat)

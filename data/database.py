"""`Database`: the one door to the store, SQLite or PostgreSQL. Named queries only; no SQL
outside data/, and no dialect difference outside `data.sql`.

Every write is one transaction (`_write`): it happens whole or not at all. Multi-statement
reads run in one snapshot (`_read`). On SQLite the writer is serial (one connection, `BEGIN
IMMEDIATE`), so nothing can change between a write's reads and its writes. On PostgreSQL writes
run concurrently at READ COMMITTED: a write that reads a server's shared rows to compute new
ones (standings, player totals, seasons, settings) first takes that server's lock
(`connection.serialize("guild", guild_id)`), before writing anything, so locks are always taken
in one order. Other processes may share the store.

    db = await Database.open("domino.sqlite3")  # or sqlite:///..., postgresql://...
    ...
    await db.close()
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import data.bot_values as bot_values
import data.forced_moves as forced_moves
import data.hands_places as hands_places
import data.languages as languages
import data.live as live
import data.puzzle_solves as puzzle_solves
import data.queries as queries
import data.recording as recording
import data.replies as replies
import data.reviews as reviews
import data.runtime as runtime
import data.seasons as seasons
import data.servers as servers
import data.turn_clocks as turn_clocks
import data.vitals as store_vitals
from data.migrate import migrate
from data.models import (
    Change,
    DataError,
    FinishedMatch,
    Job,
    Kind,
    LeaderboardPage,
    LiveTable,
    MatchSummary,
    Order,
    OutboxItem,
    PlayerStats,
    PuzzleSolve,
    RecordOutcome,
    Season,
    ServerSettings,
    Shown,
    TurnClock,
)
from data.sql import Connection, Dialect, Store, busy, driver_error, open_store, parse_target
from data.sql.base import Body

log = logging.getLogger(__name__)

T = TypeVar("T")

OPEN_ATTEMPTS = 5  # opening a file another connection is creating at that moment


class Database:
    """The bot's database. Create with `await Database.open(target)`; `await close()` at the
    end.

    All methods are coroutines; tasks may call them concurrently. Refusals raise `DataError`
    (a `ValueError`) and change nothing.
    """

    def __init__(self, store: Store):
        self._store = store
        self.path: Path | None = store.path  # the SQLite file; None on PostgreSQL
        self.url: str = store.url  # for logs: no password
        self.dialect: Dialect = store.dialect

    @classmethod
    async def open(cls, target: str | Path) -> Database:
        """Open the database `target` names: a path or `sqlite:///path` (the file is created
        if needed), or `postgresql://user:password@host:port/database`. Migrate it to the
        latest schema, then finish any rebuild of derived tables a migration asked for."""
        where = parse_target(target)
        for attempt in range(OPEN_ATTEMPTS):
            store: Store | None = None
            try:
                store = await open_store(target)
                await migrate(store)
                database = cls(store)
                await database._finish_rebuilds()
            except BaseException as error:
                if store is not None:
                    await store.close()
                if busy(error) and attempt + 1 < OPEN_ATTEMPTS:
                    # Another connection is creating the file or switching it to WAL: SQLite
                    # reports that at once, without waiting out the busy timeout.
                    await asyncio.sleep(0.05 * (attempt + 1))
                    continue
                if not isinstance(error, DataError) and driver_error(error):
                    raise DataError(f"cannot open the database {where.url}: {error}") from None
                raise
            return database
        raise AssertionError("unreachable")  # pragma: no cover

    async def close(self) -> None:
        await self._store.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- transactions ------------------------------------------------------------------------

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Connection]:
        """One write transaction: committed when the block ends, rolled back if it raises or
        its task is cancelled."""
        async with self._store.write() as connection:
            yield connection

    async def _writing(self, body: Body[T]) -> T:
        """`body` in one write transaction, run where the connection lives (the table runtime's
        hot path: SQLite runs it in one hand-off to its thread, see `Store.writing`)."""
        return await self._store.writing(body)

    async def _reading(self, body: Body[T], snapshot: bool = True) -> T:
        return await self._store.reading(body, snapshot)

    @asynccontextmanager
    async def _read(self, snapshot: bool = True) -> AsyncIterator[Connection]:
        """One read snapshot: every query in the block sees the same committed state. A
        block of one query needs none (`snapshot=False`: no transaction to open and end)."""
        async with self._store.read(snapshot) as connection:
            yield connection

    # -- servers and settings ----------------------------------------------------------------

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """The server's settings (the defaults if it never changed them)."""
        async with self._read(snapshot=False) as connection:
            return await servers.settings(connection, guild_id)

    async def update_server_settings(self, guild_id: int, **changes: Any) -> ServerSettings:
        """Change some settings (by name) and return them all. Unknown names or bad values are
        refused before anything is written."""
        servers.check(changes)
        async with self._write() as connection:
            await connection.serialize("guild", guild_id)  # read, then write the whole row
            return await servers.update(connection, guild_id, changes)

    # -- languages ---------------------------------------------------------------------------

    async def guild_language(self, guild_id: int) -> str | None:
        """The language a moderator chose for the server, or None if none was chosen."""
        async with self._read(snapshot=False) as connection:
            return await languages.guild_language(connection, guild_id)

    async def set_guild_language(self, guild_id: int, language: str | None, now: float) -> None:
        """Choose the server's language (None: forget the choice)."""
        if language is not None:
            languages.check(language)
        async with self._write() as connection:
            await languages.set_guild_language(connection, guild_id, language, now)

    async def player_language(self, user_id: int) -> str | None:
        """The language of the player's latest interaction, or None if never seen."""
        async with self._read(snapshot=False) as connection:
            return await languages.player_language(connection, user_id)

    async def set_player_language(self, user_id: int, language: str, now: float) -> None:
        languages.check(language)
        async with self._write() as connection:
            await languages.set_player_language(connection, user_id, language, now)

    # -- where hands go ----------------------------------------------------------------------

    async def hands_place(self, user_id: int) -> str | None:
        """Where the player chose to get their hand (`dm` or `thread`), or None if never."""
        async with self._read(snapshot=False) as connection:
            return await hands_places.hands_place(connection, user_id)

    async def set_hands_place(self, user_id: int, place: str, now: float) -> None:
        hands_places.check(place)
        async with self._write() as connection:
            await hands_places.set_hands_place(connection, user_id, place, now)

    async def plays_forced(self, user_id: int) -> bool:
        """Whether the player's turns with only one possible move play themselves (the default),
        or ask them (`/domino settings`)."""
        async with self._read(snapshot=False) as connection:
            return await forced_moves.forced_moves(connection, user_id) != "ask"

    async def set_forced_moves(self, user_id: int, plays: str, now: float) -> None:
        forced_moves.check(plays)
        async with self._write() as connection:
            await forced_moves.set_forced_moves(connection, user_id, plays, now)

    # -- tables in progress ------------------------------------------------------------------

    async def save_live_table(self, table: LiveTable) -> None:
        """Insert (at `table.revision`) or replace a table's row, in one transaction. Replacing
        raises the row's revision by one, so copies read before are stale for `commit`."""
        state = live.encode(table)
        async with self._write() as connection:
            await live.save(connection, table, state)

    async def live_tables(self, guild_id: int | None = None) -> list[LiveTable]:
        """Every unfinished table (of one server, if given), oldest update first, for reloading
        after a restart. A row whose state is not a JSON object is skipped with a logged
        warning: one bad row must not stop the other tables from coming back."""
        async with self._read() as connection:
            return await live.load(connection, guild_id)

    async def open_tables_of(self, user_id: int, kind: str) -> list[str]:
        """The ids (sorted) of the tables of that kind (`table` or `puzzle`) the user counts in:
        the unfinished tables whose `people` name them, in every process."""
        async with self._read(snapshot=False) as connection:
            return await live.open_tables_of(connection, user_id, kind)

    async def puzzles_in_channel(
        self, channel_id: int, message_ids: Sequence[int] | None = None
    ) -> list[str]:
        """The ids (sorted) of the puzzles shown in that channel: on one of `message_ids`, or
        (None) all of them (what a deleted message or channel takes with it)."""
        async with self._read(snapshot=False) as connection:
            return await live.puzzles_in_channel(connection, channel_id, message_ids)

    async def tables_in_channel(self, channel_id: int) -> list[str]:
        """The ids (sorted) of the tables (not puzzles) shown in that channel or thread."""
        async with self._read(snapshot=False) as connection:
            return await live.tables_in_channel(connection, channel_id)

    async def table_revision(self, table_id: str) -> int | None:
        """The stored revision of the table (one cheap query); None if it has no row."""
        return await self._reading(partial(live.revision, table_id=table_id), snapshot=False)

    async def delete_live_table(self, table_id: str) -> bool:
        """Forget a table (cancelled, abandoned) with its job, outbox items and shown messages.
        Returns whether there was a table row."""
        async with self._write() as connection:
            await runtime.forget(connection, table_id)
            return await live.delete(connection, table_id)

    # -- the table runtime: commits, outbox, jobs, shown messages ---------------------------

    async def commit(self, change: Change) -> bool:
        """`commit_and_take` without taking anything: True when written, False on a conflict."""
        return await self.commit_and_take(change, now=change.due_at, lease=0.0) is not None

    async def commit_and_take(
        self, change: Change, *, now: float, lease: float
    ) -> list[OutboxItem] | None:
        """One action, in ONE write transaction: the table's row at its new revision, the
        outbox keys queued at that revision (due at `change.due_at`), the table's next job
        (replaced, or deleted when `change.job` is None; a person's turn timer, with
        `change.clock`, due when the turn's clock runs out: `turn_clocks.wind`), `change.finished`
        recorded (once per table id; the table's row stays as `change.table`), and `change.solve`
        kept (once per attempt).

        The row is written only if its revision is still `change.expected` (`expected` None: a
        new table, only if no row has its id). On a conflict (the revision moved on, the row is
        gone, or the new table's id is taken) nothing at all is written and None is returned. A
        state or finished match that is not JSON, or that the recording refuses, raises
        `DataError` and writes nothing; so does a change whose revisions do not follow
        (`table.revision` must be `expected + 1`, or 0 when new) or whose job is another
        table's. A person of `change.caps` who already counts in their cap's number of other
        open places of the table's kind refuses the change (`OverCap`), counted in the same
        transaction before anything is written (`live.check_caps`).

        With a `lease` (seconds), the same transaction claims the table's outbox items due by
        `now` for the caller, who shows them at once, when nobody shows the table now
        (`runtime.take`,
        as `claim_outbox` would, without a transaction of its own). Returns the items taken:
        none when somebody shows the table now (it takes them when done with its round)."""
        table, expected = change.table, change.expected
        if table.revision != (0 if expected is None else expected + 1):
            raise DataError(
                f"table {table.id}: revision {table.revision} does not follow {expected}"
            )
        if change.job is not None and change.job.table_id != table.id:
            raise DataError(f"table {table.id}: the job is table {change.job.table_id}'s")
        state = live.encode(table)
        prepared = recording.prepare(change.finished) if change.finished is not None else None
        if change.solve is not None:
            puzzle_solves.check(change.solve)

        async def store(connection: Connection) -> list[OutboxItem]:
            if change.caps:  # people's locks first, then the server's
                await live.check_caps(connection, table, change.caps)
            if change.finished is not None:
                await connection.serialize("guild", change.finished.guild_id)
            await runtime.lock_table(connection, table.id)  # before its row: one lock order
            if expected is None:
                written = await live.insert(connection, table, state)
            else:
                written = await live.update(connection, table, state, expected)
            if not written:
                raise _Conflict  # rolls back the `servers` row the write may have added
            await runtime.queue(connection, table.id, change.outbox, table.revision, change.due_at)
            job = change.job
            if change.same_position:
                # No position moved: the job (and a person's turn clock) stays as it is.
                await runtime.keep_job(connection, table.id, job)
            else:
                if change.clock is not None and job is not None:
                    job = await turn_clocks.wind(connection, table.id, change.clock, job)
                else:
                    await turn_clocks.stop(connection, table.id)
                await runtime.set_job(connection, table.id, job)
            if change.finished is not None and prepared is not None:
                await recording.record(connection, change.finished, prepared, end_table=False)
            if change.solve is not None:
                await puzzle_solves.record(connection, change.solve)
            if lease <= 0 or not change.outbox:
                return []
            return await runtime.take(connection, table.id, now, lease)

        try:
            return await self._writing(store)
        except _Conflict:
            return None

    async def queue(
        self, table_id: str, keys: Sequence[str], *, now: float, lease: float = 0.0
    ) -> list[OutboxItem] | None:
        """Show the table's `keys` again without changing it (a player's preference changed:
        where their hand goes, their language): queued at the table's current revision, due at
        `now`, in one transaction that leaves its row, revision and job alone. With a `lease`
        the same transaction claims the table's due items as `commit_and_take` does. None when
        the table has no row."""

        async def store(connection: Connection) -> list[OutboxItem] | None:
            revision = await live.revision(connection, table_id)
            if revision is None:
                return None
            await runtime.queue(connection, table_id, keys, revision, now)
            if lease <= 0 or not keys:
                return []
            return await runtime.take(connection, table_id, now, lease)

        return await self._writing(store)

    async def table_job(self, table_id: str) -> Job | None:
        """The table's job as stored (None: it has none)."""
        return await self._reading(partial(runtime.job_of, table_id=table_id), snapshot=False)

    async def load_table(self, table_id: str) -> LiveTable | None:
        """The table with its revision; None if there is no row, or its state is not a JSON
        object (logged)."""
        return await self._reading(partial(live.load_one, table_id=table_id))

    async def claim_outbox(self, now: float, lease: float, limit: int = 50) -> list[OutboxItem]:
        """Whole tables: every item due by `now` of up to `limit` tables, each claimed until
        `now + lease` in the same transaction, tables by their oldest due item first (the
        items of a table by due time, then key). A table is claimed only if none of its items
        is under a live lease: one process at a time shows a table's items, in its order
        (thread before board, board before hands). No other caller, in this process or
        another, gets them before the lease runs out."""
        return await self._writing(partial(runtime.claim_outbox, now=now, lease=lease, limit=limit))

    async def outbox_done(self, item: OutboxItem) -> None:
        """The item was shown: delete it if its revision is still `item.revision`; else (a newer
        revision was queued meanwhile) release its claim so the newer one is shown."""
        await self._writing(partial(runtime.outbox_done, item=item))

    async def delivered(
        self,
        table_id: str,
        done: Sequence[OutboxItem],
        later: Sequence[tuple[OutboxItem, float]],
        shown: Sequence[Shown],
        now: float,
        lease: float,
    ) -> list[OutboxItem]:
        """One round of showing a claimed table ends, in one transaction: the `shown` rows
        saved, the items shown deleted, the failed ones due again later, and whatever was queued
        for the table meanwhile claimed for the caller to show next (see `runtime.delivered`)."""
        return await self._writing(
            partial(
                runtime.delivered,
                table_id=table_id,
                done=done,
                later=later,
                shown=shown,
                now=now,
                lease=lease,
            )
        )

    async def renew_outbox(self, table_id: str, now: float, lease: float) -> bool:
        """The caller, still showing the table under a lease it knows is live, keeps it until
        `now + lease` (`runtime.renew`); False when nothing of the table is leased any more."""
        return bool(
            await self._writing(partial(runtime.renew, table_id=table_id, now=now, lease=lease))
        )

    async def outbox_later(self, item: OutboxItem, due_at: float) -> None:
        """Showing failed: one more attempt, due at `due_at`, claim released; only if the item's
        revision is still `item.revision` (else only its claim is released)."""
        await self._writing(partial(runtime.outbox_later, item=item, due_at=due_at))

    async def claim_jobs(self, now: float, lease: float, limit: int = 50) -> list[Job]:
        """As `claim_outbox`, for jobs."""
        return await self._writing(partial(runtime.claim_jobs, now=now, lease=lease, limit=limit))

    async def job_done(self, job: Job) -> None:
        """Delete the job if it is still the table's (same revision and kind); a job that a
        commit set meanwhile is left alone."""
        await self._writing(partial(runtime.job_done, job=job))

    async def job_later(self, job: Job, due_at: float) -> None:
        """The job failed: one more attempt, due at `due_at`, claim released; only if it is
        still the table's (same revision and kind)."""
        await self._writing(partial(runtime.job_later, job=job, due_at=due_at))

    async def next_due(self) -> float | None:
        """The earliest time anything may need doing: the minimum over outbox items and jobs of
        their due time, or of the end of their lease if claimed; None when there is nothing."""
        return await self._reading(runtime.next_due, snapshot=False)

    async def due_times(self) -> tuple[float | None, float | None]:
        """`next_due` of the outbox and of the jobs, each (None: nothing there)."""
        return await self._reading(runtime.due_times, snapshot=False)

    async def shown(self, table_id: str) -> dict[str, Shown]:
        """What each message the bot keeps for the table showed when last delivered, by key."""
        return await self._reading(partial(runtime.shown, table_id=table_id), snapshot=False)

    async def save_shown(self, shown: Shown) -> None:
        """Insert or replace what one of the table's messages shows."""
        await self._writing(partial(runtime.save_shown, shown=shown))

    async def turn_shown(
        self,
        shown: Shown,
        version: int,
        revision: int,
        now: float,
        *,
        late_after: float = float("inf"),
        then_show: Sequence[str] = (),
    ) -> TurnClock | None:
        """A person's turn alert (a new message, `shown`) was sent for the turn at `version`:
        recorded, and in the same transaction that turn's clock started (if it is still the
        table's turn and was not started), its timer job due when the clock runs out; an alert
        later than `late_after` seconds after the turn began queues `then_show` at `revision`.
        Returns the clock it started (see `turn_clocks.turn_shown`)."""
        return await self._writing(
            partial(
                turn_clocks.turn_shown,
                shown=shown,
                version=version,
                revision=revision,
                now=now,
                late_after=late_after,
                then_show=then_show,
            )
        )

    async def turn_clock(self, table_id: str) -> TurnClock | None:
        """The clock of the person's turn the table is at (None: no person's turn)."""
        return await self._reading(
            partial(turn_clocks.turn_clock, table_id=table_id), snapshot=False
        )

    async def vitals(self, now: float, late_after: float) -> store_vitals.Vitals:
        """What an operator watches of the store (`data.vitals`): the outbox's backlog, the
        jobs due and how late, the open tables."""
        return await self._reading(
            partial(store_vitals.vitals, now=now, late_after=late_after), snapshot=False
        )

    async def release_claims(self) -> None:
        """Release every claim: for a process that starts knowing it is the only one using the
        store (the claims left were those of its own previous run, which died), so what that
        run was doing is done again at once instead of when its leases end."""
        async with self._write() as connection:
            await runtime.release_claims(connection)

    async def forget_table(self, table_id: str) -> None:
        """Delete the table's row, job, outbox items and shown messages, in one transaction."""
        async with self._write() as connection:
            await runtime.forget(connection, table_id)
            await live.delete(connection, table_id)

    # -- friends' tables -----------------------------------------------------------------------

    async def keep_reply(self, reply: replies.Reply) -> bool:
        """A friends' table's newest interaction token (`data.replies`); True when kept."""
        async with self._write() as connection:
            return await replies.keep(connection, reply)

    async def reply(self, table_id: str) -> replies.Reply | None:
        """A friends' table's latest interaction token, if one was kept."""
        return await self._reading(partial(replies.latest, table_id=table_id), snapshot=False)

    # -- the bot's own values ----------------------------------------------------------------

    async def bot_value(self, name: str) -> str | None:
        """A value the bot keeps for itself in the shared store (e.g. `commands`: the
        fingerprint of the last slash-command sync); None if never set."""
        async with self._read(snapshot=False) as connection:
            return await bot_values.get(connection, name)

    async def set_bot_value(self, name: str, value: str) -> None:
        async with self._write() as connection:
            await bot_values.put(connection, name, value)

    # -- solved puzzles ----------------------------------------------------------------------

    async def record_puzzle_solve(self, solve: PuzzleSolve) -> float | None:
        """Keep a solved puzzle; returns the player's best time at that puzzle and setting
        before this one (`None` for a first solve), read in the same transaction."""
        puzzle_solves.check(solve)
        async with self._write() as connection:
            best = await puzzle_solves.best_seconds(
                connection, solve.guild_id, solve.user_id, solve.puzzle, solve.setting
            )
            await puzzle_solves.record(connection, solve)
            return best

    async def best_puzzle_seconds(
        self, guild_id: int, user_id: int, puzzle: str, setting: str
    ) -> float | None:
        """The player's fastest solve of this puzzle and setting on the server, if any (what a
        solve about to be kept by `commit` compares with)."""
        async with self._read(snapshot=False) as connection:
            return await puzzle_solves.best_seconds(connection, guild_id, user_id, puzzle, setting)

    async def puzzle_solves(self, guild_id: int, user_id: int) -> list[PuzzleSolve]:
        """A player's solved puzzles on one server, newest first."""
        async with self._read(snapshot=False) as connection:
            return await puzzle_solves.solves(connection, guild_id, user_id)

    # -- finished matches --------------------------------------------------------------------

    async def record_match(
        self, match: FinishedMatch, keep: LiveTable | None = None
    ) -> RecordOutcome:
        """Record a finished match, its results and (if rated) its rating updates, and delete
        its live table: all in one transaction, once per `table_id`. Calling it again for the
        same table (a retry after a crash, a double click) changes nothing and returns the
        first recording's outcome with `recorded=False`. `keep`, when given, is saved as the
        table's row in the same transaction (a finished table kept a while for its Rematch and
        Leave buttons)."""
        prepared = recording.prepare(match)
        state = live.encode(keep) if keep is not None else None
        async with self._write() as connection:
            await connection.serialize("guild", match.guild_id)
            outcome = await recording.record(connection, match, prepared, end_table=keep is None)
            if keep is not None and state is not None:
                await live.save(connection, keep, state)
            return outcome

    async def rebuild_ratings(self, guild_id: int) -> int:
        """Recompute a server's player totals, standings and rating history from its recorded
        matches, in one transaction. Returns the number of matches replayed."""
        async with self._write() as connection:
            await connection.serialize("guild", guild_id)
            return await recording.rebuild(connection, guild_id)

    async def _finish_rebuilds(self) -> None:
        async with self._read() as connection:
            rows = await connection.fetch("SELECT guild_id FROM rebuild_requests")
        for (guild_id,) in rows:
            async with self._write() as connection:
                await connection.serialize("guild", guild_id)
                if not await connection.execute(
                    "DELETE FROM rebuild_requests WHERE guild_id = ?", (guild_id,)
                ):
                    continue  # another process opening the store at the same time did it
                count = await recording.rebuild(connection, guild_id)
            log.info("rebuilt the ratings of server %s from %d matches", guild_id, count)

    # -- seasons -----------------------------------------------------------------------------

    async def current_season(self, guild_id: int, now: float | None = None) -> Season | None:
        async with self._read(snapshot=False) as connection:
            return await seasons.current(connection, guild_id, _now(now))

    async def start_season(
        self,
        guild_id: int,
        name: str | None = None,
        ends_at: float | None = None,
        now: float | None = None,
    ) -> Season:
        """Open the server's next season (named "Season N" unless `name` is given), optionally
        ending by itself at `ends_at`. Refused while another season is open."""
        async with self._write() as connection:
            await connection.serialize("guild", guild_id)
            return await seasons.start(connection, guild_id, name, ends_at, _now(now))

    async def end_season(self, guild_id: int, now: float | None = None) -> Season:
        """Close the open season now (or at its scheduled end, if that has passed)."""
        async with self._write() as connection:
            await connection.serialize("guild", guild_id)
            return await seasons.end(connection, guild_id, _now(now))

    async def seasons(self, guild_id: int) -> list[Season]:
        """Every season of the server, newest first (past seasons stay browsable)."""
        async with self._read(snapshot=False) as connection:
            return await seasons.all_of(connection, guild_id)

    async def season(self, season_id: int) -> Season | None:
        async with self._read(snapshot=False) as connection:
            return await seasons.by_id(connection, season_id)

    async def due_season_ends(self, now: float | None = None) -> list[Season]:
        """Open seasons whose scheduled end has come (for the bot's scheduler)."""
        async with self._read(snapshot=False) as connection:
            return await seasons.due(connection, _now(now))

    async def roll_seasons(self, now: float | None = None) -> list[tuple[Season, Season | None]]:
        """End every season due to end, at its scheduled time, and where the server has
        `season_days` set, start the next one at once. Returns (ended, started) pairs (each
        season ended once, whichever process rolls at the same time)."""
        async with self._write() as connection:
            return await seasons.roll(connection, _now(now))

    # -- queries -----------------------------------------------------------------------------

    async def leaderboard(
        self,
        guild_id: int,
        season_id: int | None,
        variant: str | None = None,
        order: Order = "rating",
        kind: Kind = "players",
        offset: int = 0,
        limit: int = 10,
    ) -> LeaderboardPage:
        """A page of the leaderboard of a season (`None`: all time), over every variant or one.
        Only rated matches count. Ties are broken by the second key, then by user id."""
        async with self._read() as connection:
            return await queries.leaderboard(
                connection, guild_id, season_id, variant, order, kind, offset, limit
            )

    async def rank_of(
        self,
        guild_id: int,
        season_id: int | None,
        user_id: int,
        variant: str | None = None,
        order: Order = "rating",
        kind: Kind = "players",
    ) -> int | None:
        """The player's rank on that leaderboard (for pairs: their best pair's), or `None`."""
        async with self._read() as connection:
            return await queries.rank_of(
                connection, guild_id, season_id, user_id, variant, order, kind
            )

    async def played_variants(self, guild_id: int) -> list[str]:
        """The games with standings in a server (a preset is a game of its own), most rated
        players first: what the standings' game pickers offer first."""
        async with self._read() as connection:
            return await queries.played_variants(connection, guild_id)

    async def player_stats(
        self, guild_id: int, user_id: int, season_id: int | None = None
    ) -> PlayerStats:
        """A player's record in a server, in one season or (`None`) all time: every finished
        match counts, rated or not; the rating and its trend come from rated matches."""
        async with self._read() as connection:
            return await queries.player_stats(connection, guild_id, user_id, season_id)

    async def history(
        self,
        guild_id: int,
        user_id: int | None = None,
        limit: int = 10,
        before: int | None = None,
        season_id: int | None = None,
    ) -> list[MatchSummary]:
        """Finished matches, newest first; `before` is a match id to page back from."""
        async with self._read() as connection:
            return await queries.history(connection, guild_id, user_id, limit, before, season_id)

    async def match_summary(self, match_id: int, guild_id: int | None = None) -> MatchSummary:
        """One finished match as `history` lists it (of that server, if `guild_id` is given)."""
        async with self._read() as connection:
            return await queries.match_summary(connection, match_id, guild_id)

    async def match_record(self, match_id: int, guild_id: int | None = None) -> dict[str, Any]:
        """A finished match's game record (of that server, if `guild_id` is given)."""
        async with self._read(snapshot=False) as connection:
            return await queries.match_record(connection, match_id, guild_id)

    # -- reviews of finished matches ---------------------------------------------------------

    async def match_review(self, match_id: int, seat: int) -> dict[str, Any] | None:
        """The stored review of one seat of a finished match (`data.reviews`), or None."""
        async with self._read(snapshot=False) as connection:
            return await reviews.review(connection, match_id, seat)

    async def save_match_review(
        self, match_id: int, seat: int, review: dict[str, Any], now: float
    ) -> dict[str, Any]:
        """Keep a seat's review, once: a review stored before (by another process that computed
        it at the same time) stays. Returns the review as stored, whichever it is."""
        text = reviews.encode(review)
        async with self._write() as connection:
            await reviews.save(connection, match_id, seat, text, now)
            stored = await reviews.review(connection, match_id, seat)
        assert stored is not None
        return stored

    async def match_of_table(self, table_id: str) -> int | None:
        """The id of the match recorded for a table, or None (not recorded)."""
        async with self._read(snapshot=False) as connection:
            return await reviews.match_of_table(connection, table_id)


class _Conflict(Exception):
    """Raised inside a write transaction to roll it back on a revision conflict."""


def _now(now: float | None) -> float:
    return time.time() if now is None else now

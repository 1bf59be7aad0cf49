"""Tables of players as a kind of the runtime (`cogs.runtime.kind.Kind`): their rows, their
jobs (`Tables.run_job`), their outbox keys shown by the publisher (`Publisher.show`) in the
order a round shows them, and what a delivery round keeps for its end (the publisher's).

Showing talks to Discord, so its failures are told apart here, not in the runtime: a place
gone for good (the table's thread or channel deleted) is dealt with at once and never tried
again (`Places.gone`), a permission the bot lacks waits for someone to give it back, a 429
that outlasted discord.py's own waits is tried again soon, and any other Discord failure after
the delivery's growing pauses."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from cogs.common.messages import gone
from cogs.runtime.kind import RateLimited, ShowFailed
from cogs.tables.places import Places
from cogs.tables.publisher import Blocked, Publisher
from cogs.tables.rows import KIND, TableStore
from cogs.tables.table import Table
from data import Job, Shown


class TableKind:
    name = KIND
    #: What a table's outbox shows, in the order a round shows it: its thread before its
    #: board, the score sheets before the board that follows them.
    keys: tuple[str, ...] = ("thread", "lobby", "sheet", "board", "hands", "notice", "reply")

    def __init__(
        self,
        store: TableStore,
        publisher: Publisher,
        places: Places,
        run_job: Callable[[Job], Awaitable[bool]],
    ) -> None:
        self.store = store
        self.publisher = publisher
        self.places = places
        self._run_job = run_job

    async def run_job(self, job: Job) -> bool:
        return await self._run_job(job)

    async def show(self, table_id: str, key: str, revision: int | None) -> None:
        try:
            await self.publisher.show(table_id, key, revision)
        except Blocked as error:
            raise ShowFailed("a permission is missing", waits=True) from error
        except discord.HTTPException as error:
            if gone(error):  # its thread or channel was deleted: never tried again
                await self.places.gone(table_id)
                return
            if error.status == 429:
                raise RateLimited(repr(error)) from error
            raise ShowFailed(repr(error)) from error

    def forget(self, table_id: str, item: object | None) -> None:
        if isinstance(item, Table):
            self.publisher.forget(item)

    def begin_round(self, table_id: str) -> None:
        self.publisher.rounds.add(table_id)

    def unsaved(self, table_id: str) -> list[Shown]:
        return self.publisher.unsaved(table_id)

    def drop(self, table_id: str) -> None:
        self.publisher.drop(table_id)

    def end_round(self, table_id: str) -> None:
        self.publisher.rounds.discard(table_id)

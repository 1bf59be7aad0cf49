"""What one feature may ask of another at run time, as protocols of the kernel: the bot's
attributes `tables`, `puzzles` and `reviews` are typed by them, and each is set by its feature's
extension at setup. A feature that calls another names only the protocol, never the other's
class, so no feature imports another to reach it (the `/domino` commands, `cogs.front`, are the
one package that may, and do, use the runners themselves).

Each protocol holds what is called across features today and nothing more: a new call is a new
line here, in plain view. The features' own types (a table, a puzzle) are `Any` here, since the
kernel knows none of them; the caller that may import the type names it where it reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import discord

from data.models import Job, LiveTable, OutboxItem


class ReviewDesk(Protocol):
    """The reviews and hints (`cogs.review`), asked for by the tables' Review and Hint buttons
    and by the replay's Review button (`cogs.standings`)."""

    async def review_table(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        """A finished table's Review button: the review of its recorded match."""
        ...

    async def review_match(
        self, interaction: discord.Interaction[Any], match_id: int | None
    ) -> None:
        """A recorded match's review (the clicker's latest match when `match_id` is None)."""
        ...

    async def hint(
        self, interaction: discord.Interaction[Any], table_id: str, version: int
    ) -> None:
        """A table's Hint button, at the table's `version` the button was drawn for."""
        ...


class Handover(Protocol):
    """The delivery of the tables' runtime, which carries what a puzzle's commit stored."""

    def hand_over(self, items: list[OutboxItem]) -> None: ...


class Wakeups(Protocol):
    """The jobs of the tables' runtime, told of what a puzzle's commit made due."""

    def expect(self, at: float) -> None: ...

    def expect_outbox(self, at: float) -> None: ...


class TableDesk(Protocol):
    """The tables' runner (`cogs.tables`): restored and closed by the bot; read by a hint (the
    stored table, held still while it is looked at); its runtime shared with the puzzles."""

    @property
    def delivery(self) -> Handover: ...

    @property
    def jobs(self) -> Wakeups: ...

    async def restore(self) -> int:
        """Reload the unfinished tables (and puzzles) and start the runtime; how many tables."""
        ...

    async def close(self) -> None: ...

    def read(self, table_id: str) -> AbstractAsyncContextManager[Any]:
        """The stored table (a `cogs.tables.table.Table`), held still while it is looked at."""
        ...


class PuzzleDesk(Protocol):
    """The puzzles' runner (`cogs.puzzles`): its rows restored, its jobs run and its messages
    shown by the tables' runtime, which it shares."""

    @property
    def puzzles(self) -> Mapping[str, object]:
        """The attempts this process holds, by id."""
        ...

    async def restore(self, rows: list[LiveTable]) -> None: ...

    async def run_job(self, job: Job) -> None: ...

    async def show(self, puzzle_id: str, at_least: int | None = None) -> None: ...

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

from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import discord


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


class TableDesk(Protocol):
    """The tables' runner (`cogs.tables`): restored and closed by the bot (it starts and stops
    the runtime every kind of table shares); read by a hint (the stored table, held still while
    it is looked at)."""

    async def restore(self) -> int:
        """Reload the unfinished tables (and puzzles) and start the runtime; how many tables."""
        ...

    async def close(self) -> None: ...

    def read(self, table_id: str) -> AbstractAsyncContextManager[Any]:
        """The stored table (a `cogs.tables.table.Table`), held still while it is looked at."""
        ...


class PuzzleDesk(Protocol):
    """The puzzles' runner (`cogs.puzzles`). Its rows, jobs and messages are the runtime's
    business (a kind of table of its own); only the `/domino` commands drive it, by its own
    class (`cogs.front.runners`), so nothing is asked of it here."""

"""Storing a table in the database: its live state while it runs, its result once it is over.

One call per change, one transaction in the data layer: a running table is saved as its state
(the game as an engine record), a finished match is recorded (the live table is deleted in the
same transaction), and a cancelled lobby or a table a moderator ended is simply deleted.
"""

from __future__ import annotations

from typing import Any

from cogs import texts
from cogs.tables.state import dump
from cogs.tables.table import Phase, Table
from data import Database
from data.models import FinishedMatch, LiveTable, SeatResult
from engine.record import write


async def store(db: Database, table: Table, now: float) -> dict[str, Any] | None:
    """Persist the table (before anyone sees the change). Returns the state now stored as the
    live table, or None when the table left the live tables (finished or cancelled)."""
    if table.phase is Phase.CANCELLED:
        await db.delete_live_table(table.id)
        return None
    if table.phase is Phase.OVER:
        if table.ended == texts.ENDED_BY_MODERATOR:
            await db.delete_live_table(table.id)
        else:
            await db.record_match(finished_match(table, now))
        return None
    state = dump(table)
    await db.save_live_table(
        LiveTable(
            id=table.id,
            guild_id=table.guild_id or 0,
            channel_id=table.channel_id or 0,
            thread_id=table.thread_id,
            board_message_id=table.board_message_id,
            state=state,
            updated_at=now,
        )
    )
    return state


def finished_match(table: Table, now: float) -> FinishedMatch:
    """The result rows of a finished match, with its record."""
    assert table.match is not None
    match = table.match
    return FinishedMatch(
        table_id=table.id,
        guild_id=table.guild_id or 0,
        variant=table.setup.variant,
        options=dict(table.setup.options),
        record=write(match),
        seats=[
            SeatResult(
                seat=number,
                user_id=seat.user_id,
                name=seat.name,
                unit=match.unit_of(number),
                points=match.scores[match.unit_of(number)],
                won=number in table.winners,
            )
            for number, seat in enumerate(table.seats)
        ],
        rated=table.setup.rated,
        finished_at=now,
    )

"""Storing a table in the database: its live state while it runs, its result once it is over.

One call per change, one transaction in the data layer: a running table is saved as its state
(the game as an engine record); a finished match is recorded and its table kept a while (for
its Rematch and Leave buttons) in the same transaction; a cancelled lobby is deleted.
"""

from __future__ import annotations

from typing import Any

from cogs import texts
from cogs.lang import Said
from cogs.tables.state import dump
from cogs.tables.table import Phase, Table
from data import Database
from data.models import FinishedMatch, LiveTable, SeatResult
from engine.record import write


async def store(
    db: Database, table: Table, now: float, *, recorded: bool = False
) -> dict[str, Any] | None:
    """Persist the table (before anyone sees the change). Returns the state now stored as the
    table's row, or None when the table is gone (a cancelled lobby). A finished match is
    recorded once (`recorded`: it was already) and its table kept, in the same transaction,
    for its Rematch and Leave buttons, which then survive a restart."""
    if table.phase is Phase.CANCELLED:
        await db.delete_live_table(table.id)
        return None
    state = dump(table)
    row = LiveTable(
        id=table.id,
        guild_id=table.guild_id or 0,
        channel_id=table.channel_id or 0,
        thread_id=table.thread_id,
        board_message_id=table.board_message_id,
        state=state,
        updated_at=now,
    )
    moderated = table.ended == Said.of(texts.ENDED_BY_MODERATOR)
    if table.phase is Phase.OVER and not recorded and not moderated:
        await db.record_match(finished_match(table, now), keep=row)
    else:
        await db.save_live_table(row)
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

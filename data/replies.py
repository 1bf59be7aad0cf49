"""The latest interaction token of a friends' table (migration 0015): the only way to edit its
one message, in a DM or a group DM the bot is not in.

Each click on the table's message (answered by updating that message) brings a fresh token,
kept here in place of an older one (`keep`: the newest interaction wins, whichever process
stores it first); what the table shows is edited through it while Discord honours it (15
minutes from the interaction). The row goes with the table's (a foreign key); a token stored
for a table that left the store is not kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from data.sql import Connection


@dataclass(frozen=True)
class Reply:
    """A friends' table's latest interaction: its token, the message it edits, when it was
    made (seconds, the bot's clock)."""

    table_id: str
    token: str
    message_id: int
    made_at: float


async def keep(connection: Connection, reply: Reply) -> bool:
    """Store `reply` unless a newer one is stored (or the table is gone). True when stored."""
    row = await connection.fetch_one(
        "INSERT INTO replies (table_id, token, message_id, made_at)"
        " SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM live_tables WHERE id = ?)"
        " ON CONFLICT (table_id) DO UPDATE SET token = excluded.token,"
        " message_id = excluded.message_id, made_at = excluded.made_at"
        " WHERE excluded.made_at >= replies.made_at"
        " RETURNING table_id",
        (reply.table_id, reply.token, reply.message_id, reply.made_at, reply.table_id),
    )
    return row is not None


async def latest(connection: Connection, table_id: str) -> Reply | None:
    row = await connection.fetch_one(
        "SELECT token, message_id, made_at FROM replies WHERE table_id = ?", (table_id,)
    )
    if row is None:
        return None
    token, message_id, made_at = row
    return Reply(table_id, str(token), int(message_id), float(made_at))

"""Tables in progress: one row per unfinished table, holding the bot's whole state as JSON, so
every table comes back after a restart. One corrupt row never stops the others."""

from __future__ import annotations

import json
import logging

import aiosqlite

from data.models import DataError, LiveTable

log = logging.getLogger(__name__)


def encode(table: LiveTable) -> str:
    """The table's state as JSON text; refused (before any write) if it is not JSON."""
    try:
        return json.dumps(table.state, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise DataError(f"the table's state is not JSON: {error}") from None


async def save(connection: aiosqlite.Connection, table: LiveTable, state: str) -> None:
    await connection.execute(
        "INSERT OR IGNORE INTO servers (guild_id) VALUES (?)", (table.guild_id,)
    )
    await connection.execute(
        "INSERT INTO live_tables (id, guild_id, channel_id, thread_id, board_message_id,"
        " state, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET guild_id = excluded.guild_id,"
        " channel_id = excluded.channel_id, thread_id = excluded.thread_id,"
        " board_message_id = excluded.board_message_id, state = excluded.state,"
        " updated_at = excluded.updated_at",
        (
            table.id,
            table.guild_id,
            table.channel_id,
            table.thread_id,
            table.board_message_id,
            state,
            table.updated_at,
        ),
    )


async def load(connection: aiosqlite.Connection, guild_id: int | None) -> list[LiveTable]:
    """Every unfinished table (of one server, if given), oldest update first. A row whose state
    is not a JSON object is skipped with a logged warning."""
    sql = (
        "SELECT id, guild_id, channel_id, thread_id, board_message_id, state, updated_at"
        " FROM live_tables"
    )
    params: tuple[int, ...] = ()
    if guild_id is not None:
        sql += " WHERE guild_id = ?"
        params = (guild_id,)
    rows = await connection.execute_fetchall(sql + " ORDER BY updated_at", params)
    tables: list[LiveTable] = []
    for table_id, guild, channel, thread, board, text, updated_at in rows:
        try:
            state = json.loads(text)
        except (TypeError, ValueError) as error:
            log.warning("live table %s skipped: its state is not JSON (%s)", table_id, error)
            continue
        if not isinstance(state, dict):
            log.warning("live table %s skipped: its state is not a JSON object", table_id)
            continue
        tables.append(LiveTable(table_id, guild, channel, thread, board, state, updated_at))
    return tables


async def delete(connection: aiosqlite.Connection, table_id: str) -> bool:
    cursor = await connection.execute("DELETE FROM live_tables WHERE id = ?", (table_id,))
    return cursor.rowcount > 0

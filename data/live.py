"""Tables in progress: one row per unfinished table, holding the bot's whole state as JSON and
its revision, so every table comes back after a restart. One corrupt row never stops the
others."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

import aiosqlite

from data.models import DataError, LiveTable

log = logging.getLogger(__name__)

_COLUMNS = "id, guild_id, channel_id, thread_id, board_message_id, state, updated_at, revision"


def encode(table: LiveTable) -> str:
    """The table's state as JSON text; refused (before any write) if it is not JSON."""
    try:
        return json.dumps(table.state, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise DataError(f"the table's state is not JSON: {error}") from None


async def save(connection: aiosqlite.Connection, table: LiveTable, state: str) -> None:
    """Insert the row at `table.revision`, or replace it and raise its revision by one: any
    write, even one that does not go through `Database.commit`, makes the copies read before it
    stale."""
    await connection.execute(
        "INSERT OR IGNORE INTO servers (guild_id) VALUES (?)", (table.guild_id,)
    )
    await connection.execute(
        f"INSERT INTO live_tables ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET guild_id = excluded.guild_id,"
        " channel_id = excluded.channel_id, thread_id = excluded.thread_id,"
        " board_message_id = excluded.board_message_id, state = excluded.state,"
        " updated_at = excluded.updated_at, revision = live_tables.revision + 1",
        (*_fields(table), state, table.updated_at, table.revision),
    )


async def insert(connection: aiosqlite.Connection, table: LiveTable, state: str) -> bool:
    """Insert a new table's row; False (nothing written) if a row with its id exists."""
    await connection.execute(
        "INSERT OR IGNORE INTO servers (guild_id) VALUES (?)", (table.guild_id,)
    )
    cursor = await connection.execute(
        f"INSERT INTO live_tables ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (id) DO NOTHING",
        (*_fields(table), state, table.updated_at, table.revision),
    )
    return cursor.rowcount > 0


async def update(
    connection: aiosqlite.Connection, table: LiveTable, state: str, expected: int
) -> bool:
    """Write the table's row at `table.revision` only if its revision is still `expected`;
    False (nothing written) if it changed or the row is gone."""
    await connection.execute(
        "INSERT OR IGNORE INTO servers (guild_id) VALUES (?)", (table.guild_id,)
    )
    cursor = await connection.execute(
        "UPDATE live_tables SET guild_id = ?, channel_id = ?, thread_id = ?,"
        " board_message_id = ?, state = ?, updated_at = ?, revision = ?"
        " WHERE id = ? AND revision = ?",
        (*_fields(table)[1:], state, table.updated_at, table.revision, table.id, expected),
    )
    return cursor.rowcount > 0


def _fields(table: LiveTable) -> tuple[Any, ...]:
    return (table.id, table.guild_id, table.channel_id, table.thread_id, table.board_message_id)


async def load(connection: aiosqlite.Connection, guild_id: int | None) -> list[LiveTable]:
    """Every unfinished table (of one server, if given), oldest update first. A row whose state
    is not a JSON object is skipped with a logged warning."""
    sql = f"SELECT {_COLUMNS} FROM live_tables"
    params: tuple[int, ...] = ()
    if guild_id is not None:
        sql += " WHERE guild_id = ?"
        params = (guild_id,)
    rows = await connection.execute_fetchall(sql + " ORDER BY updated_at", params)
    return [table for row in rows if (table := _decode(row)) is not None]


async def load_one(connection: aiosqlite.Connection, table_id: str) -> LiveTable | None:
    """The table's row; None if there is none or its state is not a JSON object (logged)."""
    rows = list(
        await connection.execute_fetchall(
            f"SELECT {_COLUMNS} FROM live_tables WHERE id = ?", (table_id,)
        )
    )
    return _decode(rows[0]) if rows else None


def _decode(row: Sequence[Any]) -> LiveTable | None:
    table_id, guild, channel, thread, board, text, updated_at, revision = row
    try:
        state = json.loads(text)
    except (TypeError, ValueError) as error:
        log.warning("live table %s skipped: its state is not JSON (%s)", table_id, error)
        return None
    if not isinstance(state, dict):
        log.warning("live table %s skipped: its state is not a JSON object", table_id)
        return None
    return LiveTable(table_id, guild, channel, thread, board, state, updated_at, revision)


async def delete(connection: aiosqlite.Connection, table_id: str) -> bool:
    cursor = await connection.execute("DELETE FROM live_tables WHERE id = ?", (table_id,))
    return cursor.rowcount > 0

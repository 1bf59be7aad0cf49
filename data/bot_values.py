"""Small named values the bot keeps for all its processes (the fingerprint of the last command
sync, `commands`), so that processes sharing a store agree on them."""

from __future__ import annotations

import aiosqlite


async def get(connection: aiosqlite.Connection, name: str) -> str | None:
    rows = list(
        await connection.execute_fetchall("SELECT value FROM bot_values WHERE name = ?", (name,))
    )
    return str(rows[0][0]) if rows else None


async def put(connection: aiosqlite.Connection, name: str, value: str) -> None:
    await connection.execute(
        "INSERT INTO bot_values (name, value) VALUES (?, ?)"
        " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        (name, value),
    )

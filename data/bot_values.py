"""The bot's own values in the shared store (migration 0009): a few named strings that every
process of the bot must see alike, such as the fingerprint of the last slash-command sync."""

from __future__ import annotations

from data.sql import Connection


async def get(connection: Connection, name: str) -> str | None:
    row = await connection.fetch_one("SELECT value FROM bot_values WHERE name = ?", (name,))
    return None if row is None else str(row[0])


async def put(connection: Connection, name: str, value: str) -> None:
    await connection.execute(
        "INSERT INTO bot_values (name, value) VALUES (?, ?)"
        " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        (name, value),
    )

"""The languages chosen for servers and remembered for players (migration 0006).

Language codes are the translation layer's (`en`, `es`, `pt`, `it`, `de`, `pl`); the data layer
checks only their form (it does not know which languages the bot speaks: cogs do).
"""

from __future__ import annotations

import re

from data.models import DataError
from data.sql import Connection

_CODE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")


def check(language: str) -> None:
    if not isinstance(language, str) or not _CODE.match(language):
        raise DataError(f"{language!r} is not a language code (like en or pt)")


async def guild_language(connection: Connection, guild_id: int) -> str | None:
    rows = list(
        await connection.fetch(
            "SELECT language FROM guild_languages WHERE guild_id = ?", (guild_id,)
        )
    )
    return str(rows[0][0]) if rows else None


async def set_guild_language(
    connection: Connection, guild_id: int, language: str | None, now: float
) -> None:
    """Choose the server's language; None forgets the choice (back to the server's locale)."""
    if language is None:
        await connection.execute("DELETE FROM guild_languages WHERE guild_id = ?", (guild_id,))
        return
    await connection.execute(
        "INSERT INTO guild_languages (guild_id, language, changed_at) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language,"
        " changed_at = excluded.changed_at",
        (guild_id, language, now),
    )


async def player_language(connection: Connection, user_id: int) -> str | None:
    rows = list(
        await connection.fetch(
            "SELECT language FROM player_languages WHERE user_id = ?", (user_id,)
        )
    )
    return str(rows[0][0]) if rows else None


async def set_player_language(
    connection: Connection, user_id: int, language: str, now: float
) -> None:
    await connection.execute(
        "INSERT INTO player_languages (user_id, language, seen_at) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language,"
        " seen_at = excluded.seen_at",
        (user_id, language, now),
    )

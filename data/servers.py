"""Servers and their settings: one row per server, created the first time something of that
server is stored; a server with no row has the defaults of `ServerSettings`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from data.models import DataError, ServerSettings
from data.sql import Connection

# name -> (check, what a good value is, for the refusal)
CHECKS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "language": (lambda v: isinstance(v, str) and 2 <= len(v) <= 10, "a language code"),
    "turn_seconds": (
        lambda v: type(v) is int and 10 <= v <= 3600,
        "a whole number of seconds from 10 to 3600",
    ),
    "rated_by_default": (lambda v: isinstance(v, bool), "true or false"),
    "season_days": (
        lambda v: v is None or (type(v) is int and 1 <= v <= 366),
        "a number of days from 1 to 366, or nothing",
    ),
}


def check(changes: dict[str, Any]) -> None:
    """Refuse unknown setting names and bad values."""
    for name, value in changes.items():
        if name not in CHECKS:
            raise DataError(f"there is no setting {name!r} (settings: {', '.join(CHECKS)})")
        is_good, expected = CHECKS[name]
        if not is_good(value):
            raise DataError(f"{name} must be {expected}")


async def settings(connection: Connection, guild_id: int) -> ServerSettings:
    rows = list(
        await connection.fetch(
            "SELECT language, turn_seconds, rated_by_default, season_days"
            " FROM servers WHERE guild_id = ?",
            (guild_id,),
        )
    )
    if not rows:
        return ServerSettings(guild_id)
    language, turn_seconds, rated, season_days = rows[0]
    return ServerSettings(guild_id, language, turn_seconds, bool(rated), season_days)


async def update(connection: Connection, guild_id: int, changes: dict[str, Any]) -> ServerSettings:
    """Apply checked `changes` inside the caller's write transaction (so two moderators
    changing different settings at once both keep their change)."""
    updated = replace(await settings(connection, guild_id), **changes)
    await connection.execute(
        "INSERT INTO servers (guild_id, language, turn_seconds, rated_by_default, season_days)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
        " language = excluded.language, turn_seconds = excluded.turn_seconds,"
        " rated_by_default = excluded.rated_by_default, season_days = excluded.season_days",
        (
            guild_id,
            updated.language,
            updated.turn_seconds,
            int(updated.rated_by_default),
            updated.season_days,
        ),
    )
    return updated

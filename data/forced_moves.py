"""Whether a player's turns with only one possible move play themselves (migration 0014): `auto`
(the default: a turn with no choice pings nobody) or `ask`."""

from __future__ import annotations

from data.models import DataError
from data.sql import Connection

CHOICES = ("auto", "ask")


def check(plays: str) -> None:
    if plays not in CHOICES:
        raise DataError(
            f"{plays!r} is not a way to play forced moves (one of {', '.join(CHOICES)})"
        )


async def forced_moves(connection: Connection, user_id: int) -> str | None:
    rows = list(
        await connection.fetch("SELECT plays FROM forced_moves WHERE user_id = ?", (user_id,))
    )
    return str(rows[0][0]) if rows else None


async def set_forced_moves(connection: Connection, user_id: int, plays: str, now: float) -> None:
    await connection.execute(
        "INSERT INTO forced_moves (user_id, plays, changed_at) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET plays = excluded.plays,"
        " changed_at = excluded.changed_at",
        (user_id, plays, now),
    )

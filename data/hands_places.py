"""Where each player chose to get their hand (migration 0008): `dm` (the default) or `thread`."""

from __future__ import annotations

from data.models import DataError
from data.sql import Connection

PLACES = ("dm", "thread")


def check(place: str) -> None:
    if place not in PLACES:
        raise DataError(f"{place!r} is not a place for hands (one of {', '.join(PLACES)})")


async def hands_place(connection: Connection, user_id: int) -> str | None:
    rows = list(
        await connection.fetch("SELECT place FROM hands_places WHERE user_id = ?", (user_id,))
    )
    return str(rows[0][0]) if rows else None


async def set_hands_place(connection: Connection, user_id: int, place: str, now: float) -> None:
    await connection.execute(
        "INSERT INTO hands_places (user_id, place, changed_at) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET place = excluded.place,"
        " changed_at = excluded.changed_at",
        (user_id, place, now),
    )

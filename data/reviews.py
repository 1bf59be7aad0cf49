"""The reviews of finished matches (migration 0010): one row per match and seat, holding the
review as the engine writes it (`engine.ai.review.Review.to_json`); the data layer keeps it as
a JSON object and never reads inside it.

A review is written once: `save` inserts it unless one is stored already (another process may
have computed the same review at the same time: whichever came first stays), and the caller
reads back what is stored, so every process shows the same review."""

from __future__ import annotations

import json
from typing import Any

from data.models import DataError
from data.sql import Connection


def encode(review: dict[str, Any]) -> str:
    """The review as stored (refused before any write if it is not a JSON object)."""
    if not isinstance(review, dict):
        raise DataError("a review is a JSON object")
    try:
        return json.dumps(review, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise DataError(f"a review must be JSON: {error}") from None


async def review(connection: Connection, match_id: int, seat: int) -> dict[str, Any] | None:
    row = await connection.fetch_one(
        "SELECT review FROM match_reviews WHERE match_id = ? AND seat = ?", (match_id, seat)
    )
    if row is None:
        return None
    found: dict[str, Any] = json.loads(row[0])
    return found


async def save(connection: Connection, match_id: int, seat: int, text: str, now: float) -> None:
    """Store the review unless one is stored for that match and seat already."""
    await connection.execute(
        "INSERT INTO match_reviews (match_id, seat, review, reviewed_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (match_id, seat) DO NOTHING",
        (match_id, seat, text, now),
    )


async def match_of_table(connection: Connection, table_id: str) -> int | None:
    """The id of the match recorded for that table, or None (not finished, or not recorded:
    a match a moderator ended)."""
    row = await connection.fetch_one("SELECT id FROM matches WHERE table_id = ?", (table_id,))
    return None if row is None else int(row[0])

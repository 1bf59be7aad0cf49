"""Seasons: one open season per server at a time, numbered 1, 2, 3... Past seasons stay.

A season takes the matches finished from its start up to (excluded) its end: the moment a
moderator ended it, or else its scheduled `ends_at`. So a match that finishes after the
scheduled end, before the scheduler has closed the season, does not count in it. The functions
take a connection inside the caller's transaction.
"""

from __future__ import annotations

from typing import Any

from data.models import DataError, Season, SeasonError
from data.sql import Connection

_COLUMNS = "id, guild_id, number, name, started_at, ends_at, ended_at"
MAX_NAME = 100
DAY = 86_400.0


def _season(row: Any) -> Season:
    return Season(*row)


async def _open(connection: Connection, guild_id: int) -> Season | None:
    rows = list(
        await connection.fetch(
            f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
        )
    )
    return _season(rows[0]) if rows else None


async def current(connection: Connection, guild_id: int, now: float) -> Season | None:
    """The season open at `now`: not ended, started, and not past its scheduled end."""
    season = await _open(connection, guild_id)
    return season if season is not None and season.holds(now) else None


async def holding(connection: Connection, guild_id: int, moment: float) -> Season | None:
    """The season a match finished at `moment` belongs to, if any."""
    rows = list(
        await connection.fetch(
            f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND started_at <= ?"
            " AND (COALESCE(ended_at, ends_at) IS NULL OR COALESCE(ended_at, ends_at) > ?)"
            " ORDER BY started_at DESC LIMIT 1",
            (guild_id, moment, moment),
        )
    )
    return _season(rows[0]) if rows else None


async def start(
    connection: Connection,
    guild_id: int,
    name: str | None,
    ends_at: float | None,
    now: float,
) -> Season:
    if ends_at is not None and ends_at <= now:
        raise DataError("a season must end after it starts")
    if name is not None:
        name = name.strip()
        if not name:
            raise DataError("a season's name cannot be empty")
        if len(name) > MAX_NAME:
            raise DataError(f"a season's name is at most {MAX_NAME} characters")
    previous = await _open(connection, guild_id)
    if previous is not None:
        if previous.ends_at is None or previous.ends_at > now:
            raise SeasonError(f"{previous.name} is still open: end it first")
        await _close(connection, previous, previous.ends_at)
    await connection.execute(
        "INSERT INTO servers (guild_id) VALUES (?) ON CONFLICT DO NOTHING", (guild_id,)
    )
    rows = await connection.fetch(
        "SELECT COALESCE(MAX(number), 0) + 1 FROM seasons WHERE guild_id = ?", (guild_id,)
    )
    number = int(rows[0][0])
    inserted = await connection.fetch_one(
        "INSERT INTO seasons (guild_id, number, name, started_at, ends_at) VALUES (?, ?, ?, ?, ?)"
        " RETURNING id",
        (guild_id, number, name or f"Season {number}", now, ends_at),
    )
    assert inserted is not None
    season_id = int(inserted[0])
    return Season(season_id, guild_id, number, name or f"Season {number}", now, ends_at, None)


async def _close(connection: Connection, season: Season, moment: float) -> Season:
    await connection.execute("UPDATE seasons SET ended_at = ? WHERE id = ?", (moment, season.id))
    return Season(
        season.id,
        season.guild_id,
        season.number,
        season.name,
        season.started_at,
        season.ends_at,
        moment,
    )


async def end(connection: Connection, guild_id: int, now: float) -> Season:
    season = await _open(connection, guild_id)
    if season is None:
        raise SeasonError("no season is open")
    moment = now if season.ends_at is None else min(now, season.ends_at)
    return await _close(connection, season, max(moment, season.started_at))


async def all_of(connection: Connection, guild_id: int) -> list[Season]:
    rows = await connection.fetch(
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY number DESC", (guild_id,)
    )
    return [_season(row) for row in rows]


async def by_id(connection: Connection, season_id: int) -> Season | None:
    rows = list(
        await connection.fetch(f"SELECT {_COLUMNS} FROM seasons WHERE id = ?", (season_id,))
    )
    return _season(rows[0]) if rows else None


async def due(connection: Connection, now: float) -> list[Season]:
    rows = await connection.fetch(
        f"SELECT {_COLUMNS} FROM seasons WHERE ended_at IS NULL AND ends_at IS NOT NULL"
        " AND ends_at <= ? ORDER BY ends_at, id",
        (now,),
    )
    return [_season(row) for row in rows]


async def roll(connection: Connection, now: float) -> list[tuple[Season, Season | None]]:
    """End every season due by `now` (and start the next where the server asks for it). The
    servers concerned are locked first, in the order of their ids, then the due seasons read
    again: a season another process ended meanwhile is not ended twice."""
    locked = sorted({season.guild_id for season in await due(connection, now)})
    for guild_id in locked:
        await connection.serialize("guild", guild_id)
    rolled: list[tuple[Season, Season | None]] = []
    for season in await due(connection, now):
        if season.guild_id not in locked:
            continue  # due since the first look: the next roll ends it
        assert season.ends_at is not None
        ended = await _close(connection, season, season.ends_at)
        row = await connection.fetch_one(
            "SELECT season_days FROM servers WHERE guild_id = ?", (season.guild_id,)
        )
        days = row[0] if row is not None else None
        started = None
        if days:
            started = await start(connection, season.guild_id, None, now + days * DAY, now)
        rolled.append((ended, started))
    return rolled

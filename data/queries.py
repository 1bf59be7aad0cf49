"""Read queries: leaderboards, ranks, player stats, history, records. Each runs inside the
caller's read snapshot. Leaderboards and ranks read the `standings` table through its per-order
indexes; a player's stats read their few `player_totals` rows and the tail of their rating
history.
"""

from __future__ import annotations

import json
from typing import Any

from data.models import (
    DataError,
    Kind,
    LeaderboardPage,
    LeaderboardRow,
    MatchSummary,
    Order,
    PlayerStats,
    RatingPoint,
    SeatResult,
    VariantStats,
)
from data.recording import NAME_SEPARATOR, variant_of
from data.scopes import ALL_TIME, ALL_VARIANTS
from data.sql import Connection

MAX_PAGE = 100
TREND_POINTS = 50

# The sort of each order: its key, then the tie-breaker; then user and partner ids ascending.
_ORDERS: dict[str, tuple[str, str]] = {
    "rating": ("rating", "wins"),
    "wins": ("wins", "rating"),
    "points": ("points", "rating"),
}


def _scope(
    guild_id: int, season_id: int | None, variant: str | None, order: str, kind: str
) -> tuple[tuple[int, int, str, int], tuple[str, str]]:
    if order not in _ORDERS:
        raise DataError(f"a leaderboard is ordered by rating, wins or points, not {order!r}")
    if kind not in ("players", "pairs"):
        raise DataError(f"a leaderboard lists players or pairs, not {kind!r}")
    season_key = ALL_TIME if season_id is None else season_id
    variant_key = variant_of(variant)[0] if variant else ALL_VARIANTS
    return (guild_id, season_key, variant_key, int(kind == "pairs")), _ORDERS[order]


_WHERE = "guild_id = ? AND season_key = ? AND variant_key = ? AND is_pair = ?"


async def leaderboard(
    connection: Connection,
    guild_id: int,
    season_id: int | None,
    variant: str | None,
    order: Order,
    kind: Kind,
    offset: int,
    limit: int,
) -> LeaderboardPage:
    scope, (key, tie) = _scope(guild_id, season_id, variant, order, kind)
    if offset < 0 or not 1 <= limit <= MAX_PAGE:
        raise DataError(f"a page starts at 0 or later and holds 1 to {MAX_PAGE} rows")
    rows = await connection.fetch(
        "SELECT user_id, partner_id, name, rating, mu, sigma, games, wins, points FROM standings"
        f" WHERE {_WHERE} ORDER BY {key} DESC, {tie} DESC, user_id, partner_id LIMIT ? OFFSET ?",
        (*scope, limit, offset),
    )
    total_rows = list(
        await connection.fetch(f"SELECT COUNT(*) FROM standings WHERE {_WHERE}", scope)
    )
    page = [
        LeaderboardRow(
            rank=offset + position + 1,
            user_ids=(user, partner) if partner else (user,),
            names=tuple(name.split(NAME_SEPARATOR)),
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            wins=wins,
            points=points,
        )
        for position, (user, partner, name, rating, mu, sigma, games, wins, points) in enumerate(
            rows
        )
    ]
    return LeaderboardPage(page, int(total_rows[0][0]), offset, limit)


async def rank_of(
    connection: Connection,
    guild_id: int,
    season_id: int | None,
    user_id: int,
    variant: str | None,
    order: Order,
    kind: Kind,
) -> int | None:
    scope, (key, tie) = _scope(guild_id, season_id, variant, order, kind)
    mine = list(
        await connection.fetch(
            f"SELECT {key}, {tie}, user_id, partner_id FROM standings WHERE {_WHERE}"
            " AND (user_id = ? OR partner_id = ?)",
            (*scope, user_id, user_id),
        )
    )
    if not mine:
        return None
    best: int | None = None
    for value, second, user, partner in mine:
        ahead = list(
            await connection.fetch(
                f"SELECT COUNT(*) FROM standings WHERE {_WHERE} AND ({key} > ? OR ({key} = ?"
                f" AND ({tie} > ? OR ({tie} = ? AND (user_id < ?"
                " OR (user_id = ? AND partner_id < ?))))))",
                (*scope, value, value, second, second, user, user, partner),
            )
        )
        rank = int(ahead[0][0]) + 1
        best = rank if best is None else min(best, rank)
    return best


async def player_stats(
    connection: Connection, guild_id: int, user_id: int, season_id: int | None
) -> PlayerStats:
    season_key = ALL_TIME if season_id is None else season_id
    totals = await connection.fetch(
        "SELECT variant_key, games, wins, streak, best_streak, reward_points, reward_hands"
        " FROM player_totals WHERE guild_id = ? AND user_id = ? AND season_key = ?",
        (guild_id, user_id, season_key),
    )
    overall = (ALL_VARIANTS, 0, 0, 0, 0, 0, 0)
    by_variant: list[VariantStats] = []
    for row in totals:
        if row[0] == ALL_VARIANTS:
            overall = tuple(row)
        else:
            by_variant.append(VariantStats(row[0], row[1], row[2]))
    by_variant.sort(key=lambda stats: (-stats.games, stats.variant))
    _, games, wins, streak, best_streak, reward_points, reward_hands = overall
    rating_rows = list(
        await connection.fetch(
            "SELECT rating FROM standings WHERE guild_id = ? AND season_key = ?"
            " AND variant_key = ? AND is_pair = 0 AND user_id = ? AND partner_id = 0",
            (guild_id, season_key, ALL_VARIANTS, user_id),
        )
    )
    trend_rows = await connection.fetch(
        "SELECT c.match_id, m.finished_at, c.rating FROM rating_changes AS c"
        " JOIN matches AS m ON m.id = c.match_id WHERE c.guild_id = ? AND c.user_id = ?"
        " AND c.season_key = ? AND c.variant_key = ? ORDER BY c.match_id DESC LIMIT ?",
        (guild_id, user_id, season_key, ALL_VARIANTS, TREND_POINTS),
    )
    return PlayerStats(
        guild_id=guild_id,
        user_id=user_id,
        season_id=season_id,
        games=games,
        wins=wins,
        best_streak=best_streak,
        current_streak=streak,
        points_per_hand=reward_points / reward_hands if reward_hands else None,
        rating=rating_rows[0][0] if rating_rows else None,
        by_variant=by_variant,
        trend=[RatingPoint(*row) for row in reversed(list(trend_rows))],
    )


async def history(
    connection: Connection,
    guild_id: int,
    user_id: int | None,
    limit: int,
    before: int | None,
    season_id: int | None,
) -> list[MatchSummary]:
    if not 1 <= limit <= MAX_PAGE:
        raise DataError(f"history pages hold 1 to {MAX_PAGE} matches")
    conditions = ["guild_id = ?"]
    params: list[Any] = [guild_id]
    if user_id is not None:
        conditions.append("user_id = ?")
        params.append(user_id)
    if before is not None:
        conditions.append(f"{'match_id' if user_id is not None else 'id'} < ?")
        params.append(before)
    if season_id is not None:
        conditions.append("season_id = ?")
        params.append(season_id)
    where = " AND ".join(conditions)
    if user_id is not None:
        sql = f"SELECT match_id FROM results WHERE {where} ORDER BY match_id DESC LIMIT ?"
    else:
        sql = f"SELECT id FROM matches WHERE {where} ORDER BY id DESC LIMIT ?"
    ids = [row[0] for row in await connection.fetch(sql, (*params, limit))]
    return await _summaries(connection, ids)


async def match_summary(
    connection: Connection, match_id: int, guild_id: int | None
) -> MatchSummary:
    summaries = await _summaries(connection, [match_id])
    if not summaries or (guild_id is not None and summaries[0].guild_id != guild_id):
        raise DataError(f"there is no match #{match_id} here")
    return summaries[0]


async def _summaries(connection: Connection, ids: list[int]) -> list[MatchSummary]:
    """The matches with these ids, newest first, each with its seats in seat order."""
    if not ids:
        return []
    marks = ", ".join("?" for _ in ids)
    matches = await connection.fetch(
        "SELECT id, table_id, guild_id, season_id, variant, rated, hands, finished_at"
        f" FROM matches WHERE id IN ({marks}) ORDER BY id DESC",
        ids,
    )
    seats: dict[int, list[SeatResult]] = {match_id: [] for match_id in ids}
    for match_id, seat, user, name, unit, points, won, place in await connection.fetch(
        "SELECT match_id, seat, user_id, name, unit, points, won, place FROM results"
        f" WHERE match_id IN ({marks}) ORDER BY match_id, seat",
        ids,
    ):
        seats[match_id].append(SeatResult(seat, user, name, unit, points, bool(won), place))
    return [
        MatchSummary(
            match_id=match_id,
            table_id=table_id,
            guild_id=guild,
            season_id=season,
            variant=variant,
            rated=bool(rated),
            hands=hands,
            finished_at=finished_at,
            seats=seats[match_id],
        )
        for match_id, table_id, guild, season, variant, rated, hands, finished_at in matches
    ]


async def match_record(
    connection: Connection, match_id: int, guild_id: int | None
) -> dict[str, Any]:
    rows = list(
        await connection.fetch(
            "SELECT m.guild_id, r.record FROM matches AS m"
            " JOIN match_records AS r ON r.match_id = m.id WHERE m.id = ?",
            (match_id,),
        )
    )
    if not rows or (guild_id is not None and rows[0][0] != guild_id):
        raise DataError(f"there is no match #{match_id} here")
    record: dict[str, Any] = json.loads(rows[0][1])
    return record


async def played_variants(connection: Connection, guild_id: int) -> list[str]:
    """The games (variant ids, presets apart from their base game) with all-time standings in
    a server, most rated players first."""
    rows = await connection.fetch(
        "SELECT variant_key, COUNT(*) FROM standings WHERE guild_id = ? AND season_key = ?"
        " AND variant_key <> ? AND is_pair = 0 GROUP BY variant_key"
        " ORDER BY COUNT(*) DESC, variant_key",
        (guild_id, ALL_TIME, ALL_VARIANTS),
    )
    return [str(variant) for variant, _ in rows]

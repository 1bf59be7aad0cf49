"""Player totals: games, wins, streaks and reward points per player and scope, kept as each
match is recorded (rated or not), so a player's stats never scan their history.

A player who somehow sat in two seats of one match counts it once (won if either seat won).
Points and hands count only in reward-scored games, where points per hand mean something.
"""

from __future__ import annotations

from collections.abc import Sequence

from data.models import SeatResult
from data.scopes import scopes
from data.sql import Connection

# (user id, won, reward points, reward hands) for each human in a match
Tally = tuple[int, bool, int, int]


def tallies(seats: Sequence[SeatResult], scoring: str, hands: int) -> list[Tally]:
    found: dict[int, Tally] = {}
    for seat in seats:
        if seat.user_id is None:
            continue
        reward = scoring == "reward"
        points, counted = (seat.points, hands) if reward else (0, 0)
        earlier = found.get(seat.user_id)
        if earlier is None:
            found[seat.user_id] = (seat.user_id, seat.won, points, counted)
        elif seat.won and not earlier[1]:
            found[seat.user_id] = (seat.user_id, True, earlier[2], earlier[3])
    return list(found.values())


def advance(row: list[int], won: bool, points: int, hands: int) -> None:
    """Count one match into `row` = [games, wins, streak, best_streak, points, hands]."""
    row[0] += 1
    row[1] += int(won)
    row[2] = row[2] + 1 if won else 0
    row[3] = max(row[3], row[2])
    row[4] += points
    row[5] += hands


async def add_match(
    connection: Connection,
    guild_id: int,
    season_id: int | None,
    variant: str,
    scoring: str,
    hands: int,
    seats: Sequence[SeatResult],
) -> None:
    """Count a recorded match into its players' totals (the SQL twin of `advance`; in an
    UPDATE every right-hand side reads the old row, so `best_streak` sees the old streak)."""
    rows = [
        (guild_id, user, season_key, variant_key, int(won), points, counted)
        for season_key, variant_key in scopes(season_id, variant)
        for user, won, points, counted in tallies(seats, scoring, hands)
    ]
    await connection.executemany(
        "INSERT INTO player_totals (guild_id, user_id, season_key, variant_key, games, wins,"
        " streak, best_streak, reward_points, reward_hands)"
        " VALUES (?1, ?2, ?3, ?4, 1, ?5, ?5, ?5, ?6, ?7)"
        " ON CONFLICT (guild_id, user_id, season_key, variant_key) DO UPDATE SET"
        " games = player_totals.games + 1, wins = player_totals.wins + excluded.wins,"
        " streak = CASE WHEN excluded.wins > 0 THEN player_totals.streak + 1 ELSE 0 END,"
        " best_streak = CASE WHEN excluded.wins > 0"
        " AND player_totals.streak + 1 > player_totals.best_streak"
        " THEN player_totals.streak + 1 ELSE player_totals.best_streak END,"
        " reward_points = player_totals.reward_points + excluded.reward_points,"
        " reward_hands = player_totals.reward_hands + excluded.reward_hands",
        rows,
    )

"""The data layer: SQLite through aiosqlite. Servers and settings, seasons, tables in progress,
finished matches with their records, results, openskill ratings, leaderboards and stats.

Everything goes through `Database`, a small class of named queries (no SQL outside data/):

    db = await Database.open("domino.sqlite3")  # creates and migrates the file
    ok = await db.commit(Change(table, expected, outbox=("board",), job=Job(...)))  # an action
    outcome = await db.record_match(FinishedMatch(...))  # once per table, whatever happens
    page = await db.leaderboard(guild_id, season.id, order="wins", kind="pairs")
    await db.close()

Contracts: refusals raise `DataError` (a `ValueError` whose message can be shown as it is) and
change nothing; every write is one transaction; a match with an AI seat or unrated by choice
counts in history and stats but never in ratings or leaderboards. Times are Unix seconds and
may be passed in (`now=`), so tests own the clock. Never imports discord (DESIGN.md, "Data").
"""

from data.database import Database
from data.models import (
    Change,
    DataError,
    FinishedMatch,
    Job,
    LeaderboardPage,
    LeaderboardRow,
    LiveTable,
    MatchSummary,
    OutboxItem,
    PlayerStats,
    PuzzleSolve,
    RatingChange,
    RatingPoint,
    RecordOutcome,
    Season,
    SeasonError,
    SeatResult,
    ServerSettings,
    Shown,
    VariantStats,
)
from data.results import seats_from_record

__all__ = [
    "Change",
    "DataError",
    "Database",
    "FinishedMatch",
    "Job",
    "LeaderboardPage",
    "LeaderboardRow",
    "LiveTable",
    "MatchSummary",
    "OutboxItem",
    "PlayerStats",
    "PuzzleSolve",
    "RatingChange",
    "RatingPoint",
    "RecordOutcome",
    "Season",
    "SeasonError",
    "SeatResult",
    "ServerSettings",
    "Shown",
    "VariantStats",
    "seats_from_record",
]

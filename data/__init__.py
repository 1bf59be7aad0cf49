"""The data layer: SQLite through aiosqlite (the default: one file) or PostgreSQL through
asyncpg (a server that several processes of the bot share). Servers and settings, seasons,
tables in progress, finished matches with their records, results, openskill ratings,
leaderboards and stats.

Everything goes through `Database`, a small class of named queries (no SQL outside data/):

    db = await Database.open("domino.sqlite3")  # or "sqlite:///path", "postgresql://..."
    ok = await db.commit(Change(table, expected, outbox=("board",), job=Job(...)))  # an action
    outcome = await db.record_match(FinishedMatch(...))  # once per table, whatever happens
    page = await db.leaderboard(guild_id, season.id, order="wins", kind="pairs")
    await db.close()

One schema, one set of numbered migrations (`data/migrations/`) and the same queries for both
databases: every difference between the two dialects is in `data.sql` (placeholders, row and
advisory locks, auto ids, the migrations' DDL, the schema's version). `python -m data copy
SOURCE TARGET` copies a whole store from one database to another (`data.copy`).

Contracts: refusals raise `DataError` (a `ValueError` whose message can be shown as it is) and
change nothing; every write is one transaction; a match with an AI seat or unrated by choice
counts in history and stats but never in ratings or leaderboards. Several processes may share
the store: a write that reads a server's rows to compute new ones takes the server's lock
first, outbox items are claimed by whole tables and jobs one by one, each by one claimer at a
time (see `data.runtime`). Times are Unix seconds and may be passed in (`now=`), so tests own
the clock. Never imports discord (DESIGN.md, "Data").
"""

from data.database import Database
from data.models import (
    Cap,
    Change,
    DataError,
    FinishedMatch,
    Job,
    LeaderboardPage,
    LeaderboardRow,
    LiveTable,
    MatchSummary,
    OutboxItem,
    OverCap,
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
    TurnClock,
    VariantStats,
)
from data.replies import Reply
from data.results import seats_from_record

__all__ = [
    "Cap",
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
    "OverCap",
    "PlayerStats",
    "PuzzleSolve",
    "RatingChange",
    "RatingPoint",
    "RecordOutcome",
    "Reply",
    "Season",
    "SeasonError",
    "SeatResult",
    "ServerSettings",
    "Shown",
    "TurnClock",
    "VariantStats",
    "seats_from_record",
]

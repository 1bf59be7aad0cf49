"""The data layer: SQLite through aiosqlite. Servers and settings, seasons, tables in progress,
finished matches with their records, results, openskill ratings and leaderboards.

>>> from data import Database  # doctest: +SKIP
>>> db = await Database.open("domino.sqlite3")  # doctest: +SKIP

Never imports discord; no SQL lives outside this package (DESIGN.md, "Data").
"""

from data.database import Database
from data.models import (
    DataError,
    FinishedMatch,
    LeaderboardPage,
    LeaderboardRow,
    LiveTable,
    MatchSummary,
    PlayerStats,
    RatingChange,
    RatingPoint,
    RecordOutcome,
    Season,
    SeasonError,
    SeatResult,
    ServerSettings,
    VariantStats,
)
from data.results import seats_from_record

__all__ = [
    "DataError",
    "Database",
    "FinishedMatch",
    "LeaderboardPage",
    "LeaderboardRow",
    "LiveTable",
    "MatchSummary",
    "PlayerStats",
    "RatingChange",
    "RatingPoint",
    "RecordOutcome",
    "Season",
    "SeasonError",
    "SeatResult",
    "ServerSettings",
    "VariantStats",
    "seats_from_record",
]

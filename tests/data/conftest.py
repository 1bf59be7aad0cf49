"""Fixtures for the data layer's tests: a real database file in tmp_path, and builders for
finished matches that read like a score sheet."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from data import Database, FinishedMatch, SeatResult

GUILD = 1000


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "domino.sqlite3"


@pytest.fixture
async def db(path: Path) -> AsyncIterator[Database]:
    database = await Database.open(path)
    try:
        yield database
    finally:
        await database.close()


def singles(
    table: str,
    players: Sequence[int | None],
    winner: int | None,
    scores: Sequence[int] | None = None,
    *,
    variant: str = "two-player",
    rated: bool = True,
    at: float = 1000.0,
    guild: int = GUILD,
    hands: int = 3,
) -> FinishedMatch:
    """A singles match: `players` are user ids by seat (`None` for an AI); `winner` the seat
    that won (`None`: nobody). Scores default to 100 for the winner and 10 per other seat."""
    if scores is None:
        scores = [100 if seat == winner else 10 * (seat + 1) for seat in range(len(players))]
    seats = [
        SeatResult(seat, user, f"player {user}", seat, scores[seat], seat == winner)
        for seat, user in enumerate(players)
    ]
    record = {"variant": variant, "players": len(players), "hands": [{}] * hands}
    return FinishedMatch(table, guild, variant, {}, record, seats, rated, at)


def partnership(
    table: str,
    pair_a: tuple[int, int],
    pair_b: tuple[int, int],
    a_wins: bool,
    *,
    rated: bool = True,
    at: float = 1000.0,
    guild: int = GUILD,
) -> FinishedMatch:
    """A partnership match: pair A sits at seats 0 and 2, pair B at 1 and 3. The losers are
    the pair that reached 100 (penalty scoring)."""
    users = [pair_a[0], pair_b[0], pair_a[1], pair_b[1]]
    points = (40, 100) if a_wins else (100, 40)
    seats = [
        SeatResult(
            seat, user, f"player {user}", seat % 2, points[seat % 2], (seat % 2 == 0) == a_wins
        )
        for seat, user in enumerate(users)
    ]
    record = {"variant": "partnership", "players": 4, "hands": [{}, {}]}
    return FinishedMatch(table, guild, "partnership", {}, record, seats, rated, at)

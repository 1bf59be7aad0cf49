"""Fixtures for the data layer's tests: a real database on each backend (a SQLite file in
tmp_path, a fresh database on a PostgreSQL the tests start), and builders for finished matches
that read like a score sheet.

Every test that takes `db` or `target` runs twice, once per backend. `raw_rows` and
`raw_execute` reach the database through a store of their own (what is really stored, past
the `Database` under test)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from data import Database, FinishedMatch, SeatResult
from data.sql import Row, open_store
from tests.pg import pg_cluster, pg_database

__all__ = ["pg_cluster", "pg_database"]

GUILD = 1000
BACKENDS = ("sqlite", "postgresql")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A SQLite file (for what only SQLite has: the file itself)."""
    return tmp_path / "domino.sqlite3"


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def target(backend: str, path: Path, request: pytest.FixtureRequest) -> str:
    """Where a test's database lives: `sqlite:////tmp/.../domino.sqlite3` or a fresh
    `postgresql://...` database."""
    if backend == "sqlite":
        return f"sqlite:///{path}"
    return str(request.getfixturevalue("pg_database"))


@pytest.fixture
def second_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Another, separate database on the same backend as `target`."""
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'second.sqlite3'}"
    cluster = request.getfixturevalue("pg_cluster")
    url = cluster.create_database()
    request.addfinalizer(lambda: cluster.drop_database(url.rsplit("/", 1)[1]))
    return str(url)


@pytest.fixture
async def db(target: str) -> AsyncIterator[Database]:
    database = await Database.open(target)
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
async def other(target: str, db: Database) -> AsyncIterator[Database]:
    """A second `Database` on the same store: another process's view of it."""
    database = await Database.open(target)
    try:
        yield database
    finally:
        await database.close()


async def raw_rows(target: str, sql: str, params: Sequence[Any] = ()) -> list[Row]:
    """Rows read through a store of their own."""
    async with await open_store(target) as store, store.read() as connection:
        return await connection.fetch(sql, params)


async def raw_execute(target: str, *statements: str) -> None:
    """Statements run in one transaction of a store of their own."""
    async with await open_store(target) as store, store.write() as connection:
        for statement in statements:
            await connection.execute(statement)


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

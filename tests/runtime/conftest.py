"""The runtime's tests run on each backend: a SQLite file and a fresh PostgreSQL database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data import Database
from tests.pg import pg_cluster, pg_database

__all__ = ["pg_cluster", "pg_database"]


@pytest.fixture(params=("sqlite", "postgresql"))
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    if request.param == "sqlite":
        target = f"sqlite:///{tmp_path / 'domino.sqlite3'}"
    else:
        target = str(request.getfixturevalue("pg_database"))
    database = await Database.open(target)
    try:
        yield database
    finally:
        await database.close()

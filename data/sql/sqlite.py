"""SQLite through aiosqlite: one file, two connections in WAL mode.

The writer's transactions (`BEGIN IMMEDIATE`) are serialised by a lock in this process and by
SQLite's own write lock across processes (with a busy timeout): a write transaction holds the
whole database from its first statement, so `serialize` and row locks have nothing left to do.
The reader's multi-statement reads run in one snapshot and never wait for a writer.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from data.sql.base import Connection, Dialect, Params, Row, Store

BUSY_TIMEOUT_MS = 10_000


async def _connect(path: Path) -> aiosqlite.Connection:
    connection = await aiosqlite.connect(path, isolation_level=None)
    try:
        await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await connection.execute("PRAGMA journal_mode = WAL")
        # NORMAL in WAL mode survives a crash of the bot (a power cut may lose the last commit).
        await connection.execute("PRAGMA synchronous = NORMAL")
        await connection.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await connection.close()
        raise
    return connection


class SqliteConnection(Connection):
    dialect: Dialect = "sqlite"

    def __init__(self, raw: aiosqlite.Connection):
        self.raw = raw

    async def execute(self, sql: str, params: Params = ()) -> int:
        cursor = await self.raw.execute(sql, params)
        count = cursor.rowcount
        await cursor.close()
        return max(count, 0)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self.raw.executemany(sql, rows)

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        return [tuple(row) for row in await self.raw.execute_fetchall(sql, params)]

    async def serialize(self, scope: str, key: int | str) -> None:
        """Nothing to do: the write transaction already holds the whole database."""

    async def try_serialize(self, scope: str, key: int | str) -> bool:
        return True

    def for_update(self, *, skip_locked: bool = False) -> str:
        return ""

    async def reserve_ids(self, table: str, count: int) -> int:
        row = await self.fetch_one(f"SELECT COALESCE(MAX(id), 0) + 1 FROM {table}")
        assert row is not None
        return int(row[0])

    async def advance_ids(self, table: str) -> None:
        """Nothing to do: an `INTEGER PRIMARY KEY` always continues after the largest id."""

    async def insert_rows(self, table: str, columns: Sequence[str], rows: list[Row]) -> None:
        marks = ", ".join("?" for _ in columns)
        await self.raw.executemany(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
        )

    async def table_columns(self) -> dict[str, list[str]]:
        names = await self.fetch(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " ORDER BY name"
        )
        return {
            name: [str(column[1]) for column in await self.fetch(f"PRAGMA table_info({name})")]
            for (name,) in names
        }

    async def schema_version(self) -> int:
        row = await self.fetch_one("PRAGMA user_version")
        assert row is not None
        return int(row[0])

    async def set_schema_version(self, version: int) -> None:
        await self.raw.execute(f"PRAGMA user_version = {int(version)}")

    async def run_migration(self, statements: Sequence[str], own_text: str | None) -> None:
        for statement in statements:
            await self.raw.execute(statement)


class SqliteStore(Store):
    """The file at `path`, with a writer and a reader connection."""

    dialect: Dialect = "sqlite"

    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection):
        self.path = path
        self.url = f"sqlite:///{path}"
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path) -> SqliteStore:
        """Open the file (created if missing, with its folder) with both connections."""
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path)
        try:
            reader = await _connect(path)
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Connection]:
        async with self._write_lock:
            try:
                await self._writer.execute("BEGIN IMMEDIATE")
                yield SqliteConnection(self._writer)
                await self._writer.execute("COMMIT")
            except BaseException:
                await _finish(self._writer, "ROLLBACK")
                raise

    @asynccontextmanager
    async def read(self, snapshot: bool = True) -> AsyncIterator[Connection]:
        async with self._read_lock:
            if not snapshot:
                yield SqliteConnection(self._reader)
                return
            try:
                await self._reader.execute("BEGIN")
                yield SqliteConnection(self._reader)
            finally:
                await _finish(self._reader, "COMMIT")

    async def close(self) -> None:
        async with self._write_lock, self._read_lock:
            await self._reader.close()
            await self._writer.close()


async def _finish(connection: aiosqlite.Connection, statement: str) -> None:
    """End the connection's transaction, if one is open. The connection runs statements in
    order, so this also ends a `BEGIN` whose await was interrupted (a cancelled task) and
    leaves the connection clean for the next transaction."""
    try:
        await connection.execute(statement)
    except sqlite3.OperationalError as error:
        if "no transaction is active" not in str(error):
            raise


def locked(error: BaseException) -> bool:
    """SQLite refused at once because another connection is creating the file or switching
    it to WAL (it does not wait out the busy timeout there)."""
    return isinstance(error, sqlite3.OperationalError) and "locked" in str(error)

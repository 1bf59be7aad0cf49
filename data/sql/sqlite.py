"""SQLite through aiosqlite: one file, two connections in WAL mode.

The writer's transactions (`BEGIN IMMEDIATE`) are serialised by a lock in this process and by
SQLite's own write lock across processes (with a busy timeout): a write transaction holds the
whole database from its first statement, so `serialize` and row locks have nothing left to do.
The reader's multi-statement reads run in one snapshot and never wait for a writer.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from data.models import DataError
from data.sql.base import Body, Connection, Dialect, Params, Row, Store

T = TypeVar("T")

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


Run = Callable[..., Awaitable[Any]]  # runs `fn(*args)` where the connection lives


def _hand_off(connection: aiosqlite.Connection) -> Run:
    """How aiosqlite runs a call in its connection's thread (its statements use it too)."""
    return cast(Run, connection._execute)


async def _at_once(fn: Callable[..., Any], *args: Any) -> Any:
    """Inside the connection's thread already (a whole transaction handed over at once)."""
    return fn(*args)


def _execute(raw: sqlite3.Connection, sql: str, params: Params) -> int:
    cursor = raw.execute(sql, params)
    count = cursor.rowcount
    cursor.close()
    return max(count, 0)


def _fetch(raw: sqlite3.Connection, sql: str, params: Params) -> list[Row]:
    cursor = raw.execute(sql, params)
    try:
        return [tuple(row) for row in cursor.fetchall()]
    finally:
        cursor.close()


def _executemany(raw: sqlite3.Connection, sql: str, rows: list[Params]) -> None:
    raw.executemany(sql, rows).close()


class SqliteConnection(Connection):
    """The sqlite3 connection `raw`, each call run by `run`: handed to the connection's thread
    (aiosqlite's), or at once when the whole transaction runs there (`SqliteStore.writing`)."""

    dialect: Dialect = "sqlite"

    def __init__(self, raw: sqlite3.Connection, run: Run):
        self.raw = raw
        self._run = run

    async def execute(self, sql: str, params: Params = ()) -> int:
        return int(await self._run(_execute, self.raw, sql, params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        batch = list(rows)
        if batch:
            await self._run(_executemany, self.raw, sql, batch)

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        rows: list[Row] = await self._run(_fetch, self.raw, sql, params)
        return rows

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
        await self.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)

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
        await self.execute(f"PRAGMA user_version = {int(version)}")

    async def run_migration(self, statements: Sequence[str], own_text: str | None) -> None:
        for statement in statements:
            await self.execute(statement)


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
                yield SqliteConnection(self._writer._conn, _hand_off(self._writer))
                await self._writer.execute("COMMIT")
            except BaseException:
                await _finish(self._writer, "ROLLBACK")
                raise

    @asynccontextmanager
    async def read(self, snapshot: bool = True) -> AsyncIterator[Connection]:
        async with self._read_lock:
            connection = SqliteConnection(self._reader._conn, _hand_off(self._reader))
            if not snapshot:
                yield connection
                return
            try:
                await self._reader.execute("BEGIN")
                yield connection
            finally:
                await _finish(self._reader, "COMMIT")

    async def writing(self, body: Body[T]) -> T:
        """The whole transaction in the writer's thread: one hand-off, not one per statement
        (under load each hand-off is a queue, a thread wake-up and a future, and a move's
        transactions were dozens of them). A caller cancelled meanwhile does not stop it: it
        commits or rolls back as a whole, as if it had ended just before the cancel."""
        async with self._write_lock:
            result: T = await _hand_off(self._writer)(_transaction, self._writer._conn, body, True)
            return result

    async def reading(self, body: Body[T], snapshot: bool = True) -> T:
        async with self._read_lock:
            result: T = await _hand_off(self._reader)(
                _transaction, self._reader._conn, body, None if not snapshot else False
            )
            return result

    async def close(self) -> None:
        async with self._write_lock, self._read_lock:
            await self._reader.close()
            await self._writer.close()


def _transaction(raw: sqlite3.Connection, body: Body[T], write: bool | None) -> T:
    """Run `body` to its end in this (the connection's) thread, inside `BEGIN IMMEDIATE` (a
    write), `BEGIN` (a read snapshot) or no transaction (`write` None: one query)."""
    if write is not None:
        raw.execute("BEGIN IMMEDIATE" if write else "BEGIN")
    try:
        result: T = _run_to_end(body(SqliteConnection(raw, _at_once)))
    except BaseException:
        if write is not None and raw.in_transaction:
            raw.execute("ROLLBACK")
        raise
    if write is not None and raw.in_transaction:
        raw.execute("COMMIT")
    return result


def _run_to_end(coroutine: Coroutine[Any, Any, T]) -> T:
    """The coroutine's result, run here: it may await only its connection, whose calls here
    complete at once, so it never suspends."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    coroutine.close()
    raise RuntimeError("a transaction's body waited for something other than its connection")


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


BACKUP_PAGES = 1024


def _backup_end(path: Path, *, existing: bool) -> sqlite3.Connection:
    if existing and not path.is_file():
        raise DataError(f"there is no SQLite database at {path}")
    if not existing and path.exists():
        raise DataError(f"{path} exists already: choose a new file (nothing is overwritten)")
    return sqlite3.connect(path)


def online_backup(source: Path, target: Path) -> int:
    """SQLite's online backup of `source` into the new file `target`, `BACKUP_PAGES` pages at
    a time (between them the bot may write): one consistent snapshot, the commits still in the
    write-ahead log included; checked, and its page count returned. A copy that fails is
    removed (only the file this made: an existing one is refused first)."""
    reading = _backup_end(source, existing=True)
    try:
        writing = _backup_end(target, existing=False)
    except BaseException:
        reading.close()
        raise
    try:
        reading.backup(writing, pages=BACKUP_PAGES)
        (verdict,) = writing.execute("PRAGMA integrity_check").fetchone()
        if verdict != "ok":
            raise DataError(f"the copy of {source} is damaged: {verdict}")
        (pages,) = writing.execute("PRAGMA page_count").fetchone()
        return int(pages)
    except BaseException:
        writing.close()
        target.unlink(missing_ok=True)
        raise
    finally:
        writing.close()
        reading.close()

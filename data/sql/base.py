"""The connection interface the query modules use, whichever database is behind it.

SQL is written once, in standard SQL with `?` placeholders (`?N` to reuse a parameter): no
`INSERT OR IGNORE` / `OR REPLACE` (use `ON CONFLICT ... DO NOTHING / DO UPDATE`, with the
target table's columns qualified by its name in `DO UPDATE`), no `lastrowid` (use
`RETURNING id`), no two-argument `MAX` (use `CASE`), integers compared rather than used as
booleans. What cannot be written once is a method here, implemented by each dialect:
row locks (`for_update`), per-key serialisation (`serialize`, `try_serialize`), auto ids
(`reserve_ids`, `advance_ids`), bulk inserts, the schema's version and the migrations' DDL.

A `Connection` is handed out by its `Store` inside one transaction: `write()` (every write,
committed when the block ends, rolled back if it raises or is cancelled) or `read()` (a
snapshot: every query of the block sees the same committed state), or for one query
(`read(snapshot=False)`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Literal, TypeVar

Dialect = Literal["sqlite", "postgresql"]
Row = tuple[Any, ...]
T = TypeVar("T")
Params = Sequence[Any]


class Connection(ABC):
    """One connection, inside one transaction of its store."""

    dialect: Dialect

    @abstractmethod
    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; returns the number of rows it inserted, updated or deleted."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        """Run one statement once per row of parameters."""

    @abstractmethod
    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        """Every row of a query, as plain tuples of Python values (`int`, `float`, `str`,
        `None`: never a driver's own number type)."""

    async def fetch_one(self, sql: str, params: Params = ()) -> Row | None:
        """The query's first row, or None when it has none."""
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    @abstractmethod
    async def serialize(self, scope: str, key: int | str) -> None:
        """Wait until no other transaction holds (`scope`, `key`), then hold it until this
        transaction ends: writes that read shared rows before writing them (a server's
        standings, its seasons) take their server's key first, so two processes never
        compute from the same old rows. Take it before writing anything, so that locks are
        always taken in one order."""

    @abstractmethod
    async def try_serialize(self, scope: str, key: int | str) -> bool:
        """Hold (`scope`, `key`) until this transaction ends if no other transaction holds it
        now; False (without waiting) if one does."""

    @abstractmethod
    def for_update(self, *, skip_locked: bool = False) -> str:
        """The clause that ends a SELECT whose rows this transaction will update, locking
        them against other writers (and skipping rows another writer holds, if asked)."""

    @abstractmethod
    async def reserve_ids(self, table: str, count: int) -> int:
        """The first of `count` consecutive fresh ids of `table`'s `id` column, reserved for
        rows this transaction inserts with explicit ids."""

    @abstractmethod
    async def advance_ids(self, table: str) -> None:
        """Make the next automatic id of `table` follow the largest id it holds (after rows
        were inserted with explicit ids)."""

    @abstractmethod
    async def insert_rows(self, table: str, columns: Sequence[str], rows: list[Row]) -> None:
        """Insert many rows at once (as fast as the database allows)."""

    @abstractmethod
    async def table_columns(self) -> dict[str, list[str]]:
        """Every table of the schema (not the migrations' bookkeeping) and its columns, in
        their order."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of the last migration applied (0 for a new database)."""

    @abstractmethod
    async def set_schema_version(self, version: int) -> None: ...

    @abstractmethod
    async def run_migration(self, statements: Sequence[str], own_text: str | None) -> None:
        """Apply one migration: its statements, in this dialect (translated where needed), or
        the dialect's own text of it when the migration has one."""


Body = Callable[[Connection], Coroutine[Any, Any, T]]


class Store(ABC):
    """Where the data lives: hands out connections inside transactions."""

    dialect: Dialect
    url: str  # for logs: a password is never shown
    path: Path | None  # the SQLite file; None for a server

    @abstractmethod
    def write(self) -> AbstractAsyncContextManager[Connection]:
        """One write transaction."""

    @abstractmethod
    def read(self, snapshot: bool = True) -> AbstractAsyncContextManager[Connection]:
        """One read snapshot; with `snapshot=False`, a connection for one query only (a single
        statement sees one committed state anyway), without a transaction around it."""

    async def writing(self, body: Body[T]) -> T:
        """`body` run in one write transaction, as `write()` runs a block. A body awaits only
        its connection: a store may run it wherever its connection lives (SQLite: the whole
        transaction in the connection's thread, in one hand-off instead of one per
        statement)."""
        async with self.write() as connection:
            return await body(connection)

    async def reading(self, body: Body[T], snapshot: bool = True) -> T:
        """`body` run in one read snapshot (or on a connection for one query), as `read()`."""
        async with self.read(snapshot) as connection:
            return await body(connection)

    @abstractmethod
    async def close(self) -> None: ...

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

"""Where the data lives: SQLite (a file, the default) or PostgreSQL (a server several processes
share), behind one small interface (`Store`, `Connection`) that the query modules use. Every
difference between the two dialects is in this package, nowhere else in data/.

A target is a path (`domino.sqlite3`), `sqlite:///relative/path` or `sqlite:////absolute/path`,
or `postgresql://user:password@host:port/database` (also `postgres://`).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote, urlsplit, urlunsplit

import asyncpg

from data.models import DataError
from data.sql.base import Connection, Dialect, Row, Store
from data.sql.postgresql import PostgresStore
from data.sql.sqlite import SqliteStore, locked

__all__ = [
    "Connection",
    "Dialect",
    "Row",
    "Store",
    "Target",
    "busy",
    "driver_error",
    "open_store",
    "parse_target",
    "redact",
    "unique_violation",
]

_POSTGRES = ("postgresql://", "postgres://")


class Target(NamedTuple):
    """A parsed target: the dialect, the SQLite file or the PostgreSQL address, and the
    address to show in logs (no password)."""

    dialect: Dialect
    path: Path | None
    dsn: str | None
    url: str


def parse_target(target: str | Path) -> Target:
    """Which database `target` names; refused (a `DataError`) if it names none we know."""
    if isinstance(target, Path):
        return _sqlite(target)
    text = str(target).strip()
    if text.startswith(_POSTGRES):
        return Target("postgresql", None, text, redact(text))
    if text.startswith("sqlite:"):
        if not text.startswith("sqlite:///") or len(text) == len("sqlite:///"):
            raise DataError(
                f"a SQLite address is sqlite:///relative/path or sqlite:////absolute/path,"
                f" not {text}"
            )
        return _sqlite(Path(unquote(text[len("sqlite:///") :])))
    if "://" in text:
        raise DataError(
            f"unknown database address {redact(text)}: use sqlite:///path or postgresql://..."
        )
    return _sqlite(Path(text))


def _sqlite(path: Path) -> Target:
    if str(path) == ":memory:":
        raise DataError("the database must be a file (two connections share it)")
    return Target("sqlite", path, None, f"sqlite:///{path}")


def redact(url: str) -> str:
    """The address with its password (if any) replaced by `***`."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{parts.username or ''}:***@{host}"
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


async def open_store(target: str | Path) -> Store:
    """Connect to the database `target` names (creating a SQLite file and its folder when
    missing). Nothing is migrated here (see `data.migrate`)."""
    where = parse_target(target)
    if where.dialect == "postgresql":
        assert where.dsn is not None
        return await PostgresStore.open(where.dsn, where.url)
    assert where.path is not None
    try:
        return await SqliteStore.open(where.path)
    except OSError as error:
        raise DataError(f"cannot create the database {where.path}: {error}") from None


def driver_error(error: BaseException) -> bool:
    """An error of the database or of the way to it (not of our own code)."""
    return isinstance(
        error,
        sqlite3.Error | asyncpg.PostgresError | asyncpg.InterfaceError | OSError,
    )


def busy(error: BaseException) -> bool:
    """An error that trying again a moment later may not meet (a SQLite file being created
    by another connection)."""
    return locked(error)


def unique_violation(error: BaseException) -> bool:
    """A row refused because its key is taken."""
    if isinstance(error, asyncpg.UniqueViolationError):
        return True
    return isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error)

"""Schema migrations: numbered SQL files in `data/migrations/`, tracked by `PRAGMA user_version`.

File `NNNN_what.sql` takes the schema from version NNNN-1 to NNNN. Each file is applied in one
transaction together with the new `user_version`, so a failure (or a crash) leaves the database
at the previous version, unchanged. The version is read again inside the write transaction, so
two processes opening one file at once migrate it once.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from data.models import DataError

MIGRATIONS = Path(__file__).parent / "migrations"
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class MigrationError(DataError):
    """A migration that could not be applied; the database stays at its previous version."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The file's statements, split where SQLite says a statement is complete (so a `;`
        inside a string or a trigger body does not split one)."""
        found: list[str] = []
        pending = ""
        for line in self.sql.splitlines(keepends=True):
            if not pending and (not line.strip() or line.lstrip().startswith("--")):
                continue
            pending += line
            if sqlite3.complete_statement(pending):
                found.append(pending.strip())
                pending = ""
        if pending.strip():
            raise MigrationError(f"{self.name} ends with an unfinished statement")
        return found


def migrations(folder: Path = MIGRATIONS) -> list[Migration]:
    """Every migration file in order; the numbers must run 1, 2, 3... without a gap."""
    found: list[Migration] = []
    for path in sorted(folder.glob("*.sql")):
        match = _NAME.match(path.name)
        if match is None:
            raise MigrationError(f"migration file {path.name} is not named NNNN_what.sql")
        found.append(Migration(int(match.group(1)), path.name, path.read_text("utf-8")))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise MigrationError(f"migration {expected:04d} is missing (found {migration.name})")
    return found


LATEST = len(migrations())


async def schema_version(connection: aiosqlite.Connection) -> int:
    rows = list(await connection.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def migrate(
    connection: aiosqlite.Connection, target: int | None = None, folder: Path = MIGRATIONS
) -> list[int]:
    """Bring the schema up to `target` (default: the latest) and return the versions applied.

    The connection must be in autocommit mode (`isolation_level=None`): each migration opens
    its own `BEGIN IMMEDIATE` transaction. A database newer than this code is refused.
    """
    known = migrations(folder)
    goal = len(known) if target is None else target
    if not 0 <= goal <= len(known):
        raise MigrationError(f"there is no schema version {goal}")
    current = await schema_version(connection)
    if current > len(known):
        raise MigrationError(
            f"the database is at schema version {current}, newer than this bot ({len(known)})"
        )
    applied: list[int] = []
    for migration in known[current:goal]:
        await connection.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated while we waited for the write lock.
            if await schema_version(connection) >= migration.version:
                await connection.execute("ROLLBACK")
                continue
            for statement in migration.statements():
                await connection.execute(statement)
            await connection.execute(f"PRAGMA user_version = {migration.version}")
        except sqlite3.Error as error:
            await connection.execute("ROLLBACK")
            raise MigrationError(f"migration {migration.name} failed: {error}") from error
        except BaseException:
            await connection.execute("ROLLBACK")
            raise
        await connection.execute("COMMIT")
        applied.append(migration.version)
    return applied

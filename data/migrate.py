"""Schema migrations: numbered SQL files in `data/migrations/`, the same files for SQLite and
PostgreSQL, tracked by `PRAGMA user_version` (SQLite) or the `schema_version` table
(PostgreSQL).

File `NNNN_what.sql` takes the schema from version NNNN-1 to NNNN. It is written for SQLite and
translated for PostgreSQL (`data.sql.postgresql.translate_ddl`); a file that cannot be
translated has a twin `NNNN_what.postgresql.sql`, applied as it is on PostgreSQL instead. Each
migration is applied in one transaction together with the new version, so a failure (or a
crash) leaves the database at the previous version, unchanged. The version is read again inside
the write transaction, after taking the migrations' lock (SQLite: the write lock; PostgreSQL:
an advisory lock), so two processes opening one database at once migrate it once.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from data.models import DataError
from data.sql import Store, driver_error

MIGRATIONS = Path(__file__).parent / "migrations"
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+(\.postgresql)?\.sql$")


class MigrationError(DataError):
    """A migration that could not be applied; the database stays at its previous version."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str
    postgresql: str | None = None  # the twin's text, when the file has one

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
    """Every migration file in order, each with its PostgreSQL twin if it has one; the numbers
    must run 1, 2, 3... without a gap."""
    found: list[Migration] = []
    twins: dict[str, str] = {}
    for path in sorted(folder.glob("*.sql")):
        match = _NAME.match(path.name)
        if match is None:
            raise MigrationError(f"migration file {path.name} is not named NNNN_what.sql")
        if match.group(2):
            twins[path.name.replace(".postgresql.sql", ".sql")] = path.read_text("utf-8")
        else:
            found.append(Migration(int(match.group(1)), path.name, path.read_text("utf-8")))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise MigrationError(f"migration {expected:04d} is missing (found {migration.name})")
    names = {migration.name for migration in found}
    for name in twins:
        if name not in names:
            raise MigrationError(f"{name.replace('.sql', '.postgresql.sql')} twins no migration")
    return [Migration(m.version, m.name, m.sql, twins.get(m.name)) for m in found]


LATEST = len(migrations())


async def schema_version(store: Store) -> int:
    async with store.read() as connection:
        return await connection.schema_version()


async def migrate(store: Store, target: int | None = None, folder: Path = MIGRATIONS) -> list[int]:
    """Bring the schema up to `target` (default: the latest) and return the versions applied.
    A database newer than this code is refused."""
    known = migrations(folder)
    goal = len(known) if target is None else target
    if not 0 <= goal <= len(known):
        raise MigrationError(f"there is no schema version {goal}")
    current = await schema_version(store)
    if current > len(known):
        raise MigrationError(
            f"the database is at schema version {current}, newer than this bot ({len(known)})"
        )
    applied: list[int] = []
    for migration in known[current:goal]:
        try:
            async with store.write() as connection:
                await connection.serialize("schema", "migrations")
                # Another process may have migrated while we waited for the lock.
                if await connection.schema_version() >= migration.version:
                    continue
                twin = migration.postgresql if connection.dialect == "postgresql" else None
                await connection.run_migration(migration.statements(), twin)
                await connection.set_schema_version(migration.version)
        except MigrationError:
            raise
        except DataError as error:
            raise MigrationError(f"migration {migration.name} failed: {error}") from error
        except Exception as error:
            if not driver_error(error):
                raise
            raise MigrationError(f"migration {migration.name} failed: {error}") from error
        applied.append(migration.version)
    return applied

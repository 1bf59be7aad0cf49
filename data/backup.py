"""Backing up a running bot's store, and restoring a backup: `python -m data backup PATH` and
`python -m data restore PATH`.

A SQLite store is backed up with SQLite's online backup (`sqlite3.Connection.backup`): it copies
the database page by page as one consistent snapshot, the commits still in the write-ahead log
included (a plain copy of the file would miss them, or catch a page mid-write), while the bot
goes on reading and writing. The backup is a SQLite file of its own, checked
(`PRAGMA integrity_check`) before it is called done.

A restore puts a backup into a fresh store: a SQLite file that does not exist yet (the same
online backup, the other way), or an empty PostgreSQL database (every row copied by
`data.copy`, as `python -m data copy` does). It refuses a target that holds anything: the
bot's store is never overwritten; stop the bot, move its file away, restore, start it.

A PostgreSQL store is backed up by PostgreSQL's own tool, whose command `pg_dump_command`
prints (`pg_dump` takes a consistent snapshot while the bot runs; `pg_restore` puts it back).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from data.copy import copy_store
from data.models import DataError
from data.sql import parse_target
from data.sql.sqlite import online_backup


class BackupError(DataError):
    """A backup or restore refused before anything was written."""


def backup(database: str | Path, path: Path) -> int:
    """Back the SQLite store `database` up into the new file `path`, while the bot runs;
    the pages copied."""
    source = parse_target(database)
    if source.path is None:
        raise BackupError(
            "the store is PostgreSQL: back it up with pg_dump:\n  " + pg_dump_command(path)
        )
    return online_backup(source.path, path)


async def restore(path: Path, database: str | Path) -> dict[str, int] | int:
    """Put the backup at `path` into the fresh store `database`: a new SQLite file (the pages
    copied) or an empty PostgreSQL database (the rows copied, per table)."""
    if not path.is_file():
        raise BackupError(f"there is no backup at {path}")
    target = parse_target(database)
    if target.path is not None:
        return online_backup(path, target.path)
    with tempfile.TemporaryDirectory() as folder:
        # A copy is read (and brought to the latest schema first): the backup stays as it was.
        copy = Path(folder) / "restoring.sqlite3"
        online_backup(path, copy)
        return await copy_store(copy, database)


def pg_dump_command(path: Path) -> str:
    """The command that backs a PostgreSQL store up (`DATABASE_URL` from the environment),
    and beside it the one that restores it into an empty database."""
    return (
        f'pg_dump --format=custom --file "{path}" "$DATABASE_URL"'
        f'   # restore: pg_restore --no-owner --dbname "$DATABASE_URL" "{path}"'
    )

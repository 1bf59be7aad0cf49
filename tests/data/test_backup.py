"""`python -m data backup` and `restore`: a store backed up while the bot has it open (its last
commits still in the write-ahead log) and restored into a fresh store, SQLite or PostgreSQL,
has every row it had; nothing is ever overwritten."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from data import Database
from data.copy import TABLES
from tests.data.conftest import GUILD, raw_rows, singles
from tests.data.test_copy import counts, everything, populate

ROOT = Path(__file__).resolve().parents[2]


def command(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m data ...`, as an operator runs it."""
    return subprocess.run(
        [sys.executable, "-m", "data", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


async def rows_of(target: str) -> dict[str, list[object]]:
    """Every row of every table, in the order of its key."""
    return {
        table: await raw_rows(target, f"SELECT * FROM {table} ORDER BY {', '.join(key)}")
        for table, key in TABLES.items()
    }


async def test_a_store_backed_up_while_open_is_restored_row_for_row(
    tmp_path: Path, pg_database: str
) -> None:
    live = f"sqlite:///{tmp_path / 'domino.sqlite3'}"
    await populate(live)
    async with await Database.open(live) as db:
        # The bot is running: its latest commits are in the write-ahead log, not the file.
        await db.record_match(singles("just-now", [1, 2], 0, at=5000.0))
        wal = tmp_path / "domino.sqlite3-wal"
        assert wal.is_file() and wal.stat().st_size > 0
        done = command("backup", str(tmp_path / "backup.sqlite3"), "--database", live)
        assert done.returncode == 0, done.stderr
        rows, before = await rows_of(live), await everything(live)
    assert any(
        table == "just-now" for _, table in await raw_rows(live, "SELECT id, table_id FROM matches")
    )

    fresh = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    done = command("restore", str(tmp_path / "backup.sqlite3"), "--database", fresh)
    assert done.returncode == 0, done.stderr
    assert await rows_of(fresh) == rows
    assert await everything(fresh) == before

    done = command("restore", str(tmp_path / "backup.sqlite3"), "--database", pg_database)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].split() == [
        "(all)",
        str(sum((await counts(fresh)).values())),
    ]
    assert await everything(pg_database) == before
    async with await Database.open(pg_database) as db:
        assert (await db.history(GUILD, limit=1))[0].table_id == "just-now"


async def test_nothing_is_overwritten(tmp_path: Path) -> None:
    live = f"sqlite:///{tmp_path / 'domino.sqlite3'}"
    await populate(live)
    taken = tmp_path / "backup.sqlite3"
    assert command("backup", str(taken), "--database", live).returncode == 0
    before = await rows_of(live)
    again = command("backup", str(taken), "--database", live)
    assert again.returncode == 1 and "exists already" in again.stderr
    # Restoring onto the bot's own store is refused: it is never overwritten.
    onto = command("restore", str(taken), "--database", live)
    assert onto.returncode == 1 and onto.stderr.count("\n") == 1
    assert await rows_of(live) == before
    assert await rows_of(f"sqlite:///{taken}") == before


def test_a_postgresql_store_is_pointed_to_pg_dump(tmp_path: Path) -> None:
    done = command("backup", str(tmp_path / "x.dump"), "--database", "postgresql://u@h/db")
    assert done.returncode == 1 and "pg_dump --format=custom" in done.stderr
    assert not (tmp_path / "x.dump").exists()

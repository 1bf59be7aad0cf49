"""Migrations against a real file: from zero, from every earlier version (with data written the
way that version's code wrote it), failures that leave the old version, and newer files."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import aiosqlite
import pytest

from data import Database
from data.migrate import LATEST, MIGRATIONS, MigrationError, migrate, migrations, schema_version
from tests.data.conftest import GUILD, partnership, singles

ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4

# What the version-1 code wrote for: a server with its settings, an open season, a table in
# progress, two rated partnership matches and an unrated two-player match with an AI seat.
VERSION_1_ROWS = [
    "INSERT INTO servers VALUES (1000, 'pt', 90, 0)",
    "INSERT INTO seasons VALUES (1, 1000, 1, 'Spring', 0.0, NULL, NULL)",
    "INSERT INTO live_tables VALUES ('live-1', 1000, 55, 66, 77, '{\"record\": {}}', 5.0)",
    "INSERT INTO matches VALUES (1, 'm1', 1000, 1, 'partnership', 'penalty', '{}', 2, 1, 10.0)",
    "INSERT INTO matches VALUES (2, 'm2', 1000, 1, 'partnership', 'penalty', '{}', 2, 1, 20.0)",
    "INSERT INTO matches VALUES (3, 'm3', 1000, 1, 'two-player', 'reward', '{}', 3, 0, 30.0)",
    """INSERT INTO match_records VALUES (1, '{"variant": "partnership"}')""",
    """INSERT INTO match_records VALUES (2, '{"variant": "partnership"}')""",
    "INSERT INTO match_records VALUES (3, '{}')",
    # m1: Alice and Carol beat Bob and Dave; m2: the other way round.
    *(
        f"INSERT INTO results VALUES ({match}, {seat}, 1000, 1, {user}, 'player {user}',"
        f" {seat % 2}, {points}, {won}, {2 - won})"
        for match, winners in ((1, 0), (2, 1))
        for seat, user in enumerate((ALICE, BOB, CAROL, DAVE))
        for won, points in [((1, 40) if seat % 2 == winners else (0, 100))]
    ),
    "INSERT INTO results VALUES (3, 0, 1000, 1, 1, 'player 1', 0, 100, 1, 1)",
    "INSERT INTO results VALUES (3, 1, 1000, 1, NULL, 'AI', 1, 20, 0, 2)",
    # Version 1 kept standings per player only (these numbers are what it had computed).
    *(
        f"INSERT INTO standings VALUES (1000, {season}, '{variant}', {user}, 'player {user}',"
        f" 25.0, 8.0, 1.0, 2, 1, 0)"
        for season in (0, 1)
        for variant in ("", "partnership")
        for user in (ALICE, BOB, CAROL, DAVE)
    ),
]


async def _schema(path: Path) -> list[tuple[str, str, str]]:
    async with aiosqlite.connect(path) as connection:
        rows = await connection.execute_fetchall(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    return [tuple(row) for row in rows]  # type: ignore[misc]


async def _at_version(path: Path, version: int) -> None:
    """A file at `version` holding the version-1 data (carried up by the real migrations)."""
    async with aiosqlite.connect(path, isolation_level=None) as connection:
        await migrate(connection, min(version, 1))
        if version >= 1:
            for statement in VERSION_1_ROWS:
                await connection.execute(statement)
            await migrate(connection, version)
        assert await schema_version(connection) == version


async def test_a_new_file_gets_every_migration_with_wal_and_foreign_keys(path: Path) -> None:
    database = await Database.open(path)
    await database.close()
    async with aiosqlite.connect(path) as connection:
        assert await schema_version(connection) == LATEST == len(migrations())
        (mode,) = next(iter(await connection.execute_fetchall("PRAGMA journal_mode")))
        assert mode == "wal"
    # foreign keys are on for the database's own connections: a live table needs its server
    database = await Database.open(path)
    try:
        assert (await database._writer.execute_fetchall("PRAGMA foreign_keys")) == [(1,)]
    finally:
        await database.close()


@pytest.mark.parametrize("version", range(LATEST))
async def test_upgrade_from_every_earlier_version_keeps_everything(
    tmp_path: Path, version: int
) -> None:
    old, fresh = tmp_path / "old.sqlite3", tmp_path / "fresh.sqlite3"
    await _at_version(old, version)
    upgraded = await Database.open(old)
    await upgraded.close()
    await (await Database.open(fresh)).close()
    assert await _schema(old) == await _schema(fresh)
    if version == 0:
        return
    # The same history recorded through today's code gives the same standings after the
    # upgrade's rebuild, pairs included.
    async with await Database.open(fresh) as today:
        await today.start_season(GUILD, "Spring", now=0.0)
        await today.record_match(partnership("m1", (ALICE, CAROL), (BOB, DAVE), True, at=10.0))
        await today.record_match(partnership("m2", (ALICE, CAROL), (BOB, DAVE), False, at=20.0))
        await today.record_match(singles("m3", [ALICE, None], 0, [100, 20], at=30.0))
        expected = [
            await today.leaderboard(GUILD, season, variant, kind=kind)
            for season in (None, 1)
            for variant in (None, "partnership")
            for kind in ("players", "pairs")
        ]
    async with await Database.open(old) as database:
        settings = await database.server_settings(GUILD)
        assert (settings.language, settings.turn_seconds) == ("pt", 90)
        assert settings.rated_by_default is False and settings.season_days is None
        (table,) = await database.live_tables()
        assert (table.id, table.thread_id, table.state) == ("live-1", 66, {"record": {}})
        assert [season.name for season in await database.seasons(GUILD)] == ["Spring"]
        assert len(await database.history(GUILD)) == 3
        assert await database.match_record(1) == {"variant": "partnership"}
        found = [
            await database.leaderboard(GUILD, season, variant, kind=kind)
            for season in (None, 1)
            for variant in (None, "partnership")
            for kind in ("players", "pairs")
        ]
        assert found == expected
        assert found[1].total == 2  # the pairs of the old matches were rebuilt
        stats = await database.player_stats(GUILD, ALICE)
        assert (stats.games, stats.wins) == (3, 2)


async def test_version_2_copies_player_standings_and_asks_for_a_rebuild(path: Path) -> None:
    await _at_version(path, 1)
    async with aiosqlite.connect(path, isolation_level=None) as connection:
        assert await migrate(connection, 2) == [2]
        rows = await connection.execute_fetchall(
            "SELECT COUNT(*), MIN(is_pair), MAX(partner_id) FROM standings"
        )
        assert list(rows) == [(16, 0, 0)]
        assert list(await connection.execute_fetchall("SELECT * FROM rebuild_requests")) == [
            (GUILD,)
        ]
    async with await Database.open(path):
        pass
    async with aiosqlite.connect(path) as connection:
        assert list(await connection.execute_fetchall("SELECT * FROM rebuild_requests")) == []


async def test_a_failing_migration_leaves_the_previous_version_untouched(
    tmp_path: Path, path: Path
) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    shutil.copy(MIGRATIONS / "0001_initial.sql", folder)
    (folder / "0002_broken.sql").write_text(
        "CREATE TABLE half_done (id INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
    )
    async with aiosqlite.connect(path, isolation_level=None) as connection:
        with pytest.raises(MigrationError, match=r"0002_broken\.sql failed"):
            await migrate(connection, folder=folder)
        assert await schema_version(connection) == 1
        tables = await connection.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE name = 'half_done'"
        )
        assert list(tables) == []


async def test_a_database_newer_than_the_code_is_refused(path: Path) -> None:
    async with aiosqlite.connect(path) as connection:
        await connection.execute(f"PRAGMA user_version = {LATEST + 1}")
        await connection.commit()
    with pytest.raises(MigrationError, match="newer than this bot"):
        await Database.open(path)


async def test_two_databases_opening_a_new_file_at_once_migrate_it_once(path: Path) -> None:
    first, second = await asyncio.gather(Database.open(path), Database.open(path))
    try:
        assert await schema_version(first._writer) == LATEST
        assert await schema_version(second._writer) == LATEST
    finally:
        await first.close()
        await second.close()


def test_migration_files_are_numbered_without_gaps_and_split_into_statements() -> None:
    found = migrations()
    assert [migration.version for migration in found] == list(range(1, LATEST + 1))
    for migration in found:
        statements = migration.statements()
        assert statements and all(statement.endswith(";") for statement in statements)
    # a semicolon inside a string does not split a statement
    text = json.dumps("a; b")
    sample = type(found[0])(9, "0009_x.sql", f"INSERT INTO t VALUES ('{text}');\nSELECT 1;\n")
    assert len(sample.statements()) == 2

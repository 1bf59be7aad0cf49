"""Migrations against a real SQLite file and a real PostgreSQL, the same files for both: from
zero, from every earlier version (with data written the way that version's code wrote it),
failures that leave the old version, newer databases, concurrent openers, and the PostgreSQL
twin of a migration that cannot be translated."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from data import Database
from data.migrate import LATEST, MIGRATIONS, MigrationError, migrate, migrations, schema_version
from data.ratings import NEWCOMER, rate
from data.sql import Row, open_store
from tests.data.conftest import GUILD, partnership, raw_rows, singles

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


async def _schema(target: str) -> list[Row]:
    """Every table, column, index and constraint, as the database itself describes them."""
    async with await open_store(target) as store, store.read() as connection:
        if connection.dialect == "sqlite":
            return await connection.fetch(
                "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
                " ORDER BY name"
            )
        columns = await connection.fetch(
            "SELECT table_name, column_name, data_type, is_nullable, column_default,"
            " is_identity FROM information_schema.columns"
            " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
        )
        indexes = await connection.fetch(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()"
            " ORDER BY indexname"
        )
        constraints = await connection.fetch(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint"
            " WHERE connamespace = current_schema()::regnamespace ORDER BY conname"
        )
        return columns + indexes + constraints


async def _at_version(target: str, version: int) -> None:
    """A database at `version` holding the version-1 data (carried up by the real
    migrations)."""
    async with await open_store(target) as store:
        await migrate(store, min(version, 1))
        if version >= 1:
            async with store.write() as connection:
                for statement in VERSION_1_ROWS:
                    await connection.execute(statement)
            await migrate(store, version)
        assert await schema_version(store) == version


async def test_a_new_file_gets_every_migration_with_wal_and_foreign_keys(path: Path) -> None:
    database = await Database.open(path)
    await database.close()
    assert await raw_rows(f"sqlite:///{path}", "PRAGMA journal_mode") == [("wal",)]
    # foreign keys are on for the database's own connections: a live table needs its server
    async with await Database.open(path) as database, database._write() as connection:
        assert await connection.fetch("PRAGMA foreign_keys") == [(1,)]
        assert await connection.schema_version() == LATEST == len(migrations())


async def test_a_new_postgresql_database_gets_every_migration_in_its_version_table(
    pg_database: str,
) -> None:
    async with await Database.open(pg_database) as database:
        assert database.dialect == "postgresql"
    assert await raw_rows(pg_database, "SELECT version FROM schema_version") == [(LATEST,)]
    # Discord ids need 64 bits, ratings 8-byte floats, match ids an identity
    types = dict(
        await raw_rows(
            pg_database,
            "SELECT table_name || '.' || column_name, data_type FROM information_schema.columns"
            " WHERE table_name IN ('servers', 'standings', 'matches')",
        )
    )
    assert types["servers.guild_id"] == types["standings.user_id"] == "bigint"
    assert types["standings.mu"] == "double precision"
    identity = await raw_rows(
        pg_database,
        "SELECT table_name FROM information_schema.columns WHERE is_identity = 'YES'"
        " ORDER BY table_name",
    )
    assert identity == [("matches",), ("puzzle_solves",), ("seasons",)]


async def test_ids_beyond_32_bits_and_ratings_keep_every_digit(db: Database) -> None:
    guild, alice, bob = 2**62 + 1, 2**53 + 3, 2**40 + 5
    outcome = await db.record_match(singles("t1", [alice, bob], 0, guild=guild))
    board = await db.leaderboard(guild, None)
    assert [row.user_ids for row in board.rows] == [(alice,), (bob,)]
    change = {c.user_id: c.after for c in outcome.changes}
    assert [row.rating for row in board.rows] == [change[alice], change[bob]]
    (winner,), (loser,) = rate([[NEWCOMER], [NEWCOMER]], [1, 2])
    assert [(r.mu, r.sigma) for r in board.rows] == [  # 8-byte floats: every digit comes back
        (winner.mu, winner.sigma),
        (loser.mu, loser.sigma),
    ]
    assert (await db.history(guild))[0].guild_id == guild


@pytest.mark.parametrize("version", range(LATEST))
async def test_upgrade_from_every_earlier_version_keeps_everything(
    target: str, second_target: str, version: int
) -> None:
    old, fresh = target, second_target
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


async def test_version_2_copies_player_standings_and_asks_for_a_rebuild(target: str) -> None:
    await _at_version(target, 1)
    async with await open_store(target) as store:
        assert await migrate(store, 2) == [2]
    assert await raw_rows(
        target, "SELECT COUNT(*), MIN(is_pair), MAX(partner_id) FROM standings"
    ) == [(16, 0, 0)]
    assert await raw_rows(target, "SELECT * FROM rebuild_requests") == [(GUILD,)]
    async with await Database.open(target):
        pass
    assert await raw_rows(target, "SELECT * FROM rebuild_requests") == []


async def test_a_failing_migration_leaves_the_previous_version_untouched(
    tmp_path: Path, target: str
) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    shutil.copy(MIGRATIONS / "0001_initial.sql", folder)
    (folder / "0002_broken.sql").write_text(
        "CREATE TABLE half_done (id INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
    )
    async with await open_store(target) as store:
        with pytest.raises(MigrationError, match=r"0002_broken\.sql failed"):
            await migrate(store, folder=folder)
        assert await schema_version(store) == 1
        async with store.read() as connection:
            tables = await connection.table_columns()
        assert "servers" in tables and "half_done" not in tables


async def test_a_database_newer_than_the_code_is_refused(target: str) -> None:
    async with await open_store(target) as store, store.write() as connection:
        await connection.set_schema_version(LATEST + 1)
    with pytest.raises(MigrationError, match="newer than this bot"):
        await Database.open(target)


async def test_several_databases_opening_a_new_one_at_once_migrate_it_once(target: str) -> None:
    # Were a migration applied twice, its CREATE TABLE would fail the second time.
    opened = await asyncio.gather(*(Database.open(target) for _ in range(4)))
    try:
        for database in opened:
            assert await schema_version(database._store) == LATEST
    finally:
        for database in opened:
            await database.close()


async def test_a_postgresql_twin_replaces_a_migration_there_only(
    tmp_path: Path, target: str
) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_first.sql").write_text("CREATE TABLE plays (id INTEGER PRIMARY KEY);\n")
    (folder / "0002_second.sql").write_text(
        "CREATE TABLE notes (tile TEXT);\nINSERT OR REPLACE INTO notes VALUES ('6-6');\n"
    )
    (folder / "0002_second.postgresql.sql").write_text(
        "CREATE TABLE notes (tile TEXT, said_by TEXT DEFAULT current_user);\n"
        "INSERT INTO notes (tile) VALUES ('6-6');\n"
    )
    assert [m.postgresql is not None for m in migrations(folder)] == [False, True]
    async with await open_store(target) as store:
        assert await migrate(store, folder=folder) == [1, 2]
        async with store.read() as connection:
            columns = (await connection.table_columns())["notes"]
            tiles = await connection.fetch("SELECT tile FROM notes")
    expected = ["tile"] if store.dialect == "sqlite" else ["tile", "said_by"]
    assert (columns, tiles) == (expected, [("6-6",)])


async def test_a_statement_that_cannot_be_translated_needs_a_twin(
    tmp_path: Path, pg_database: str
) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_first.sql").write_text(
        "CREATE TABLE notes (tile TEXT PRIMARY KEY);\nINSERT OR REPLACE INTO notes VALUES ('1');\n"
    )
    async with await open_store(pg_database) as store:
        with pytest.raises(MigrationError, match=r"0001_first\.sql failed.*postgresql\.sql twin"):
            await migrate(store, folder=folder)
        assert await schema_version(store) == 0


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

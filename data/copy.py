"""Copying a whole store to another database: SQLite to PostgreSQL when a bot grows past one
process, and back. `python -m data copy SOURCE TARGET` runs it.

Every table is copied row for row, ids included, in foreign-key order, into a target that is
empty (its schema is created by opening it), in ONE target transaction: a copy that fails
leaves the target as empty as it was. The source is read in one snapshot, after being brought
to the latest schema (as the bot does when it starts), so both ends have the same tables.
Afterwards the target's automatic ids continue after the copied ones.
"""

from __future__ import annotations

from pathlib import Path

from data.database import Database
from data.models import DataError
from data.sql import Connection, Row

# Every table of the schema, in foreign-key order, with its primary key (the order it is
# read in, a batch at a time). A migration that adds a table adds it here (a test checks).
TABLES: dict[str, tuple[str, ...]] = {
    "servers": ("guild_id",),
    "seasons": ("id",),
    "live_tables": ("id",),
    "table_people": ("table_id", "position"),
    "live_hands": ("table_id", "number"),
    "matches": ("id",),
    "match_records": ("match_id",),
    "results": ("match_id", "seat"),
    "match_reviews": ("match_id", "seat"),
    "standings": ("guild_id", "season_key", "variant_key", "is_pair", "user_id", "partner_id"),
    "rating_changes": ("match_id", "season_key", "variant_key", "user_id"),
    "player_totals": ("guild_id", "user_id", "season_key", "variant_key"),
    "rebuild_requests": ("guild_id",),
    "puzzle_solves": ("id",),
    "guild_languages": ("guild_id",),
    "player_languages": ("user_id",),
    "hands_places": ("user_id",),
    "forced_moves": ("user_id",),
    "outbox": ("table_id", "key"),
    "jobs": ("table_id",),
    "shown": ("table_id", "key"),
    "turn_clocks": ("table_id",),
    "replies": ("table_id",),
    "bot_values": ("name",),
}
AUTO_IDS = ("seasons", "matches", "puzzle_solves")  # tables whose `id` the database gives
BATCH = 2000


class CopyError(DataError):
    """A copy refused before anything was written (the target keeps what it had)."""


async def copy_store(source: str | Path, target: str | Path) -> dict[str, int]:
    """Copy everything from `source` to the empty `target`; returns the rows copied per
    table, in the order copied."""
    reading = await Database.open(source)
    try:
        writing = await Database.open(target)
        try:
            if (reading.dialect, reading.path, reading.url) == (
                writing.dialect,
                writing.path,
                writing.url,
            ):
                raise CopyError("the source and the target are the same database")
            async with reading._read() as source_rows, writing._write() as target_rows:
                columns = await _columns(source_rows, target_rows)
                await _refuse_rows(target_rows, writing.url)
                copied = {
                    table: await _copy_table(source_rows, target_rows, table, columns[table])
                    for table in TABLES
                }
                for table in AUTO_IDS:
                    await target_rows.advance_ids(table)
            return copied
        finally:
            await writing.close()
    finally:
        await reading.close()


async def _columns(source: Connection, target: Connection) -> dict[str, list[str]]:
    """Each table's columns, the same at both ends; refused if either end has a table this
    copy does not know (a newer schema than this code's)."""
    found, wanted = await source.table_columns(), await target.table_columns()
    for tables, end in ((found, "source"), (wanted, "target")):
        unknown = sorted(set(tables) - set(TABLES))
        if unknown:
            raise CopyError(f"the {end} has tables this copy does not know: {', '.join(unknown)}")
    for table in TABLES:
        if sorted(found.get(table, [])) != sorted(wanted.get(table, [])):
            raise CopyError(f"table {table} has other columns in the source and the target")
    return found


async def _refuse_rows(target: Connection, url: str) -> None:
    for table in TABLES:
        if await target.fetch_one(f"SELECT 1 FROM {table} LIMIT 1") is not None:
            raise CopyError(f"the target {url} is not empty (table {table} has rows)")


async def _copy_table(
    source: Connection, target: Connection, table: str, columns: list[str]
) -> int:
    """Copy one table a batch at a time, read in the order of its primary key."""
    key = TABLES[table]
    ordered = ", ".join(key)
    listed = ", ".join(columns)
    at = [columns.index(column) for column in key]
    count = 0
    last: Row | None = None
    while True:
        after = f" WHERE ({ordered}) > ({', '.join('?' for _ in key)})" if last else ""
        rows = await source.fetch(
            f"SELECT {listed} FROM {table}{after} ORDER BY {ordered} LIMIT ?",
            (*(last or ()), BATCH),
        )
        if not rows:
            return count
        await target.insert_rows(table, columns, rows)
        count += len(rows)
        last = tuple(rows[-1][index] for index in at)

"""What processes sharing one store ask of it: who counts against the per-person caps (every
process's tables), the tables of a channel, a table's revision (is this cached copy stale?),
and small values kept for all processes. A second `Database` on the same file is another
process's connection."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from data import Change, Database, LiveTable
from tests.data.conftest import GUILD


def live(table_id: str, people: tuple[int, ...], kind: str = "table", **where: int) -> LiveTable:
    return LiveTable(
        table_id,
        GUILD,
        where.get("channel", 10),
        where.get("thread"),
        None,
        {},
        1.0,
        0,
        people,
        kind,
    )


async def test_open_tables_count_every_process_and_only_their_people(
    db: Database, path: Path
) -> None:
    other = await Database.open(f"sqlite:///{path}")
    try:
        assert await db.commit(Change(live("t1", (1, 2)), None))
        assert await other.commit(Change(live("t2", (2, 12)), None))
        assert await other.commit(Change(live("p1", (2,), "puzzle"), None))
        assert await db.open_tables_of(2, "table") == ["t1", "t2"]
        assert await db.open_tables_of(1, "table") == ["t1"]  # 1 is not 12's prefix
        assert await db.open_tables_of(2, "puzzle") == ["p1"]
        # a finished table counts against nobody
        finished = replace(live("t2", ()), revision=1)
        assert await db.commit(Change(finished, 0))
        assert await other.open_tables_of(2, "table") == ["t1"]
        assert await db.load_table("t1") == live("t1", (1, 2))
    finally:
        await other.close()


async def test_tables_in_a_channel_or_its_threads_and_their_revisions(db: Database) -> None:
    assert await db.commit(Change(live("t1", (1,), channel=10), None))
    assert await db.commit(Change(live("t2", (1,), channel=10, thread=11), None))
    assert await db.commit(Change(live("p1", (1,), "puzzle", channel=10), None))
    assert await db.tables_in_channel(10) == ["t1", "t2"]
    assert await db.tables_in_channel(11) == ["t2"]
    assert await db.tables_in_channel(12) == []
    assert await db.table_revision("t1") == 0
    assert await db.commit(Change(replace(live("t1", (1,)), revision=1), 0))
    assert await db.table_revision("t1") == 1
    assert await db.table_revision("nope") is None


async def test_bot_values_are_kept_for_every_process(db: Database, path: Path) -> None:
    assert await db.bot_value("commands") is None
    await db.set_bot_value("commands", "abc")
    async with await Database.open(path) as other:
        assert await other.bot_value("commands") == "abc"
        await other.set_bot_value("commands", "def")
    assert await db.bot_value("commands") == "def"

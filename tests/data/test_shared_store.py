"""What several processes sharing one store read from it instead of their own memory: who
counts in which unfinished tables (the per-person caps), the tables of a channel (/domino end),
a table's stored revision (is my cached copy current?), and the bot's own values."""

from __future__ import annotations

from dataclasses import replace

import pytest

from data import Change, Database, DataError, LiveTable
from data.migrate import migrate
from data.sql import open_store
from tests.data.conftest import GUILD, raw_rows, singles

ALICE, BOB, CAROL = 1, 2, 3


def table(
    table_id: str,
    people: tuple[int, ...],
    kind: str = "table",
    channel: int = 10,
    thread: int | None = 20,
) -> LiveTable:
    return LiveTable(table_id, GUILD, channel, thread, None, {"id": table_id}, 1.0, 0, people, kind)


async def test_people_and_kind_are_stored_with_the_table(db: Database, other: Database) -> None:
    new = table("t1", (ALICE, BOB, ALICE))  # the host, seated too, is listed as given
    assert await db.commit(Change(new, None))
    assert await other.load_table("t1") == new
    assert await other.live_tables() == [new]
    puzzle = table("p1", (CAROL,), kind="puzzle", thread=None)
    await db.save_live_table(puzzle)
    assert await other.load_table("p1") == replace(puzzle, revision=0)


async def test_the_tables_a_person_counts_in_are_every_processes(
    db: Database, other: Database
) -> None:
    assert await db.commit(Change(table("t2", (ALICE, BOB)), None))
    assert await other.commit(Change(table("t1", (ALICE,)), None))
    assert await other.commit(Change(table("p1", (ALICE,), kind="puzzle"), None))
    assert await db.open_tables_of(ALICE, "table") == ["t1", "t2"]
    assert await other.open_tables_of(BOB, "table") == ["t2"]
    assert await db.open_tables_of(ALICE, "puzzle") == ["p1"]
    assert await db.open_tables_of(CAROL, "table") == []
    # Bob leaves t2; then t2 finishes (its people go) but is kept for its buttons
    t2 = await db.load_table("t2")
    assert t2 is not None
    left = replace(t2, revision=1, people=(ALICE,))
    assert await other.commit(Change(left, 0))
    assert await db.open_tables_of(BOB, "table") == []
    finished = replace(left, revision=2, people=())
    assert await db.commit(Change(finished, 1, finished=singles("t2", [ALICE, None], 0)))
    assert await db.open_tables_of(ALICE, "table") == ["t1"]
    assert await db.load_table("t2") == finished


@pytest.mark.parametrize("how", ["forget_table", "delete_live_table", "record_match"])
async def test_a_table_that_goes_takes_its_people_with_it(db: Database, how: str) -> None:
    assert await db.commit(Change(table("t1", (ALICE, BOB)), None))
    assert await db.commit(Change(table("t2", (BOB,)), None))
    if how == "record_match":
        await db.record_match(singles("t1", [ALICE, BOB], 0))
    else:
        await getattr(db, how)("t1")
    assert await db.open_tables_of(ALICE, "table") == []
    assert await raw_rows(db.url, "SELECT table_id, user_id FROM table_people") == [("t2", BOB)]


async def test_a_conflicting_commit_leaves_the_people_as_they_were(db: Database) -> None:
    assert await db.commit(Change(table("t1", (ALICE,)), None))
    assert await db.commit(Change(table("t1", (BOB,)), None)) is False
    stale = Change(replace(table("t1", (CAROL,)), revision=5), 4)
    assert await db.commit(stale) is False
    assert await db.open_tables_of(ALICE, "table") == ["t1"]
    assert await db.open_tables_of(BOB, "table") == await db.open_tables_of(CAROL, "table") == []


async def test_a_kind_or_people_a_table_cannot_have_are_refused(db: Database) -> None:
    with pytest.raises(DataError, match="table or a puzzle"):
        await db.commit(Change(table("t1", (ALICE,), kind="tournament"), None))
    with pytest.raises(DataError, match="user ids"):
        await db.save_live_table(table("t1", ("alice",)))  # type: ignore[arg-type]
    assert await db.live_tables() == []


async def test_the_tables_of_a_channel_are_found_by_channel_or_thread(db: Database) -> None:
    await db.save_live_table(table("a", (ALICE,), channel=10, thread=None))
    await db.save_live_table(table("b", (BOB,), channel=10, thread=21))
    await db.save_live_table(table("c", (BOB,), channel=11, thread=10))
    await db.save_live_table(table("d", (BOB,), channel=12, thread=22))
    await db.save_live_table(table("p", (CAROL,), kind="puzzle", channel=10, thread=None))
    assert await db.tables_in_channel(10) == ["a", "b", "c"]
    assert await db.tables_in_channel(21) == ["b"]
    assert await db.tables_in_channel(99) == []


async def test_the_stored_revision_is_read_alone(db: Database, other: Database) -> None:
    assert await db.table_revision("t1") is None
    first = table("t1", (ALICE,))
    assert await db.commit(Change(first, None))
    assert await other.table_revision("t1") == 0
    assert await other.commit(Change(replace(first, revision=1), 0))
    assert await db.table_revision("t1") == 1
    await other.forget_table("t1")
    assert await db.table_revision("t1") is None


async def test_the_bots_values_are_shared_and_replaced(db: Database, other: Database) -> None:
    assert await db.bot_value("commands") is None
    await db.set_bot_value("commands", "fingerprint-1")
    await other.set_bot_value("commands", "fingerprint-2")
    await other.set_bot_value("other", "x")
    assert await db.bot_value("commands") == "fingerprint-2"
    assert await db.bot_value("other") == "x"


async def test_the_migration_tells_stored_puzzles_from_tables(target: str) -> None:
    async with await open_store(target) as store:
        await migrate(store, 8)
        async with store.write() as connection:
            await connection.execute("INSERT INTO servers (guild_id) VALUES (1000)")
            stored = [("t1", '{"id":"t1","setup":{}}'), ("p1", '{"kind":"puzzle","id":"p1"}')]
            for name, state in stored:
                await connection.execute(
                    "INSERT INTO live_tables VALUES (?, 1000, 55, NULL, NULL, ?, 1.0, 3)",
                    (name, state),
                )
    async with await Database.open(target) as db:
        kinds = {t.id: (t.kind, t.people, t.revision) for t in await db.live_tables()}
        assert kinds == {"t1": ("table", (), 3), "p1": ("puzzle", (), 3)}
        assert await db.tables_in_channel(55) == ["t1"]

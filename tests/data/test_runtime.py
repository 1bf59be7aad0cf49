"""The table runtime's store, on a real SQLite file and a real PostgreSQL: an action is one
transaction (state, revision, outbox, job, finished match) written only at the revision it
read; outbox items (by whole tables) and jobs are claimed by one claimer at a time, across
connections and processes, until the lease runs out; a newer revision queued meanwhile is
never lost."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

from data import Change, Database, DataError, Job, LiveTable, OutboxItem, Shown
from data.migrate import migrate, schema_version
from data.sql import open_store
from tests.data.conftest import GUILD, raw_execute, raw_rows, singles

LEASE = 30.0


def table(table_id: str = "t1", revision: int = 0, **state: Any) -> LiveTable:
    return LiveTable(table_id, GUILD, 10, 20, 30, dict(state), 1.0 + revision, revision)


def step(
    before: LiveTable,
    *outbox: str,
    job: Job | None = None,
    due_at: float = 0.0,
    **state: Any,
) -> Change:
    """The action that takes `before` to its next revision with `state`."""
    after = replace(before, state=dict(state), revision=before.revision + 1)
    return Change(after, before.revision, outbox, job, due_at=due_at)


def create(new: LiveTable, *outbox: str, job: Job | None = None) -> Change:
    return Change(new, None, outbox, job)


async def rows(db: Database, sql: str) -> list[tuple[Any, ...]]:
    """Raw rows, read through a store of their own (what is really stored; the tests' URLs
    hold no password, so `db.url` is the address itself)."""
    return await raw_rows(db.url, sql)


async def outbox_rows(db: Database) -> list[tuple[Any, ...]]:
    return await rows(
        db,
        "SELECT table_id, key, revision, attempts, due_at, claimed_until FROM outbox"
        " ORDER BY table_id, key",
    )


async def job_rows(db: Database) -> list[tuple[Any, ...]]:
    return await rows(
        db,
        "SELECT table_id, kind, revision, due_at, attempts, claimed_until FROM jobs"
        " ORDER BY table_id",
    )


# -- commits -----------------------------------------------------------------------------------


async def test_a_commit_writes_state_revision_outbox_and_job_together(db: Database) -> None:
    assert await db.commit(create(table(turn=0), "lobby", job=Job("t1", "expire", 0, 500.0)))
    first = await db.load_table("t1")
    assert first == table(turn=0)
    timer = Job("t1", "turn", 1, 60.0)
    assert await db.commit(step(table(turn=0), "board", "hands", job=timer, due_at=5.0, turn=1))
    loaded = await db.load_table("t1")
    assert loaded is not None
    assert (loaded.revision, loaded.state) == (1, {"turn": 1})
    assert await outbox_rows(db) == [
        ("t1", "board", 1, 0, 5.0, 0),
        ("t1", "hands", 1, 0, 5.0, 0),
        ("t1", "lobby", 0, 0, 0.0, 0),
    ]
    assert await job_rows(db) == [("t1", "turn", 1, 60.0, 0, 0)]
    assert [t.revision for t in await db.live_tables()] == [1]
    # no job: the table's job row goes
    assert await db.commit(step(loaded, "board", turn=2))
    assert await job_rows(db) == []
    assert await db.load_table("missing") is None


async def test_a_commit_at_a_stale_revision_writes_nothing(db: Database) -> None:
    assert await db.commit(create(table(turn=0), "board", job=Job("t1", "turn", 0, 60.0)))
    current = table(turn=0)
    assert await db.commit(step(current, "board", job=Job("t1", "turn", 1, 70.0), turn=1))
    before = (await outbox_rows(db), await job_rows(db))
    stale = step(current, "board", "sheet:1", job=Job("t1", "ai", 1, 1.0), due_at=9.0, turn=99)
    assert await db.commit(stale) is False
    loaded = await db.load_table("t1")
    assert loaded is not None and (loaded.revision, loaded.state) == (1, {"turn": 1})
    assert (await outbox_rows(db), await job_rows(db)) == before


async def test_a_commit_to_a_table_that_is_gone_conflicts(db: Database) -> None:
    assert await db.commit(create(table(turn=0)))
    await db.forget_table("t1")
    assert await db.commit(step(table(turn=0), "board", turn=1)) is False
    assert await db.load_table("t1") is None
    assert await outbox_rows(db) == []


async def test_a_new_tables_second_insert_conflicts(db: Database) -> None:
    assert await db.commit(create(table(host=1), "lobby"))
    assert await db.commit(create(table(host=2), "lobby", "board")) is False
    loaded = await db.load_table("t1")
    assert loaded is not None and loaded.state == {"host": 1}
    assert await outbox_rows(db) == [("t1", "lobby", 0, 0, 0.0, 0)]


async def test_two_concurrent_commits_at_one_revision_one_wins(
    db: Database, other: Database
) -> None:
    assert await db.commit(create(table(turn=0)))
    base = table(turn=0)
    # two tasks of one process, then two processes
    results = await asyncio.gather(
        db.commit(step(base, "board", turn="a")), db.commit(step(base, "hands", turn="b"))
    )
    assert sorted(results) == [False, True]
    first = await db.load_table("t1")
    assert first is not None and first.revision == 1
    assert first.state == {"turn": "a" if results[0] else "b"}
    assert [key for _, key, *_ in await outbox_rows(db)] == ["board" if results[0] else "hands"]
    results = await asyncio.gather(
        db.commit(step(first, "board", turn="c")), other.commit(step(first, "board", turn="d"))
    )
    assert sorted(results) == [False, True]
    loaded = await other.load_table("t1")
    assert loaded is not None and loaded.revision == 2
    assert loaded.state == {"turn": "c" if results[0] else "d"}


async def test_a_state_that_is_not_json_writes_nothing(db: Database) -> None:
    assert await db.commit(create(table(turn=0), "board"))
    with pytest.raises(DataError, match="not JSON"):
        await db.commit(step(table(turn=0), "hands", job=Job("t1", "ai", 1, 1.0), turn=object()))
    loaded = await db.load_table("t1")
    assert loaded is not None and loaded.revision == 0
    assert await outbox_rows(db) == [("t1", "board", 0, 0, 0.0, 0)]
    assert await job_rows(db) == []


async def test_revisions_that_do_not_follow_are_refused(db: Database) -> None:
    with pytest.raises(DataError, match="does not follow"):
        await db.commit(Change(table(revision=1), None))
    with pytest.raises(DataError, match="does not follow"):
        await db.commit(Change(table(revision=3), 1))
    with pytest.raises(DataError, match="table t2's"):
        await db.commit(Change(table(), None, job=Job("t2", "turn", 0, 1.0)))
    assert await db.live_tables() == []


async def test_a_finished_match_is_recorded_in_the_commit_and_the_table_kept(
    db: Database,
) -> None:
    assert await db.commit(create(table(turn=0)))
    match = singles("t1", [1, 2], 0)
    done = replace(step(table(turn=0), "board", "sheet:1", turn="over"), finished=match)
    assert await db.commit(done)
    loaded = await db.load_table("t1")
    assert loaded is not None and (loaded.revision, loaded.state) == (1, {"turn": "over"})
    assert [m.table_id for m in await db.history(GUILD)] == ["t1"]
    # recorded once per table: a later commit carrying it again records nothing more
    assert loaded is not None
    assert await db.commit(replace(step(loaded, "board", turn="rematch?"), finished=match))
    assert len(await db.history(GUILD)) == 1


async def test_a_finished_match_the_recording_refuses_leaves_no_trace(db: Database) -> None:
    assert await db.commit(create(table(turn=0), "board"))
    refused = singles("t1", [1, 2], 0, variant="no-such-game")
    with pytest.raises(DataError):
        await db.commit(replace(step(table(turn=0), "sheet:1", turn="over"), finished=refused))
    loaded = await db.load_table("t1")
    assert loaded is not None and loaded.revision == 0
    assert await outbox_rows(db) == [("t1", "board", 0, 0, 0.0, 0)]
    assert await db.history(GUILD) == []


async def test_a_failure_inside_the_transaction_rolls_back_the_table_too(db: Database) -> None:
    assert await db.commit(create(table(turn=0)))
    if db.dialect == "sqlite":
        await raw_execute(
            db.url,
            "CREATE TRIGGER boom BEFORE INSERT ON outbox WHEN NEW.key = 'boom'"
            " BEGIN SELECT RAISE(ABORT, 'boom refused'); END",
        )
    else:
        await raw_execute(
            db.url,
            "CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS"
            " $$ BEGIN RAISE EXCEPTION 'boom refused'; END $$",
            "CREATE TRIGGER boom BEFORE INSERT ON outbox FOR EACH ROW"
            " WHEN (NEW.key = 'boom') EXECUTE FUNCTION boom()",
        )
    with pytest.raises(Exception, match="boom refused"):
        await db.commit(step(table(turn=0), "board", "boom", job=Job("t1", "ai", 1, 1.0), turn=1))
    loaded = await db.load_table("t1")
    assert loaded is not None and (loaded.revision, loaded.state) == (0, {"turn": 0})
    assert (await outbox_rows(db), await job_rows(db)) == ([], [])
    assert await db.commit(step(table(turn=0), "board", turn=1))  # the writer is usable again


# -- outbox ------------------------------------------------------------------------------------


async def test_the_outbox_keeps_one_row_per_key_at_the_newest_revision(db: Database) -> None:
    current = table(turn=0)
    assert await db.commit(create(current, "board"))
    for turn in range(1, 4):
        change = step(current, "board", "board", due_at=float(turn), turn=turn)
        assert await db.commit(change)
        current = change.table
    assert await outbox_rows(db) == [("t1", "board", 3, 0, 3.0, 0)]


async def test_an_upsert_keeps_a_claim_in_progress_and_resets_attempts(db: Database) -> None:
    assert await db.commit(create(table(turn=0), "board"))
    (item,) = await db.claim_outbox(now=10.0, lease=LEASE)
    await db.outbox_later(item, due_at=11.0)
    (item,) = await db.claim_outbox(now=11.0, lease=LEASE)
    assert item.attempts == 1
    assert await db.commit(step(table(turn=0), "board", due_at=12.0, turn=1))
    assert await outbox_rows(db) == [("t1", "board", 1, 0, 12.0, 11.0 + LEASE)]
    assert await db.claim_outbox(now=12.0, lease=LEASE) == []  # still the first claimer's


async def test_claims_take_whole_tables_oldest_due_first_each_to_one_claimer(
    db: Database, other: Database
) -> None:
    for number in range(30):
        new = table(f"t{number:02d}")
        assert await db.commit(Change(new, None, ("hands", "board"), due_at=float(30 - number)))
    assert await db.claim_outbox(now=0.5, lease=LEASE) == []  # nothing due yet
    first = await db.claim_outbox(now=100.0, lease=LEASE, limit=2)
    assert [(i.table_id, i.key) for i in first] == [
        ("t29", "board"),
        ("t29", "hands"),
        ("t28", "board"),
        ("t28", "hands"),
    ]
    assert first[0] == OutboxItem("t29", "board", 0, 0, 1.0)
    # concurrent claimers, in one process and in another, never share a table
    batches = await asyncio.gather(
        *((db if n % 2 else other).claim_outbox(now=100.0, lease=LEASE, limit=3) for n in range(12))
    )
    claimed = [(i.table_id, i.key) for batch in [first, *batches] for i in batch]
    assert len(claimed) == len(set(claimed)) == 60
    tables = [sorted({i.table_id for i in batch}) for batch in [first, *batches]]
    assert sum(len(found) for found in tables) == 30
    assert all(len([i for i in claimed if i[0] == t]) == 2 for found in tables for t in found)
    assert await db.claim_outbox(now=100.0 + LEASE - 1, lease=LEASE) == []


async def test_a_table_one_claimer_is_showing_is_nobody_elses(
    db: Database, other: Database
) -> None:
    assert await db.commit(create(table(turn=0), "thread", "board"))
    assert await db.commit(Change(table("t2"), None, ("board",), due_at=20.0))
    assert await db.commit(step(table("t2"), "sheet:1", due_at=100.0))
    shown = await db.claim_outbox(now=10.0, lease=LEASE)
    assert [(i.key, i.revision) for i in shown] == [("board", 0), ("thread", 0)]
    # a newer action queues the hands (and the board again) while the first claimer shows
    assert await db.commit(step(table(turn=0), "hands", "board", due_at=11.0, turn=1))
    assert await other.claim_outbox(now=12.0, lease=LEASE) == []
    await db.outbox_done(shown[1])  # the thread is shown; the board (revision 0) still is not
    assert await other.claim_outbox(now=13.0, lease=LEASE) == []
    await db.outbox_done(shown[0])  # revision 1 was queued meanwhile: released, not deleted
    again = await other.claim_outbox(now=14.0, lease=LEASE)
    assert [(i.table_id, i.key, i.revision) for i in again] == [
        ("t1", "board", 1),
        ("t1", "hands", 1),
    ]
    # an item not due yet is not claimed, and does not hold its table's due items back
    later = await other.claim_outbox(now=20.0, lease=LEASE)
    assert [(i.table_id, i.key) for i in later] == [("t2", "board")]


async def test_a_lease_that_runs_out_makes_the_item_claimable_again(
    db: Database, other: Database
) -> None:
    assert await db.commit(create(table(), "board"))
    (item,) = await db.claim_outbox(now=10.0, lease=LEASE)
    assert await other.claim_outbox(now=10.0 + LEASE - 0.1, lease=LEASE) == []
    assert await other.claim_outbox(now=10.0 + LEASE, lease=LEASE) == [item]


async def test_outbox_done_deletes_only_the_revision_shown(db: Database) -> None:
    assert await db.commit(create(table(turn=0), "board", "hands"))
    board, hands = await db.claim_outbox(now=10.0, lease=LEASE)
    # a newer action queues the board again while revision 0 is being shown
    assert await db.commit(step(table(turn=0), "board", due_at=10.0, turn=1))
    await db.outbox_done(board)
    await db.outbox_done(hands)
    assert await outbox_rows(db) == [("t1", "board", 1, 0, 10.0, 0)]
    (again,) = await db.claim_outbox(now=10.0, lease=LEASE)
    assert again == OutboxItem("t1", "board", 1, 0, 10.0)
    await db.outbox_done(again)
    assert await outbox_rows(db) == []


async def test_outbox_later_counts_attempts_unless_a_newer_revision_came(db: Database) -> None:
    assert await db.commit(create(table(turn=0), "board", "hands"))
    board, hands = await db.claim_outbox(now=10.0, lease=LEASE)
    await db.outbox_later(hands, due_at=20.0)
    assert await db.commit(step(table(turn=0), "board", due_at=11.0, turn=1))
    await db.outbox_later(board, due_at=50.0)  # revision 0 failed, but 1 is due at 11
    assert await outbox_rows(db) == [
        ("t1", "board", 1, 0, 11.0, 0),
        ("t1", "hands", 0, 1, 20.0, 0),
    ]
    assert await db.claim_outbox(now=19.0, lease=LEASE) == [OutboxItem("t1", "board", 1, 0, 11.0)]


# -- jobs --------------------------------------------------------------------------------------


async def test_each_job_goes_to_one_claimer_until_its_lease_runs_out(
    db: Database, other: Database
) -> None:
    for number in range(20):
        job = Job(f"t{number:02d}", "turn", 0, float(number))
        assert await db.commit(create(table(f"t{number:02d}"), job=job))
    assert await db.claim_jobs(now=-1.0, lease=LEASE) == []
    batches = await asyncio.gather(
        *((db if n % 2 else other).claim_jobs(now=50.0, lease=LEASE, limit=3) for n in range(8))
    )
    claimed = [job.table_id for batch in batches for job in batch]
    assert sorted(claimed) == [f"t{n:02d}" for n in range(20)]
    assert await db.claim_jobs(now=50.0 + LEASE - 0.1, lease=LEASE) == []
    expired = await other.claim_jobs(now=50.0 + LEASE, lease=LEASE, limit=2)
    assert expired == [Job("t00", "turn", 0, 0.0), Job("t01", "turn", 0, 1.0)]


async def test_job_done_leaves_a_job_a_commit_set_meanwhile(db: Database) -> None:
    assert await db.commit(create(table("a"), job=Job("a", "ai", 0, 1.0)))
    assert await db.commit(create(table("b"), job=Job("b", "ai", 0, 1.0)))
    ai_a, ai_b = await db.claim_jobs(now=1.0, lease=LEASE)
    # table a moved on while its AI was thinking: its next job is a turn timer
    assert await db.commit(step(table("a"), "board", job=Job("a", "turn", 1, 60.0)))
    await db.job_done(ai_a)
    await db.job_done(ai_b)
    assert await job_rows(db) == [("a", "turn", 1, 60.0, 0, 0)]


async def test_job_later_retries_only_the_same_job(db: Database) -> None:
    assert await db.commit(create(table("a"), job=Job("a", "ai", 0, 1.0)))
    assert await db.commit(create(table("b"), job=Job("b", "ai", 0, 1.0)))
    ai_a, ai_b = await db.claim_jobs(now=1.0, lease=LEASE)
    await db.job_later(ai_b, due_at=5.0)
    assert await db.commit(step(table("a"), job=Job("a", "ai", 1, 2.0)))
    await db.job_later(ai_a, due_at=9.0)  # stale: the new job stays as set
    assert await job_rows(db) == [("a", "ai", 1, 2.0, 0, 0), ("b", "ai", 0, 5.0, 1, 0)]
    assert await db.claim_jobs(now=5.0, lease=LEASE) == [
        Job("a", "ai", 1, 2.0),
        Job("b", "ai", 0, 5.0, 1),
    ]


async def test_setting_the_same_job_again_keeps_its_claim(db: Database) -> None:
    timer = Job("t1", "turn", 0, 60.0)
    assert await db.commit(create(table(turn=0), job=timer))
    (claimed,) = await db.claim_jobs(now=60.0, lease=LEASE)
    assert await db.commit(step(table(turn=0), "board", job=timer, turn=0))
    assert await db.claim_jobs(now=61.0, lease=LEASE) == []  # not run twice
    await db.job_done(claimed)
    assert await job_rows(db) == []


# -- next due, shown messages, forgetting ------------------------------------------------------


async def test_next_due_is_the_earliest_due_or_lease_end(db: Database) -> None:
    assert await db.next_due() is None
    assert await db.commit(create(table("a"), job=Job("a", "turn", 0, 40.0)))
    assert await db.next_due() == 40.0
    assert await db.commit(Change(table("b"), None, ("board",), due_at=25.0))
    assert await db.next_due() == 25.0
    await db.claim_outbox(now=30.0, lease=LEASE)  # b's board: busy until 60
    assert await db.next_due() == 40.0
    await db.claim_jobs(now=45.0, lease=LEASE)  # a's timer: busy until 75
    assert await db.next_due() == 60.0
    await db.forget_table("b")
    assert await db.next_due() == 75.0


async def test_shown_messages_are_upserted_per_key(db: Database) -> None:
    assert await db.shown("t1") == {}
    await db.save_shown(Shown("t1", "board", 5, 50, "digest-0"))
    await db.save_shown(Shown("t1", "hand:2", 6, 60, "h-0"))
    await db.save_shown(Shown("t1", "board", 5, 51, "digest-1"))
    await db.save_shown(Shown("t2", "board", 7, 70, "x"))
    assert await db.shown("t1") == {
        "board": Shown("t1", "board", 5, 51, "digest-1"),
        "hand:2": Shown("t1", "hand:2", 6, 60, "h-0"),
    }


@pytest.mark.parametrize("how", ["forget_table", "delete_live_table"])
async def test_forgetting_a_table_removes_everything_of_it(db: Database, how: str) -> None:
    for name in ("t1", "t2"):
        assert await db.commit(create(table(name), "board", job=Job(name, "turn", 0, 9.0)))
        await db.save_shown(Shown(name, "board", 5, 50, "d"))
    await getattr(db, how)("t1")
    assert await db.load_table("t1") is None
    assert await db.shown("t1") == {}
    assert [row[0] for row in await outbox_rows(db)] == ["t2"]
    assert [row[0] for row in await job_rows(db)] == ["t2"]
    assert await db.shown("t2") != {} and await db.load_table("t2") is not None


async def test_save_live_table_makes_older_copies_stale(db: Database) -> None:
    assert await db.commit(create(table(turn=0)))
    await db.save_live_table(table(turn="saved the old way"))
    assert await db.commit(step(table(turn=0), turn=1)) is False
    loaded = await db.load_table("t1")
    assert loaded is not None and (loaded.revision, loaded.state["turn"]) == (
        1,
        "saved the old way",
    )


async def test_record_match_keeping_the_table_raises_its_revision(db: Database) -> None:
    assert await db.commit(create(table(turn=0)))
    await db.record_match(singles("t1", [1, 2], 0), keep=table(turn="over"))
    loaded = await db.load_table("t1")
    assert loaded is not None and (loaded.revision, loaded.state) == (1, {"turn": "over"})


# -- migration ---------------------------------------------------------------------------------


async def test_the_migration_gives_existing_tables_revision_0(target: str) -> None:
    async with await open_store(target) as store:
        await migrate(store, 6)
        async with store.write() as connection:
            await connection.execute("INSERT INTO servers (guild_id) VALUES (1000)")
            for name, updated_at in (("old-1", 5.0), ("old-2", 6.0)):
                await connection.execute(
                    "INSERT INTO live_tables VALUES (?, 1000, 55, 66, 77, '{\"turn\": 3}', ?)",
                    (name, updated_at),
                )
        assert await schema_version(store) == 6
    async with await Database.open(target) as db:
        tables = await db.live_tables()
        assert [(t.id, t.revision, t.state) for t in tables] == [
            ("old-1", 0, {"turn": 3}),
            ("old-2", 0, {"turn": 3}),
        ]
        assert await db.commit(step(tables[0], "board", job=Job("old-1", "turn", 1, 9.0), turn=4))
        assert await db.next_due() == 0.0


async def test_sqlite_runs_each_runtime_transaction_in_one_hand_off(
    path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under load every statement handed to SQLite's thread was a queue, a wake-up and a
    future: an action's commit, a claim and a delivery are each one hand-off."""
    import aiosqlite

    handed: list[str] = []
    real = aiosqlite.Connection._execute

    async def counted(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        handed.append(getattr(fn, "__name__", repr(fn)))
        return await real(self, fn, *args, **kwargs)

    async with await Database.open(path) as db:
        monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
        first = table()
        job = Job(first.id, "ai", 0, 5.0)
        for action in (
            db.commit(create(first, "board", "hands", job=job)),
            db.claim_outbox(10.0, LEASE),
            db.save_shown(Shown(first.id, "board", 10, 11, "x")),
            db.outbox_done(OutboxItem(first.id, "board", 0, 0, 0.0)),
            db.commit(step(first, "board", job=replace(job, revision=1), moved=True)),
        ):
            handed.clear()
            await action
            assert len(handed) == 1, handed


async def test_a_transaction_body_that_waits_for_anything_else_is_refused_and_rolled_back(
    path: Any,
) -> None:
    async with await Database.open(path) as db:
        store = db._store

        async def waits(connection: Any) -> None:
            await connection.execute(
                "INSERT INTO bot_values (name, value) VALUES (?, ?)", ("k", "v")
            )
            await asyncio.sleep(0)  # not its connection: it would hold the writer's thread

        with pytest.raises(RuntimeError, match="other than its connection"):
            await store.writing(waits)
        assert await db.bot_value("k") is None


# -- a commit that claims what it queued; the end of a round of showing -----------------------


async def test_a_commit_claims_what_it_queued_when_nobody_shows_the_table(
    db: Database, other: Database
) -> None:
    assert await db.commit(create(table(turn=0)))
    taken = await db.commit_and_take(
        step(table(turn=0), "hands", "board", due_at=5.0, turn=1), now=5.0, lease=LEASE
    )
    assert taken == [OutboxItem("t1", "board", 1, 0, 5.0), OutboxItem("t1", "hands", 1, 0, 5.0)]
    assert [row[5] for row in await outbox_rows(db)] == [5.0 + LEASE] * 2
    # Nobody else claims the table meanwhile, in this process or another.
    assert await other.claim_outbox(6.0, LEASE) == []
    assert await db.claim_outbox(6.0, LEASE) == []


async def test_a_commit_leaves_a_table_being_shown_to_whoever_shows_it(
    db: Database, other: Database
) -> None:
    assert await db.commit(create(table(turn=0), "board"))
    shown_by_other = await other.claim_outbox(1.0, LEASE)
    assert [item.key for item in shown_by_other] == ["board"]
    taken = await db.commit_and_take(
        step(table(turn=0), "board", "hands", due_at=2.0, turn=1), now=2.0, lease=LEASE
    )
    assert taken == []
    # The other claimer's round ends: it takes what was queued meanwhile, the board at the
    # newer revision included, and no item is left to anyone else.
    more = await other.delivered("t1", shown_by_other, [], [], 3.0, LEASE)
    assert [(item.key, item.revision) for item in more] == [("board", 1), ("hands", 1)]
    assert await db.claim_outbox(4.0, LEASE) == []


async def test_a_commit_takes_nothing_that_is_not_due(db: Database) -> None:
    assert await db.commit(create(table(turn=0)))
    later = step(table(turn=0), "puzzle", due_at=50.0, turn=1)
    assert await db.commit_and_take(later, now=10.0, lease=LEASE) == []
    assert [row[5] for row in await outbox_rows(db)] == [0]
    assert await db.commit_and_take(step(table(turn=0), "board"), now=0.0, lease=LEASE) is None


async def test_the_end_of_a_round_stores_it_all_in_one_transaction(db: Database) -> None:
    assert await db.commit(create(table(turn=0)))
    first = step(table(turn=0), "board", "hands", "sheet:0", due_at=1.0, turn=1)
    items = await db.commit_and_take(first, now=1.0, lease=LEASE)
    assert items is not None and len(items) == 3
    board, hands, sheet = sorted(items, key=lambda item: item.key)
    # Meanwhile the next move queues the board again.
    second = step(replace(table(turn=1), revision=1), "board", due_at=2.0, turn=2)
    assert await db.commit_and_take(second, now=2.0, lease=LEASE) == []
    shown = [Shown("t1", "board", 10, 11, "b"), Shown("t1", "hand:0", 12, 13, "h")]
    more = await db.delivered("t1", [board, hands], [(sheet, 40.0)], shown, 3.0, LEASE)
    # The board at its newer revision is the caller's to show next; the hands are done; the
    # sheet that failed waits until 40, unclaimed.
    assert more == [OutboxItem("t1", "board", 2, 0, 2.0)]
    assert await outbox_rows(db) == [
        ("t1", "board", 2, 0, 2.0, 3.0 + LEASE),
        ("t1", "sheet:0", 1, 1, 40.0, 0),
    ]
    assert await db.shown("t1") == {row.key: row for row in shown}
    assert await db.delivered("t1", more, [], [], 4.0, LEASE) == []
    assert await outbox_rows(db) == [("t1", "sheet:0", 1, 1, 40.0, 0)]
    assert [item.key for item in await db.claim_outbox(41.0, LEASE)] == ["sheet:0"]

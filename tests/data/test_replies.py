"""A friends' table's latest interaction token, on a real SQLite file and a real PostgreSQL: the
newest click's token is kept whichever is stored last, and it goes with the table."""

from __future__ import annotations

from data import Database, LiveTable, Reply
from tests.data.conftest import GUILD


def table(table_id: str = "t1") -> LiveTable:
    return LiveTable(table_id, GUILD, 10, 20, None, {"version": 1}, 1.0, 0)


async def test_the_newest_token_is_kept_and_goes_with_its_table(db: Database) -> None:
    await db.save_live_table(table())
    first, newer = Reply("t1", "first", 70, 100.0), Reply("t1", "newer", 70, 200.0)
    assert await db.keep_reply(first)
    assert await db.keep_reply(newer)
    # A click answered earlier whose token is stored last does not replace the newer one.
    assert not await db.keep_reply(first)
    assert await db.reply("t1") == newer
    await db.forget_table("t1")
    assert await db.reply("t1") is None
    # A token of a table no longer stored is not kept.
    assert not await db.keep_reply(Reply("t1", "late", 70, 300.0))
    assert await db.reply("t1") is None

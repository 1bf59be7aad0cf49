"""The reviews of finished matches are kept once per match and seat: the first one stored
stays (two processes that computed the same review at once show the same one), they survive
reopening the store, and a table's Review button finds its match by the table's id."""

from __future__ import annotations

import asyncio

import pytest

from data import Database, DataError
from tests.data.conftest import singles

ALICE, BOB = 11, 22


def review(loss: float) -> dict[str, object]:
    """A review as the engine writes it (the data layer never reads inside it)."""
    decision = {"hand": 0, "turn": 3, "played": {"seat": 0, "play": "6-4"}, "loss": loss}
    return {"variant": "two-player", "seat": 0, "decisions": [decision]}


async def test_a_review_is_stored_once_and_read_back(db: Database, target: str) -> None:
    outcome = await db.record_match(singles("t1", [ALICE, BOB], 0))
    assert await db.match_review(outcome.match_id, 0) is None
    stored = await db.save_match_review(outcome.match_id, 0, review(12.5), now=5.0)
    assert stored == review(12.5)
    # A second computation of the same review keeps the first one stored.
    assert await db.save_match_review(outcome.match_id, 0, review(3.0), now=6.0) == review(12.5)
    assert await db.match_review(outcome.match_id, 1) is None  # each seat has its own
    async with await Database.open(target) as reopened:
        assert await reopened.match_review(outcome.match_id, 0) == review(12.5)


async def test_two_processes_saving_the_same_review_at_once_show_the_same_one(
    db: Database, other: Database
) -> None:
    outcome = await db.record_match(singles("t1", [ALICE, BOB], 1))
    first, second = await asyncio.gather(
        db.save_match_review(outcome.match_id, 1, review(1.0), now=5.0),
        other.save_match_review(outcome.match_id, 1, review(2.0), now=5.0),
    )
    assert first == second in (review(1.0), review(2.0))
    assert await db.match_review(outcome.match_id, 1) == first


async def test_a_tables_match_is_found_by_the_tables_id(db: Database) -> None:
    outcome = await db.record_match(singles("t7", [ALICE, BOB], 0))
    assert await db.match_of_table("t7") == outcome.match_id
    assert await db.match_of_table("never-finished") is None


async def test_a_review_that_is_not_a_json_object_is_refused(db: Database) -> None:
    outcome = await db.record_match(singles("t1", [ALICE, BOB], 0))
    with pytest.raises(DataError):
        await db.save_match_review(outcome.match_id, 0, ["not", "an", "object"], now=1.0)  # type: ignore[arg-type]
    with pytest.raises(DataError):
        await db.save_match_review(outcome.match_id, 0, {"loss": float("nan") * 0j}, now=1.0)
    assert await db.match_review(outcome.match_id, 0) is None

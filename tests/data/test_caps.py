"""The per-person caps are counted in the transaction that places the person: bursts of new
tables and of seats taken, from two `Database` instances on one store (two processes of the
bot), never give anyone more open places than their cap, and a refusal writes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any

import pytest

from data import Cap, Change, Database, DataError, LiveTable, OverCap
from tests.data.conftest import GUILD

ALICE, BOB, CAROL = 1, 2, 3
MOST = 3


def table(table_id: str, people: tuple[int, ...], kind: str = "table") -> LiveTable:
    return LiveTable(table_id, GUILD, 10, None, None, {"id": table_id}, 1.0, 0, people, kind)


async def placed(attempts: list[Coroutine[Any, Any, bool]]) -> list[bool | BaseException]:
    """Every attempt at once: True where written, the refusal where refused."""
    return list(await asyncio.gather(*attempts, return_exceptions=True))


async def test_a_burst_of_new_tables_from_two_processes_stops_at_the_cap(
    db: Database, other: Database
) -> None:
    burst = [
        (db if number % 2 else other).commit(
            Change(table(f"t{number}", (ALICE,)), None, caps=(Cap(ALICE, MOST),))
        )
        for number in range(7)
    ]
    outcomes = await placed(burst)
    assert outcomes.count(True) == MOST
    refused = [outcome for outcome in outcomes if outcome is not True]
    assert len(refused) == 7 - MOST
    assert all(isinstance(r, OverCap) and (r.user_id, r.most) == (ALICE, MOST) for r in refused)
    opened = await db.open_tables_of(ALICE, "table")
    assert len(opened) == MOST
    # a refused table left nothing at all: no row, no job, no outbox item
    assert len(await other.live_tables()) == MOST


async def test_a_burst_of_joins_seats_one_person_at_no_more_tables_than_the_cap(
    db: Database, other: Database
) -> None:
    lobbies = [table(f"t{number}", (BOB,)) for number in range(10)]
    for lobby in lobbies:
        assert await db.commit(Change(lobby, None, caps=(Cap(BOB, 10),)))
    joins = [
        (db if number % 2 else other).commit(
            Change(
                replace(lobby, revision=1, people=(BOB, ALICE)),
                0,
                ("lobby",),
                caps=(Cap(ALICE, MOST),),
            )
        )
        for number, lobby in enumerate(lobbies)
    ]
    outcomes = await placed(joins)
    assert outcomes.count(True) == MOST
    assert all(isinstance(outcome, OverCap) for outcome in outcomes if outcome is not True)
    assert len(await other.open_tables_of(ALICE, "table")) == MOST
    assert len(await other.open_tables_of(BOB, "table")) == 10
    for lobby in lobbies:  # a refused join left its lobby at the revision it was
        stored = await db.load_table(lobby.id)
        assert stored is not None
        assert (stored.revision, ALICE in stored.people) in ((0, False), (1, True))


async def test_only_open_places_of_the_same_kind_count(db: Database) -> None:
    for number in range(MOST):
        await db.commit(Change(table(f"t{number}", (ALICE,)), None, caps=(Cap(ALICE, MOST),)))
    # a puzzle is not a table: counted against the puzzles' cap only
    puzzle = table("p1", (ALICE,), kind="puzzle")
    assert await db.commit(Change(puzzle, None, caps=(Cap(ALICE, 1),)))
    with pytest.raises(OverCap):
        await db.commit(Change(table("p2", (ALICE,), "puzzle"), None, caps=(Cap(ALICE, 1),)))
    with pytest.raises(OverCap):
        await db.commit(Change(table("t9", (ALICE,)), None, caps=(Cap(ALICE, MOST),)))
    # a table that is over counts for nobody: its place is free again
    over = await db.load_table("t0")
    assert over is not None
    assert await db.commit(Change(replace(over, revision=1, people=()), 0))
    assert await db.commit(Change(table("t9", (ALICE,)), None, caps=(Cap(ALICE, MOST),)))
    assert await db.open_tables_of(ALICE, "table") == ["t1", "t2", "t9"]


async def test_a_change_checks_only_the_people_it_newly_places(db: Database) -> None:
    for number in range(MOST):
        await db.commit(Change(table(f"t{number}", (ALICE,)), None, caps=(Cap(ALICE, MOST),)))
    # Alice, at her cap, goes on at her tables (a move: nobody new); Bob joins her table
    t0 = await db.load_table("t0")
    assert t0 is not None
    assert await db.commit(Change(replace(t0, revision=1, state={"moved": 1}), 0))
    joined = replace(t0, revision=2, people=(ALICE, BOB))
    assert await db.commit(Change(joined, 1, caps=(Cap(BOB, MOST),)))
    with pytest.raises(DataError):  # a cap for somebody the change does not place there
        await db.commit(Change(replace(joined, revision=3), 2, caps=(Cap(CAROL, MOST),)))

"""A long match on a real store: every action is committed, the table read back at any hand is
the table that was stored, and what an action writes does not grow with the match (finished
hands are written once, apart: `cogs.tables.state`). On each backend."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

from cogs.tables.rows import TableStore
from cogs.tables.seating import Lobby, Setup
from cogs.tables.state import dump, hand_records, load
from cogs.tables.table import Phase, Table
from data import Database, LiveTable
from engine.record import replay, write

PLAYERS = (1, 2, 3, 4)
HANDS = 12


def long_table(seed: str, variant: str = "partnership") -> Table:
    """A started table whose match lasts (a target no pair reaches in `HANDS` hands)."""
    setup = Setup(variant, {"target": 5000}, seats=len(PLAYERS))
    table = Table(id=f"long-{seed}", lobby=Lobby(setup, host_id=PLAYERS[0]), seed=seed)
    for user in PLAYERS:
        table.join(user, f"player {user}")
    table.start(PLAYERS[0], 0.0)
    return table


def act(table: Table, rng: random.Random) -> Phase:
    """The next action of the match: a random click, or the next hand dealt; the phase
    before it."""
    was = table.phase
    if was is Phase.BETWEEN:
        table.next_hand(0.0)
        return was
    seat = table.turn
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    table.play(user, table.version, rng.randrange(len(table.view(seat).legal)), 0.0)
    return was


def whole(table: Table) -> dict[str, Any]:
    """The table's state with its whole record, as JSON sees it."""
    return json.loads(json.dumps(dump(table)))


@pytest.fixture
async def tables(store: str) -> AsyncIterator[TableStore]:
    async with await Database.open(store) as db:
        yield TableStore(db)


async def test_a_long_match_read_back_at_any_hand_is_the_table_stored(
    tables: TableStore,
) -> None:
    rng = random.Random(3)
    table = long_table("3")
    await tables.commit(table, new=True, was=None, show=(), due=None, now=0.0)
    stored: list[int] = []  # the characters of the table's row at each hand's first move
    now = 0.0
    assert table.match is not None
    while len(table.match.results) < HANDS:
        was = act(table, rng)
        now += 1.0
        await tables.commit(table, new=False, was=was, show=["board"], due=None, now=now)
        if was is Phase.BETWEEN or rng.random() < 0.05:
            # A restart (or another process's copy): the table as the store has it.
            expected = whole(table)
            tables.forget(table.id)
            table = await tables.get(table.id)
            assert whole(table) == expected
            assert table.match is not None
        if was is Phase.BETWEEN:
            row = await tables.db.load_table(table.id)
            assert row is not None
            stored.append(len(json.dumps(row.state)))
            # Every finished hand is a row of its own, and no longer in the table's row.
            assert len(row.hands) == len(table.match.results)
            assert len(row.state["record"]["hands"]) == 1
    # What an action writes is as long at the last hand as at the second.
    assert max(stored) < 2 * min(stored)
    assert replay(write(table.match)).to_json() == replay(whole(table)["record"]).to_json()


async def test_a_table_stored_whole_before_moves_its_finished_hands_apart(
    tables: TableStore,
) -> None:
    """A row written before finished hands were kept apart (its record whole) comes back as it
    was; its next action moves the finished hands out of the row."""
    rng = random.Random(8)
    table = long_table("8")
    assert table.match is not None
    while len(table.match.results) < 3 or table.phase is not Phase.PLAYING:
        act(table, rng)
    state = whole(table)
    del state["hands_apart"]  # as written then
    await tables.db.save_live_table(LiveTable(table.id, 1, 2, None, None, state, 0.0))
    again = await tables.get(table.id)
    assert whole(again) == whole(table)
    was = act(again, rng)
    await tables.commit(again, new=False, was=was, show=(), due=None, now=1.0)
    row = await tables.db.load_table(table.id)
    assert row is not None and len(row.hands) == 3
    assert len(row.state["record"]["hands"]) == 1
    tables.forget(table.id)
    assert whole(await tables.get(table.id)) == whole(again)


@pytest.mark.parametrize("variant", ["partnership", "classic", "traditional"])
def test_the_hands_kept_apart_and_the_rest_are_the_whole_record(variant: str) -> None:
    """At every action of a match, the finished hands written one by one followed by the
    record of the rest are the record written whole; loading them gives the same table."""
    rng = random.Random(variant)
    table = long_table(variant, variant)
    assert table.match is not None
    for _ in range(300):
        if table.phase is Phase.OVER:
            break
        act(table, rng)
        apart = rng.randint(0, len(table.match.results))
        records = hand_records(table, 0)
        assert len(records) == len(table.match.results)
        state = dump(table, apart)
        hands = [json.loads(text) for text in records[:apart]] + state["record"]["hands"]
        assert {**state["record"], "hands": hands} == write(table.match)
        assert hand_records(table, apart) == records[apart:]
        if rng.random() < 0.05:
            assert whole(load(json.loads(json.dumps(state)), records[:apart])) == whole(table)


def test_a_record_missing_hands_kept_apart_is_refused() -> None:
    rng = random.Random(5)
    table = long_table("5")
    assert table.match is not None
    while len(table.match.results) < 2:
        act(table, rng)
    with pytest.raises(ValueError, match="leaves out 2 hands"):
        load(dump(table, 2), hand_records(table, 0)[:1])

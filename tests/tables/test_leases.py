"""Leases that fence: two instances of the bot on one store (as in test_processes.py), and a
delivery round of one of them held up inside discord.py (a long 429 on a DM) until its lease
has run out and the other instance has shown the table. The round that lost its lease sends
nothing more: the player gets their turn's DM once."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.emulator.emulator import Emulator
from tests.tables.converged import Clicks, assert_converged, move_ids, refusal_of
from tests.tables.test_processes import (
    LEASE_SECONDS,
    Router,
    next_turn,
    pg_cluster,
    pg_database,
    store,
    two,
    wait_stored,
)

__all__ = ["pg_cluster", "pg_database", "store", "two"]  # the fixtures used here

#: How long discord.py waits (real seconds) before it sends the DM again: past the moment the
#: other instance, once the lease ran out, has sent it.
RETRY_AFTER = 5.0


def dm_count(person: Any) -> int:
    return sum(not message.ephemeral for message in person.dm.messages)


async def test_a_round_that_outlived_its_lease_sends_nothing_more(
    emu: Emulator, two: Router, store: str
) -> None:
    path, clicks = store, Clicks()
    a, b = two.instances
    two.to = a
    alice, bob = emu.user("alice"), emu.user("bob")
    for person in (alice, bob):  # the other's next turn waits for them, a single move too
        await person.slash("domino settings", single_moves="ask")
    lobby = (await alice.slash("domino new", game="two-player", turn_time=600)).response
    for result in (await bob.click(lobby, "Join"), await alice.click(lobby, "Start")):
        assert refusal_of(result) is None, refusal_of(result)
    people = [alice, bob]
    turn = await next_turn(emu, path, people)
    await emu.settle()
    other = bob if turn.person is alice else alice
    dms = dm_count(other)
    # a stores the move, shows the board, and meets a long 429 on the other player's DM (b
    # shows nothing meanwhile)
    await b.client.tables.delivery.stop()
    emu.fail(lambda method, path: method == "POST" and emu.is_dm(path), 429, 1, RETRY_AFTER)
    await clicks.click(turn.person, turn.message, move_ids(turn.message)[0], turn.seat)
    await wait_stored(path, lambda s: s.version > turn.stored.version)
    await emu.wait_for(lambda: emu.failed, timeout=10)
    # its lease runs out meanwhile: b claims the table and sends the DM
    emu.advance(LEASE_SECONDS + 1)
    b.client.tables.delivery.start()
    await emu.wait_for(lambda: dm_count(other) > dms, timeout=10)
    await asyncio.sleep(RETRY_AFTER + 1)  # a's discord.py would have sent it again by now
    await emu.settle()
    assert dm_count(other) == dms + 1
    await assert_converged(emu, path)

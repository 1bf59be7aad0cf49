"""A Join that was acknowledged is applied before a Start pressed after it: a click reads and
changes its table only under the table's lock (in the order the clicks took it), so nothing it
awaits between its acknowledgement and its change lets a later click go first."""

from __future__ import annotations

import asyncio
from typing import Any

from cogs import texts
from tests.emulator.emulator import Emulator

SLOW_READ_SECONDS = 0.5


async def test_a_join_acknowledged_before_the_start_is_seated_in_the_match(
    emu: Emulator, domino: Any
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="kids", seats=3)).response
    await alice.choose(lobby, "easy", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    # The store answers reads of a person's places slowly (a loaded database): whatever a
    # click reads outside the table's lock gives a later click the time to go first.
    db = domino.db
    places = db.open_tables_of

    async def slowly(*args: Any, **kwargs: Any) -> list[str]:
        await asyncio.sleep(SLOW_READ_SECONDS)
        return list(await places(*args, **kwargs))

    db.open_tables_of = slowly
    joined = len(emu.interactions)
    joining = asyncio.create_task(bob.click(lobby, "Join"))
    await emu.wait_for(
        lambda: (
            len(emu.interactions) > joined and list(emu.interactions.values())[-1].answered.is_set()
        )
    )
    await alice.click(lobby, "Start")
    await joining
    await emu.settle()
    db.open_tables_of = places
    (stored,) = await domino.db.live_tables()
    names = [seat["name"] for seat in stored.state["seats"]]
    assert stored.state["phase"] == "playing"
    assert "bob" in names, f"bob's acknowledged Join was refused by a later Start: {names}"

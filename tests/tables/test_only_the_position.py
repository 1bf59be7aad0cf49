"""Only the game moves a table on: what a player does outside it (where their hand goes, their
DMs reopened) never throws away a move the bot is deciding.

An AI seat's move is searched from the stored table without its lock and stored only if the
table is still at the position it was chosen for. A `/domino settings` sent while it searches
changes no position: the search is kept, the AI moves once, and its hand is shown where its
player now wants it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from cogs.tables.robots import Robots
from tests.emulator.emulator import Emulator
from tests.tables import conftest
from tests.tables.converged import (
    Clicks,
    assert_converged,
    moves_in_record,
    record_moves,
    stored_table,
)
from tests.tables.test_faults import AI_DELAY, give_the_ai_a_choice, open_table, wait_stored

SEARCH_MS = 800  # each search of the AI seat's move takes this long


@pytest.fixture
async def searching_ai(emu: Emulator, store: str) -> AsyncIterator[discord.Client]:
    """The bot with an AI seat that moves `AI_DELAY` emulator seconds after its turn begins
    and searches `SEARCH_MS` for it: long enough for many commands to arrive meanwhile."""
    emu.rate_limiter.enabled = False
    settings = conftest.test_settings(emu, store, ai_delay=AI_DELAY, ai_budget_ms=SEARCH_MS)
    async with conftest.running_bot(emu, settings) as client:
        yield client


async def test_settings_sent_while_an_ai_searches_never_stall_it(
    emu: Emulator, searching_ai: discord.Client, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, clicks = store, Clicks()
    people = await open_table(emu, humans=("alice",), ai=("hard",), turn_time=600)
    alice = people[0]
    ai_seat, before = await give_the_ai_a_choice(emu, path, people, clicks)
    searches: list[str] = []
    choose = Robots.choose

    async def counted(self: Robots, *args: Any, **kwargs: Any) -> Any:
        searches.append(kwargs.get("table_id", "?"))
        return await choose(self, *args, **kwargs)

    monkeypatch.setattr(Robots, "choose", counted)
    sent = 0

    async def hammer() -> None:
        nonlocal sent
        while True:  # `/domino settings` every 50 ms, back and forth
            await alice.slash("domino settings", hands=("thread", "dm")[sent % 2])
            sent += 1
            await asyncio.sleep(0.05)

    hammering = asyncio.create_task(hammer())
    try:
        await asyncio.sleep(0.2)
        emu.advance(AI_DELAY + 1)  # the AI seat's move is due: it searches SEARCH_MS
        due = sent
        # The AI seat's move is stored (her only move, if that is what follows, plays itself
        # and gives the AI seat the turn again: its next move waits for its delay).
        after = await wait_stored(path, lambda s: s.version > before.version, timeout=12)
        during = sent - due
    finally:
        hammering.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await hammering
    assert during >= 4, "the settings commands did not keep coming while the AI searched"
    ai_moves = [m for m in await moves_in_record(path) if m.seat == ai_seat and not m.forced]
    ai_moved_before = [
        m for m in record_moves(before.state["record"]) if m.seat == ai_seat and not m.forced
    ]
    assert len(ai_moves) == len(ai_moved_before) + 1, "the AI seat moved more or less than once"
    assert after.version > before.version
    # Every search the AI made was one move stored: none was thrown away and made again.
    assert len(searches) == 1, f"{len(searches)} searches for one move"
    await alice.slash("domino settings", hands="dm")  # her hands come by DM again
    await emu.settle()
    await assert_converged(emu, path)
    assert (await stored_table(path)).phase in ("playing", "between", "over")

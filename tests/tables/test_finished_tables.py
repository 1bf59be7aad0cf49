"""A finished table keeps its Rematch and Leave buttons for a while (an hour by default), across
a restart too: the table is stored with its result, in the same transaction; when its time is
up it is forgotten, and its buttons say so."""

from __future__ import annotations

from typing import Any

import discord

from cogs import texts
from tests.emulator.emulator import Emulator
from tests.tables.play import board, resign, table_channel
from tests.tables.test_refusals import refusal


async def resigned_table(emu: Emulator) -> tuple[Any, Any, Any]:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="two-player", target=50)).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    await emu.wait_for(lambda: board(emu) is not None)
    await resign(emu, bob)
    final = await emu.wait_for(lambda: "Rematch" in board(emu).labels and board(emu))
    return alice, bob, final


async def test_rematch_and_leave_work_after_a_restart(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob, final = await resigned_table(emu)
    await emu.restart_bot()
    answer = await bob.click(final, "Leave")
    assert texts.LEFT_TABLE in [m.text for m in answer.followups if m.ephemeral]
    await alice.click(final, "Rematch")
    rematch = await emu.wait_for(lambda: table_channel(emu).find("New table"))
    assert "Seat 1: alice" in rematch.text and "bob" not in rematch.text
    assert "target score: 50" in rematch.text
    # Who left and that a rematch was opened are stored too: bob is not invited, yet his own
    # Rematch click (after the restart) asks to play, and seats him.
    await emu.restart_bot()
    assert refusal(await bob.click(final, "Rematch")) == texts.REMATCH_JOINED
    rematch = await emu.wait_for(lambda: "bob" in rematch.text and rematch)
    assert "Seat 1: alice" in rematch.text


async def test_a_rematch_seats_only_who_asks_and_invites_the_others(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob, final = await resigned_table(emu)
    await alice.click(final, "Rematch")
    rematch = await emu.wait_for(lambda: table_channel(emu).find("New table"))
    # bob is named (and pinged) but not seated: Start cannot play a match in his name.
    assert f"<@{bob.id}>" in rematch.content
    assert "Seat 1: alice" in rematch.text and "Seat 2: bob" not in rematch.text
    await alice.click(rematch, "Start")
    assert "Start" in table_channel(emu).find("New table").labels  # still a lobby
    live: Any = domino
    assert all(t.match is None for t in live.tables.tables.values() if t.rematch_of)
    # bob's Rematch on the old board is his yes: he gets his own seat back.
    assert refusal(await bob.click(final, "Rematch")) == texts.REMATCH_JOINED
    rematch = await emu.wait_for(lambda: "Seat 2: bob" in rematch.text and rematch)


async def test_a_finished_table_is_forgotten_when_its_time_is_up(
    emu: Emulator, domino: discord.Client
) -> None:
    _, bob, final = await resigned_table(emu)
    client: Any = await emu.restart_bot()
    emu.advance(2 * 60 * 60)  # the buttons are kept an hour
    await emu.wait_for(lambda: not emu.bot_runner.client.tables.tables)
    assert await client.db.live_tables() == []
    assert refusal(await bob.click(final, "Rematch")) == texts.NO_SUCH_TABLE

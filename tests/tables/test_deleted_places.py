"""A table whose thread or channel a moderator deleted: the thread's table plays on in its
channel (its board posted there, its players pinged there), the channel's table ends, and
nothing is tried again and again against a place that is gone."""

from __future__ import annotations

import random
from typing import Any

import discord

from cogs import texts
from tests.emulator.emulator import Emulator
from tests.tables.play import board, move_message, play_one, start_two_player, turn_dm


async def test_a_table_whose_thread_is_deleted_plays_on_in_its_channel(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    bob.close_dms()  # bob is told of his turns by a ping where the table plays
    await start_two_player(emu)
    (thread,) = emu.channel().threads
    await emu.delete_channel(thread)
    await emu.wait_for(lambda: board(emu) is not None and not emu.channel().threads)
    alert = texts.YOUR_TURN_IN_THREAD.format(mention=f"<@{bob.id}>")

    def bob_pinged_in_the_channel() -> bool:
        return any(m.content == alert for m in emu.channel().messages)

    await emu.wait_for(lambda: bob_pinged_in_the_channel() or move_message(alice.dm.messages))
    if not bob_pinged_in_the_channel():  # alice's turn first: she moves, then it is bob's
        person, message = await turn_dm(emu, [alice])
        await play_one(person, message, random.Random(3))
    await emu.wait_for(bob_pinged_in_the_channel)
    ping = next(m for m in emu.channel().messages if m.content == alert)
    assert ping.pinged == {bob.id}
    await bob.click(ping, texts.YOUR_HAND)  # his hand, where he can move


async def test_a_table_whose_channel_is_deleted_ends_and_is_not_tried_again(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = await start_two_player(emu)
    person, _ = await turn_dm(emu, [alice, bob])
    await emu.delete_channel(emu.channel())
    bot: Any = emu.bot_runner.client
    ended = texts.ENDED_BY_MODERATOR
    await emu.wait_for(lambda: person.dm.messages and ended in person.dm.messages[-1].text)
    await emu.wait_for(lambda: all(t.finished for t in bot.tables.store.cached.values()))
    await emu.settle()
    sent = len(emu.refusals)
    for _ in range(6):  # far past every pause between tries (0.5, 2, 5, 15 s)
        emu.advance(20)
        await emu.settle()
    assert len(emu.refusals) == sent, "nothing is sent to the deleted channel again"
    outbox = await bot.db.claim_outbox(emu.clock.wall() + 3600, 1.0)
    assert outbox == [], "nothing is left to show there"

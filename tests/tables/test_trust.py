"""Nobody spoils a table by clicking: a repeated draw offer neither stales the mover's buttons
nor sends them anything, a button copied onto another message or into a DM is refused, nobody
opens tables (or puzzles) without end, and every command is acknowledged while a table is busy."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from cogs import texts
from tests.emulator.emulator import Emulator
from tests.emulator.layout import IS_COMPONENTS_V2
from tests.emulator.messages import announce, create_message
from tests.emulator.seen import SeenMessage
from tests.tables.play import board, move_message, play_one, resign, start_two_player
from tests.tables.test_refusals import refusal


async def started_two_player(emu: Emulator) -> tuple[Any, Any]:
    """`start_two_player`, and the first turn's DM sent."""
    alice, bob = await start_two_player(emu)
    await emu.wait_for(lambda: any(move_message(p.dm.messages) for p in (alice, bob)))
    return alice, bob


def live_table(domino: discord.Client) -> Any:
    return next(iter(domino.tables.tables.values()))  # type: ignore[attr-defined]


async def test_offering_a_draw_again_and_again_never_disturbs_the_player_to_move(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = await started_two_player(emu)
    mover, other = (alice, bob) if move_message(alice.dm.messages) else (bob, alice)
    dms_before = len(mover.dm.messages)
    version = live_table(domino).version
    await other.click(board(emu), "Offer a draw")
    again = await other.click(board(emu), "Offer a draw")
    assert refusal(again) == texts.DRAW_ALREADY_OFFERED
    assert live_table(domino).version == version
    await emu.wait_for(lambda: "offers a draw" in board(emu).text)
    assert len(mover.dm.messages) == dms_before  # no new DM for an offer
    # The mover's buttons, drawn before the offers, still play.
    import random

    await play_one(mover, move_message(mover.dm.messages), random.Random(1))
    await emu.wait_for(lambda: live_table(domino).version > version)


async def copy_of(emu: Emulator, message: Any, channel: Any) -> SeenMessage:
    """A message of the bot's in `channel` carrying `message`'s buttons (a stale copy, or a
    client that forges an interaction on another message)."""
    world = emu.world
    payload: dict[str, Any] = {"content": "a copy", "components": message.message.components}
    if message.message.flags & IS_COMPONENTS_V2:  # a layout's copy is a layout (no content)
        payload = {"flags": IS_COMPONENTS_V2, "components": message.message.components}
    copied = create_message(
        emu,
        channel,
        world.bot_user,
        payload,
        [],
        size_limit=0,
        checked=False,
    )
    await announce(emu, copied)
    return SeenMessage(emu, copied, None)


async def test_a_table_button_copied_onto_another_message_or_into_a_dm_is_refused(
    emu: Emulator, domino: discord.Client
) -> None:
    _, bob = await started_two_player(emu)
    shown = board(emu)
    elsewhere = await copy_of(emu, shown, emu.home)
    assert refusal(await bob.click(elsewhere, "Resign")) == texts.NOT_THIS_TABLE
    in_dm = await copy_of(emu, shown, emu.world.dm_channel(bob.user))
    assert refusal(await bob.click(in_dm, "Resign")) == texts.NOT_THIS_TABLE
    assert live_table(domino).phase == "playing"  # nobody resigned
    await resign(emu, bob)  # the board itself still works
    await emu.wait_for(lambda: live_table(domino).phase == "over")


async def test_nobody_hosts_or_sits_at_more_open_tables_than_allowed(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    for _ in range(3):
        await alice.slash("domino new", game="two-player")
    refused = await alice.slash("domino new", game="two-player")
    assert refusal(refused) == texts.TOO_MANY_TABLES.format(most=3)
    lobby = (await bob.slash("domino new", game="two-player")).response
    assert refusal(await alice.click(lobby, "Join")) == texts.TOO_MANY_TABLES.format(most=3)
    assert "alice" not in lobby.text


async def test_nobody_keeps_more_puzzles_open_than_allowed(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    for _ in range(3):
        await alice.slash("domino puzzle", game="quadrille")
    answer = await alice.slash("domino puzzle", game="quadrille")
    texts_seen = [m.text for m in [answer.response, *answer.followups] if m is not None]
    assert texts.TOO_MANY_PUZZLES.format(most=3) in texts_seen


async def test_a_command_is_acknowledged_at_once_while_a_table_is_busy(
    emu: Emulator, domino: discord.Client
) -> None:
    emu.ack_deadline = 3.0  # Discord's own rule, no grace
    _, bob = await started_two_player(emu)
    table = live_table(domino)
    table.seats[1].dm_closed = True  # the next command of bob's reopens his DMs: locks, writes
    table.seats[0].dm_closed = True
    busy = asyncio.Event()

    async def slow_search() -> None:  # an AI seat thinking while it holds the table
        async with domino.tables.locks[table.id]:  # type: ignore[attr-defined]
            busy.set()
            await asyncio.sleep(4.0)

    holder = asyncio.create_task(slow_search())
    await busy.wait()
    result = await bob.slash("domino help")
    assert not result.failed
    await holder
    await emu.wait_for(lambda: not any(seat.dm_closed for seat in table.seats[1:]))

"""Hands by DM when DMs fail: a hiccup on Discord's side is tried again; closed DMs are said
once in the table's channel (naming no tile), no DM is tried for that player until they come
back, and then their hands come by DM again."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.runtime import delivery
from tests.emulator.emulator import Emulator
from tests.tables.play import board, move_message, play_one, private_answer, table_channel


def closed_notes(emu: Emulator, name: str) -> list[Any]:
    """The table's own messages saying that `name`'s DMs are closed (the board, an embed or
    a layout with its picture, excluded)."""
    said = texts.DM_CLOSED.format(name=name)
    notes = [m for m in table_channel(emu).messages if said in m.text]
    return [m for m in notes if not m.embeds and not m.files]


async def test_closed_dms_are_said_once_in_the_channel_and_dms_resume_when_back(
    emu: Emulator, domino: discord.Client
) -> None:
    import random

    alice, bob = emu.user("alice"), emu.user("bob")
    bob.close_dms()
    lobby = (await alice.slash("domino new", game="two-player")).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    rng = random.Random(3)
    # His hand is first DMed on his turn: then his DMs are found closed.
    while not closed_notes(emu, "bob"):
        mine = move_message(alice.dm.messages)
        if mine is not None:
            await play_one(alice, mine, rng)
        await emu.settle()
    assert "50007" in " ".join(emu.refusals)
    # A few turns later (bob plays from "Your hand", which tries his DMs again): still once.
    for _ in range(4):
        mine = move_message(alice.dm.messages)
        result = await bob.click(board(emu), "Your hand")
        theirs = move_message([private_answer(result)])
        if theirs is not None:
            await play_one(bob, theirs, rng)
        elif mine is not None:
            await play_one(alice, mine, rng)
        await emu.settle()
    assert len(closed_notes(emu, "bob")) == 1
    assert emu.dm("bob").messages == []
    # Bob opens his DMs and comes back: his hand comes by DM again (on his turn).
    bob.open_dms()
    await bob.slash("domino help")
    while not emu.dm("bob").messages:
        mine = move_message(alice.dm.messages)
        if mine is not None:
            await play_one(alice, mine, rng)
        await emu.settle()
    assert len(closed_notes(emu, "bob")) == 1


async def test_a_dm_that_fails_on_discords_side_is_sent_again(
    emu: Emulator, domino: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(delivery, "RETRY_SECONDS", (0.2,))
    shown = domino.tables.publisher.hands
    real = shown.show_hand
    failures: list[int] = []

    async def hiccup_once(table_id: str, seat: int, at: int | None = None) -> None:
        table = domino.tables.tables[table_id]
        if not failures and table.view(seat).my_turn:  # the hand that is sent at once
            failures.append(seat)
            response = SimpleNamespace(status=503, reason="Service Unavailable")
            raise discord.DiscordServerError(response, "upstream connect error")
        await real(table_id, seat, at)

    monkeypatch.setattr(shown, "show_hand", hiccup_once)
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="two-player")).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    # The hand of the player to play arrives, sent again soon after the failure.
    await emu.wait_for(lambda: emu.dm("alice").messages or emu.dm("bob").messages)
    assert failures and board(emu) is not None
    assert not closed_notes(emu, "alice") and not closed_notes(emu, "bob")

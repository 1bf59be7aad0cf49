"""A move click reads its table once: `act` reads it to change it, and the click's answer (the
DM edited to the hand after the move, or the ephemeral "Your hand" refreshed) is built from the
table `act` stored and returned, never read again. The reads counted are the click's own: the
delivery rounds that show the move read the table on their own account."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
import pytest

from cogs.tables.rows import TableStore
from tests.emulator.emulator import Emulator
from tests.tables.converged import assert_converged, move_ids
from tests.tables.play import board, move_message, private_answer, start_two_player, turn_dm

SHOWING = ("delivery", "jobs")  # modules whose reads are the showing's, not the click's


@contextmanager
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The table reads (`TableStore.get`) made while the block runs, but for those whose
    callers include the delivery or the jobs (the rounds the click's commit woke): the click's
    own (nothing else runs meanwhile at a table of two people)."""
    counted: list[str] = []
    real = TableStore.get

    async def get(self: TableStore, table_id: str, *args: Any, **kwargs: Any) -> Any:
        frame = sys._getframe(1)
        callers = []
        while frame is not None:
            callers.append(frame.f_code.co_filename)
            frame = frame.f_back  # type: ignore[assignment]
        showing = any(name in path for path in callers for name in SHOWING)
        if counting and not showing:
            counted.append(table_id)
        return await real(self, table_id, *args, **kwargs)

    counting = True
    monkeypatch.setattr(TableStore, "get", get)
    try:
        yield counted
    finally:
        counting = False


async def test_a_move_clicked_on_its_dm_reads_its_table_once(
    emu: Emulator, domino: discord.Client, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    people = list(await start_two_player(emu))
    await emu.settle()
    person, message = await turn_dm(emu, people)
    move = next(i for i in move_ids(message) if i.startswith("dm:"))
    with reads(monkeypatch) as counted:
        await person.click(message, custom_id=move)
    assert len(counted) == 1, counted
    # Answered: the DM shows the hand after the move (at once; or, when the turn came straight
    # back as the others' single moves played themselves, once the new turn's DM is sent).
    await emu.wait_for(lambda: message.buttons == [], timeout=10)
    await emu.settle()
    await assert_converged(emu, store)


async def test_a_move_clicked_on_the_ephemeral_hand_reads_its_table_once(
    emu: Emulator, domino: discord.Client, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    for person in (alice, bob):
        await person.slash("domino settings", hands="thread")
    await start_two_player(emu)
    await emu.settle()
    for person in (alice, bob):
        answer = private_answer(await person.click(board(emu), "Your hand"))
        if move_message([answer]) is not None:
            break
    move = next(i for i in move_ids(answer) if i.startswith("dm:"))
    with reads(monkeypatch) as counted:
        await person.click(answer, custom_id=move)
    assert move_message([answer]) is None  # refreshed: the hand after the move, no moves
    assert len(counted) == 1, counted
    await emu.settle()

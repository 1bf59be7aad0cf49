"""A bot that runs for months forgets every table once it is gone: a cancelled lobby, a lobby
that waited too long, a finished table whose buttons expired, a puzzle solved or given up. Its
lock, its due time, its DMs and closed-DM notes, its drawing task and its channel's count all
go with it, so memory follows the tables open now, not every table ever played."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import discord

from cogs.puzzles import texts as puzzle_texts
from tests.emulator.emulator import Emulator
from tests.tables.play import (
    board,
    latest_version,
    move_message,
    play_one,
    resign,
    table_channel,
)
from tests.tables.puzzles import opened


def remembered(bot: Any) -> dict[str, int]:
    """How many entries each per-table (or per-puzzle) structure of the bot holds."""
    tables, publisher, puzzles = bot.tables, bot.tables.publisher, bot.puzzles
    return {
        "tables": len(tables.tables),
        "table locks": len(tables.locks),
        "items being shown": len(tables.delivery.pending),
        "showing tasks": len(tables.delivery.showing),
        "running jobs": len(tables.jobs.running),
        "messages shown": len(publisher.shown),
        "lobby edits": len(publisher.lobby_edits),
        "blocked tables": len(publisher.blocked),
        "board counts": len(publisher.since_board),
        "puzzles": len(puzzles.puzzles),
        "puzzle locks": len(puzzles.locks),
        "puzzle forms": len(puzzles.forms_opened),
    }


def the_version(bot: Any) -> int:
    tables = [t for t in bot.tables.tables.values() if t.match is not None]
    return int(tables[-1].version) if tables else -1


def nothing_left(bot: Any) -> bool:
    return not any(remembered(bot).values())


async def test_cancelled_expired_and_finished_tables_and_puzzles_are_forgotten(
    emu: Emulator, domino: discord.Client
) -> None:
    bot: Any = domino
    alice, bob, carol = emu.user("alice"), emu.user("bob"), emu.user("carol")
    # A lobby its host cancels.
    cancelled = (await alice.slash("domino new", game="two-player")).response
    await alice.click(cancelled, "Cancel")
    # A lobby nobody starts (it expires below).
    await carol.slash("domino new", game="two-player")
    # A match where bob's DMs are closed (the table says so once), ended by a resignation.
    bob.close_dms()
    lobby = (await alice.slash("domino new", game="two-player")).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    # Hands go by DM on a player's turn: alice plays until bob's turn finds his DMs closed.
    rng = random.Random(1)
    while not (board(emu) is not None and table_channel(emu).find("DMs are closed")):
        mine = move_message(alice.dm.messages)
        if mine is not None and latest_version(mine) == the_version(bot):
            await play_one(alice, mine, rng)
        await asyncio.sleep(0.05)
    await resign(emu, bob)
    await emu.wait_for(lambda: "Rematch" in board(emu).labels)
    # A puzzle with a form opened, then given up.
    puzzle = opened(emu, await alice.slash("domino puzzle", size=3, difficulty="easy"))
    await alice.click(puzzle, puzzle_texts.PUZZLE_PLACE)
    await alice.click(puzzle, puzzle_texts.PUZZLE_QUIT)
    await emu.wait_for(lambda: puzzle.buttons == [])
    await emu.settle()
    # The finished table, the waiting lobby, and the cancelled one (kept a few seconds: its
    # last words are shown from the store).
    assert remembered(bot)["tables"] == 3
    emu.advance(2 * 60 * 60)  # past the lobby's wait and the finished table's hour
    await emu.wait_for(lambda: not bot.tables.tables)
    await emu.settle()
    assert nothing_left(bot), remembered(bot)
    assert await bot.db.live_tables() == []

"""`/domino puzzle` through the emulator: Dominosa and Quadrille solitaires, with cells named as
on the pictures (column letter, row number), refusals with the engine's reason, hints, and the
attempt kept across a restart."""

from __future__ import annotations

import json
import re
import sqlite3
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.puzzles import texts as puzzle_texts
from data import database
from engine.puzzles import QuadrilleGame
from engine.puzzles.cells import cell_text
from tests.emulator.emulator import Emulator
from tests.tables.puzzles import opened


def only_puzzle(emu: Emulator) -> Any:
    """The bot's one open puzzle (the test's answer key; the player sees only the picture)."""
    puzzles = emu.bot_runner.client.puzzles.puzzles
    assert len(puzzles) == 1
    return next(iter(puzzles.values()))


def said(result: Any) -> str:
    """Everything the answer to an interaction says."""
    return "\n".join(m.text for m in [result.response, *result.followups] if m is not None)


def refusal(result: Any) -> str:
    notes = [m for m in result.followups if m.ephemeral]
    assert notes, "the refusal is told to the player alone"
    return "\n".join(m.text for m in notes)


async def test_a_dominosa_is_played_with_cells_named_as_on_the_picture(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    puzzle = opened(emu, await alice.slash("domino puzzle", size=3, difficulty="easy"))
    assert puzzle.files[0].is_png and "0/10 tiles" in puzzle.text and "C3-D3" in puzzle.text
    alt = puzzle.files[0].attachment.description
    assert alt == "Dominosa puzzle, double-3: 0 of 10 tiles placed."
    answer = await emu.user("bob").click(puzzle, puzzle_texts.PUZZLE_HINT)
    assert puzzle_texts.PUZZLE_NOT_YOURS.format(command="/domino puzzle") in answer.response.text
    form = (await alice.click(puzzle, puzzle_texts.PUZZLE_PLACE)).modal
    assert "C3-D3" in json.dumps(form.data)  # the placeholder shows how to name cells
    refused = await alice.submit(form, {puzzle_texts.PUZZLE_CELLS: "A1-C3"})
    assert "A1 and C3 are not side by side" in refusal(refused)
    first, second = only_puzzle(emu).game.puzzle.solution[0]
    typed = f"{cell_text(first).lower()} {cell_text(second).lower()}"  # as players type: "a1 a2"
    form = (await alice.click(puzzle, puzzle_texts.PUZZLE_PLACE)).modal
    await alice.submit(form, {puzzle_texts.PUZZLE_CELLS: typed})
    await emu.wait_for(lambda: "1/10 tiles" in puzzle.text)
    assert f"on {cell_text(first)}-{cell_text(second)}." in puzzle.text
    form = (await alice.click(puzzle, puzzle_texts.PUZZLE_REMOVE)).modal
    await alice.submit(form, {puzzle_texts.PUZZLE_CELL: cell_text(second)})
    await emu.wait_for(lambda: "0/10 tiles" in puzzle.text)
    await alice.click(puzzle, puzzle_texts.PUZZLE_HINT)
    await emu.wait_for(lambda: "1/10 tiles" in puzzle.text)
    form = (await alice.click(puzzle, puzzle_texts.PUZZLE_PLACE)).modal
    await emu.restart_bot()  # the puzzle survives a restart, and so does a form left open
    second_tile = only_puzzle(emu).game.puzzle.solution
    left = next(p for p in second_tile if p not in only_puzzle(emu).game.placements)
    await alice.submit(
        form, {puzzle_texts.PUZZLE_CELLS: "-".join(cell_text(cell) for cell in left)}
    )
    await emu.wait_for(lambda: "2/10 tiles" in puzzle.text)
    for _ in range(12):
        if "Solved" in puzzle.text:
            break
        await alice.click(puzzle, puzzle_texts.PUZZLE_HINT)
        await emu.settle()
    assert "Solved" in puzzle.text and puzzle.buttons == []


async def test_a_quadrille_is_solved_by_hints_and_placements_across_a_restart(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    puzzle = opened(emu, await alice.slash("domino puzzle", game="quadrille"))
    assert puzzle.files[0].is_png and "Quadrille" in puzzle.text and "0/28 tiles" in puzzle.text
    assert puzzle.files[0].attachment.description.endswith(": 0 of 28 tiles placed.")
    mirror = QuadrilleGame()  # the same attempt, kept by the test to know a good next tile
    for step in range(28):
        if step == 10:
            await emu.restart_bot()
        if step % 2:
            mirror.place(*mirror.hint().placement)
            await alice.click(puzzle, puzzle_texts.PUZZLE_HINT)
        else:
            first, number, second, other = mirror.hint().placement
            mirror.hints_used -= 1  # the test peeked; the player placed it by hand
            mirror.actions.pop()
            mirror.place(first, number, second, other)
            form = (await alice.click(puzzle, puzzle_texts.PUZZLE_PLACE)).modal
            typed = f"{cell_text(first)}={number} {cell_text(second)}={other}"
            await alice.submit(form, {puzzle_texts.PUZZLE_NUMBERS: typed})
        progress = f"{step + 1}/28 tiles"
        await emu.wait_for(lambda: progress in puzzle.text)  # noqa: B023 (awaited here)
    assert "Solved in" in puzzle.text and "28 actions with 14 hints" in puzzle.text
    assert puzzle.buttons == []
    # A solved attempt leaves memory (and the store) once its last words are shown.
    await emu.wait_for(lambda: not emu.bot_runner.client.puzzles.puzzles)


async def test_an_impossible_quadrille_placement_is_refused_with_its_reason(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    puzzle = opened(emu, await alice.slash("domino puzzle", game="quadrille"))
    form = (await alice.click(puzzle, puzzle_texts.PUZZLE_PLACE)).modal
    assert "B1=3 C1=5" in json.dumps(form.data)
    refused = await alice.submit(form, {puzzle_texts.PUZZLE_NUMBERS: "A1=3 B1=4"})
    assert "A1 and B1 are in one square, so they must show the same number" in refusal(refused)
    form = (await alice.click(puzzle, puzzle_texts.PUZZLE_PLACE)).modal
    refused = await alice.submit(form, {puzzle_texts.PUZZLE_NUMBERS: "A3=1 B3=1"})
    assert "A3 is not part of the figure" in refusal(refused)
    form = (await alice.click(puzzle, puzzle_texts.PUZZLE_PLACE)).modal
    refused = await alice.submit(form, {puzzle_texts.PUZZLE_NUMBERS: "B1 C1"})
    assert "like B1=3 C1=5" in refusal(refused)
    assert "0/28 tiles" in puzzle.text and only_puzzle(emu).game.placements == ()


async def test_the_solve_time_is_told_when_the_puzzle_is_solved(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    puzzle = opened(emu, await alice.slash("domino puzzle", size=3, difficulty="easy"))
    emu.advance(125)
    for _ in range(12):
        if "Solved" in puzzle.text:
            break
        await alice.click(puzzle, puzzle_texts.PUZZLE_HINT)
        await emu.settle()
    assert re.search(r"Solved in 2 min 0\d s, 10 actions with 10 hints", puzzle.text)
    assert "Your first solve at this setting." in puzzle.text
    (solve,) = await emu.bot_runner.client.db.puzzle_solves(emu.guild.id, alice.id)
    assert (solve.puzzle, solve.setting, solve.hints) == ("dominosa", "double-3 easy", 10)
    assert 125 <= solve.seconds < 130
    again = opened(emu, await alice.slash("domino puzzle", size=3, difficulty="easy"))
    for _ in range(12):
        if "Solved" in again.text:
            break
        await alice.click(again, puzzle_texts.PUZZLE_HINT)
        await emu.settle()
    assert "A new personal best (it was 2 min 0" in again.text


async def test_a_puzzle_nobody_plays_for_a_week_is_put_away(
    emu: Emulator, domino: discord.Client
) -> None:
    """An attempt left untouched for `PUZZLE_IDLE_SECONDS` (a week) closes by itself: its
    message says so and loses its buttons, and nothing of it stays in memory or the database.
    Each action starts the week again, across a restart too; an attempt played on stays."""
    day = 24 * 60 * 60
    alice, bob = emu.user("alice"), emu.user("bob")
    idle = opened(emu, await alice.slash("domino puzzle", size=3, difficulty="easy"))
    played = opened(emu, await bob.slash("domino puzzle", size=3, difficulty="easy"))
    emu.advance(5 * day)
    await bob.click(played, puzzle_texts.PUZZLE_HINT)  # bob's week starts again
    await emu.wait_for(lambda: "1/10 tiles" in played.text)
    await emu.restart_bot()
    emu.advance(2 * day + 60)  # alice's attempt: a week and a minute untouched
    await emu.wait_for(lambda: idle.buttons == [])
    assert "Puzzle put away after 7 days without a move." in idle.text
    assert "0/10 tiles" in idle.text  # the picture stays, as it was left
    bot: Any = emu.bot_runner.client
    # A put-away attempt leaves the store and memory once its last words are shown.
    await emu.wait_for(lambda: len(bot.puzzles.puzzles) == 1)
    assert played.buttons != []  # bob's is 2 days idle
    assert [live.state["user_id"] for live in await bot.db.live_tables()] == [bob.id]
    emu.advance(5 * day + 60)
    await emu.wait_for(lambda: played.buttons == [])
    assert "Puzzle put away after 7 days without a move." in played.text
    await emu.wait_for(lambda: not bot.puzzles.puzzles)
    assert await bot.db.live_tables() == []


async def test_a_last_tile_the_database_refused_keeps_no_solve_and_its_retry_keeps_one(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The solve is kept by the attempt's own commit: when that commit is refused, the tile
    is not down and no solve is kept; the player places it again and exactly one is kept."""
    alice = emu.user("alice")
    puzzle = opened(emu, await alice.slash("domino puzzle", size=3, difficulty="easy"))
    for placed in range(9):
        await alice.click(puzzle, puzzle_texts.PUZZLE_HINT)
        await emu.wait_for(lambda: f"{placed + 1}/10 tiles" in puzzle.text)  # noqa: B023
    attempt = only_puzzle(emu).id
    await emu.settle()
    left = [1]  # the next action's commit is refused by the database
    real = database.Database._writing

    async def refused_once(self: Any, body: Any) -> Any:
        if left[0] > 0:
            left[0] -= 1
            raise sqlite3.OperationalError("database is locked")
        return await real(self, body)

    monkeypatch.setattr(database.Database, "_writing", refused_once)
    refused = await alice.click(puzzle, puzzle_texts.PUZZLE_HINT)
    assert left == [0] and texts.NOT_SAVED in refusal(refused)
    await emu.settle()
    db = emu.bot_runner.client.db
    assert await db.puzzle_solves(emu.guild.id, alice.id) == []
    assert "9/10 tiles" in puzzle.text and puzzle.buttons != []
    await alice.click(puzzle, puzzle_texts.PUZZLE_HINT)
    await emu.wait_for(lambda: "Solved" in puzzle.text)
    (solve,) = await db.puzzle_solves(emu.guild.id, alice.id)
    assert (solve.attempt, solve.hints) == (attempt, 10)


async def test_a_puzzle_whose_message_a_moderator_deleted_is_put_away_and_frees_its_place(
    emu: Emulator, domino: discord.Client
) -> None:
    """Nobody can play or give up a puzzle whose message is gone: it is put away at once (it
    leaves the store), so it no longer counts against its player's open puzzles; a puzzle
    whose channel was deleted goes the same way."""
    alice, mod = emu.user("alice"), emu.user("mod")
    bot: Any = emu.bot_runner.client
    most = bot.settings.puzzles_per_user
    puzzles = [
        opened(emu, await alice.slash("domino puzzle", size=3, difficulty="easy"))
        for _ in range(most)
    ]
    refused = await alice.slash("domino puzzle", size=3, difficulty="easy")
    full = texts.TOO_MANY_PUZZLES.format(most=most)
    assert full in said(refused)
    await mod.delete(puzzles[0])
    await emu.wait_for(lambda: len(bot.puzzles.puzzles) == most - 1)
    assert len(await bot.db.open_tables_of(alice.id, "puzzle")) == most - 1
    again = opened(emu, await alice.slash("domino puzzle", size=3, difficulty="easy"))
    assert "0/10 tiles" in again.text and again.buttons != []
    side = await emu.add_channel("puzzles")
    elsewhere = await alice.at(side).slash("domino puzzle", size=3, difficulty="easy")
    assert full in said(elsewhere)
    await emu.delete_channel(emu.channel())  # the other three go with their channel
    await emu.wait_for(lambda: not bot.puzzles.puzzles)
    assert await bot.db.open_tables_of(alice.id, "puzzle") == []
    opened_there = await alice.at(side).slash("domino puzzle", size=3, difficulty="easy")
    assert "0/10 tiles" in opened(emu, opened_there, side).text

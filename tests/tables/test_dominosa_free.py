"""Dominosa as a puzzle, not a quiz: a placement that fits the grid is taken, right or wrong,
and said nothing of until the player asks (Check counts the wrong tiles, never says where the
right ones go); the grid is solved once it is covered as its solution has it. Tiles are chosen
with the puzzle message's menu of rows and the player's own menu of that row's tiles (typing
stays possible); the attempt plays in a thread of the channel, and the store holds every
placement, the wrong ones too, across a restart."""

from __future__ import annotations

import sqlite3
from typing import Any

import discord
import pytest

from cogs.puzzles import texts as puzzle_texts
from tests.emulator.emulator import Emulator
from tests.tables.puzzles import choose_tile, opened


def attempt(emu: Emulator) -> Any:
    """The bot's one open puzzle (the test's answer key; the player sees only the picture)."""
    puzzles = emu.bot_runner.client.puzzles.puzzles
    assert len(puzzles) == 1
    return next(iter(puzzles.values()))


def stored(store: str) -> list[tuple[int, int | None, str]]:
    """The stored puzzle rows: channel, thread and state (as JSON text)."""
    with sqlite3.connect(store.removeprefix("sqlite:///")) as connection:
        return connection.execute(
            "SELECT channel_id, thread_id, state FROM live_tables WHERE kind = 'puzzle'"
        ).fetchall()


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)
async def test_a_wrong_placement_is_taken_checked_on_asking_and_the_right_grid_is_solved(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    alice = emu.user("alice")
    answer = await alice.slash("domino puzzle", size=3, difficulty="easy")
    # The channel gets one line; the puzzle itself is in the attempt's thread.
    assert not answer.response.files and not answer.response.selects
    puzzle = opened(emu, answer)
    thread = emu.channel().threads[-1]
    assert puzzle.message.channel_id == thread.channel.id != emu.channel().channel.id
    [(channel_id, thread_id, _)] = stored(store)
    assert (channel_id, thread_id) == (emu.channel().channel.id, thread.channel.id)

    game = attempt(emu).game
    solution = [tuple(sorted(pair)) for pair in game.puzzle.solution]
    board = game.board
    wrong = next(
        board.spot_pair(spot)
        for spot in range(len(board.spot_cells))
        if spot not in game.puzzle.solution_spots
    )
    await choose_tile(alice, puzzle, wrong, "place")  # no refusal: taken and drawn
    await emu.wait_for(lambda: "1/10 tiles" in puzzle.text)
    assert "Placed" in puzzle.text and "no solution" not in puzzle.text
    await alice.click(puzzle, puzzle_texts.PUZZLE_CHECK)
    await emu.wait_for(lambda: "Check:" in puzzle.text)
    # How many are wrong, never where the right places are.
    check = puzzle.embed["description"]
    assert check == "Check: 1 tile placed, and it is wrong."
    await emu.restart_bot()  # the wrong tile is in the store, and the menus still work
    assert [tuple(sorted(pair)) for pair in attempt(emu).game.placements] == [tuple(sorted(wrong))]
    await choose_tile(alice, puzzle, wrong, "remove")
    await emu.wait_for(lambda: "0/10 tiles" in puzzle.text)
    for number, cells in enumerate(solution, start=1):
        await choose_tile(alice, puzzle, cells, "place")
        progress = f"{number}/10 tiles"
        await emu.wait_for(lambda: progress in puzzle.text)  # noqa: B023 (awaited here)
    assert "Solved" in puzzle.text and puzzle.buttons == [] and puzzle.selects == []
    # The line in the channel that led to the thread now says how it ended.
    await emu.wait_for(lambda: "Solved" in answer.response.text)
    assert "Follow it in its thread" not in answer.response.text


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)
async def test_a_covered_grid_with_a_wrong_tile_is_not_solved_until_it_is_right(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    alice = emu.user("alice")
    puzzle = opened(emu, await alice.slash("domino puzzle", size=3, difficulty="easy"))
    game = attempt(emu).game
    solution = [tuple(sorted(pair)) for pair in game.puzzle.solution]
    # A two-by-two block the solution covers with two tiles side by side: the other two tiles
    # cover it too (turned a quarter), and cover the grid with two tiles wrong.
    pairs = set(solution)
    block = next(
        (a, b, c, d)
        for a, b in solution
        for c, d in solution
        if (a[0] == b[0] and c == (a[0] + 1, a[1]) and d == (b[0] + 1, b[1]))
        or (a[1] == b[1] and c == (a[0], a[1] + 1) and d == (b[0], b[1] + 1))
    )
    a, b, c, d = block
    turned = [(a, c), (b, d)]
    cover = [pair for pair in solution if pair not in {(a, b), (c, d)}] + turned
    assert len(cover) == 10 and pairs != set(cover)
    for cells in cover:
        await choose_tile(alice, puzzle, cells, "place")
    await emu.wait_for(lambda: "10/10 tiles" in puzzle.text)
    assert "Every cell is covered, but not as the solution has it" in puzzle.text
    assert "Solved" not in puzzle.text and puzzle.selects
    await alice.click(puzzle, puzzle_texts.PUZZLE_CHECK)
    await emu.wait_for(lambda: "Check:" in puzzle.text)
    assert "Check: 2 of the 10 tiles placed are wrong." in puzzle.text

"""Solved solitaire puzzles: one row each, and a player's best time at one puzzle and setting."""

from __future__ import annotations

from data.models import DataError, PuzzleSolve
from data.sql import Connection

PUZZLES = ("dominosa", "quadrille")


def check(solve: PuzzleSolve) -> None:
    """Refuse a solve that cannot be (before any write)."""
    if solve.puzzle not in PUZZLES:
        raise DataError(f"there is no puzzle called {solve.puzzle!r}")
    if solve.seconds < 0 or solve.actions < 0 or solve.hints < 0:
        raise DataError("a solve's time, actions and hints are not negative")


async def record(connection: Connection, solve: PuzzleSolve) -> None:
    """Keep the solve; an attempt already kept is kept once (its second solve is dropped)."""
    await connection.execute(
        "INSERT INTO puzzle_solves (guild_id, user_id, puzzle, setting, seconds, actions,"
        " hints, solved_at, attempt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (attempt) DO NOTHING",
        (
            solve.guild_id,
            solve.user_id,
            solve.puzzle,
            solve.setting,
            solve.seconds,
            solve.actions,
            solve.hints,
            solve.solved_at,
            solve.attempt,
        ),
    )


async def solves(connection: Connection, guild_id: int, user_id: int) -> list[PuzzleSolve]:
    """A player's solves on one server, newest first."""
    rows = await connection.fetch(
        "SELECT guild_id, user_id, puzzle, setting, seconds, actions, hints, solved_at, attempt"
        " FROM puzzle_solves WHERE guild_id = ? AND user_id = ? ORDER BY solved_at DESC, id DESC",
        (guild_id, user_id),
    )
    return [
        PuzzleSolve(
            int(guild),
            int(user),
            str(puzzle),
            str(setting),
            float(seconds),
            int(actions),
            int(hints),
            float(solved_at),
            None if attempt is None else str(attempt),
        )
        for guild, user, puzzle, setting, seconds, actions, hints, solved_at, attempt in rows
    ]


async def best_seconds(
    connection: Connection, guild_id: int, user_id: int, puzzle: str, setting: str
) -> float | None:
    """The player's fastest solve of this puzzle and setting on the server, if any."""
    rows = list(
        await connection.fetch(
            "SELECT MIN(seconds) FROM puzzle_solves"
            " WHERE guild_id = ? AND user_id = ? AND puzzle = ? AND setting = ?",
            (guild_id, user_id, puzzle, setting),
        )
    )
    return None if not rows or rows[0][0] is None else float(rows[0][0])

"""Solved puzzles are kept, each with its time, and a player's best time is per puzzle and
setting on one server."""

from __future__ import annotations

from dataclasses import replace

import pytest

from data import Change, Database, DataError, LiveTable, PuzzleSolve

from .conftest import GUILD


def solve(seconds: float, setting: str = "double-6 hard", **changes: object) -> PuzzleSolve:
    values: dict[str, object] = {
        "guild_id": GUILD,
        "user_id": 7,
        "puzzle": "dominosa",
        "setting": setting,
        "seconds": seconds,
        "actions": 30,
        "hints": 2,
        "solved_at": 1000.0 + seconds,
    }
    values.update(changes)
    return PuzzleSolve(**values)  # type: ignore[arg-type]


async def test_the_first_solve_has_no_best_and_later_ones_see_the_best_before_them(
    db: Database,
) -> None:
    assert await db.record_puzzle_solve(solve(300)) is None
    assert await db.record_puzzle_solve(solve(200)) == 300
    assert await db.record_puzzle_solve(solve(250)) == 200


async def test_a_best_time_counts_only_the_same_puzzle_setting_player_and_server(
    db: Database,
) -> None:
    await db.record_puzzle_solve(solve(100))
    assert await db.record_puzzle_solve(solve(500, setting="double-6 easy")) is None
    assert await db.record_puzzle_solve(solve(500, puzzle="quadrille", setting="classic")) is None
    assert await db.record_puzzle_solve(solve(500, user_id=8)) is None
    assert await db.record_puzzle_solve(solve(500, guild_id=GUILD + 1)) is None


async def test_a_players_solves_are_listed_newest_first(db: Database) -> None:
    await db.record_puzzle_solve(solve(100))
    await db.record_puzzle_solve(solve(50, puzzle="quadrille", setting="classic"))
    await db.record_puzzle_solve(solve(70, user_id=8))
    listed = await db.puzzle_solves(GUILD, 7)
    assert [(s.puzzle, s.seconds) for s in listed] == [("dominosa", 100.0), ("quadrille", 50.0)]


@pytest.mark.parametrize("bad", [{"puzzle": "sudoku"}, {"seconds": -1.0}, {"hints": -1}])
async def test_an_impossible_solve_is_refused_and_nothing_is_kept(
    db: Database, bad: dict[str, object]
) -> None:
    with pytest.raises(DataError):
        await db.record_puzzle_solve(solve(**{"seconds": 10.0, **bad}))  # type: ignore[arg-type]
    assert await db.puzzle_solves(GUILD, 7) == []


async def test_a_solve_is_kept_by_its_attempts_commit_only_when_that_commit_is_written(
    db: Database,
) -> None:
    """The last tile's commit carries the solve: a commit at a revision that moved on keeps
    nothing, the one that is written keeps it, and the same attempt is never kept twice."""
    opened = LiveTable("p1", GUILD, 10, None, 30, {"kind": "puzzle"}, 1.0, 0, kind="puzzle")
    assert await db.commit(Change(opened, None))
    solved = solve(90, attempt="p1")
    stale = replace(opened, revision=2, state={"kind": "puzzle", "over": True})
    assert not await db.commit(Change(stale, 1, solve=solved))  # the revision moved on
    assert await db.puzzle_solves(GUILD, 7) == []
    done = replace(opened, revision=1, state={"kind": "puzzle", "over": True})
    assert await db.commit(Change(done, 0, solve=solved))
    again = replace(done, revision=2)
    assert await db.commit(Change(again, 1, solve=solve(95, attempt="p1")))
    assert await db.puzzle_solves(GUILD, 7) == [solved]

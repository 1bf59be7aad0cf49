"""The bulk path writes what `record_match` writes, match for match."""

from __future__ import annotations

import random

import pytest

from data import Database, DataError, FinishedMatch
from data.bulk import bulk_record
from tests.data.conftest import GUILD, partnership, singles


def history_of_a_server() -> list[FinishedMatch]:
    rng = random.Random(7)
    people = list(range(1, 9))
    matches: list[FinishedMatch] = []
    for number in range(60):
        at = float(number * 10)
        if number % 3 == 0:
            a, b, c, d = rng.sample(people, 4)
            matches.append(partnership(f"t{number}", (a, b), (c, d), rng.random() < 0.5, at=at))
        else:
            players: list[int | None] = rng.sample(people, 3)
            if number % 7 == 0:
                players[2] = None
            matches.append(
                singles(f"t{number}", players, rng.randrange(3), variant="traditional", at=at)
            )
    return matches


async def _snapshot(db: Database) -> list[object]:
    seasons = [None, *(s.id for s in await db.seasons(GUILD))]
    found: list[object] = []
    for season in seasons:
        for variant in (None, "partnership", "traditional"):
            for kind in ("players", "pairs"):
                for order in ("rating", "wins", "points"):
                    found.append(
                        await db.leaderboard(GUILD, season, variant, order, kind, limit=100)  # type: ignore[arg-type]
                    )
        for user in range(1, 9):
            found.append(await db.player_stats(GUILD, user, season))
    found.append(await db.history(GUILD, limit=100))
    return found


async def test_bulk_recording_gives_the_same_boards_and_stats_as_one_by_one(
    target: str, second_target: str
) -> None:
    matches = history_of_a_server()
    snapshots = []
    for where, bulk in ((target, False), (second_target, True)):
        async with await Database.open(where) as db:
            await db.start_season(GUILD, ends_at=300.0, now=0.0)
            if bulk:
                assert await bulk_record(db, matches) == len(matches)
            else:
                for match in matches:
                    await db.record_match(match)
            await db.start_season(GUILD, now=400.0)  # later matches count in no season
            snapshots.append(await _snapshot(db))
    assert snapshots[0] == snapshots[1]


async def test_bulk_refuses_a_match_recorded_before_and_writes_nothing(db: Database) -> None:
    await db.record_match(singles("t1", [1, 2], 0, at=1.0))
    with pytest.raises(DataError, match="recorded before"):
        await bulk_record(db, [singles("t0", [1, 2], 0, at=0.5), singles("t1", [1, 2], 0, at=2)])
    assert len(await db.history(GUILD)) == 1


async def test_bulk_refuses_matches_out_of_order(db: Database) -> None:
    with pytest.raises(DataError, match="order they finished"):
        await bulk_record(db, [singles("a", [1, 2], 0, at=2.0), singles("b", [1, 2], 0, at=1.0)])


async def test_the_quick_stand_in_still_orders_winners_above_losers(db: Database) -> None:
    matches = [singles(f"t{n}", [1, 2], 0, at=float(n)) for n in range(5)]
    await bulk_record(db, matches, exact=False)
    board = await db.leaderboard(GUILD, None)
    assert [row.user_ids for row in board.rows] == [(1,), (2,)]
    assert [row.games for row in board.rows] == [5, 5]


async def test_matches_recorded_after_a_bulk_get_fresh_ids(db: Database) -> None:
    await db.record_match(singles("first", [1, 2], 0, at=0.5))
    await bulk_record(db, [singles(f"t{n}", [1, 2], 0, at=float(n + 1)) for n in range(5)])
    outcome = await db.record_match(singles("after", [1, 2], 1, at=10.0))
    assert outcome.match_id == 7
    assert [m.match_id for m in await db.history(GUILD)] == [7, 6, 5, 4, 3, 2, 1]

"""Leaderboards: ordering, pagination, the caller's rank, variants, and fixed pairs."""

from __future__ import annotations

import pytest

from data import Database, DataError
from tests.data.conftest import GUILD, partnership, singles

ALICE, BOB, CAROL, DAVE, ERIN = 1, 2, 3, 4, 5


async def _ladder(db: Database) -> None:
    """Alice beats everyone, Bob beats Carol and Dave, Carol beats Dave; Erin plays once and
    scores big in a loss."""
    games = [(ALICE, BOB), (ALICE, CAROL), (ALICE, DAVE), (BOB, CAROL), (BOB, DAVE), (CAROL, DAVE)]
    for number, (winner, loser) in enumerate(games * 2):
        await db.record_match(singles(f"t{number}", [winner, loser], 0, [60, 10], at=number))
    await db.record_match(singles("erin", [DAVE, ERIN], 0, [61, 59], at=99.0))


async def test_players_are_ordered_by_rating_wins_or_points(db: Database) -> None:
    await _ladder(db)
    by_rating = await db.leaderboard(GUILD, None)
    order = [row.user_ids[0] for row in by_rating.rows]
    assert order[:3] == [ALICE, BOB, CAROL] and order.index(CAROL) < order.index(DAVE)
    assert [row.rating for row in by_rating.rows] == sorted(
        (row.rating for row in by_rating.rows), reverse=True
    )
    assert [row.rank for row in by_rating.rows] == [1, 2, 3, 4, 5]
    by_wins = await db.leaderboard(GUILD, None, order="wins")
    assert [row.wins for row in by_wins.rows] == [6, 4, 2, 1, 0]
    by_points = await db.leaderboard(GUILD, None, order="points")
    assert [row.points for row in by_points.rows] == [360, 260, 160, 121, 59]


async def test_pages_hold_the_asked_rows_and_the_total(db: Database) -> None:
    await _ladder(db)
    first = await db.leaderboard(GUILD, None, order="wins", limit=2)
    second = await db.leaderboard(GUILD, None, order="wins", offset=2, limit=2)
    last = await db.leaderboard(GUILD, None, order="wins", offset=4, limit=2)
    assert (first.total, second.total) == (5, 5)
    assert [row.rank for row in first.rows + second.rows + last.rows] == [1, 2, 3, 4, 5]
    assert [row.user_ids[0] for row in first.rows + second.rows] == [ALICE, BOB, CAROL, DAVE]
    assert (await db.leaderboard(GUILD, None, offset=10)).rows == []


async def test_the_callers_rank_matches_their_line_on_the_board(db: Database) -> None:
    await _ladder(db)
    for order in ("rating", "wins", "points"):
        board = await db.leaderboard(GUILD, None, order=order)  # type: ignore[arg-type]
        for row in board.rows:
            rank = await db.rank_of(GUILD, None, row.user_ids[0], order=order)  # type: ignore[arg-type]
            assert rank == row.rank
    assert await db.rank_of(GUILD, None, 999) is None


async def test_ties_break_by_the_second_key_then_by_id(db: Database) -> None:
    await db.record_match(singles("t1", [BOB, ALICE], 0, [50, 0]))
    await db.record_match(singles("t2", [CAROL, DAVE], 0, [50, 0]))
    board = await db.leaderboard(GUILD, None, order="points")
    assert [row.user_ids[0] for row in board.rows] == [BOB, CAROL, ALICE, DAVE]


async def test_a_variant_board_counts_only_that_variant(db: Database) -> None:
    await db.record_match(singles("t1", [ALICE, BOB], 0, variant="two-player"))
    await db.record_match(singles("t2", [CAROL, BOB], 0, variant="french"))
    french = await db.leaderboard(GUILD, None, "french")
    assert {row.user_ids[0] for row in french.rows} == {CAROL, BOB}
    everything = await db.leaderboard(GUILD, None)
    assert everything.total == 3


async def test_fixed_pairs_have_their_own_board(db: Database) -> None:
    await db.record_match(partnership("t1", (ALICE, CAROL), (BOB, DAVE), True))
    await db.record_match(partnership("t2", (CAROL, ALICE), (DAVE, ERIN), True))
    await db.record_match(partnership("t3", (BOB, DAVE), (CAROL, ERIN), True))
    pairs = await db.leaderboard(GUILD, None, kind="pairs", order="wins")
    assert [(row.user_ids, row.games, row.wins) for row in pairs.rows[:2]] == [
        ((ALICE, CAROL), 2, 2),
        ((BOB, DAVE), 2, 1),
    ]
    losers = pairs.rows[2:]
    assert {row.user_ids for row in losers} == {(CAROL, ERIN), (DAVE, ERIN)}
    assert losers[0].rating >= losers[1].rating  # equal wins: the better rating first
    assert pairs.rows[0].names == ("player 1", "player 3")
    assert await db.rank_of(GUILD, None, DAVE, kind="pairs", order="wins") == 2
    # singles matches make no pairs
    await db.record_match(singles("t4", [ALICE, BOB], 0))
    assert (await db.leaderboard(GUILD, None, kind="pairs")).total == 4


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"order": "luck"}, "rating, wins or points"),
        ({"kind": "teams"}, "players or pairs"),
        ({"limit": 0}, "1 to 100"),
        ({"offset": -1}, "0 or later"),
    ],
)
async def test_bad_leaderboard_requests_are_refused(
    db: Database, changes: dict[str, object], reason: str
) -> None:
    with pytest.raises(DataError, match=reason):
        await db.leaderboard(GUILD, None, **changes)  # type: ignore[arg-type]

"""Seasons: one open at a time, started and ended by moderators or on a schedule; a match
belongs to the season open when it finished; past seasons stay browsable."""

from __future__ import annotations

import pytest

from data import Database, DataError, SeasonError
from data.seasons import DAY
from tests.data.conftest import GUILD, singles

ALICE, BOB = 1, 2


async def test_seasons_are_numbered_and_only_one_is_open_at_a_time(db: Database) -> None:
    first = await db.start_season(GUILD, now=100.0)
    assert (first.number, first.name) == (1, "Season 1")
    with pytest.raises(SeasonError, match="Season 1 is still open"):
        await db.start_season(GUILD, "Another", now=150.0)
    ended = await db.end_season(GUILD, now=200.0)
    assert ended.ended_at == 200.0
    second = await db.start_season(GUILD, "Summer cup", now=300.0)
    assert (second.number, second.name) == (2, "Summer cup")
    assert [season.name for season in await db.seasons(GUILD)] == ["Summer cup", "Season 1"]
    assert await db.current_season(GUILD, now=301.0) == second


async def test_ending_with_no_open_season_is_refused(db: Database) -> None:
    with pytest.raises(SeasonError, match="no season is open"):
        await db.end_season(GUILD, now=1.0)


@pytest.mark.parametrize(
    ("name", "ends_at", "reason"),
    [("  ", None, "cannot be empty"), ("x" * 101, None, "at most 100"), (None, 50.0, "end after")],
)
async def test_a_bad_season_is_refused_and_nothing_starts(
    db: Database, name: str | None, ends_at: float | None, reason: str
) -> None:
    with pytest.raises(DataError, match=reason):
        await db.start_season(GUILD, name, ends_at, now=100.0)
    assert await db.seasons(GUILD) == []


async def test_each_server_has_its_own_seasons(db: Database) -> None:
    await db.start_season(GUILD, now=1.0)
    other = await db.start_season(GUILD + 1, now=1.0)
    assert other.number == 1
    assert await db.current_season(GUILD + 2, now=2.0) is None


async def test_a_match_finished_after_the_season_ended_goes_to_no_season(db: Database) -> None:
    season = await db.start_season(GUILD, now=100.0)
    inside = await db.record_match(singles("t1", [ALICE, BOB], 0, at=150.0))
    await db.end_season(GUILD, now=200.0)
    at_the_end = await db.record_match(singles("t2", [ALICE, BOB], 0, at=200.0))
    assert inside.season_id == season.id
    assert at_the_end.season_id is None
    board = await db.leaderboard(GUILD, season.id)
    assert [row.games for row in board.rows] == [1, 1]
    all_time = await db.leaderboard(GUILD, None)
    assert [row.games for row in all_time.rows] == [2, 2]


async def test_a_match_finished_after_the_next_season_started_goes_to_the_next(
    db: Database,
) -> None:
    first = await db.start_season(GUILD, now=100.0)
    await db.end_season(GUILD, now=200.0)
    second = await db.start_season(GUILD, now=300.0)
    before = await db.record_match(singles("t1", [ALICE, BOB], 0, at=199.0))
    between = await db.record_match(singles("t2", [ALICE, BOB], 0, at=250.0))
    after = await db.record_match(singles("t3", [ALICE, BOB], 1, at=300.0))
    assert (before.season_id, between.season_id, after.season_id) == (first.id, None, second.id)
    assert (await db.player_stats(GUILD, BOB, second.id)).wins == 1
    assert [s.match_id for s in await db.history(GUILD, season_id=first.id)] == [before.match_id]


async def test_a_scheduled_season_stops_taking_matches_at_its_end_before_the_scheduler_runs(
    db: Database,
) -> None:
    season = await db.start_season(GUILD, ends_at=1000.0, now=0.0)
    late = await db.record_match(singles("t1", [ALICE, BOB], 0, at=1000.0))
    assert late.season_id is None
    assert await db.current_season(GUILD, now=1000.0) is None
    assert await db.due_season_ends(now=999.0) == []
    assert [s.id for s in await db.due_season_ends(now=1000.0)] == [season.id]
    # a moderator ending it late closes it at its scheduled end
    assert (await db.end_season(GUILD, now=5000.0)).ended_at == 1000.0


async def test_starting_a_season_closes_one_whose_scheduled_end_has_passed(db: Database) -> None:
    await db.start_season(GUILD, ends_at=1000.0, now=0.0)
    second = await db.start_season(GUILD, now=2000.0)
    first = (await db.seasons(GUILD))[1]
    assert first.ended_at == 1000.0 and second.number == 2


async def test_the_scheduler_rolls_into_the_next_season_where_the_server_asks(
    db: Database,
) -> None:
    await db.update_server_settings(GUILD, season_days=30)
    await db.start_season(GUILD, ends_at=30 * DAY, now=0.0)
    await db.start_season(GUILD + 1, ends_at=10 * DAY, now=0.0)  # no schedule there
    rolled = await db.roll_seasons(now=31 * DAY)
    by_server = {ended.guild_id: (ended, started) for ended, started in rolled}
    ended, started = by_server[GUILD]
    assert ended.ended_at == 30 * DAY
    assert started is not None and started.number == 2 and started.ends_at == 61 * DAY
    assert by_server[GUILD + 1][1] is None
    assert await db.current_season(GUILD + 1, now=31 * DAY) is None
    assert await db.roll_seasons(now=31 * DAY) == []

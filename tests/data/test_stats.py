"""A player's stats (games, wins, streaks, win rate by variant, points per hand, rating trend),
the match history with paging, and the stored game records."""

from __future__ import annotations

import random

import pytest

from data import Database, DataError
from tests.data.conftest import GUILD, partnership, singles

ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4


async def test_streaks_count_consecutive_wins_rated_or_not(db: Database) -> None:
    results = "WWLWWWLWW"
    for number, letter in enumerate(results):
        winner = 0 if letter == "W" else 1
        players = [ALICE, BOB] if number % 3 else [ALICE, None]
        await db.record_match(singles(f"t{number}", players, winner, at=float(number)))
    stats = await db.player_stats(GUILD, ALICE)
    assert (stats.games, stats.wins) == (9, 7)
    assert (stats.best_streak, stats.current_streak) == (3, 2)
    assert stats.win_rate == pytest.approx(7 / 9)


async def test_win_rate_by_variant_most_played_first(db: Database) -> None:
    await db.record_match(singles("t1", [ALICE, BOB], 0, variant="french"))
    await db.record_match(singles("t2", [ALICE, BOB], 1, variant="two-player"))
    await db.record_match(singles("t3", [ALICE, BOB], 0, variant="two-player"))
    await db.record_match(singles("t4", [ALICE, BOB], 1, variant="two-player"))
    by_variant = (await db.player_stats(GUILD, ALICE)).by_variant
    assert [(v.variant, v.games, v.wins) for v in by_variant] == [
        ("two-player", 3, 1),
        ("french", 1, 1),
    ]
    assert by_variant[0].win_rate == pytest.approx(1 / 3)


async def test_points_per_hand_averages_reward_games_only(db: Database) -> None:
    await db.record_match(singles("t1", [ALICE, BOB], 0, [100, 20], hands=4))
    await db.record_match(singles("t2", [ALICE, BOB], 1, [30, 100], hands=2))
    await db.record_match(partnership("t3", (ALICE, CAROL), (BOB, DAVE), False))  # penalty
    stats = await db.player_stats(GUILD, ALICE)
    assert stats.points_per_hand == pytest.approx(130 / 6)
    assert (await db.player_stats(GUILD, DAVE)).points_per_hand is None


async def test_the_rating_trend_follows_each_rated_match_oldest_first(db: Database) -> None:
    outcomes = [
        await db.record_match(singles(f"t{n}", [ALICE, BOB], n % 2, at=float(n))) for n in range(4)
    ]
    await db.record_match(singles("ai", [ALICE, None], 0, at=9.0))  # unrated: no point
    stats = await db.player_stats(GUILD, ALICE)
    assert [point.match_id for point in stats.trend] == [o.match_id for o in outcomes]
    assert stats.trend[-1].rating == stats.rating
    assert [point.finished_at for point in stats.trend] == [0.0, 1.0, 2.0, 3.0]
    rises = [b.rating > a.rating for a, b in zip(stats.trend, stats.trend[1:], strict=False)]
    assert rises == [False, True, False]  # Alice won match 0 and 2, lost 1 and 3


async def test_season_stats_count_only_that_season(db: Database) -> None:
    await db.record_match(singles("old", [ALICE, BOB], 0, at=1.0))
    season = await db.start_season(GUILD, now=10.0)
    await db.record_match(singles("new", [ALICE, BOB], 1, at=11.0))
    stats = await db.player_stats(GUILD, ALICE, season.id)
    assert (stats.games, stats.wins, stats.season_id) == (1, 0, season.id)
    assert len(stats.trend) == 1
    assert (await db.player_stats(GUILD, ALICE)).games == 2


async def test_a_stranger_has_empty_stats(db: Database) -> None:
    stats = await db.player_stats(GUILD, 404)
    assert (stats.games, stats.win_rate, stats.rating, stats.trend) == (0, 0.0, None, [])


async def test_history_pages_back_newest_first(db: Database) -> None:
    ids = [
        (await db.record_match(singles(f"t{n}", [ALICE, BOB if n % 2 else CAROL], 0))).match_id
        for n in range(5)
    ]
    newest = await db.history(GUILD, limit=2)
    assert [m.match_id for m in newest] == ids[:-3:-1]
    older = await db.history(GUILD, limit=2, before=newest[-1].match_id)
    assert [m.match_id for m in older] == [ids[2], ids[1]]
    bobs = await db.history(GUILD, BOB)
    assert [m.match_id for m in bobs] == [ids[3], ids[1]]
    assert [seat.name for seat in bobs[0].seats] == ["player 1", "player 2"]
    assert await db.history(GUILD + 1) == []


async def test_a_match_record_is_given_back_only_to_its_server(db: Database) -> None:
    match = singles("t1", [ALICE, BOB], 0)
    outcome = await db.record_match(match)
    assert await db.match_record(outcome.match_id, GUILD) == match.record
    with pytest.raises(DataError, match="no match"):
        await db.match_record(outcome.match_id, GUILD + 1)
    with pytest.raises(DataError, match="no match"):
        await db.match_record(outcome.match_id + 1)


async def test_one_match_summary_is_given_back_only_to_its_server(db: Database) -> None:
    outcome = await db.record_match(singles("t1", [ALICE, None], 0, at=5.0))
    summary = await db.match_summary(outcome.match_id, GUILD)
    assert summary == (await db.history(GUILD))[0]
    assert [seat.user_id for seat in summary.seats] == [ALICE, None]
    assert not summary.rated  # an AI seat
    with pytest.raises(DataError, match="no match"):
        await db.match_summary(outcome.match_id, GUILD + 1)
    with pytest.raises(DataError, match="no match"):
        await db.match_summary(outcome.match_id + 1)


async def test_stats_agree_with_counting_the_history_by_hand(db: Database) -> None:
    rng = random.Random(3)
    people = [ALICE, BOB, CAROL, DAVE]
    for number in range(40):
        players: list[int | None] = rng.sample(people, 2)
        if number % 5 == 0:
            players[1] = None
        variant = rng.choice(["two-player", "french"])
        await db.record_match(
            singles(f"t{number}", players, rng.randrange(2), variant=variant, rated=number % 4 > 0)
        )
    history = list(reversed(await db.history(GUILD, limit=100)))
    for person in people:
        results = [
            (match.variant, seat.won, seat.points, match.hands)
            for match in history
            for seat in match.seats
            if seat.user_id == person
        ]
        streaks = "".join("W" if won else "L" for _, won, _, _ in results).split("L")
        stats = await db.player_stats(GUILD, person)
        assert stats.games == len(results)
        assert stats.wins == sum(won for _, won, _, _ in results)
        assert stats.best_streak == max(len(run) for run in streaks)
        assert stats.current_streak == len(streaks[-1])
        assert stats.points_per_hand == pytest.approx(
            sum(points for *_, points, _ in results) / sum(hands for *_, hands in results)
        )
        for variant_stats in stats.by_variant:
            mine = [won for variant, won, _, _ in results if variant == variant_stats.variant]
            assert (variant_stats.games, variant_stats.wins) == (len(mine), sum(mine))


async def test_a_player_in_two_seats_counts_the_match_once(db: Database) -> None:
    await db.record_match(singles("t1", [ALICE, ALICE], 1))
    stats = await db.player_stats(GUILD, ALICE)
    assert (stats.games, stats.wins, stats.best_streak) == (1, 1, 1)

"""Recording finished matches: exactly once, atomically with the live table's end and the
ratings; unrated games in history only; a crash between result and rating; concurrent writers."""

from __future__ import annotations

import asyncio
import contextlib
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from data import (
    Database,
    DataError,
    FinishedMatch,
    LeaderboardPage,
    LiveTable,
    SeatResult,
    recording,
    seats_from_record,
)
from engine import Match
from engine.record import write
from tests.data.conftest import GUILD, partnership, singles

ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4


def live(table_id: str) -> LiveTable:
    return LiveTable(table_id, GUILD, 10, None, None, {"record": {}}, 1.0)


async def test_a_match_is_recorded_once_however_often_it_is_sent(db: Database) -> None:
    match = partnership("t1", (ALICE, CAROL), (BOB, DAVE), True)
    first = await db.record_match(match)
    again = await db.record_match(match)
    assert first.recorded and first.rated and not again.recorded
    assert again.match_id == first.match_id
    assert len(await db.history(GUILD)) == 1
    board = await db.leaderboard(GUILD, None)
    assert [row.games for row in board.rows] == [1, 1, 1, 1]


async def test_recording_ends_the_live_table_in_the_same_transaction(db: Database) -> None:
    await db.save_live_table(live("t1"))
    await db.save_live_table(live("t2"))
    await db.record_match(singles("t1", [ALICE, BOB], 0))
    assert [table.id for table in await db.live_tables()] == ["t2"]


async def test_a_finished_table_kept_for_its_buttons_is_saved_with_its_result(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    await db.save_live_table(live("t1"))
    kept = LiveTable("t1", GUILD, 10, None, None, {"phase": "over"}, 2.0)
    real = recording.apply_ratings

    async def fail_after_results(*args: object, **kwargs: object) -> object:
        raise OSError("disk unplugged between result and rating")

    monkeypatch.setattr(recording, "apply_ratings", fail_after_results)
    match = partnership("t1", (ALICE, CAROL), (BOB, DAVE), True)
    with pytest.raises(OSError):
        await db.record_match(match, keep=kept)
    assert [table.state for table in await db.live_tables()] == [{"record": {}}]
    monkeypatch.setattr(recording, "apply_ratings", real)
    assert (await db.record_match(match, keep=kept)).recorded
    assert [table.state for table in await db.live_tables()] == [{"phase": "over"}]
    assert len(await db.history(GUILD)) == 1


async def test_winners_gain_rating_and_losers_lose_it(db: Database) -> None:
    outcome = await db.record_match(partnership("t1", (ALICE, CAROL), (BOB, DAVE), True))
    change = {c.user_id: c.after - c.before for c in outcome.changes}
    assert change[ALICE] > 0 and change[CAROL] > 0
    assert change[BOB] < 0 and change[DAVE] < 0


async def test_a_match_with_an_ai_seat_counts_in_history_but_not_in_ratings(
    db: Database,
) -> None:
    outcome = await db.record_match(singles("t1", [ALICE, None], 0))
    assert outcome.recorded and not outcome.rated and outcome.changes == ()
    assert (await db.leaderboard(GUILD, None)).total == 0
    assert await db.rank_of(GUILD, None, ALICE) is None
    stats = await db.player_stats(GUILD, ALICE)
    assert (stats.games, stats.wins, stats.rating) == (1, 1, None)
    (summary,) = await db.history(GUILD, ALICE)
    assert summary.seats[1].user_id is None and not summary.rated


async def test_a_match_unrated_by_choice_counts_in_history_but_not_in_ratings(
    db: Database,
) -> None:
    await db.record_match(singles("t1", [ALICE, BOB], 0, rated=False))
    assert (await db.leaderboard(GUILD, None)).total == 0
    assert (await db.player_stats(GUILD, BOB)).games == 1


async def test_a_player_in_two_seats_is_never_rated(db: Database) -> None:
    outcome = await db.record_match(singles("t1", [ALICE, ALICE], 0))
    assert outcome.recorded and not outcome.rated


async def test_a_failure_between_result_and_rating_records_nothing_and_the_retry_counts_once(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    await db.save_live_table(live("t1"))
    match = partnership("t1", (ALICE, CAROL), (BOB, DAVE), True)
    real = recording.apply_ratings

    async def fail_after_results(*args: object, **kwargs: object) -> object:
        raise OSError("disk unplugged between result and rating")

    monkeypatch.setattr(recording, "apply_ratings", fail_after_results)
    with pytest.raises(OSError):
        await db.record_match(match)
    assert await db.history(GUILD) == []
    assert [table.id for table in await db.live_tables()] == ["t1"]
    monkeypatch.setattr(recording, "apply_ratings", real)
    assert (await db.record_match(match)).recorded
    assert not (await db.record_match(match)).recorded
    board = await db.leaderboard(GUILD, None)
    assert [row.games for row in board.rows] == [1, 1, 1, 1]
    assert await db.live_tables() == []


CRASHING_RECORDER = """
import asyncio, os, sys
from data import Database, recording
from tests.data.conftest import partnership

async def crash(*args, **kwargs):
    os._exit(3)  # the process dies with the results written and the transaction open

async def main():
    db = await Database.open(sys.argv[1])
    recording.apply_ratings = crash
    await db.record_match(partnership("t1", (1, 3), (2, 4), True))

asyncio.run(main())
"""


async def test_a_process_killed_between_result_and_rating_leaves_no_trace(
    target: str,
) -> None:
    async with await Database.open(target) as db:
        await db.save_live_table(live("t1"))
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CRASHING_RECORDER), target],
        cwd=root,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 3, done.stderr.decode()
    async with await Database.open(target) as db:
        assert await db.history(GUILD) == []
        assert [table.id for table in await db.live_tables()] == ["t1"]
        assert (await db.record_match(partnership("t1", (1, 3), (2, 4), True))).recorded
        assert (await db.leaderboard(GUILD, None)).total == 4


async def test_two_connections_recording_at_once_lose_nothing(target: str) -> None:
    first, second = await Database.open(target), await Database.open(target)
    players = [ALICE, BOB, CAROL, DAVE]
    rng = random.Random(5)
    matches = []
    for number in range(24):
        a, b = rng.sample(players, 2)
        matches.append(singles(f"t{number}", [a, b], rng.randrange(2), at=float(number)))
    try:
        # both connections also try to record the same table: one wins
        outcomes = await asyncio.gather(
            *(
                (first if number % 2 else second).record_match(match)
                for number, match in enumerate(matches)
            ),
            first.record_match(matches[0]),
        )
        assert sum(outcome.recorded for outcome in outcomes) == len(matches)
        board = await first.leaderboard(GUILD, None, limit=10)
        played = {user: 0 for user in players}
        for match in matches:
            for seat in match.seats:
                assert seat.user_id is not None
                played[seat.user_id] += 1
        assert {row.user_ids[0]: row.games for row in board.rows} == played
        assert len(await second.history(GUILD, limit=100)) == len(matches)
    finally:
        await first.close()
        await second.close()


async def test_many_player_games_are_ranked_by_result(db: Database) -> None:
    # gameroom is penalty-scored: the winner, then fewer penalty points ranks higher
    seats = [
        SeatResult(0, ALICE, "Alice", 0, 30, True),
        SeatResult(1, BOB, "Bob", 1, 120, False),
        SeatResult(2, CAROL, "Carol", 2, 70, False),
        SeatResult(3, DAVE, "Dave", 3, 70, False),
    ]
    match = FinishedMatch("t1", GUILD, "gameroom", {}, {"hands": []}, seats, True, 5.0)
    outcome = await db.record_match(match)
    (summary,) = await db.history(GUILD)
    assert [seat.place for seat in summary.seats] == [1, 4, 2, 2]
    after = {change.user_id: change.after for change in outcome.changes}
    assert after[ALICE] > after[CAROL] == after[DAVE] > after[BOB]


@pytest.mark.parametrize(
    ("seats", "reason"),
    [
        ([], "needs its seats"),
        (
            [SeatResult(0, ALICE, "A", 0, 1, True), SeatResult(0, BOB, "B", 1, 1, False)],
            "seat appears twice",
        ),
        (
            [
                SeatResult(0, ALICE, "A", 0, 10, True),
                SeatResult(1, BOB, "B", 1, 10, False),
                SeatResult(2, CAROL, "C", 0, 99, True),
                SeatResult(3, DAVE, "D", 1, 10, False),
            ],
            "disagree",
        ),
    ],
)
async def test_a_malformed_match_is_refused_and_changes_nothing(
    db: Database, seats: list[SeatResult], reason: str
) -> None:
    await db.save_live_table(live("t1"))
    match = FinishedMatch("t1", GUILD, "partnership", {}, {}, seats, True, 1.0)
    with pytest.raises(DataError, match=reason):
        await db.record_match(match)
    assert await db.history(GUILD) == []
    assert len(await db.live_tables()) == 1


async def test_an_unknown_variant_is_refused(db: Database) -> None:
    match = singles("t1", [ALICE, BOB], 0, variant="tic-tac-toe")
    with pytest.raises(DataError, match="tic-tac-toe"):
        await db.record_match(match)


async def test_results_derived_from_a_real_game_record_match_the_rules(db: Database) -> None:
    game = Match("two-player", 2, {"target": 30}, seed=11)
    rng = random.Random(11)
    while not game.over:
        hand = game.hand
        if hand is None or hand.over:
            game.start_hand()
        else:
            game.apply(rng.choice(hand.legal_actions()))
    record = write(game)
    seats = seats_from_record(record, [(ALICE, "Alice"), (BOB, "Bob")])
    winner = game.winners[0]
    assert [seat.won for seat in seats] == [seat == winner for seat in (0, 1)]
    assert [seat.points for seat in seats] == list(game.scores)
    match = FinishedMatch("t1", GUILD, "two-player", {"target": 30}, record, seats, True, 9.0)
    outcome = await db.record_match(match)
    assert await db.match_record(outcome.match_id) == record
    (summary,) = await db.history(GUILD)
    assert summary.hands == len(record["hands"])


def test_an_unfinished_record_gives_no_results() -> None:
    game = Match("two-player", 2, seed=3)
    game.start_hand()
    with pytest.raises(DataError, match="not finished"):
        seats_from_record(write(game), [(ALICE, "Alice"), (BOB, "Bob")])


async def test_a_variant_named_by_its_alias_is_recorded_under_its_id(db: Database) -> None:
    await db.record_match(singles("t1", [ALICE, BOB], 0, variant="2p"))
    (summary,) = await db.history(GUILD)
    assert summary.variant == "two-player"
    board = await db.leaderboard(GUILD, None, "dos-jugadores")
    assert board == await db.leaderboard(GUILD, None, "two-player")
    assert board.total == 2


async def test_a_record_that_is_not_json_is_refused_and_changes_nothing(db: Database) -> None:
    await db.save_live_table(live("t1"))
    match = singles("t1", [ALICE, BOB], 0)
    match.record["when"] = object()
    with pytest.raises(DataError, match="must be JSON"):
        await db.record_match(match)
    assert await db.history(GUILD) == []
    assert len(await db.live_tables()) == 1


@pytest.mark.parametrize("steps", [0, 1, 2, 3, 5, 8, 13, 21])
async def test_a_recording_cancelled_at_any_point_counts_once_after_a_retry(
    db: Database, steps: int
) -> None:
    await db.save_live_table(live("t1"))
    match = partnership("t1", (ALICE, CAROL), (BOB, DAVE), True)
    task = asyncio.create_task(db.record_match(match))
    for _ in range(steps):
        await asyncio.sleep(0)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    await db.record_match(match)  # the bot retries on its next start
    board = await db.leaderboard(GUILD, None)
    assert [row.games for row in board.rows] == [1, 1, 1, 1]
    assert len(await db.history(GUILD)) == 1
    assert await db.live_tables() == []


async def test_rebuilding_from_the_recorded_matches_gives_the_same_standings(
    db: Database,
) -> None:
    rng = random.Random(9)
    season = await db.start_season(GUILD, now=0.0)
    for number in range(12):
        a, b, c, d = rng.sample([ALICE, BOB, CAROL, DAVE, 5, 6], 4)
        await db.record_match(partnership(f"p{number}", (a, b), (c, d), rng.random() < 0.5))
        await db.record_match(singles(f"s{number}", [a, rng.choice([b, None])], 0))

    async def everything() -> list[object]:
        found: list[object] = []
        for season_id in (None, season.id):
            for kind in ("players", "pairs"):
                found.append(await db.leaderboard(GUILD, season_id, kind=kind, limit=50))  # type: ignore[arg-type]
            found.extend([await db.player_stats(GUILD, user, season_id) for user in range(1, 7)])
        return found

    before = await everything()
    assert await db.rebuild_ratings(GUILD) == 24
    assert await everything() == before


async def test_readers_never_see_a_match_half_recorded(db: Database) -> None:
    people = [ALICE, BOB, CAROL, DAVE]
    rng = random.Random(4)
    writes = [
        db.record_match(singles(f"t{n}", rng.sample(people, 2), 0, at=float(n))) for n in range(30)
    ]
    reads = [db.leaderboard(GUILD, None) for _ in range(30)]
    outcomes = await asyncio.gather(
        *(item for pair in zip(writes, reads, strict=True) for item in pair)
    )
    boards = [page for page in outcomes if isinstance(page, LeaderboardPage)]
    # every match adds one game to each of its two players: a board that saw part of a
    # match would show an odd total
    assert all(sum(row.games for row in page.rows) % 2 == 0 for page in boards)
    assert sum(row.games for row in (await db.leaderboard(GUILD, None)).rows) == 60


def test_a_match_whose_options_make_points_good_is_stored_with_reward_scoring() -> None:
    """`partnership` with `scoring: opponents` (RULES.md §4.1) counts points won: the stored
    scoring follows the options, so the totals count the winners' points."""
    from data.recording import prepare

    seats = [SeatResult(seat, None, f"P{seat}", seat % 2, 0, seat % 2 == 0) for seat in range(4)]
    opponents = FinishedMatch(
        "t1", GUILD, "partnership", {"scoring": "opponents"}, {}, seats, True, 1.0
    )
    plain = FinishedMatch("t2", GUILD, "partnership", {}, {}, seats, True, 1.0)
    assert prepare(opponents).scoring == "reward"
    assert prepare(plain).scoring == "penalty"
    assert (
        prepare(FinishedMatch("t3", GUILD, "latin", {}, {}, seats, True, 1.0)).scoring == "reward"
    )

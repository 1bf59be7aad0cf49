"""Two `Database` instances on one store, as two processes of the bot would have them (on
PostgreSQL: two pools; on SQLite: two pairs of connections to one file), doing the same things
at the same moment: claims never hand a table's outbox or a job to both, one commit wins per
revision, concurrent recordings leave the standings a rebuild from scratch gives, and each
season is ended and started once."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

from data import Change, Database, Job, LiveTable, SeasonError
from tests.data.conftest import GUILD, partnership, singles

LEASE = 30.0
ROUNDS = 12


def table(table_id: str, revision: int = 0, **state: object) -> LiveTable:
    return LiveTable(table_id, GUILD, 10, 20, None, dict(state), 1.0, revision)


async def test_claims_never_hand_one_table_or_job_to_two_claimers(
    db: Database, other: Database
) -> None:
    rng = random.Random(3)
    for number in range(12):
        new = table(f"t{number:02d}")
        assert await db.commit(Change(new, None, ("board",), Job(new.id, "ai", 0, 0.0)))
    now = 0.0
    for _ in range(ROUNDS):
        now += LEASE + 1  # every lease of the round before has run out
        for number in rng.sample(range(12), 6):  # new items queued for some tables
            current = await db.load_table(f"t{number:02d}")
            assert current is not None
            keys = rng.sample(["thread", "board", "hands", "sheet:1"], 2)
            changed = replace(current, revision=current.revision + 1)
            job = Job(current.id, "ai", changed.revision, now)
            assert await other.commit(
                Change(changed, current.revision, tuple(keys), job, due_at=now)
            )
        claimers = [db if n % 2 else other for n in range(8)]
        outboxes = await asyncio.gather(
            *(c.claim_outbox(now, LEASE, limit=rng.randint(1, 3)) for c in claimers)
        )
        jobs = await asyncio.gather(*(c.claim_jobs(now, LEASE, limit=2) for c in claimers))
        owners: dict[str, int] = {}
        for claimer, items in enumerate(outboxes):
            for item in items:
                assert owners.setdefault(item.table_id, claimer) == claimer, item
        claimed_jobs = [job.table_id for batch in jobs for job in batch]
        assert len(claimed_jobs) == len(set(claimed_jobs))
        # whatever is claimed in a round stays out of reach until its lease runs out
        assert await db.claim_outbox(now + LEASE - 1, LEASE) == []
        assert await other.claim_jobs(now + LEASE - 1, LEASE) == []
        for claimer, items in enumerate(outboxes):
            for item in items:
                await (db if claimer % 2 else other).outbox_done(item)


async def test_of_commits_at_one_revision_exactly_one_wins(db: Database, other: Database) -> None:
    assert await db.commit(Change(table("t1", turn=0), None))
    for turn in range(ROUNDS):
        base = table("t1", turn, turn=turn)
        tries = [
            (db if n % 2 else other).commit(
                Change(replace(base, revision=turn + 1, state={"turn": turn + 1, "by": n}), turn)
            )
            for n in range(6)
        ]
        won = await asyncio.gather(*tries)
        assert won.count(True) == 1
        stored = await other.load_table("t1")
        assert stored is not None and stored.revision == turn + 1
        assert stored.state["by"] == won.index(True)


async def test_concurrent_recordings_leave_the_standings_a_rebuild_gives(
    db: Database, other: Database
) -> None:
    rng = random.Random(11)
    await db.start_season(GUILD, now=0.0)
    people = list(range(1, 9))
    matches = []
    for number in range(24):
        a, b, c, d = rng.sample(people, 4)
        if number % 3:
            matches.append(singles(f"s{number}", [a, b], rng.randrange(2), at=float(number)))
        else:
            won = rng.random() < 0.5
            matches.append(partnership(f"p{number}", (a, b), (c, d), won, at=float(number)))
    outcomes = await asyncio.gather(
        *((db if n % 2 else other).record_match(m) for n, m in enumerate(matches))
    )
    assert all(outcome.recorded for outcome in outcomes)

    async def everything() -> list[object]:
        found: list[object] = []
        for season in (None, 1):
            for kind in ("players", "pairs"):
                found.append(await db.leaderboard(GUILD, season, kind=kind, limit=50))  # type: ignore[arg-type]
            found += [await db.player_stats(GUILD, user, season) for user in people]
        return found

    recorded = await everything()
    games = sum(row.games for row in recorded[0].rows)  # type: ignore[attr-defined]
    assert games == sum(len(m.seats) for m in matches)
    await other.rebuild_ratings(GUILD)  # from scratch, in the order the matches were stored
    rebuilt = await everything()
    # the ratings depend on the order the matches were recorded in: the rebuild replays the
    # matches in id order, which is the order their transactions took the server's lock
    assert rebuilt == recorded


async def test_each_due_season_is_ended_and_followed_once(db: Database, other: Database) -> None:
    for guild in (GUILD, GUILD + 1, GUILD + 2):
        await db.update_server_settings(guild, season_days=7)
        await db.start_season(guild, ends_at=100.0, now=0.0)
    rolls = await asyncio.gather(*((db, other)[n % 2].roll_seasons(now=150.0) for n in range(6)))
    ended = sorted((old.guild_id, old.number) for rolled in rolls for old, _ in rolled)
    assert ended == [(GUILD, 1), (GUILD + 1, 1), (GUILD + 2, 1)]
    for guild in (GUILD, GUILD + 1, GUILD + 2):
        seasons = await other.seasons(guild)
        assert [(s.number, s.ended_at) for s in seasons] == [(2, None), (1, 100.0)]


async def test_a_season_started_twice_at_once_is_started_once(
    db: Database, other: Database
) -> None:
    starts = await asyncio.gather(
        *((db, other)[n % 2].start_season(GUILD, now=5.0) for n in range(4)),
        return_exceptions=True,
    )
    assert sum(not isinstance(found, BaseException) for found in starts) == 1
    assert all(isinstance(found, SeasonError) for found in starts if isinstance(found, Exception))
    assert [season.number for season in await db.seasons(GUILD)] == [1]


async def test_two_moderators_changing_two_settings_at_once_keep_both(
    db: Database, other: Database
) -> None:
    for round_number in range(ROUNDS):
        turn = 10 + round_number
        await asyncio.gather(
            db.update_server_settings(GUILD, turn_seconds=turn),
            other.update_server_settings(GUILD, season_days=round_number + 1),
            db.update_server_settings(GUILD, rated_by_default=bool(round_number % 2)),
        )
        settings = await other.server_settings(GUILD)
        assert (settings.turn_seconds, settings.season_days) == (turn, round_number + 1)
        assert settings.rated_by_default is bool(round_number % 2)

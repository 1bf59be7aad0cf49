"""`python -m data copy`: a populated SQLite store copied to PostgreSQL and back keeps every row
(ids included), every leaderboard, stat and history; the copy's ids continue after the copied
ones; a target that is not empty is refused with one line and exit status 1."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from data import Change, Database, Job, LiveTable, PuzzleSolve, Reply, Shown, TurnClock
from data.copy import TABLES, copy_store
from tests.data.conftest import GUILD, partnership, raw_rows, singles

GUILDS = (GUILD, GUILD + 1, 2**60)
ROOT = Path(__file__).resolve().parents[2]


async def populate(target: str) -> None:
    """Several servers with seasons, rated and unrated matches of players and pairs (one
    reviewed), puzzles, live tables with their queues, and the settings and values the bot keeps."""
    rng = random.Random(21)
    async with await Database.open(target) as db:
        for guild in GUILDS:
            await db.update_server_settings(guild, language="es", season_days=30)
            await db.start_season(guild, ends_at=500.0, now=0.0)
            for number in range(18):
                at = float(number * 40)
                if number == 13:
                    await db.roll_seasons(now=at)
                a, b, c, d = rng.sample(range(1, 9), 4)
                if number % 3 == 0:
                    won, rated = bool(number % 2), number % 5 != 0
                    await db.record_match(
                        partnership(
                            f"{guild}-p{number}",
                            (a, b),
                            (c, d),
                            won,
                            rated=rated,
                            at=at,
                            guild=guild,
                        )
                    )
                else:
                    players: list[int | None] = [a, b, None if number % 7 == 0 else c]
                    await db.record_match(
                        singles(f"{guild}-s{number}", players, rng.randrange(3), guild=guild, at=at)
                    )
            reviewed = (await db.history(guild, limit=1))[0].match_id
            await db.save_match_review(reviewed, 1, {"seat": 1, "decisions": []}, now=8.0)
            await db.record_puzzle_solve(
                PuzzleSolve(guild, 1, "dominosa", "double-6 easy", 41.5, 30, 1, 9.0)
            )
            await db.set_guild_language(guild, "pt", 1.0)
            live = LiveTable(
                f"{guild}-live",
                guild,
                5,
                6,
                7,
                {"turn": 3},
                2.0,
                0,
                (1, 2),
                "table",
                hands=('{"actions":[]}', '{"actions":[{"seat":0,"pass":true}]}'),
            )
            # A person's turn, its alert delivered: its clock runs.
            timer, clock = Job(live.id, "timer", 0, 9.0), TurnClock(4, 60.0, 2.0)
            assert await db.commit(
                Change(live, None, ("board", "hands"), timer, due_at=3.0, clock=clock)
            )
            await db.save_shown(Shown(live.id, "board", 6, 70, "digest"))
            await db.turn_shown(Shown(live.id, "hand:0", 8, 80, "alert"), 4, 0, 5.0)
            # The latest interaction's token a friends' table's message is edited through.
            await db.keep_reply(Reply(live.id, f"token-{guild}", 90 + guild, 6.0))
        await db.set_player_language(1, "de", 1.0)
        await db.set_hands_place(2, "thread", 1.0)
        await db.set_forced_moves(3, "ask", 1.0)
        await db.set_bot_value("commands", "fingerprint")


async def everything(target: str) -> list[object]:
    """What players see: every leaderboard (every order, kind, variant, season), every stat,
    the history, the records, the seasons, the settings and the live tables."""
    found: list[object] = []
    async with await Database.open(target) as db:
        for guild in GUILDS:
            seasons = await db.seasons(guild)
            found += [seasons, await db.server_settings(guild), await db.guild_language(guild)]
            for season in (None, *(s.id for s in seasons)):
                for variant in (None, "partnership", "two-player"):
                    for kind in ("players", "pairs"):
                        for order in ("rating", "wins", "points"):
                            found.append(
                                await db.leaderboard(guild, season, variant, order, kind, limit=50)  # type: ignore[arg-type]
                            )
                found += [await db.player_stats(guild, user, season) for user in range(1, 9)]
            history = await db.history(guild, limit=100)
            found += [history, *[await db.match_record(m.match_id) for m in history[:3]]]
            found += [await db.match_review(history[0].match_id, seat) for seat in range(4)]
            found.append(await db.puzzle_solves(guild, 1))
            found.append(await db.shown(f"{guild}-live"))
            found.append(await db.turn_clock(f"{guild}-live"))
            found.append(await db.reply(f"{guild}-live"))
        found += [await db.live_tables(), await db.next_due(), await db.bot_value("commands")]
        found += [await db.player_language(1), await db.hands_place(2)]
        found += [await db.plays_forced(3), await db.plays_forced(4)]
    return found


async def counts(target: str) -> dict[str, int]:
    return {
        table: (await raw_rows(target, f"SELECT COUNT(*) FROM {table}"))[0][0] for table in TABLES
    }


def copy_command(source: str, target: str) -> subprocess.CompletedProcess[str]:
    """`python -m data copy SOURCE TARGET`, as a person runs it."""
    return subprocess.run(
        [sys.executable, "-m", "data", "copy", source, target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


async def test_a_sqlite_store_copied_to_postgresql_and_back_keeps_everything(
    tmp_path: Path, pg_database: str
) -> None:
    source = f"sqlite:///{tmp_path / 'source.sqlite3'}"
    back = f"sqlite:///{tmp_path / 'back.sqlite3'}"
    await populate(source)
    before, rows = await everything(source), await counts(source)
    # every table has something to copy (rebuild requests are worked through at each open)
    assert all(rows[table] for table in TABLES if table != "rebuild_requests"), rows

    done = copy_command(source, pg_database)
    assert done.returncode == 0, done.stderr
    printed = done.stdout.splitlines()
    assert printed[0].split() == ["servers", str(rows["servers"])]
    assert printed[-1].split() == ["(all)", str(sum(rows.values()))]
    assert await counts(pg_database) == rows
    assert await everything(pg_database) == before

    assert await copy_store(pg_database, back) == rows
    assert await counts(back) == rows
    assert await everything(back) == before
    match_ids = "SELECT id, table_id FROM matches ORDER BY id"
    assert await raw_rows(back, match_ids) == await raw_rows(source, match_ids)

    # the copies go on where the source stopped: fresh ids after the copied ones
    for copy in (pg_database, back):
        async with await Database.open(copy) as db:
            last = (await db.history(GUILD, limit=1))[0].match_id
            outcome = await db.record_match(singles("new", [1, 2], 0, at=9999.0))
            assert outcome.match_id > last and outcome.match_id == rows["matches"] + 1
            await db.end_season(GUILD, now=9999.0)
            season = await db.start_season(GUILD, now=10000.0)
            assert season.id == rows["seasons"] + 1
            await db.record_puzzle_solve(
                PuzzleSolve(GUILD, 2, "quadrille", "classic", 10.0, 5, 0, 10000.0)
            )


async def test_a_target_that_is_not_empty_is_refused_in_one_line(
    tmp_path: Path, pg_database: str
) -> None:
    source = f"sqlite:///{tmp_path / 'source.sqlite3'}"
    async with await Database.open(source) as db:
        await db.record_match(singles("t1", [1, 2], 0))
    async with await Database.open(pg_database) as db:
        await db.set_bot_value("commands", "already here")
    done = copy_command(source, pg_database)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"copy refused: the target {pg_database} is not empty (table bot_values has rows)"
    ]
    assert await raw_rows(pg_database, "SELECT COUNT(*) FROM matches") == [(0,)]


async def test_the_copy_knows_every_table_of_the_schema(db: Database) -> None:
    async with db._read() as connection:
        assert sorted(await connection.table_columns()) == sorted(TABLES)

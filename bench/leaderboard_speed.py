"""Leaderboard, rank and stats queries over 100,000 recorded matches (issue 6: each under 20 ms).

Fills a temporary database file with one server's history: `--matches` matches among
`--players` players over four seasons (one regular among them plays thousands of games), a mix
of partnership (fixed pairs), two-player, traditional (3-4 players) and game-room (2-4 players)
matches, one in five unrated (an AI seat or by choice). The fill goes through
`data.bulk.bulk_record` in one transaction, with the cheap rating stand-in (`--exact` uses
openskill, as `record_match` does, and takes minutes); records are short seed-only records,
since they live in a table of their own that no timed query reads. Then each query (and, for
comparison, the `record_match` write that ends every match) runs `--repeat` times with varied
players and pages, through the public `Database` API (so each timing includes aiosqlite's hop
to its thread), and the median and 95th percentile are printed in milliseconds.

    python -m bench.leaderboard_speed [--matches N] [--players P] [--repeat R] [--exact]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

from data import Database, FinishedMatch, SeatResult
from data.bulk import bulk_record

GUILD = 1
GOAL_MS = 20.0
SEASONS = 4
MINUTE = 60.0
REGULAR = 1  # sits in about a quarter of the singles matches: thousands of games
REGULAR_SHARE = 0.25


def synthetic_history(matches: int, players: int, seed: int = 1) -> list[FinishedMatch]:
    """`matches` finished matches, one a minute, among `players` players of varied skill."""
    rng = random.Random(seed)
    skill = [rng.gauss(0.0, 1.0) for _ in range(players + 1)]
    # Regular partners: half the players belong to a fixed pair, so the pairs board is real.
    pairs = [(2 * n + 1, 2 * n + 2) for n in range(players // 4)]
    history: list[FinishedMatch] = []
    for number in range(matches):
        kind = rng.random()
        if kind < 0.3:
            variant, (a, b), (c, d) = "partnership", *rng.sample(pairs, 2)
            users: list[int | None] = [a, c, b, d]
            units = [0, 1, 0, 1]
        else:
            variant, count = rng.choice([("two-player", 2), ("traditional", 3), ("gameroom", 4)])
            users = list(rng.sample(range(1, players + 1), count))
            if REGULAR not in users and rng.random() < REGULAR_SHARE:
                users[0] = REGULAR  # the server's most active player
            units = list(range(count))
        unrated = rng.random() < 0.2
        if unrated and rng.random() < 0.5:
            users[-1] = None  # an AI seat
        strength = {
            unit: sum(skill[u or 0] for u, k in zip(users, units, strict=True) if k == unit)
            + rng.gauss(0.0, 1.0)
            for unit in set(units)
        }
        winner = max(strength, key=lambda unit: strength[unit])
        points = {unit: rng.randrange(10, 150) for unit in strength}
        if variant in ("partnership", "gameroom"):  # penalty-scored: the winner has fewest
            points[winner] = max(0, min(points.values()) - 5)
        else:
            points[winner] = max(points.values()) + 10
        seats = [
            SeatResult(
                seat, user, f"player {user}" if user else "AI", unit, points[unit], unit == winner
            )
            for seat, (user, unit) in enumerate(zip(users, units, strict=True))
        ]
        record = {"variant": variant, "players": len(users), "seed": number, "hands": [{}] * 3}
        history.append(
            FinishedMatch(
                f"bench-{number}",
                GUILD,
                variant,
                {},
                record,
                seats,
                not unrated,
                number * MINUTE,
            )
        )
    return history


async def timed(repeat: int, query: Callable[[int], Awaitable[object]]) -> tuple[float, float]:
    samples = []
    for turn in range(repeat):
        started = time.perf_counter()
        await query(turn)
        samples.append((time.perf_counter() - started) * 1000.0)
    samples.sort()
    return statistics.median(samples), samples[min(len(samples) - 1, int(len(samples) * 0.95))]


async def run(
    matches: int, players: int, repeat: int, exact: bool
) -> list[tuple[str, float, float]]:
    history = synthetic_history(matches, players)
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "bench.sqlite3")
        try:
            span = matches * MINUTE
            for number in range(SEASONS):
                await db.start_season(
                    GUILD, ends_at=span * (number + 1) / SEASONS, now=span * number / SEASONS
                )
            started = time.perf_counter()
            await bulk_record(db, history, exact=exact)
            fill = time.perf_counter() - started
            print(f"filled {matches} matches ({players} players) in {fill:.1f} s")
            regular = (await db.player_stats(GUILD, REGULAR)).games
            season = (await db.seasons(GUILD))[1].id  # a finished season, full of matches
            rng = random.Random(2)
            someone = [rng.randrange(1, players + 1) for _ in range(repeat)]
            fresh = [m for m in history if m.rated and len(m.seats) == 4][:repeat]
            queries: dict[str, Callable[[int], Awaitable[object]]] = {
                "leaderboard season by rating, page 1": lambda n: db.leaderboard(GUILD, season),
                "leaderboard all time by wins, page 20": lambda n: db.leaderboard(
                    GUILD, None, order="wins", offset=190
                ),
                "leaderboard season, one variant, points": lambda n: db.leaderboard(
                    GUILD, season, "traditional", order="points", offset=n % 30 * 10
                ),
                "leaderboard pairs, all time": lambda n: db.leaderboard(GUILD, None, kind="pairs"),
                "rank_of season by rating": lambda n: db.rank_of(GUILD, season, someone[n]),
                "rank_of all time by points": lambda n: db.rank_of(
                    GUILD, None, someone[n], order="points"
                ),
                "player_stats all time": lambda n: db.player_stats(GUILD, someone[n]),
                "player_stats season": lambda n: db.player_stats(GUILD, someone[n], season),
                f"player_stats, {regular} games, all time": lambda n: db.player_stats(
                    GUILD, REGULAR
                ),
                "history of a player": lambda n: db.history(GUILD, someone[n]),
                # the write at the end of every match, openskill and all, for comparison
                "record_match (rated, 4 players)": lambda n: db.record_match(
                    replace(fresh[n], table_id=f"timed-{n}", finished_at=span + n)
                ),
            }
            return [(name, *await timed(repeat, query)) for name, query in queries.items()]
        finally:
            await db.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--exact", action="store_true", help="openskill ratings (slow fill)")
    args = parser.parse_args(argv)
    rows = asyncio.run(run(args.matches, args.players, args.repeat, args.exact))
    width = max(len(name) for name, _, _ in rows)
    print(f"| {'query'.ljust(width)} | median ms | p95 ms | under {GOAL_MS:.0f} ms |")
    print(f"|{'-' * (width + 2)}|-----------|--------|-------------|")
    for name, median, p95 in rows:
        verdict = "yes" if median < GOAL_MS else "NO"
        print(f"| {name.ljust(width)} | {median:9.2f} | {p95:6.2f} | {verdict:>11} |")


if __name__ == "__main__":
    main()

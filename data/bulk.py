"""Bulk recording: many finished matches in one transaction, for benchmarks and imports.

`bulk_record` writes the rows `record_match` writes (matches, records, results, player totals,
standings and rating history, seasons chosen the same way), but keeps the derived rows in
memory and writes each once at the end instead of once per match. With `exact=True` ratings
are openskill's, the same numbers `record_match` gives (a test holds the two paths equal).
With `exact=False` a cheap stand-in moves each player's mu by their place against the field
and shrinks sigma: a benchmark's 100,000 matches then fill in well under a minute, and the
queries it times read those rows exactly as they read real ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from data.database import Database
from data.models import DataError, FinishedMatch
from data.ratings import NEWCOMER, Skill, rate
from data.recording import Prepared, entrants, prepare
from data.recording import result_rows as results_of
from data.scopes import scopes
from data.seasons import all_of
from data.sql import unique_violation
from data.totals import advance, tallies

Rater = Callable[[Sequence[Sequence[Skill]], Sequence[int]], list[list[Skill]]]
StandingKey = tuple[int, int, str, int, int, int]  # guild, season, variant, is_pair, user, partner

_MATCH_COLUMNS = (
    "id", "table_id", "guild_id", "season_id", "variant", "scoring", "options", "hands", "rated",
    "finished_at",
)  # fmt: skip
_RESULT_COLUMNS = (
    "match_id", "seat", "guild_id", "season_id", "user_id", "name", "unit", "points", "won",
    "place",
)  # fmt: skip
_CHANGE_COLUMNS = (
    "match_id", "guild_id", "season_key", "variant_key", "user_id", "mu", "sigma", "rating",
)  # fmt: skip


def quick_rate(units: Sequence[Sequence[Skill]], places: Sequence[int]) -> list[list[Skill]]:
    """The stand-in: a unit above the field's middle place gains, one below loses."""
    middle = sum(places) / len(places)
    return [
        [Skill(s.mu + (middle - place) * 0.5, max(s.sigma * 0.98, 1.0)) for s in unit]
        for unit, place in zip(units, places, strict=True)
    ]


async def bulk_record(
    database: Database, matches: Sequence[FinishedMatch], *, exact: bool = True
) -> int:
    """Record `matches` (in order of `finished_at`) in one transaction; returns how many.
    Refused whole if one is malformed or was recorded before. Live tables are not touched."""
    prepared = [prepare(match) for match in matches]
    for number, match in enumerate(matches):
        if number and match.finished_at < matches[number - 1].finished_at:
            raise DataError("bulk matches must come in the order they finished")
    rater: Rater = rate if exact else quick_rate
    guilds = sorted({match.guild_id for match in matches})
    if not matches:
        return 0
    async with database._write() as connection:
        for guild in guilds:  # in the order of their ids, as every write that takes several
            await connection.serialize("guild", guild)
        await connection.executemany(
            "INSERT INTO servers (guild_id) VALUES (?) ON CONFLICT DO NOTHING",
            [(guild,) for guild in guilds],
        )
        season_lists = {guild: await all_of(connection, guild) for guild in guilds}
        marks = ", ".join("?" for _ in guilds)
        standings: dict[StandingKey, list[Any]] = {
            tuple(row[:6]): list(row[6:])
            for row in await connection.fetch(
                "SELECT guild_id, season_key, variant_key, is_pair, user_id, partner_id, name,"
                f" mu, sigma, games, wins, points FROM standings WHERE guild_id IN ({marks})",
                guilds,
            )
        }
        totals: dict[tuple[int, int, int, str], list[int]] = {
            (row[0], row[1], row[2], row[3]): list(row[4:])
            for row in await connection.fetch(
                "SELECT guild_id, user_id, season_key, variant_key, games, wins, streak,"
                " best_streak, reward_points, reward_hands FROM player_totals"
                f" WHERE guild_id IN ({marks})",
                guilds,
            )
        }
        next_id = await connection.reserve_ids("matches", len(matches))
        match_rows: list[tuple[Any, ...]] = []
        record_rows: list[tuple[Any, ...]] = []
        result_rows: list[tuple[Any, ...]] = []
        change_rows: list[tuple[Any, ...]] = []
        for offset, (match, ready) in enumerate(zip(matches, prepared, strict=True)):
            match_id = next_id + offset
            scoring, seats, rated = ready.scoring, ready.seats, ready.rated
            season = next(
                (s for s in season_lists[match.guild_id] if s.holds(match.finished_at)), None
            )
            season_id = season.id if season is not None else None
            match_rows.append(
                (
                    match_id,
                    match.table_id,
                    match.guild_id,
                    season_id,
                    ready.variant,
                    scoring,
                    ready.options,
                    ready.hands,
                    int(rated),
                    match.finished_at,
                )
            )
            record_rows.append((match_id, ready.record))
            result_rows.extend(results_of(match_id, match.guild_id, season_id, seats))
            counted = tallies(seats, scoring, ready.hands)
            for season_key, variant_key in scopes(season_id, ready.variant):
                for user, won, points, hands in counted:
                    key = (match.guild_id, user, season_key, variant_key)
                    advance(totals.setdefault(key, [0] * 6), won, points, hands)
            if rated:
                _rate(standings, change_rows, rater, match, match_id, season_id, ready)
        try:
            await connection.insert_rows("matches", _MATCH_COLUMNS, match_rows)
        except Exception as error:
            if not unique_violation(error):
                raise
            raise DataError("one of these matches was recorded before") from None
        await connection.insert_rows("match_records", ("match_id", "record"), record_rows)
        await connection.insert_rows("results", _RESULT_COLUMNS, result_rows)
        await connection.insert_rows("rating_changes", _CHANGE_COLUMNS, change_rows)
        await connection.executemany(
            "INSERT INTO player_totals (guild_id, user_id, season_key, variant_key,"
            " games, wins, streak, best_streak, reward_points, reward_hands)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id, season_key, variant_key) DO UPDATE SET"
            " games = excluded.games, wins = excluded.wins, streak = excluded.streak,"
            " best_streak = excluded.best_streak, reward_points = excluded.reward_points,"
            " reward_hands = excluded.reward_hands",
            [(*key, *row) for key, row in totals.items()],
        )
        await connection.executemany(
            "INSERT INTO standings (guild_id, season_key, variant_key, is_pair,"
            " user_id, partner_id, name, mu, sigma, rating, games, wins, points)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, season_key, variant_key, is_pair, user_id, partner_id)"
            " DO UPDATE SET name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
            " rating = excluded.rating, games = excluded.games, wins = excluded.wins,"
            " points = excluded.points",
            [
                (*key, name, mu, sigma, mu - 3.0 * sigma, games, wins, points)
                for key, (name, mu, sigma, games, wins, points) in standings.items()
            ],
        )
    return len(matches)


def _rate(
    standings: dict[StandingKey, list[Any]],
    change_rows: list[tuple[Any, ...]],
    rater: Rater,
    match: FinishedMatch,
    match_id: int,
    season_id: int | None,
    ready: Prepared,
) -> None:
    """The in-memory twin of `recording.apply_ratings`."""
    found = entrants(ready.seats, ready.scoring)
    for season_key, variant_key in scopes(season_id, ready.variant):
        for is_pair, units in ((0, found.players), (1, found.pairs)):
            if units is None:
                continue
            keys = [
                [
                    (match.guild_id, season_key, variant_key, is_pair, user, partner)
                    for user, partner, _ in unit
                ]
                for unit in units
            ]
            before = [
                [Skill(*standings[key][1:3]) if key in standings else NEWCOMER for key in unit_keys]
                for unit_keys in keys
            ]
            after = rater(before, found.places)
            for number, (unit, unit_keys, skills, (won, points)) in enumerate(
                zip(units, keys, after, found.results, strict=True)
            ):
                own = found.wins[number] if not is_pair else [won] * len(unit)
                for (user, _, name), key, skill, won in zip(
                    unit, unit_keys, skills, own, strict=True
                ):
                    row = standings.get(key)
                    if row is None:
                        row = standings[key] = [name, 0.0, 0.0, 0, 0, 0]
                    row[0:3] = [name, skill.mu, skill.sigma]
                    row[3] += 1
                    row[4] += int(won)
                    row[5] += points
                    if not is_pair:
                        change_rows.append(
                            (
                                match_id,
                                match.guild_id,
                                season_key,
                                variant_key,
                                user,
                                skill.mu,
                                skill.sigma,
                                skill.rating,
                            )
                        )

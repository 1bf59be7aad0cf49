"""Recording a finished match: the match row, its results, its rating updates and the end of
its live table, inside the caller's one transaction (so a crash anywhere in between leaves
nothing behind, and the retry records it once).

Every match counts in its players' totals (`data.totals`). Ratings live in scopes
(`data.scopes`): all time and the match's season, each over every variant and over the match's
variant. A rated match updates the standings of its players in each scope, and of its fixed
pairs when every unit is a pair of two players, and stores every player's new rating in
`rating_changes` (the trend, and the audit trail).
Standings and totals are derived data: `rebuild` recomputes them from the recorded matches.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from data.models import DataError, FinishedMatch, RatingChange, RecordOutcome, SeatResult
from data.ratings import NEWCOMER, Skill, rate, unit_places
from data.scopes import scopes
from data.seasons import holding
from data.sql import Connection
from data.totals import add_match
from engine.errors import DominoError, UnknownVariant
from engine.variants import get_variant

NAME_SEPARATOR = "\x1f"  # between the two names of a pair's row


@dataclass(frozen=True)
class Prepared:
    """A checked match, ready to write: its variant's id (an alias resolved) and scoring, its
    seats in seat order with their places, whether it is rated, how many hands its record
    holds, and its options and record as JSON text."""

    variant: str
    scoring: str
    seats: list[SeatResult]
    rated: bool
    hands: int
    options: str
    record: str


def prepare(match: FinishedMatch) -> Prepared:
    """Check a finished match (refusing a malformed one before any write) and work out what
    gets written."""
    if not match.table_id:
        raise DataError("a finished match needs its table id")
    if not match.seats:
        raise DataError("a finished match needs its seats")
    numbers = [seat.seat for seat in match.seats]
    if len(set(numbers)) != len(numbers):
        raise DataError("a seat appears twice in the results")
    if not isinstance(match.record, dict) or not isinstance(match.options, dict):
        raise DataError("the record and the options must be JSON objects")
    variant, scoring = variant_of(match.variant)
    scoring = scoring_with(variant, len(match.seats), match.options, scoring)
    places = unit_places(match.seats, scoring)  # refuses the seats of a unit that disagree
    hands = match.record.get("hands")
    try:
        options = json.dumps(match.options, separators=(",", ":"))
        record = json.dumps(match.record, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise DataError(f"the record and the options must be JSON: {error}") from None
    return Prepared(
        variant=variant,
        scoring=scoring,
        seats=[
            SeatResult(s.seat, s.user_id, s.name, s.unit, s.points, s.won, places[s.unit])
            for s in sorted(match.seats, key=lambda s: s.seat)
        ],
        rated=is_rated(match),
        hands=len(hands) if isinstance(hands, list) else 0,
        options=options,
        record=record,
    )


@cache
def variant_of(name: str) -> tuple[str, str]:
    """The id and scoring kind (`reward`, `penalty`, `none`) of the variant with that id or
    alias; an unknown one is refused."""
    try:
        kind = get_variant(name)
    except UnknownVariant as error:
        raise DataError(str(error)) from None
    return kind.id, str(kind.scoring)


def scoring_with(variant: str, players: int, options: dict[str, Any], scoring: str) -> str:
    """The scoring kind as the match's options make it (`partnership` with `scoring:
    opponents` counts points won, not penalties); the variant's own where the options do not
    make a game (the seats are checked after)."""
    if not options:
        return scoring
    try:
        return str(get_variant(variant)(players, options).scoring)
    except DominoError:
        return scoring


def is_rated(match: FinishedMatch) -> bool:
    """Rated by choice, with no AI seat, no player in two seats, and at least two units."""
    users = [seat.user_id for seat in match.seats]
    units = {seat.unit for seat in match.seats}
    return match.rated and None not in users and len(set(users)) == len(users) and len(units) >= 2


async def record(
    connection: Connection,
    match: FinishedMatch,
    prepared: Prepared,
    end_table: bool = True,
) -> RecordOutcome:
    """Write the match (once per table id: a table recorded before changes nothing). Its live
    table's row is deleted unless `end_table` is False (the caller writes the row itself)."""
    earlier = await connection.fetch_one(
        "SELECT id, rated, season_id FROM matches WHERE table_id = ?", (match.table_id,)
    )
    if earlier is not None:
        match_id, rated, season_id = earlier
        return RecordOutcome(match_id, recorded=False, rated=bool(rated), season_id=season_id)
    variant, scoring, seats, rated = (
        prepared.variant,
        prepared.scoring,
        prepared.seats,
        prepared.rated,
    )
    await connection.execute(
        "INSERT INTO servers (guild_id) VALUES (?) ON CONFLICT DO NOTHING", (match.guild_id,)
    )
    season = await holding(connection, match.guild_id, match.finished_at)
    season_id = season.id if season is not None else None
    inserted = await connection.fetch_one(
        "INSERT INTO matches (table_id, guild_id, season_id, variant, scoring, options, hands,"
        " rated, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            match.table_id,
            match.guild_id,
            season_id,
            variant,
            scoring,
            prepared.options,
            prepared.hands,
            int(rated),
            match.finished_at,
        ),
    )
    assert inserted is not None
    match_id = int(inserted[0])
    await connection.execute(
        "INSERT INTO match_records (match_id, record) VALUES (?, ?)",
        (match_id, prepared.record),
    )
    await connection.executemany(
        "INSERT INTO results (match_id, seat, guild_id, season_id, user_id, name, unit, points,"
        " won, place) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        result_rows(match_id, match.guild_id, season_id, seats),
    )
    await add_match(connection, match.guild_id, season_id, variant, scoring, prepared.hands, seats)
    changes: tuple[RatingChange, ...] = ()
    if rated:
        changes = await apply_ratings(
            connection, match_id, match.guild_id, season_id, variant, scoring, seats
        )
    if end_table:
        await connection.execute("DELETE FROM live_tables WHERE id = ?", (match.table_id,))
    return RecordOutcome(match_id, True, rated, season_id, changes)


Entry = tuple[int, int, str]  # (user id, partner id or 0 for a player alone, display name)


@dataclass(frozen=True)
class Entrants:
    """A rated match as the standings see it, units in order: each unit's place, its result
    (won, leaderboard points), its players as entries, and, when every unit is a pair of two,
    each pair as one entry."""

    places: list[int]
    results: list[tuple[bool, int]]
    players: list[list[Entry]]
    #: Each player's own win, by unit: a seat whose player resigned and left is no winner
    #: where its unit won (`results` says the unit's).
    wins: list[list[bool]]
    pairs: list[list[Entry]] | None


def entrants(seats: Sequence[SeatResult], scoring: str) -> Entrants:
    """`seats` must carry their places (see `unit_places`)."""
    units: dict[int, list[SeatResult]] = {}
    for seat in seats:
        units.setdefault(seat.unit, []).append(seat)
    order = [units[unit] for unit in sorted(units)]
    return Entrants(
        places=[members[0].place or 1 for members in order],
        # A unit won if a seat of it won (a seat that resigned and left never did).
        results=[(any(s.won for s in members), _points(members[0], scoring)) for members in order],
        players=[[(s.user_id or 0, 0, s.name) for s in members] for members in order],
        wins=[[s.won for s in members] for members in order],
        pairs=[[_pair_key(members)] for members in order]
        if all(len(members) == 2 for members in order)
        else None,
    )


async def apply_ratings(
    connection: Connection,
    match_id: int,
    guild_id: int,
    season_id: int | None,
    variant: str,
    scoring: str,
    seats: Sequence[SeatResult],
) -> tuple[RatingChange, ...]:
    """Update the standings of a rated match's players (and fixed pairs) in every scope.
    `seats` carry their places. Returns the changes in the headline scope."""
    match = entrants(seats, scoring)
    changes: tuple[RatingChange, ...] = ()
    for number, (season_key, variant_key) in enumerate(scopes(season_id, variant)):
        scope = (guild_id, season_key, variant_key)
        found = await _update(
            connection, scope, 0, match.players, match.places, match.results, match.wins
        )
        await connection.executemany(
            "INSERT INTO rating_changes (match_id, guild_id, season_key, variant_key, user_id,"
            " mu, sigma, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (match_id, *scope, user, after.mu, after.sigma, after.rating)
                for user, _, after in found
            ],
        )
        if number == 0:
            changes = tuple(
                RatingChange(user, before.rating, after.rating) for user, before, after in found
            )
        if match.pairs is not None:
            await _update(connection, scope, 1, match.pairs, match.places, match.results)
    return changes


def _points(seat: SeatResult, scoring: str) -> int:
    """Leaderboard points: a unit's score in reward games; penalty points do not add up."""
    return seat.points if scoring == "reward" else 0


def _pair_key(partners: Sequence[SeatResult]) -> Entry:
    ordered = sorted(partners, key=lambda s: s.user_id or 0)
    first, second = ordered
    return (first.user_id or 0, second.user_id or 0, NAME_SEPARATOR.join(s.name for s in ordered))


async def _update(
    connection: Connection,
    scope: tuple[int, int, str],
    is_pair: int,
    members: list[list[Entry]],
    places: list[int],
    results: list[tuple[bool, int]],
    wins: list[list[bool]] | None = None,
) -> list[tuple[int, Skill, Skill]]:
    """Rate one scope's entries (players, or pairs as single entries) and upsert their rows;
    `wins`: each entry's own win, where it may differ from its unit's."""
    users = sorted({user for unit in members for user, _, _ in unit})
    marks = ", ".join("?" for _ in users)
    # `user_id IN` keeps to the primary key; a pair's other partners are filtered out below.
    rows = await connection.fetch(
        "SELECT user_id, partner_id, mu, sigma FROM standings WHERE guild_id = ?"
        f" AND season_key = ? AND variant_key = ? AND is_pair = ? AND user_id IN ({marks})",
        (*scope, is_pair, *users),
    )
    known = {(user, partner): Skill(mu, sigma) for user, partner, mu, sigma in rows}
    before = [
        [known.get((user, partner), NEWCOMER) for user, partner, _ in unit] for unit in members
    ]
    after = rate(before, places)
    found: list[tuple[int, Skill, Skill]] = []
    upserts: list[tuple[Any, ...]] = []
    for number, (unit, olds, news, (won, points)) in enumerate(
        zip(members, before, after, results, strict=True)
    ):
        own = wins[number] if wins is not None else [won] * len(unit)
        for (user, partner, name), old, new, won in zip(unit, olds, news, own, strict=True):
            found.append((user, old, new))
            upserts.append(
                (
                    *scope,
                    is_pair,
                    user,
                    partner,
                    name,
                    new.mu,
                    new.sigma,
                    new.rating,
                    int(won),
                    points,
                )
            )
    await connection.executemany(
        "INSERT INTO standings (guild_id, season_key, variant_key, is_pair, user_id, partner_id,"
        " name, mu, sigma, rating, games, wins, points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1,"
        " ?, ?) ON CONFLICT (guild_id, season_key, variant_key, is_pair, user_id, partner_id)"
        " DO UPDATE SET name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
        " rating = excluded.rating, games = standings.games + 1,"
        " wins = standings.wins + excluded.wins, points = standings.points + excluded.points",
        upserts,
    )
    return found


async def rebuild(connection: Connection, guild_id: int) -> int:
    """Recompute a server's player totals, standings and rating history from its recorded
    matches, in the order they were recorded (as `record` met them). Returns how many matches
    were replayed."""
    for table in ("player_totals", "standings", "rating_changes"):
        await connection.execute(f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,))
    matches = await connection.fetch(
        "SELECT id, season_id, variant, scoring, hands, rated FROM matches"
        " WHERE guild_id = ? ORDER BY id",
        (guild_id,),
    )
    for match_id, season_id, variant, scoring, hands, rated in matches:
        rows = await connection.fetch(
            "SELECT seat, user_id, name, unit, points, won, place FROM results"
            " WHERE match_id = ? ORDER BY seat",
            (match_id,),
        )
        seats = [
            SeatResult(s, u, n, unit, p, bool(w), place) for s, u, n, unit, p, w, place in rows
        ]
        await add_match(connection, guild_id, season_id, variant, scoring, hands, seats)
        if rated:
            await apply_ratings(connection, match_id, guild_id, season_id, variant, scoring, seats)
    return len(matches)


def result_rows(
    match_id: int, guild_id: int, season_id: int | None, seats: Sequence[SeatResult]
) -> list[tuple[Any, ...]]:
    """The `results` rows of one match, in the column order of its INSERT."""
    return [
        (
            match_id,
            s.seat,
            guild_id,
            season_id,
            s.user_id,
            s.name,
            s.unit,
            s.points,
            int(s.won),
            s.place,
        )
        for s in seats
    ]

"""The values the data layer takes and gives: frozen dataclasses, no SQL, no Discord.

Ids are Discord snowflakes (`int`) for servers (`guild_id`), channels, messages and users; a live
table's id is the bot's own string (it is carried in button custom ids). Times are Unix seconds
(`float`), always passed in by the caller so tests control the clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Order = Literal["rating", "wins", "points"]
Kind = Literal["players", "pairs"]


class DataError(ValueError):
    """A request the data layer refuses; the message can be shown to a user as it is. Nothing
    was changed."""


class OverCap(DataError):
    """A change that would give a person more open places (tables, or puzzles) than their cap
    allows (`Change.caps`): refused, nothing written. `user_id`: the first person over it;
    `most`: their cap."""

    def __init__(self, user_id: int, most: int) -> None:
        super().__init__(f"user {user_id} already counts in {most} open places")
        self.user_id = user_id
        self.most = most


class SeasonError(DataError):
    """A season that cannot be started or ended now (one already open, none open, ...)."""


@dataclass(frozen=True)
class ServerSettings:
    """A server's table settings; a server that never changed them gets these defaults.

    `season_days`: when set, a season that ends on schedule is followed at once by the next one,
    lasting that many days (`Database.roll_seasons`)."""

    guild_id: int
    language: str = "en"
    turn_seconds: int = 60
    rated_by_default: bool = True
    season_days: int | None = None


@dataclass(frozen=True)
class PuzzleSolve:
    """A solved solitaire: `setting` names the Dominosa set and difficulty ("double-6 hard") or
    the Quadrille figure ("classic"); `seconds` from opening to the last tile. `attempt`: the
    id of the attempt solved (None for solves kept before it was noted), kept once."""

    guild_id: int
    user_id: int
    puzzle: str
    setting: str
    seconds: float
    actions: int
    hints: int
    solved_at: float
    attempt: str | None = None


@dataclass(frozen=True)
class LiveTable:
    """A table in progress. `state` is the bot's whole state as JSON (the game record inside).
    `revision` counts the writes of the table's row: an action commits only at the revision it
    read (`Database.commit`), so a copy at an older revision is stale. `people`: the user ids
    (host and seated players) that count against the per-person caps while the table is
    unfinished (`()` once it is finished), kept in their order. `kind`: `table`, or `puzzle`
    for a puzzle attempt (a table of one)."""

    id: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    board_message_id: int | None
    state: dict[str, Any]
    updated_at: float
    revision: int = 0
    people: tuple[int, ...] = ()
    kind: str = "table"
    #: The records of the match's finished hands that are kept as rows of their own
    #: (`live_hands`, JSON text each), numbered from `hands_from`. Read from the store: every
    #: one of the table, from 0. Written: only those to add (a finished hand's row is written
    #: once, in the transaction of the action that ended it, and never again).
    hands: tuple[str, ...] = ()
    hands_from: int = 0


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished match. `user_id` is `None` for an AI seat. `unit` is the seat's
    scoring unit in the engine's sense (the player, or the pair/team). `points` is the unit's
    final match score as the engine keeps it (penalties in penalty-scored games). `place` is
    the unit's finish, 1 best, ties sharing a place; `None` lets `record_match` derive it:
    winners first, then the others by score in the variant's direction."""

    seat: int
    user_id: int | None
    name: str
    unit: int
    points: int
    won: bool
    place: int | None = None


@dataclass(frozen=True)
class FinishedMatch:
    """A match to record. `table_id` makes recording idempotent: the same table is recorded
    once, whatever happens. `rated` is the host's choice; a match with an AI seat is never rated.
    """

    table_id: str
    guild_id: int
    variant: str
    options: dict[str, Any]
    record: dict[str, Any]
    seats: list[SeatResult]
    rated: bool
    finished_at: float


@dataclass(frozen=True)
class RatingChange:
    """A player's rating (openskill ordinal) before and after a match, in one scope."""

    user_id: int
    before: float
    after: float


@dataclass(frozen=True)
class RecordOutcome:
    """What `record_match` did. `recorded` is False when the table had been recorded before
    (then `match_id` is that earlier match and nothing changed). `changes` are the season's
    all-variant rating changes (the all-time ones when no season is open); empty if unrated."""

    match_id: int
    recorded: bool
    rated: bool
    season_id: int | None
    changes: tuple[RatingChange, ...] = ()


@dataclass(frozen=True)
class Season:
    """A server's season: open while `ended_at` is `None` and its scheduled end (`ends_at`) has
    not passed. A match belongs to the season whose window holds its `finished_at`."""

    id: int
    guild_id: int
    number: int
    name: str
    started_at: float
    ends_at: float | None
    ended_at: float | None

    def holds(self, moment: float) -> bool:
        """Whether `moment` falls inside the season: from its start, up to (excluded) its end."""
        end = self.closes_at
        return self.started_at <= moment and (end is None or moment < end)

    @property
    def closes_at(self) -> float | None:
        """When the season stops taking matches: its actual end, else its scheduled one."""
        if self.ended_at is not None:
            return self.ended_at
        return self.ends_at


@dataclass(frozen=True)
class LeaderboardRow:
    """One line of a leaderboard: a player (`user_ids` of one) or a fixed pair (two, sorted)."""

    rank: int
    user_ids: tuple[int, ...]
    names: tuple[str, ...]
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    points: int


@dataclass(frozen=True)
class LeaderboardPage:
    rows: list[LeaderboardRow]
    total: int
    offset: int
    limit: int


@dataclass(frozen=True)
class VariantStats:
    variant: str
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class RatingPoint:
    """The player's rating right after one rated match (for a trend chart)."""

    match_id: int
    finished_at: float
    rating: float


@dataclass(frozen=True)
class PlayerStats:
    """A player's record in a server (one season, or all time). Games and wins count every
    finished match, rated or not. `points_per_hand` averages the player's unit's score over
    the hands of reward-scored games (penalty points are not comparable, so they are left out);
    `None` when the player has no such game. `trend` is the rating after each rated match, oldest
    first, at most the last 50."""

    guild_id: int
    user_id: int
    season_id: int | None
    games: int
    wins: int
    best_streak: int
    current_streak: int
    points_per_hand: float | None
    rating: float | None
    by_variant: list[VariantStats] = field(default_factory=list)
    trend: list[RatingPoint] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class MatchSummary:
    match_id: int
    table_id: str
    guild_id: int
    season_id: int | None
    variant: str
    rated: bool
    hands: int
    finished_at: float
    seats: list[SeatResult]


@dataclass(frozen=True)
class OutboxItem:
    """Something to show for a table: `key` names what (`board`, `hands`, `sheet:3`, `lobby`,
    `notice:dm-closed:2`), `revision` the table's revision to show at least. One pending item
    per table and key; `attempts` counts the failed deliveries since it was last queued."""

    table_id: str
    key: str
    revision: int
    attempts: int = 0
    due_at: float = 0.0


@dataclass(frozen=True)
class Job:
    """A table's next due job (turn timer, AI move, pause, expiry): at most one per table.
    `revision` is the table's revision the job was set at; with `kind` it tells whether the job
    is still the table's (a later commit that moved the position replaced it otherwise; one
    that moved no position kept it, at its revision: `Change.same_position`)."""

    table_id: str
    kind: str
    revision: int
    due_at: float
    attempts: int = 0


@dataclass(frozen=True)
class Shown:
    """A message the bot keeps for a table (`board`, `hand:2`, `sheet:3`) and what it showed
    when last delivered: `shows` is opaque to the store (the bot compares it, e.g. a digest of
    what was drawn)."""

    table_id: str
    key: str
    channel_id: int
    message_id: int
    shows: str


@dataclass(frozen=True)
class TurnClock:
    """The clock of a turn a person plays (the `turn_clocks` row): it runs from when the turn's
    alert was delivered (`shown_at`, None while it was not), for `seconds`; `version` is the
    table's version of the turn, `started_at` when the turn began. The commit that makes the
    turn writes it with `shown_at` None; the transaction that records the alert starts it."""

    version: int
    seconds: float
    started_at: float
    shown_at: float | None = None

    @property
    def deadline(self) -> float | None:
        """When the turn runs out: None while its alert was not delivered (it does not run)."""
        return None if self.shown_at is None else self.shown_at + self.seconds


@dataclass(frozen=True)
class Change:
    """One action's transaction (`Database.commit`). `table.revision` is the new revision:
    `expected + 1`, or 0 for a new table (`expected` None). `outbox`: the keys to show at that
    revision, due at `due_at`. `job`: the table's next job (None: nothing is due, its job row is
    deleted). `finished`: a finished match recorded in the same transaction (once per table
    id, as `record_match` does); the table's row is kept as `table` says. `caps`: for each
    person this change newly places at the table (new in `table.people`), the most open places
    of the table's kind they may count in, this one included: counted in the same transaction
    that writes the table, so no burst of changes, in one process or several, gets past it
    (`OverCap` otherwise). `solve`: a puzzle attempt's solve, kept in the same transaction (once
    per attempt), so a refused last tile leaves none. `same_position`:
    the change moved no position and no due time, so a job of `job`'s kind keeps its row as it
    is (`runtime.keep_job`)."""

    table: LiveTable
    expected: int | None
    outbox: tuple[str, ...] = ()
    job: Job | None = None
    finished: FinishedMatch | None = None
    due_at: float = 0.0
    #: The clock of the person's turn the job times (`job` is then due when the clock runs
    #: out: not before the turn's alert is delivered); None for any other job, and the table's
    #: clock row goes.
    clock: TurnClock | None = None
    same_position: bool = False
    solve: PuzzleSolve | None = None
    caps: tuple[Cap, ...] = ()


@dataclass(frozen=True)
class Cap:
    """A person newly placed at a table (as its host, in a seat, as a puzzle's player) may
    count in at most `most` open places of its kind, the new one included."""

    user_id: int
    most: int

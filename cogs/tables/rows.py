"""A table as the store keeps it: its row (`TableStore.commit`), who it counts for against their
cap (`people`), the result of its match once it ended (`finished_match`), and the copy of it an
action hands back (`stored_copy`).

The cache checked by revision and the one transaction of a commit are the runtime's
(`cogs.runtime.store`); this is what of them is a table's: its state dumped with the hands that
ended since written apart (`cogs.tables.state`), its next job (`Due`) and its outbox keys.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from cogs import texts
from cogs.runtime.store import Store
from cogs.tables.state import dump, finished_hands, hand_records, load
from cogs.tables.table import Phase, Table
from data import Cap, Change, Database, Job, LiveTable, OutboxItem, TurnClock
from data.models import FinishedMatch, SeatResult
from engine.match import Match
from engine.record import write

#: The stored rows' kind of a table of players (`LiveTable.kind`).
KIND = "table"

S = TypeVar("S")


@dataclass(frozen=True)
class Due:
    """A table's next due job, before it is stored with the revision it belongs to. A person's
    turn timer has the turn's `clock`: the store makes it due when that clock runs out, which
    starts only when the turn's alert is delivered (`at` is then `UNTIL_SHOWN`)."""

    kind: str
    at: float
    clock: TurnClock | None = None


class TableRows:
    """The rows of tables of players (`cogs.runtime.store.Rows`): a table is its state replayed
    through the rules, with the hands the store keeps apart."""

    too_many = texts.TOO_MANY_TABLES

    def owns(self, row: LiveTable) -> bool:
        return row.kind == KIND and row.state.get("kind") is None

    def load(self, row: LiveTable) -> Table:
        return load(row.state, row.hands)


class TableStore(Store[Table]):
    """The tables as stored (`cogs.runtime.store.Store`), and a table's commit."""

    def __init__(
        self, db: Database, *, shared: bool = False, tables_per_user: int | None = None
    ) -> None:
        super().__init__(db, TableRows(), shared=shared)
        #: The cap of every person a commit places anew (None: no cap).
        self.tables_per_user = tables_per_user

    async def caps(self, table: Table, new: bool) -> tuple[Cap, ...]:
        """The caps of the people a commit of `table` places anew (its host, a seat taken):
        counted in the commit's own transaction, so no burst gets past them."""
        if self.tables_per_user is None:
            return ()
        before = await self.before(table.id, new)
        return tuple(
            Cap(person, self.tables_per_user) for person in people(table) if person not in before
        )

    async def commit(
        self,
        table: Table,
        *,
        new: bool,
        was: Phase | None,
        show: Iterable[str],
        due: Due | None,
        now: float,
        same_position: bool = False,
        take: bool = True,
    ) -> list[OutboxItem]:
        """Store `table` (changed in place from its cached copy, or `new`) at the next revision
        with what to `show` and its next job. `was`: its phase before the change (a match that
        just ended is recorded in the same transaction). On success the cache holds the table
        at its new revision; on any failure the cached copy is dropped and the change refused
        (`Store.write`; a person it places anew who is at their cap: `TOO_MANY_TABLES`).
        Returns the outbox items claimed for this process to show. `same_position`: the change
        moved neither the position nor the due time, so the table's job keeps its row
        (`Change.same_position`: the job set at an earlier revision still stands, and a search
        for it goes on). `take`: claim what it shows for this process (`store_change`)."""
        revision = 0 if new else table.revision + 1
        finished = None
        recorded = table.ending is not None and table.ending.recorded
        if table.phase is Phase.OVER and was is not Phase.OVER and recorded:
            finished = finished_match(table, now)
        job = Job(table.id, due.kind, revision, due.at) if due is not None else None
        # Hands that ended since the last commit are written once, apart; the row keeps the rest.
        hands_over = finished_hands(table)
        row = LiveTable(
            id=table.id,
            guild_id=table.guild_id or 0,
            channel_id=table.channel_id or 0,
            thread_id=table.thread_id,
            board_message_id=table.board_message_id,
            state=dump(table, hands_over),
            updated_at=now,
            revision=revision,
            people=people(table),
            kind=KIND,
            hands=hand_records(table, table.hands_apart),
            hands_from=table.hands_apart,
        )
        caps = await self.caps(table, new)
        change = Change(
            table=row,
            expected=None if new else table.revision,
            outbox=tuple(show),
            job=job,
            finished=finished,
            due_at=now,
            caps=caps,
            same_position=same_position and not new,
            clock=due.clock if due is not None else None,
        )
        taken = await self.write(table, change, take=take)
        table.hands_apart = hands_over
        return taken


def stored_copy(table: Table) -> Table:
    """A copy of `table` as it was just committed, which later changes of the cached table do
    not alter: what an action hands back to build its answer from. It costs the hand in play,
    not the length of the match: what never changes once made is shared (the match's finished
    hands, its results and leads, the rules, the frozen views of the position and the lines of
    the log), what changes is copied (the hand in play, the seats, the lobby, the sets of who
    is ready and who offers a draw, the moves since each turn)."""
    twin = _shallow(table)
    twin.lobby = lobby = _shallow(table.lobby)
    lobby.setup = _shallow(lobby.setup)
    lobby.setup.options = dict(lobby.setup.options)
    lobby.seats = [None if seat is None else _shallow(seat) for seat in lobby.seats]
    lobby.invited = dict(lobby.invited)
    twin.seats = [_shallow(seat) for seat in table.seats]
    twin.ready = set(table.ready)
    twin.draw_offers = set(table.draw_offers)
    twin.conceded = list(table.conceded)
    twin.left = list(table.left)
    twin.log = list(table.log)
    twin.moves = list(table.moves)
    twin.since_chosen = list(table.since_chosen)
    twin._views = dict(table._views)
    if table.match is not None:
        twin.match = _match_copy(table.match)
    return twin


def _match_copy(match: Match) -> Match:
    twin = _shallow(match)
    twin.scores = list(match.scores)
    twin.active = list(match.active)
    twin.results = list(match.results)
    twin.leads = list(match.leads)
    if match.hand is not None:
        hand = twin.hand = match.hand.copy()
        twin.played = [hand if played is match.hand else played for played in match.played]
    else:
        twin.played = list(match.played)
    return twin


def _shallow(thing: S) -> S:
    """A copy of `thing` sharing its attributes' values (`copy.copy` without its generic
    protocol: a tenth of the time, for the plain objects of a table)."""
    twin = object.__new__(type(thing))
    twin.__dict__.update(thing.__dict__)
    return twin


def people(table: Table) -> tuple[int, ...]:
    """Who counts `table` against their cap (`TABLES_PER_USER`): its host and every person
    seated, while it is unfinished; nobody once it is over or closed. A player who resigned and
    left (an AI plays their seat: `cogs.tables.resigning`) no longer counts, host or not."""
    if table.finished:
        return ()
    gone = {table.seats[seat].user_id for seat in table.left}
    if table.phase is Phase.LOBBY:
        seated = [seat.user_id for seat in table.lobby.occupied]
    else:
        seated = [seat.user_id for seat in table.seats]
    everyone = (table.host_id, *seated)
    return tuple(dict.fromkeys(user for user in everyone if user is not None and user not in gone))


def finished_match(table: Table, now: float) -> FinishedMatch:
    """The result rows of a finished match, with its record: each seat's place and whether it
    won are its unit's, as the table's ending decided them (`cogs.tables.ending`)."""
    assert table.match is not None and table.ending is not None
    match, ending = table.match, table.ending
    return FinishedMatch(
        table_id=table.id,
        guild_id=table.guild_id or 0,
        variant=table.setup.variant,
        options=dict(table.setup.options),
        record=write(match),
        seats=[
            SeatResult(
                seat=number,
                user_id=seat.user_id,
                name=seat.name,
                unit=match.unit_of(number),
                points=match.scores[match.unit_of(number)],
                won=number in ending.winners,
                place=ending.places[match.unit_of(number)],
            )
            for number, seat in enumerate(table.seats)
        ],
        rated=table.setup.rated,
        finished_at=now,
    )

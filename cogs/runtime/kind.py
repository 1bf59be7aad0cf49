"""How the runtime calls a kind of table: the `Kind` protocol, and what its showing may raise.

The runtime (the store's cache and commit, the locks, the jobs, the delivery) serves every kind
of table alike, and names none: a table of players and a puzzle attempt (a table of one) are
each a `Kind` registered with the `Runtime`. The runtime finds a row's kind by the row itself
(`Rows.owns`: the stored `LiveTable.kind` and state), an outbox item's by its key (`keys`), and
a job's by the table it belongs to; then it asks the kind what only the kind knows:

- its rows (`store`: a `Store` whose `Rows` loads a stored row as the kind's object and says
  whose rows they are and how a person over their cap is refused);
- what a change shows and its next job: the `Change` the kind commits (`Runtime.commit`), with
  its outbox keys and its `Job`;
- how to run one of its jobs (`run_job`), except `forget`, which the runtime does for every
  kind (the rows leave the store) and then tells the kind (`forget`);
- how to show one of its outbox keys (`show`), and what a delivery round keeps for the round's
  end (`begin_round`, `unsaved`, `drop`, `end_round`).

Showing talks to a platform the runtime does not know (Discord), so the kind classifies its
failures: it raises `ShowFailed` for a failure of the platform (logged without a traceback and
tried again after the delivery's growing pauses, or after `retry_after` when the platform said
when: a rate limit), and returns normally for a place that is gone for good (it dealt with it:
nothing is tried again). Anything else it raises is a fault, logged with its traceback and
tried again later.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from cogs.runtime.store import Store
    from data import Database, Job, Shown

#: A rate limit that outlasted the platform client's own waits: its windows are seconds long
#: and another process may share the bucket, so it is tried again soon rather than after the
#: growing pauses meant for outages.
RATE_LIMITED_SECONDS = 1.0


class ShowFailed(Exception):
    """Showing an outbox item failed for a reason the platform gave (a 5xx, a rate limit, a
    permission the bot lacks): tried again later, logged without a traceback. `retry_after`:
    when to try again, if the platform said (else the delivery's growing pauses); `waits`: it
    waits for something people must do (a permission given back), logged as news, not as a
    warning."""

    def __init__(
        self, reason: str = "", *, retry_after: float | None = None, waits: bool = False
    ) -> None:
        super().__init__(reason)
        self.retry_after = retry_after
        self.waits = waits


class KeepsNoRounds:
    """The round bookkeeping of a kind whose messages remember what they show as they are drawn
    (a puzzle), or that shows nothing: nothing is kept for a round's end."""

    def begin_round(self, table_id: str) -> None:
        pass

    def unsaved(self, table_id: str) -> list[Shown]:
        return []

    def drop(self, table_id: str) -> None:
        pass

    def end_round(self, table_id: str) -> None:
        pass


class RateLimited(ShowFailed):
    """The platform's rate limit: tried again after `RATE_LIMITED_SECONDS`."""

    def __init__(self, reason: str = "") -> None:
        super().__init__(reason, retry_after=RATE_LIMITED_SECONDS)


class Kind(Protocol):
    """A kind of table, as the runtime calls it (see the module docstring)."""

    @property
    def name(self) -> str:
        """Its name in the runtime's registry (the tables' and the puzzles' is their rows'
        `LiveTable.kind`; which rows are its own, its store's `Rows.owns` says)."""
        ...

    @property
    def keys(self) -> tuple[str, ...]:
        """The outbox keys it shows (the part before any `:`: `board` of `board:clock`), in the
        order a delivery round shows them."""
        ...

    @property
    def store(self) -> Store[Any]:
        """Its cached objects, checked by revision, and its rows (`Store`)."""
        ...

    async def run_job(self, job: Job) -> bool:
        """Carry out one of its due jobs (claimed: no other process runs it). True when a
        change was stored (its commit replaced the job's row), so the job is not ended apart.
        Raises `Refusal` when the job is void, `NotStored` to be tried again."""
        ...

    async def show(self, table_id: str, key: str, revision: int | None) -> None:
        """Make what `key` shows match the table as stored at `revision` or newer; raises
        `ShowFailed` (or any fault) to be tried again."""
        ...

    def forget(self, table_id: str, item: Any | None) -> None:
        """The table left the store (its `forget` job): drop what was kept to show it. `item`:
        its cached object, if it was cached."""
        ...

    def begin_round(self, table_id: str) -> None:
        """A delivery round of the table starts: what its edited messages show is kept for the
        round's end (`unsaved`)."""
        ...

    def unsaved(self, table_id: str) -> list[Shown]:
        """What the round's edited messages show and the store does not know yet (taken: the
        round's end stores it)."""
        ...

    def drop(self, table_id: str) -> None:
        """The round failed to end or lost its lease: what the table's messages show is read
        from the store again."""
        ...

    def end_round(self, table_id: str) -> None:
        """The table's rounds are over for now."""
        ...


class Wakes(Protocol):
    """The delivery, as the jobs see it: told when something may be due to show."""

    def wake(self) -> None: ...


class ExpectsOutbox(Protocol):
    """The jobs, as the delivery sees them: told when an outbox item falls due."""

    def expect_outbox(self, at: float) -> None: ...


class Owner(Protocol):
    """What the delivery and the jobs ask of the runtime that owns them (`Runtime`), as a
    protocol: they are parts of it and do not import it back."""

    @property
    def db(self) -> Database: ...

    @property
    def clock(self) -> Callable[[], float]: ...

    @property
    def shared(self) -> bool: ...

    @property
    def steady(self) -> bool: ...

    @property
    def delivery(self) -> Wakes: ...

    @property
    def jobs(self) -> ExpectsOutbox: ...

    def kind_showing(self, key: str) -> Kind | None:
        """The kind whose outbox key `key` is."""
        ...

    async def run_job(self, job: Job) -> bool:
        """Run a due job through its table's kind."""
        ...


def guild_of(kind: Kind, table_id: str) -> int | None:
    """The server of a table its kind holds (for the log's lines about it); None if unknown."""
    store = getattr(kind, "store", None)
    item = None if store is None else store.cached.get(table_id)
    guild = getattr(item, "guild_id", None)
    return guild if isinstance(guild, int) and guild else None

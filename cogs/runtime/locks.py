"""One lock per table (or puzzle), kept only while someone holds it or waits for it.

`async with locks[table_id]:` holds the table's lock for the block. Every holder and waiter of a
table shares one `asyncio.Lock`; the lock is forgotten when the last of them leaves, so a bot
that runs for months keeps locks for the tables being changed right now, not for every table it
ever had. Forgetting it then is safe: nobody holds the old lock or waits on it, so the next
comer's fresh lock is again the only one for that table.
"""

from __future__ import annotations

import asyncio
from types import TracebackType


class TableLocks:
    """The per-table locks, by table id."""

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: dict[str, int] = {}  # table id -> holders and waiters of its lock

    def __getitem__(self, table_id: str) -> Held:
        """The table's lock, to be held with `async with`."""
        return Held(self, table_id)

    def __len__(self) -> int:
        """How many tables have a lock now (held or waited for)."""
        return len(self._locks)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._locks

    def _enter(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        self._users[table_id] = self._users.get(table_id, 0) + 1
        return lock

    def _leave(self, table_id: str) -> None:
        users = self._users[table_id] - 1
        if users:
            self._users[table_id] = users
        else:
            del self._users[table_id]
            del self._locks[table_id]


class Held:
    """One use of a table's lock: counted from the moment it waits until it lets go (also when
    it is cancelled while waiting)."""

    def __init__(self, locks: TableLocks, table_id: str) -> None:
        self._locks = locks
        self._table_id = table_id
        self._lock: asyncio.Lock | None = None

    async def __aenter__(self) -> None:
        if self._lock is not None:
            raise RuntimeError("a held table lock is not entered twice; index the locks again")
        lock = self._locks._enter(self._table_id)
        try:
            await lock.acquire()
        except BaseException:
            self._locks._leave(self._table_id)
            raise
        self._lock = lock

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        lock, self._lock = self._lock, None
        assert lock is not None
        lock.release()
        self._locks._leave(self._table_id)

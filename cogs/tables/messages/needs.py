"""What the messages of a table are given to show it: the runtime's read and act (`Tables.read`,
`Tables.act`), and the board's snapshot of a table (`Tables.snapshot`), as plain callables (the
message modules know no runner)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from contextlib import AbstractAsyncContextManager
from typing import Protocol, TypeVar

from cogs.tables.board import BoardSnapshot
from cogs.tables.table import Table
from data import TurnClock

R = TypeVar("R")

#: Stores a change of the table that shows nothing (`Tables.act` with `show` returning none).
Note = Callable[[str, Callable[[Table], None]], Awaitable[object]]
#: The stored table, held still while it is looked at (`Tables.read`: table id, `at_least`).
Read = Callable[..., AbstractAsyncContextManager[Table]]


class Act(Protocol):
    """Stores a change of the table with what it shows (`Tables.act`): the table as stored,
    and what the change returned."""

    def __call__(
        self,
        table_id: str,
        change: Callable[[Table], R],
        *,
        show: Callable[[Table, R], Iterable[str]] | None = None,
    ) -> Awaitable[tuple[Table, R]]: ...


#: What the board shows of a table (`Tables.snapshot`), its turn's stored clock given.
Snapshot = Callable[[Table, TurnClock | None], BoardSnapshot]

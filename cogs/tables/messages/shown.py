"""What the messages of each table show, as last delivered: the store's `shown` rows, read once
per table and kept up to date here, and the round bookkeeping around them.

A new message is stored at once (shown again, it would be sent twice); an edit made during a
delivery round is stored with the round's end (`Database.delivered`, one transaction for the
round: shown again after a crash, it is only edited to the same). Memory is only a cache of the
stored rows: a round that failed to end drops it (`drop`), and the next reads the store again.
"""

from __future__ import annotations

from collections.abc import Callable

from cogs.runtime.store import Conflict
from cogs.tables.messages.needs import Note
from cogs.tables.table import Table
from data import Database, Shown

NOTE_ATTEMPTS = 3  # a note of where a message is, made again after lost races (`note`)
#: A turn's alert delivered this many seconds after the turn began shows the board again: the
#: board, shown before the alert, counted the turn's time from when it was drawn.
REDRAW_AFTER_SECONDS = 5.0
#: The outbox key of that board (its own key: the round that showed the board before the alert
#: is ending, and its end deletes the `board` item it showed).
BOARD_AGAIN = "board:clock"


class ShownRows:
    def __init__(
        self,
        db: Database,
        note: Note,
        clock: Callable[[], float],
        expect: Callable[[float], None],
    ) -> None:
        self.db = db
        self._store_note = note
        self.clock = clock
        self.expect = expect  # a turn's timer is due at this time (the jobs wake for it)
        #: What the messages of each table show, by table id and key.
        self.shown: dict[str, dict[str, Shown]] = {}
        #: Tables in a round of the delivery (`Delivery._show_table`), and what their edited
        #: messages show that the round's end stores (`unsaved`, see `remember`).
        self.rounds: set[str] = set()
        self._unsaved: dict[str, dict[str, Shown]] = {}

    async def of(self, table_id: str) -> dict[str, Shown]:
        """What the table's messages show, by key."""
        known = self.shown.get(table_id)
        if known is None:
            known = self.shown[table_id] = await self.db.shown(table_id)
            known.update(self._unsaved.get(table_id, {}))
        return known

    async def remember(self, shown: Shown, *, edited: bool = False) -> None:
        """What a message of the table shows now. A new message is stored at once; an `edited`
        one during a delivery round is stored with the round's end (see the module
        docstring)."""
        (await self.of(shown.table_id))[shown.key] = shown
        if edited and shown.table_id in self.rounds:
            self._unsaved.setdefault(shown.table_id, {})[shown.key] = shown
            return
        await self.db.save_shown(shown)
        self._unsaved.get(shown.table_id, {}).pop(shown.key, None)

    async def alerted(self, shown: Shown, version: int, revision: int) -> None:
        """A person's turn alert was sent (a new DM with their moves, or their ping in the
        thread), for the turn at `version` of the table read at `revision`: recorded at once, as
        `remember` records a new message, and in the same transaction the turn's clock starts
        (`Database.turn_shown`: the turn is timed from now). An alert that came late has the
        board shown again (`REDRAW_AFTER_SECONDS`). Not stored, the alert is forgotten here too:
        the turn is told again (its clock starts with an alert the store knows of)."""
        (await self.of(shown.table_id))[shown.key] = shown
        try:
            clock = await self.db.turn_shown(
                shown,
                version,
                revision,
                self.clock(),
                late_after=REDRAW_AFTER_SECONDS,
                then_show=(BOARD_AGAIN,),
            )
        except BaseException:
            self.shown.pop(shown.table_id, None)
            raise
        self._unsaved.get(shown.table_id, {}).pop(shown.key, None)
        if clock is not None and clock.deadline is not None:
            self.expect(clock.deadline)

    def unsaved(self, table_id: str) -> list[Shown]:
        """What the table's edited messages show and the store does not know yet (taken: the
        caller stores it)."""
        return list(self._unsaved.pop(table_id, {}).values())

    def reread(self, table_id: str) -> None:
        """Rows of the table were written to the store directly: read them again when next
        needed (what this round's edits show stays for its end to store)."""
        self.shown.pop(table_id, None)

    def drop(self, table_id: str) -> None:
        """A round of the table failed to end (or lost its lease): what its messages show is
        read from the store again. The edits of that round are made again (to the same) by the
        next, and a message another process sent meanwhile is the one the store names, never an
        older one kept here."""
        self.shown.pop(table_id, None)
        self._unsaved.pop(table_id, None)

    async def note(self, table_id: str, change: Callable[[Table], None]) -> None:
        """Store where the table's messages are (its thread, its board, its lobby), a change
        that holds at any revision: one that lost a race with another process's action is
        made again on the table as that action left it."""
        for attempt in range(NOTE_ATTEMPTS):
            try:
                await self._store_note(table_id, change)
                return
            except Conflict:
                if attempt + 1 == NOTE_ATTEMPTS:
                    raise

"""Puzzle attempts as a kind of the runtime: their stored rows (`PuzzleRows`) and how the
runtime calls them (`PuzzleKind`). The runner (`cogs.puzzles.runner.Puzzles`) hands the kind
what it needs of it, so the kind never imports the runner."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from cogs import texts
from cogs.puzzles.attempt import KINDS, Puzzle
from cogs.runtime.kind import KeepsNoRounds, RateLimited, ShowFailed
from cogs.runtime.store import Store
from data.models import Job, LiveTable

#: The stored rows' kind of a puzzle attempt (`LiveTable.kind`).
KIND = "puzzle"


class PuzzleRows:
    """The rows of puzzle attempts (`cogs.runtime.store.Rows`): told apart by their state's
    game (`KINDS`)."""

    too_many = texts.TOO_MANY_PUZZLES

    def owns(self, row: LiveTable) -> bool:
        return row.state.get("kind") in KINDS

    def load(self, row: LiveTable) -> Puzzle:
        return Puzzle.from_state(row.state)


class PuzzleKind(KeepsNoRounds):  # its message is remembered as drawn (`Puzzles._note_drawn`)
    """Puzzle attempts as a kind of the runtime (`cogs.runtime.kind.Kind`): their rows, their
    job (an idle attempt put away), and their one outbox key, `puzzle`, the message redrawn.
    Discord's failures are told apart here: a 429 is tried again soon, any other after the
    delivery's growing pauses (a message gone is the attempt put away: `Puzzles._gone`)."""

    name = KIND
    keys: tuple[str, ...] = ("puzzle",)

    def __init__(
        self,
        store: Store[Puzzle],
        run_job: Callable[[Job], Awaitable[None]],
        show: Callable[[str, int | None], Awaitable[None]],
        forget: Callable[[str], None],
    ) -> None:
        self.store = store
        self._run_job, self._show, self._forget = run_job, show, forget

    async def run_job(self, job: Job) -> bool:
        await self._run_job(job)
        return False

    async def show(self, table_id: str, key: str, revision: int | None) -> None:
        try:
            await self._show(table_id, revision)
        except discord.HTTPException as error:
            if error.status == 429:
                raise RateLimited(repr(error)) from error
            raise ShowFailed(repr(error)) from error

    def forget(self, table_id: str, item: object | None) -> None:
        self._forget(table_id)

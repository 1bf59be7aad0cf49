"""The seats that play themselves: AI seats, a single timed-out turn, and seats the timer took
over. Their moves are chosen off the event loop, cheap levels in a thread, searching levels in
worker processes (search holds the GIL, which a thread would take from the event loop).

The worker processes are the bot's (`cogs.common.workers.Workers`, handed to `Robots`), shared
with the reviews' judgements and hints. A move is never lost with a worker: when the worker
choosing it dies (the pool then starts a fresh one), the move is chosen again at the same level
once, then a level cheaper at a time down to easy (in a thread, no worker needed), and at last at
random in this process. Each fallback is logged at WARNING with the table.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass

from cogs.common.workers import WORKER_FAILURES, Workers
from cogs.tables.table import Step, Table
from engine.actions import Action
from engine.ai import LEVELS, choose_action
from engine.view import SeatView

log = logging.getLogger(__name__)

TIMEOUT_LEVEL = "easy"  # plays a single timed-out turn
TAKEOVER_LEVEL = "hard"  # plays a seat for good after repeated timeouts
CHEAP_LEVELS = frozenset({"random", "easy"})  # fast enough for a thread
LAST_RESORT_LEVEL = "random"  # needs no worker and no thread: a move always comes


def choose(view: SeatView, level: str, seed: str, budget_ms: int | None) -> Action:
    """An AI move (runs in a worker thread)."""
    return choose_action(view, level, rng=random.Random(seed), budget_ms=budget_ms)


@dataclass(frozen=True)
class Turn:
    """A move to choose for a seat that plays itself: at `level`, from `view` (the seat's own,
    at the table's version `seed` names); `how` is "timer" for a person's turn that ran out."""

    seat: int
    level: str
    how: str
    view: SeatView
    seed: str


class Robots:
    """Moves for the seat to act when no person plays it (or its person ran out of time)."""

    def __init__(
        self,
        levels: tuple[str, ...],
        clock: Callable[[], float],
        budget_ms: int | None,
        workers: Workers,
    ) -> None:
        self.levels = levels
        self.clock = clock
        self.budget_ms = budget_ms
        self.workers = workers  # the bot's: their AI pool starts on the first searching move

    def plan(self, table: Table) -> Turn:
        """Who moves and how, without changing the table: the AI seat to move, or (when a
        person's turn ran out) that person's seat played once at `TIMEOUT_LEVEL`."""
        seat = table.needs_ai()
        how = ""
        if seat is None:
            seat = table.turn
            assert seat is not None, "nobody is to move"
            how = "timer"
        level = table.seats[seat].ai if how == "" else None
        level = level or TIMEOUT_LEVEL
        if level not in self.levels:
            level = self.levels[0]
        seed = f"{table.seed}:{table.version}"
        return Turn(seat, level, how, table.view(seat), seed)

    def play(self, table: Table, turn: Turn, action: Action) -> list[Step]:
        """Carry out the chosen move (in the table's transaction); a timed-out turn counts
        towards handing the seat to an AI."""
        if turn.how == "timer":
            table.time_out(TAKEOVER_LEVEL if TAKEOVER_LEVEL in self.levels else "random")
        now = self.clock()
        return [table.apply(action, now, how=turn.how), *table.run_forced(now)]

    async def move(self, table: Table) -> list[Step]:
        """Play the seat to move on `table` at once: `plan`, `choose`, `play`."""
        turn = self.plan(table)
        action = await self.choose(turn.view, turn.level, turn.seed, table_id=table.id)
        return self.play(table, turn, action)

    def fallbacks(self, level: str) -> list[str]:
        """The levels to try in turn for a move at `level`: a searching level twice (the
        second time on a fresh pool), then each cheaper level this bot offers down to easy."""
        if level in CHEAP_LEVELS:
            return [level]  # chosen in a thread: no worker to lose
        cheaper_down_to_easy = LEVELS[LEVELS.index(level) - 1 : 0 : -1]  # LEVELS: weakest first
        return [level, level, *(other for other in cheaper_down_to_easy if other in self.levels)]

    async def choose(self, view: SeatView, level: str, seed: str, table_id: str = "?") -> Action:
        """An AI move off the event loop; always a move, however many workers die choosing it."""
        tries = self.fallbacks(level)
        for number, trying in enumerate(tries):
            try:
                return await self._choose_once(view, trying, seed)
            except WORKER_FAILURES as failure:
                instead = tries[number + 1] if number + 1 < len(tries) else LAST_RESORT_LEVEL
                log.warning(
                    "table %s: the worker choosing a %s move failed (%r); choosing %s instead",
                    table_id,
                    trying,
                    failure,
                    instead,
                )
        return choose(view, LAST_RESORT_LEVEL, seed, self.budget_ms)

    async def _choose_once(self, view: SeatView, level: str, seed: str) -> Action:
        if level == LAST_RESORT_LEVEL:
            return choose(view, level, seed, self.budget_ms)  # a draw from the legal moves
        if level in CHEAP_LEVELS:
            return await asyncio.to_thread(choose, view, level, seed, self.budget_ms)
        return await asyncio.wrap_future(
            self.workers.ai().submit(view, level, seed, self.budget_ms)
        )

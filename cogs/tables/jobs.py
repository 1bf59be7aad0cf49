"""Due jobs, as rows of the store: a lobby that waited too long, the pause between hands, an AI
seat's move, a turn timer, a finished table to forget. Each table has at most one next job,
written in the same transaction as the change that set it (`Tables.act`).

One loop serves every table: on each tick it compares the injected clock (Unix seconds, so due
times survive a restart as they are, and a clock that jumps, like the test emulator's
`advance`, is noticed at once) with the earliest due time it knows: its own commits tell it at
once, the store is asked again every `REFRESH_SECONDS` (another process may have set a job).
The same loop wakes the delivery when an outbox item is due again (a retry, or a lease that a
dead process left running out). A
due job is claimed in the store (a lease: no other process runs it meanwhile) and run as an
action at the revision it was set for (`Tables.run_job`). A job that fails is tried again after
a growing pause, its attempt counted (an AI move falls back to a cheaper choice); never dropped.
A process that dies while running a job leaves it claimed only until its lease ends.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING

from cogs.common.refusal import Refusal
from cogs.tables.store import NotStored
from data import Job

if TYPE_CHECKING:
    from cogs.tables.runner import Tables

log = logging.getLogger(__name__)

TICK_SECONDS = 0.05
REFRESH_SECONDS = 1.0
LEASE_SECONDS = 10.0  # a job's run (an AI search included) takes far less
RETRY_SECONDS = (1.0, 5.0, 15.0, 60.0)


class Jobs:
    def __init__(self, tables: Tables, *, tick: float = TICK_SECONDS) -> None:
        self.tables = tables
        self.db = tables.db
        self.clock = tables.clock
        self.tick = tick
        self.next_at: float | None = -math.inf  # unknown: ask the store at once
        self.outbox_at: float | None = -math.inf  # an outbox item due again (a retry)
        self.running: dict[str, asyncio.Task[None]] = {}  # by table id
        self._task: asyncio.Task[None] | None = None

    def expect(self, at: float) -> None:
        """A job is due at `at` (a commit of this process, a retry)."""
        self.next_at = at if self.next_at is None else min(self.next_at, at)

    def expect_outbox(self, at: float) -> None:
        """An outbox item is due at `at` (a failed delivery's retry): claimed then."""
        self.outbox_at = at if self.outbox_at is None else min(self.outbox_at, at)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="table-jobs")

    async def stop(self) -> None:
        tasks = [task for task in (self._task, *self.running.values()) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._task = None
        self.running.clear()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        asked = -math.inf
        while True:
            await asyncio.sleep(self.tick)
            try:
                if loop.time() - asked >= REFRESH_SECONDS:
                    asked = loop.time()
                    outbox, jobs = await self.db.due_times()
                    if outbox is not None:
                        self.expect_outbox(outbox)
                    if jobs is not None:
                        self.expect(jobs)
                now = self.clock()
                if self.outbox_at is not None and self.outbox_at <= now:
                    self.outbox_at = None
                    self.tables.delivery.wake()
                    asked = -math.inf
                if self.next_at is None or self.next_at > now:
                    continue
                self.next_at = None
                for job in await self.db.claim_jobs(now, LEASE_SECONDS):
                    self._start(job, now + LEASE_SECONDS)
                asked = -math.inf  # what is due next: ask the store on the next tick
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("due jobs could not be read: trying again soon")
                self.expect(self.clock() + 1.0)
                self.expect_outbox(self.clock() + 1.0)

    def _start(self, job: Job, until: float) -> None:
        """Run `job` (leased until `until`), after the table's previous job if that one is
        still finishing."""
        previous = self.running.get(job.table_id)
        task = asyncio.create_task(
            self._carry_out(job, previous, until), name=f"job-{job.table_id}"
        )
        self.running[job.table_id] = task

    def _leased(self, job: Job, until: float) -> bool:
        """Whether the job's lease still holds, so that this process may record its run."""
        if self.clock() < until:
            return True
        log.warning("table %s: job %s outlived its lease: not recorded", job.table_id, job.kind)
        return False

    async def _later(self, job: Job) -> None:
        """Try `job` again after a pause that grows with its attempts."""
        due = self.clock() + RETRY_SECONDS[min(job.attempts, len(RETRY_SECONDS) - 1)]
        await self.db.job_later(job, due)
        self.expect(due)

    async def _carry_out(self, job: Job, previous: asyncio.Task[None] | None, until: float) -> None:
        """Run the job as an action; then, while its lease lasts, record how it went (done, or
        due again later). A run that outlived its lease records nothing: another process may
        have claimed the job meanwhile, and its change (if any) passed the revision check
        only if it was the first."""
        if previous is not None:
            await asyncio.gather(previous, return_exceptions=True)
        try:
            try:
                stored = await self.tables.run_job(job)
            except asyncio.CancelledError:
                raise
            except NotStored:
                if self._leased(job, until):
                    await self._later(job)
                return
            except Refusal as refusal:
                # The table is gone or no longer where the job was set: the job is void.
                log.info("table %s: job %s void (%s)", job.table_id, job.kind, refusal)
            except Exception:
                log.exception(
                    "table %s: job %s failed (try %d)", job.table_id, job.kind, job.attempts + 1
                )
                if self._leased(job, until):
                    await self._later(job)
                return
            else:
                if stored:
                    return  # its change's commit replaced the job's row with the next job
            # Void, or done without a change: it goes now.
            if self._leased(job, until):
                await self.db.job_done(job)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: job %s waits for its lease to end", job.table_id, job.kind)
        finally:
            if self.running.get(job.table_id) is asyncio.current_task():
                del self.running[job.table_id]

"""Due jobs, as rows of the store: a lobby that waited too long, the pause between hands, an AI
seat's move, a turn timer, an idle puzzle to put away, a finished table to forget. Each table
has at most one next job, written in the same transaction as the change that set it.

One loop serves every table of every kind: it sleeps until the earliest due time it knows,
on the injected clock (Unix seconds, so due times survive a restart as they are). This
process's commits tell it of their jobs at once (`expect`, which wakes it when the new time is
earlier); a shared store is asked again every `REFRESH_SECONDS` (another process may have set
a job), a store of its own every `ALONE_REFRESH_SECONDS` (what this process did not tell the
loop of is a lease of its own that runs out, after a round or a job that failed). A clock that
may jump (`Runtime.steady` off: a test's, like the emulator's `advance`) is read again every
`JUMPING_CLOCK_SECONDS`, as often as the loop polled before it slept: a bound of a second made
the emulator's tests of timers wait up to a second more after each `advance`. The same loop
wakes the delivery when an outbox item is due again (a retry, or a lease that a dead process
left running out). A due job is claimed in the store (a
lease: no other process runs it meanwhile) and run as an action at the revision it was set
for, by its table's kind (`Runtime.run_job`). A job that fails is tried again after a growing
pause, its attempt counted (an AI move falls back to a cheaper choice); never dropped. A
process that dies while running a job leaves it claimed only until its lease ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from typing import TYPE_CHECKING

from cogs.common.refusal import Refusal
from cogs.runtime.store import NotStored
from data import Job

if TYPE_CHECKING:
    from cogs.runtime.kind import Owner

log = logging.getLogger(__name__)

REFRESH_SECONDS = 1.0  # a shared store is asked for its due times this often
ALONE_REFRESH_SECONDS = 10.0  # a store of its own: a lease of this process's that ran out
JUMPING_CLOCK_SECONDS = 0.05  # a clock that may jump (a test's) is read this often
#: A due time already past (claimed meanwhile by another loop: the delivery's) is looked at
#: again after this, not at once: the loop never spins.
LEAST_SLEEP_SECONDS = 0.05
LEASE_SECONDS = 10.0  # a job's run (an AI search included) takes far less
RETRY_SECONDS = (1.0, 5.0, 15.0, 60.0)


class Jobs:
    def __init__(self, runtime: Owner) -> None:
        self.runtime = runtime
        self.db = runtime.db
        self.clock = runtime.clock
        self.refresh = REFRESH_SECONDS if runtime.shared else ALONE_REFRESH_SECONDS
        #: How long at most a sleep trusts the clock not to jump.
        self.longest = math.inf if runtime.steady else JUMPING_CLOCK_SECONDS
        self.next_at: float | None = -math.inf  # unknown: ask the store at once
        self.outbox_at: float | None = -math.inf  # an outbox item due again (a retry)
        self.running: dict[str, asyncio.Task[None]] = {}  # by table id
        self._woken = asyncio.Event()
        self._ask = True  # ask the store for its due times before sleeping again
        self._task: asyncio.Task[None] | None = None

    def expect(self, at: float) -> None:
        """A job is due at `at` (a commit of this process, a retry): the loop wakes for it if
        it sleeps longer."""
        if self.next_at is None or at < self.next_at:
            self.next_at = at
            self._woken.set()

    def expect_outbox(self, at: float) -> None:
        """An outbox item is due at `at` (a failed delivery's retry, a lease that runs out):
        claimed then."""
        if self.outbox_at is None or at < self.outbox_at:
            self.outbox_at = at
            self._woken.set()

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
            try:
                if self._ask or loop.time() - asked >= self.refresh:
                    self._ask = False
                    asked = loop.time()
                    outbox, jobs = await self.db.due_times()
                    if outbox is not None:
                        self.expect_outbox(outbox)
                    if jobs is not None:
                        self.expect(jobs)
                now = self.clock()
                if self.outbox_at is not None and self.outbox_at <= now:
                    self.outbox_at = None
                    self.runtime.delivery.wake()
                    self._ask = True
                if self.next_at is not None and self.next_at <= now:
                    self.next_at = None
                    for job in await self.db.claim_jobs(now, LEASE_SECONDS):
                        self._start(job, now + LEASE_SECONDS)
                    self._ask = True  # what is due next: the store says
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("due jobs could not be read: trying again soon")
                self.expect(self.clock() + 1.0)
                self.expect_outbox(self.clock() + 1.0)
            await self._sleep(asked + self.refresh - loop.time())

    async def _sleep(self, until_asking: float) -> None:
        """Sleep until the earliest due time known, the next question to the store
        (`until_asking` seconds from now), or an earlier due time `expect`ed meanwhile."""
        self._woken.clear()
        due = min((at for at in (self.next_at, self.outbox_at) if at is not None), default=math.inf)
        seconds = min(due - self.clock(), until_asking, self.longest)
        if self._ask:
            seconds = 0.0
        seconds = max(seconds, LEAST_SLEEP_SECONDS)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await self._woken.wait()

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
        self.expect(until)  # claimed again now, here or by another process
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
                stored = await self.runtime.run_job(job)
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
            self.expect(until)
        finally:
            if self.running.get(job.table_id) is asyncio.current_task():
                del self.running[job.table_id]

"""The real bot as a real process against the emulator: `bot.py` started, stopped, restarted
and killed as a process manager (or the OOM killer) does it.

    bot = BotProcess(emu, database=tmp_path / "domino.sqlite3", env={"AI_DELAY_SECONDS": "0"})
    await bot.start()          # returns once its gateway sessions are READY with their guilds
    await alice.slash("domino help")
    left = await bot.kill()    # SIGKILL: nothing of it runs any more; `left` lists survivors
    await bot.start()          # a new process IDENTIFYs afresh on the same database

Nothing is shared with the test but the emulator's sockets and the database file: what the
process keeps in memory (views, caches, locks) is out of the test's reach, as it is out of
another process's. The process is `sys.executable bot.py` run from the repository root, pointed
at the emulator by the environment `bot.Settings.from_environment` reads (`DISCORD_TOKEN`,
`DISCORD_API_BASE`, `DISCORD_GATEWAY_URL`, `DATABASE_PATH`), plus whatever the test adds.

Its output (stdout and stderr, every start appended) goes to a log file: `output()` reads it,
a failed start raises with its end, and a failing test shows it (`fixtures.py`).

`Emulator.settle` cannot see another process's handler tasks: while a `BotProcess` runs it asks
for a longer quiet moment (`PROCESS_QUIET_SECONDS` without a request or a frame). A test that
waits for a particular outcome says so with `emu.wait_for`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .emulator import Emulator
    from .gateway import Session

ROOT = Path(__file__).resolve().parents[2]
#: bot.py imports everything, opens its database, spawns its picture workers and syncs its
#: commands before it connects: on a loaded 2-core machine that is seconds, not milliseconds.
START_TIMEOUT = 90.0
STOP_TIMEOUT = 30.0
#: How soon every process a killed bot started must be gone (engine/workers.py: milliseconds).
GONE_WITHIN_SECONDS = 5.0
PROCESS_QUIET_SECONDS = 0.3
OUTPUT_TAIL = 4000


class BotProcessError(RuntimeError):
    """The bot process did not come up (it exited, or did not log in in time)."""


class BotProcess:
    """One `bot.py` at a time, restartable; `shards` is how many gateway sessions it opens."""

    def __init__(
        self,
        emulator: Emulator,
        *,
        database: Path,
        env: Mapping[str, object] | None = None,
        shards: int = 1,
        log: Path | None = None,
    ) -> None:
        self.emulator = emulator
        self.database = database
        self.extra_env = {key: str(value) for key, value in (env or {}).items()}
        self.shards = shards
        number = len(emulator.processes) + 1
        self.log = log or database.parent / f"bot-process-{number}.log"
        self.name = f"bot.py #{number}"
        self.process: asyncio.subprocess.Process | None = None
        #: The gateway sessions of the running process (those it identified once started).
        self.sessions: list[Session] = []
        #: The sessions of every start, oldest first (a killed process's stay here).
        self.every_session: list[Session] = []
        self.starts = 0
        self.kills = 0
        emulator.processes.append(self)

    def __repr__(self) -> str:
        state = f"pid {self.pid}" if self.running else "not running"
        return f"<BotProcess {self.name}, {state}>"

    # -- reading ---------------------------------------------------------------------------
    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    def environment(self) -> dict[str, str]:
        """What the process is started with: this environment, the emulator's addresses and
        token, the database, then the test's own settings (which win)."""
        pointed = {
            "DISCORD_TOKEN": self.emulator.token,
            "DISCORD_API_BASE": self.emulator.api_base,
            "DISCORD_GATEWAY_URL": self.emulator.gateway_url,
            "DATABASE_PATH": str(self.database),
            "LOG_LEVEL": "INFO",
            "PYTHONUNBUFFERED": "1",
            "TILE_EMOJIS": "no",  # tiles in words, as the tests click them; a test may say yes
        }
        return dict(os.environ) | pointed | self.extra_env

    def output(self) -> str:
        """Everything the process wrote (every start), as text."""
        if not self.log.exists():
            return ""
        return self.log.read_text(encoding="utf-8", errors="replace")

    # -- life cycle ------------------------------------------------------------------------
    async def start(self, timeout: float = START_TIMEOUT) -> list[Session]:
        """Start `bot.py`; return its sessions once each is READY with its guilds sent."""
        if self.running:
            raise RuntimeError(f"{self.name} is running: stop() or kill() it first")
        self.starts += 1
        since = self.emulator.gateway.identifies
        with self.log.open("ab") as out:
            out.write(f"--- start {self.starts} ---\n".encode())
            out.flush()
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                str(ROOT / "bot.py"),
                cwd=ROOT,
                env=self.environment(),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=asyncio.subprocess.STDOUT,
            )
        self.emulator.quiet_seconds = max(self.emulator.quiet_seconds, PROCESS_QUIET_SECONDS)
        process = self.process

        def up() -> bool | list[Session] | None:
            if process.returncode is not None:
                return True
            return self.emulator.ready_sessions(self.shards, since=since)

        try:
            await self.emulator.wait_for(up, timeout)
        except TimeoutError:
            await self._end(signal.SIGKILL)
            raise BotProcessError(self._failure(f"did not log in within {timeout:.0f}s")) from None
        if process.returncode is not None:
            raise BotProcessError(self._failure(f"exited with {process.returncode}"))
        self.sessions = self.emulator.ready_sessions(self.shards, since=since) or []
        self.every_session.extend(self.sessions)
        await self.emulator.settle()
        return self.sessions

    async def stop(self, timeout: float = STOP_TIMEOUT) -> int | None:
        """SIGTERM, as a process manager stops a service, and wait for the exit (SIGKILL after
        `timeout`). Returns the exit code (None: it was not running)."""
        if not self.running:
            return None
        code = await self._end(signal.SIGTERM, timeout)
        await self._disconnected()
        return code

    async def kill(self) -> dict[int, str]:
        """SIGKILL (`kill -9`): nothing of the process runs past this instant, its sockets drop
        without a close frame (its gateway sessions stay resumable, by it alone, as Discord
        keeps them), its open transaction rolls back. Returns the processes it had started
        that are still alive `GONE_WITHIN_SECONDS` later, by pid: none, when its worker
        processes end with it (engine/workers.py). Requests the emulator holds (`hold`) are
        left as they are."""
        process = self.process
        if process is None or process.returncode is not None:
            raise RuntimeError(f"{self.name} is not running")
        family = descendants(process.pid)
        self.kills += 1
        await self._end(signal.SIGKILL)
        await self._disconnected()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + GONE_WITHIN_SECONDS
        left = {pid: started for pid, started in family.items() if alive(pid, started)}
        while left and loop.time() < deadline:
            await asyncio.sleep(0.05)
            left = {pid: started for pid, started in left.items() if alive(pid, started)}
        for pid, started in left.items():  # never leave orphans behind: the test reports them
            if alive(pid, started):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        return left

    async def restart(self) -> list[Session]:
        """Stop (SIGTERM) and start again on the same database."""
        await self.stop()
        return await self.start()

    async def _disconnected(self) -> None:
        """Wait until the gateway has seen every socket of the (exited) process close."""
        sessions = self.sessions
        await self.emulator.wait_for(
            lambda: all(s.socket is None for s in sessions), GONE_WITHIN_SECONDS
        )

    async def _end(self, signum: int, timeout: float = STOP_TIMEOUT) -> int:
        process = self.process
        assert process is not None
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signum)
        try:
            return await asyncio.wait_for(process.wait(), timeout)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            return await process.wait()

    def _failure(self, what: str) -> str:
        tail = self.output()[-OUTPUT_TAIL:]
        return f"{self.name} {what}; its output ends:\n{tail}"


# -- the process tree, from /proc ----------------------------------------------------------
def stat_fields(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name (state first), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return text.rpartition(")")[2].split()


def descendants(root: int) -> dict[int, str]:
    """Every live process below `root`, by pid, with its start time (to tell a reused pid)."""
    parents: dict[int, int] = {}
    started: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = stat_fields(int(entry.name))
            if fields is not None:
                parents[int(entry.name)] = int(fields[1])
                started[int(entry.name)] = fields[19]
    found: dict[int, str] = {}
    frontier = [root]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in found:
                found[pid] = started[pid]
                frontier.append(pid)
    return found


def alive(pid: int, started: str) -> bool:
    """Running or sleeping: not gone, not a zombie waiting to be reaped, not a new process
    that reused the pid."""
    fields = stat_fields(pid)
    return fields is not None and fields[0] not in ("Z", "X") and fields[19] == started

"""Where the CPU of a click goes: py-spy samples of the bot's process and of its workers during
`bench.table_load`'s play, sorted into what the bot does (the store, Discord's requests, the
gateway, pictures' trips to the workers, ...) and what the workers do (drawing, encoding the
PNG, alt text, the job's trip), then scaled to the run's measured CPU per click.

    python -m bench.table_load --tables 200 --seconds 30 --profile

py-spy (`pip install py-spy`) samples at `RATE` per second, pausing the process for each
sample (unpaused sampling reads a running process's memory while it changes and drops the
samples it cannot read, which favours moments spent in system calls). The pauses cost the
profiled run some speed: compare profiles with profiles, and take CPU per click from a run
without `--profile`. Each sample is put in the category of its innermost frame that matches
one; the bot's samples count only while its main thread holds the interpreter lock (`--gil`),
so threads waiting in the background are not counted as work.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

from bench.load_bot import children_cpu

RATE = 50  # samples a second

BOT = (
    (
        "pictures: jobs to and from the workers",
        r"cogs/common/workers\.py|engine/workers\.py|concurrent/futures/process\.py|"
        r"multiprocessing/|pictures\.py:\d+\)$|engine/pickling\.py|_pickle",
    ),
    (
        "Discord requests (discord.py, aiohttp)",
        r"aiohttp/|discord/http\.py|discord/webhook/|cogs/common/messages\.py|multipart\.py|"
        r"yarl/|multidict/",
    ),
    (
        "gateway events (receive, parse)",
        r"discord/gateway\.py|discord/state\.py|discord/interactions\.py|discord/message\.py|"
        r"discord/client\.py|orjson|json/decoder",
    ),
    ("the store (transactions)", r"data/|aiosqlite/|sqlite3|asyncpg/"),
    ("rules and views (engine)", r"engine/"),
    (
        "words, embeds and buttons",
        r"cogs/lang/|cogs/texts\.py|cogs/tables/board\.py|cogs/tables/components\.py|"
        r"discord/embeds\.py|discord/ui/|render/",
    ),
    ("the table runtime (act, show, jobs)", r"cogs/|bot\.py"),
)
WORKER = (
    ("the job's trip (read, unpickle, pickle, write)", r"engine/workers\.py|pickl|socket"),
    ("PNG encoding (palette, zlib)", r"ImageFile\.py|PngImagePlugin|quantize|render/encode\.py"),
    ("alt text", r"render/describe\.py|render/alt\.py"),
    ("drawing", r"render/|PIL/"),
)
OTHER = "the rest (event loop, interpreter)"


def categorize(lines: list[str], rules: tuple[tuple[str, str], ...]) -> Counter[str]:
    """Samples per category, from py-spy's raw output (`frame;frame;... count`)."""
    compiled = [(name, re.compile(pattern)) for name, pattern in rules]
    counts: Counter[str] = Counter()
    for line in lines:
        stack, _, count = line.rstrip().rpartition(" ")
        if not stack:
            continue
        label = OTHER
        for frame in reversed(stack.split(";")):  # innermost first
            found = next((name for name, pattern in compiled if pattern.search(frame)), None)
            if found is not None:
                label = found
                break
        counts[label] += int(count)
    return counts


class Profiler:
    """py-spy recording a process for a while."""

    def __init__(self, pid: int, seconds: float, gil: bool, folder: Path) -> None:
        self.pid, self.seconds, self.gil = pid, seconds, gil
        self.out = folder / f"{pid}.txt"
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        command = [py_spy(), "record", "--pid", str(self.pid), "--duration", str(int(self.seconds))]
        command += ["--rate", str(RATE), "--format", "raw", "--output", str(self.out)]
        if self.gil:
            command.append("--gil")
        self.process = await asyncio.create_subprocess_exec(
            *command, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
        )

    async def lines(self) -> list[str]:
        if self.process is not None:
            await self.process.wait()
        return self.out.read_text().splitlines() if self.out.exists() else []


def py_spy() -> str:
    """py-spy's command: on the PATH or beside this Python (a virtual environment's)."""
    beside = Path(sys.executable).parent / "py-spy"
    found = shutil.which("py-spy") or (str(beside) if beside.exists() else None)
    if found is None:
        raise SystemExit("--profile needs py-spy: pip install py-spy")
    return found


class ClickProfile:
    """Profilers of the bot's processes and their workers for one run."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.folder = Path(tempfile.mkdtemp(prefix="click-profile-"))
        self.bots: list[Profiler] = []
        self.workers: list[Profiler] = []

    async def start(self, bot_pids: list[int]) -> None:
        for pid in bot_pids:
            self.bots.append(Profiler(pid, self.seconds, True, self.folder))
            for child in children_cpu(pid):  # its workers
                self.workers.append(Profiler(child, self.seconds, False, self.folder))
        for profiler in (*self.bots, *self.workers):
            await profiler.start()

    async def table(self, bot_ms: float, workers_ms: float) -> str:
        """The profile as a Markdown table: ms per click and share, per category."""
        rows = ["| where | ms per click | share |", "|---|---:|---:|"]
        for title, profilers, rules, per_click in (
            ("bot process", self.bots, BOT, bot_ms),
            ("picture and AI workers", self.workers, WORKER, workers_ms),
        ):
            counts: Counter[str] = Counter()
            for profiler in profilers:
                counts += categorize(await profiler.lines(), rules)
            total = sum(counts.values()) or 1
            rows.append(f"| **{title}** | **{per_click:.1f}** | |")
            for name, count in counts.most_common():
                rows.append(f"| {name} | {per_click * count / total:.1f} | {count / total:.0%} |")
        shutil.rmtree(self.folder, ignore_errors=True)
        return "\n".join(rows)

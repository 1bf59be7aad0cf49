"""The real entry point against the emulator: as a child process, and in-process via `bot`."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import discord

from tests.emulator import Emulator

ROOT = Path(__file__).resolve().parents[2]


async def test_bot_py_as_a_child_process_is_redirected_by_the_environment_and_logs_in(
    emu: Emulator, tmp_path: Path
) -> None:
    env = os.environ | {
        "DISCORD_TOKEN": emu.token,
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        "DATABASE_PATH": str(tmp_path / "domino.sqlite3"),
        "LOG_LEVEL": "WARNING",
    }
    child = await asyncio.create_subprocess_exec(
        sys.executable, str(ROOT / "bot.py"), cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    try:
        await emu.wait_for(lambda: emu.gateway.identifies == 1 and emu.gateway.ready.is_set(), 30)
        assert child.returncode is None
    finally:
        child.terminate()
        output, _ = await child.communicate()
    assert emu.gateway.identifies == 1, output.decode(errors="replace")


async def test_the_bot_fixture_runs_the_real_bot_ready_in_the_guild(
    emu: Emulator, bot: discord.Client
) -> None:
    assert bot.is_ready() and bot.get_guild(emu.guild.id) is not None
    again = await emu.restart_bot()
    assert again is not bot and again.is_ready() and emu.gateway.identifies == 2

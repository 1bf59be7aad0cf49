"""`/domino help` names every command of the bot, in the reader's language; a start without
Discord (no network, a refused connection) is one line on stderr and a non-zero exit."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import discord

import bot as entry
from tests.emulator.emulator import Emulator

HERE = Path(entry.__file__).resolve().parent


async def test_help_names_every_command(emu: Emulator, bot: discord.Client) -> None:
    alice = emu.user("alice")
    help_text = (await alice.slash("domino help")).response.text
    for command in (
        "/domino new",
        "/domino rules",
        "/domino puzzle",
        "/domino help",
        "/domino end",
        "/domino config language",
        "/domino settings",
        "/domino review",
        "/domino mine",
        "/leaderboard",
        "/stats",
        "/history",
        "/season start",
        "/season end",
        "/season list",
    ):
        assert command in help_text, command
    assert "your own settings (where your hands go)" in help_text
    assert "where you lost points" in help_text and "Hint button" in help_text
    assert "to leave or give up any of them" in help_text


async def test_help_is_in_the_readers_language(emu: Emulator, bot: discord.Client) -> None:
    english = (await emu.user("alice").slash("domino help")).response.text
    spanish = (await emu.user("ana", locale="es-ES").slash("domino help")).response.text
    assert "where your hands go" in english
    assert "where your hands go" not in spanish and "this server's standings" not in spanish
    assert "/leaderboard" in english and "/stats" in english


def closed_port() -> int:
    """A local port nobody listens on: bound, then closed."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_no_network_at_start_is_one_line_and_an_exit_status(tmp_path: Path) -> None:
    port = closed_port()
    env = {
        **os.environ,
        "DISCORD_TOKEN": "a.token.without-network",
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "DATABASE_PATH": str(tmp_path / "domino.sqlite3"),
        # Only what goes wrong: the start-up's INFO lines are not the failure.
        "LOG_LEVEL": "ERROR",
    }
    done = subprocess.run(
        [sys.executable, str(HERE / "bot.py")],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == entry.EXIT_NO_DISCORD
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("Could not reach Discord") and str(port) in lines[0]

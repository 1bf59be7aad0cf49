"""The bot's token is shown nowhere: not in the settings' repr or str, not in the log of a
start (at DEBUG, discord.py's own lines included), not in the traceback of a rejected login."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import traceback
from pathlib import Path

import discord
import pytest

import bot as entry
from cogs.common.settings import Settings
from tests.emulator.emulator import Emulator

SECRET = "MTIz.secret-token-never-shown"


def test_the_settings_never_show_the_token(tmp_path: Path) -> None:
    settings = Settings.from_environment(
        {"DISCORD_TOKEN": SECRET, "DATABASE_PATH": str(tmp_path / "x.sqlite3")}
    )
    assert settings.token == SECRET
    for shown in (repr(settings), str(settings), f"{settings}", f"{settings!r}"):
        assert SECRET not in shown
        assert "Settings(" in shown and "x.sqlite3" in shown  # the rest is still shown


async def test_a_start_logs_the_settings_but_never_the_token(
    emu: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    settings = Settings(
        token=emu.token,
        database=tmp_path / "domino.sqlite3",
        api_base=emu.api_base,
        gateway_url=emu.gateway_url,
    )
    running = asyncio.create_task(entry.serve(settings), name="serving-bot")
    try:
        await emu.wait_for(lambda: emu.gateway.ready.is_set() or running.done(), 30)
        assert not running.done()
        await emu.settle()
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        await emu.settle()
    assert "starting with Settings(" in caplog.text
    assert "domino.sqlite3" in caplog.text
    assert emu.token not in caplog.text
    assert all(emu.token not in str(record.args) for record in caplog.records)


async def test_a_rejected_login_shows_no_token_in_its_traceback_or_log(
    emu: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    settings = Settings(
        token=SECRET,
        database=tmp_path / "domino.sqlite3",
        api_base=emu.api_base,
        gateway_url=emu.gateway_url,
    )
    with pytest.raises(discord.LoginFailure) as raised:
        await entry.serve(settings)
    shown = "".join(traceback.format_exception(raised.value))
    assert "LoginFailure" in shown
    assert SECRET not in shown and SECRET not in repr(raised.value.__cause__)
    assert "starting with Settings(" in caplog.text and SECRET not in caplog.text

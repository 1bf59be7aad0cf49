"""The log an operator reads: one line per event, text or JSON, the table and the server on
every line about a table (set where a click, a job or a delivery round handles it), never the
token, and none of discord.py's lines that mean nothing here."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

from cogs.common import logs
from cogs.common.bot import DominoBot
from cogs.common.settings import Settings
from tests.emulator.emulator import Emulator
from tests.tables.conftest import running_bot
from tests.tables.conftest import test_settings as settings_for
from tests.tables.play import start_two_player, turn_dm

SECRET = "MTIz.secret-token-never-shown"


def capture(formatter: logging.Formatter) -> tuple[logging.Handler, io.StringIO]:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(formatter)
    handler.addFilter(logs.TableContext())
    return handler, out


@pytest.fixture
def lines() -> Iterator[io.StringIO]:
    """What the root logger writes in the text format, from INFO up."""
    handler, out = capture(logs.OneLine(SECRET))
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield out
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


async def a_failure_about_a_table(log: logging.Logger) -> None:
    logs.about_table("0123456789", 42)
    try:
        raise ValueError(f"the token {SECRET} in an error")
    except ValueError:
        log.exception("table %s: showing board failed", "0123456789")


async def test_a_json_line_is_one_event_with_its_table_guild_and_traceback() -> None:
    handler, out = capture(logs.JsonLines(SECRET))
    log = logging.getLogger("test.json")
    log.addHandler(handler)
    log.propagate = False
    try:
        await asyncio.create_task(a_failure_about_a_table(log))
        log.warning("no table here")
    finally:
        log.removeHandler(handler)
        log.propagate = True
    first, second = out.getvalue().splitlines()
    event = json.loads(first)
    assert (event["level"], event["table"], event["guild"]) == ("ERROR", "0123456789", "42")
    assert "Traceback" in event["exc"] and "ValueError" in event["exc"]
    assert SECRET not in first and "***" in event["exc"]
    # The context belonged to the task that set it: the next line is about no table.
    assert "table" not in json.loads(second)


async def test_a_text_line_is_one_line_even_with_a_traceback() -> None:
    handler, out = capture(logs.OneLine(SECRET))
    log = logging.getLogger("test.text")
    log.addHandler(handler)
    log.propagate = False
    try:
        await asyncio.create_task(a_failure_about_a_table(log))
    finally:
        log.removeHandler(handler)
        log.propagate = True
    (line,) = out.getvalue().splitlines()
    assert line.endswith("[guild=42 table=0123456789]") is False  # the traceback comes last
    assert "[guild=42 table=0123456789]" in line and "Traceback" in line
    assert SECRET not in line


def test_discord_py_says_nothing_about_voice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # As on a fresh process, where discord.py says it once.
    monkeypatch.setattr(discord.voice_client.VoiceClient, "warn_dave", True)
    monkeypatch.setattr(discord.voice_client.VoiceClient, "warn_nacl", True)
    caplog.set_level(logging.DEBUG)
    DominoBot(Settings(token=SECRET, database=tmp_path / "x.sqlite3"))
    assert not [r.getMessage() for r in caplog.records if "voice" in r.getMessage()]


async def test_the_lines_about_a_table_name_it_and_its_server(
    emu: Emulator, tmp_path: Path, lines: io.StringIO
) -> None:
    emu.rate_limiter.enabled = False
    settings = settings_for(emu, f"sqlite:///{tmp_path / 'domino.sqlite3'}")
    async with running_bot(emu, settings) as bot:
        alice, bob = await start_two_player(emu)
        person, message = await turn_dm(emu, [alice, bob])
        table_id = message.buttons[0].custom_id.split(":")[1]
        guild_id = alice.where.guild_id
        # Discord fails the board's edit after the move: the delivery says so, about the table.
        emu.fail(lambda method, path: method == "PATCH" and not emu.is_dm(path), 503, times=1)
        moves = [b for b in message.buttons if (b.custom_id or "").startswith("dm:")]
        await person.click(message, custom_id=moves[0].custom_id)
        await emu.wait_for(lambda: emu.failed or None)
        emu.advance(5)
        await emu.settle()
        await alice.say("nice move")  # read (counted as scrolling the board), not kept
        await emu.settle()
        assert len(bot.cached_messages) == 0  # no message cache: nothing reads it
    failed = [line for line in lines.getvalue().splitlines() if "showing board failed" in line]
    assert failed, lines.getvalue()
    assert all(f"[guild={guild_id} table={table_id}]" in line for line in failed)
    assert SECRET not in lines.getvalue()

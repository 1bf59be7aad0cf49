"""Pytest fixtures: `emu` (the emulator and its world) and `bot` (the real bot, in-process).

A test that leaves anything in `emu.unhandled` or `emu.violations` fails at teardown: either
the bot called a route the emulator does not know (teach the emulator), or it broke a rule
Discord enforces (fix the bot). A test that breaks a rule on purpose takes the violations with
`emu.take_violations()` and asserts on them.

`@pytest.mark.emulator(...)` configures the emulator before the bot starts: constructor
arguments (`strict=False`, `rate_limits=False`) or attributes (`privileged_intents=...`,
`ack_deadline=3.0`, `attachment_size_limit=...`, `shard_count=2`).

Bots started as processes (`process.BotProcess`) are stopped when the test ends, and a failing
test's report shows what each of them wrote (`pytest_runtest_makereport`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Generator
from pathlib import Path

import discord
import pytest

from .emulator import Emulator
from .runner import BotRunner

CONSTRUCTOR_OPTIONS = {"token", "guild_name", "channel_name", "strict", "rate_limits", "host"}


def _configured(request: pytest.FixtureRequest) -> Emulator:
    marker = request.node.get_closest_marker("emulator")
    options = dict(marker.kwargs) if marker is not None else {}
    emulator = Emulator(**{k: v for k, v in options.items() if k in CONSTRUCTOR_OPTIONS})
    for name, value in options.items():
        if name in CONSTRUCTOR_OPTIONS:
            continue
        if not hasattr(emulator, name):
            raise pytest.UsageError(f"@pytest.mark.emulator: no emulator setting {name!r}")
        setattr(emulator, name, value)
    return emulator


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "emulator(**settings): configure the Discord emulator")
    config.addinivalue_line("markers", "tile_emojis: the `bot` fixture shows tiles as emojis")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, None]:
    """A failed test (or teardown) that ran bot processes shows what they wrote."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    emulator = getattr(item, "funcargs", {}).get("emu")
    if report.failed and isinstance(emulator, Emulator):
        for process in emulator.processes:
            report.sections.append((f"{process.name} output ({process.log})", process.output()))


@pytest.fixture
async def emu(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Emulator]:
    # Restored after the test: `redirect_discord` changes these class attributes globally.
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket,
        "DEFAULT_GATEWAY",
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
    )
    async with _configured(request) as emulator:
        monkeypatch.setattr(discord.asset.Asset, "BASE", f"{emulator.base_url}/cdn")
        yield emulator
        for process in emulator.processes:
            await process.stop()
        if emulator.bot_runner is not None:
            await emulator.bot_runner.stop()
        problems = [f"unhandled: {u}" for u in emulator.unhandled]
        problems += [f"violation: {v}" for v in emulator.violations]
        if problems:
            pytest.fail("the emulator saw problems:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.fixture
async def bot(
    emu: Emulator, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[discord.Client]:
    """The real bot, built exactly as `bot.main` builds it, connected and ready; its tiles in
    words (as the tests click them) unless the test is marked `tile_emojis`."""
    from cogs.common.bot import DominoBot, redirect_discord
    from cogs.common.settings import Settings

    settings = Settings(
        token=emu.token,
        database=tmp_path / "domino.sqlite3",
        api_base=emu.api_base,
        gateway_url=emu.gateway_url,
        settle_memory=False,  # a full collection per test in this long process (bot.py's own)
        tile_emojis=request.node.get_closest_marker("tile_emojis") is not None,
    )
    redirect_discord(settings.api_base, settings.gateway_url)
    runner = BotRunner(emu, lambda: DominoBot(settings))
    emu.bot_runner = runner
    client = await runner.start()
    yield client
    await runner.stop()

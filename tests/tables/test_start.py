"""Starting against the emulator: a rejected token stops the bot with one line and its exit
status; the extension loads and registers its commands once; the lobby says whether it is
rated."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

import bot as entry
from cogs import texts
from cogs.common.settings import Settings
from tests.emulator.emulator import Emulator


async def test_a_rejected_token_stops_the_bot(emu: Emulator, tmp_path: Path) -> None:
    settings = Settings(
        token="not-the-token",
        database=tmp_path / "domino.sqlite3",
        api_base=emu.api_base,
        gateway_url=emu.gateway_url,
    )
    with pytest.raises(discord.LoginFailure):
        await entry.serve(settings)


def test_a_rejected_token_is_one_line_and_exit_status(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def rejected(settings: Settings) -> int:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(entry, "serve", rejected)
    code = entry.main({"DISCORD_TOKEN": "x", "DATABASE_PATH": "unused.sqlite3"})
    err = capsys.readouterr().err
    assert code == entry.EXIT_BAD_TOKEN
    assert err.count("\n") == 1 and "rejected" in err and "make demo" in err


async def test_the_domino_commands_are_synced_once(emu: Emulator, domino: discord.Client) -> None:
    synced = {command["name"]: command for command in emu.synced_commands(None)}
    assert "domino" in synced  # beside the standings commands (tests/standings)
    subcommands = {option["name"] for option in synced["domino"]["options"]}
    assert subcommands >= {"new", "rules", "help", "end"}
    assert len(emu.command_syncs) == 1


async def test_a_rated_lobby_says_an_ai_seat_makes_it_unrated(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", game="partnership")).response
    assert f"· {texts.RATED}" in lobby.text and texts.UNRATED_WITH_AI not in lobby.text
    await alice.choose(lobby, "easy", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await emu.settle()
    assert texts.UNRATED_WITH_AI in lobby.text

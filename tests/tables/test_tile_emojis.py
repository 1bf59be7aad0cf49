"""Tiles as emojis, end to end: uploaded once at start (a second start uploads nothing), the
move buttons show the tile's emoji and where it goes in words, the board's log shows the tiles
placed as emojis, nobody sees a hidden tile through them, and a failing API leaves the tiles in
words."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.common import tiles
from engine.tiles import Tile
from render.emojis import all_emojis, is_tile_emoji
from tests.emulator.emojis import AppEmoji
from tests.emulator.emulator import Emulator
from tests.emulator.layout import walk
from tests.emulator.runner import BotRunner
from tests.tables.conftest import running_bot
from tests.tables.conftest import test_settings as settings_for
from tests.tables.play import board, latest_version, move_message, start_two_player
from tests.tables.privacy import TILE_EMOJI, PrivacyWatch, tiles_named
from tests.tables.test_privacy_every_game import GAMES, fixed_table_id, play

UPLOADS = "POST /applications/{app_id}/emojis"
LISTS = "GET /applications/{app_id}/emojis"


async def synced(client: discord.Client) -> Any:
    """The start's sync of the tile emojis, waited for."""
    task = client.tile_emojis  # type: ignore[attr-defined]
    assert task is not None, "the bot did not start the tile emojis"
    return await task


@pytest.fixture
async def emoji_bot(emu: Emulator, tmp_path: Path) -> AsyncIterator[discord.Client]:
    emu.rate_limiter.enabled = False
    store = f"sqlite:///{tmp_path / 'domino.sqlite3'}"
    async with running_bot(emu, settings_for(emu, store, tile_emojis=True)) as client:
        await synced(client)
        yield client


def tile_named(emoji_name: str) -> str:
    """ "6-4" for the emoji `d_6_4_1f3a`."""
    match = TILE_EMOJI.fullmatch(emoji_name)
    assert match is not None, emoji_name
    return f"{match[1]}-{match[2]}"


async def test_the_tiles_are_uploaded_once_and_a_second_start_uploads_nothing(
    emu: Emulator, emoji_bot: discord.Client
) -> None:
    drawn = all_emojis()
    owned = {e.name for e in emu.world.application_emojis.values()}
    assert owned == set(drawn) and len(owned) == 28 + 91
    assert emu.requests[UPLOADS] == len(drawn) and emu.requests[LISTS] == 1
    # A tile drawn by an older version of the bot, and an emoji the app's owner made.
    bot_user = emu.world.bot_user
    for name in ("d_6_4_0000", "party"):
        emoji_id = emu.clock.snowflake()
        made = AppEmoji(emoji_id, name, b"", "image/png", bot_user)
        emu.world.application_emojis[emoji_id] = made
    client = await emu.restart_bot()
    done = await synced(client)
    assert emu.requests[UPLOADS] == len(drawn) and emu.requests[LISTS] == 2
    # The older drawing stays: sent messages and processes not yet updated still use it.
    assert done.uploaded == [] and done.removed == []
    owned = {e.name for e in emu.world.application_emojis.values()}
    assert owned == set(drawn) | {"party", "d_6_4_0000"}
    assert len(tiles.shown().ids) == len(drawn)


def stale_emojis(emu: Emulator, count: int) -> list[str]:
    """`count` tile emojis of older drawings, uploaded before now, oldest first."""
    drawn = set(all_emojis())
    names = [f"d_{n % 7}_{n % 5}_{n:04x}" for n in range(count + 200)]
    names = [name for name in names if name not in drawn][:count]
    for name in names:
        emoji_id = emu.clock.snowflake()
        made = AppEmoji(emoji_id, name, b"", "image/png", emu.world.bot_user)
        emu.world.application_emojis[emoji_id] = made
    return names


async def test_older_drawings_make_room_oldest_first_when_the_app_is_full(
    emu: Emulator, tmp_path: Path
) -> None:
    emu.rate_limiter.enabled = False
    party = emu.clock.snowflake()
    emu.world.application_emojis[party] = AppEmoji(
        party, "party", b"", "image/png", emu.world.bot_user
    )
    older = stale_emojis(emu, tiles.APP_EMOJI_LIMIT - 1 - 50)  # room for 50 of the 119
    store = f"sqlite:///{tmp_path / 'domino.sqlite3'}"
    async with running_bot(emu, settings_for(emu, store, tile_emojis=True)) as client:
        done = await synced(client)
    drawn = all_emojis()
    assert done.removed == older[: len(drawn) - 50] and done.failed == []
    owned = {e.name for e in emu.world.application_emojis.values()}
    assert owned == set(drawn) | {"party"} | set(older[len(drawn) - 50 :])
    assert len(owned) == tiles.APP_EMOJI_LIMIT


async def test_a_whole_match_is_played_by_clicking_tiles(
    emu: Emulator, emoji_bot: discord.Client
) -> None:
    alice, bob = await start_two_player(emu)
    played: dict[str, int] = {}
    placed_shown = 0
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 180
    while loop.time() < deadline:
        shown = board(emu)
        if shown is not None and texts.REMATCH in shown.labels:
            break
        if shown is not None and texts.READY in shown.labels:
            for person in (alice, bob):
                await person.click(shown, texts.READY)
        acted = False
        for person in (alice, bob):
            message = move_message(person.dm.messages)
            if message is None or latest_version(message) == played.get(person.name):
                continue
            played[person.name] = latest_version(message)
            moves = [b for b in message.buttons if (b.custom_id or "").startswith("dm:")]
            plays = [b for b in moves if b.emoji is not None]
            # every play shows its tile as an emoji, and no longer in words on its label but
            # where the tile is the whole label (a screen reader reads the label aloud)
            for button in plays:
                named = tile_named(button.emoji)
                assert is_tile_emoji(button.emoji) and button.label
                assert named not in button.label or button.label == named
            if not plays:  # draw or pass, in words
                assert moves and all(b.label for b in moves)
                await person.click(message, custom_id=moves[0].custom_id)
                acted = True
                continue
            # the person picks the tile they want, by its picture: the highest
            chosen = max(plays, key=lambda b: sum(map(int, tile_named(b.emoji).split("-"))))
            await person.click(message, custom_id=chosen.custom_id)
            acted = True
            after = board(emu)
            if after is not None and f"<:{chosen.emoji}:" in after.text:
                placed_shown += 1  # "alice played <tile>" in the board's last moves
        if not acted:
            await asyncio.sleep(0.05)
    final = board(emu)
    assert final is not None and texts.REMATCH in final.labels, "the match did not end"
    assert placed_shown > 3, "the board's log did not show the tiles placed as emojis"


@pytest.fixture
def emoji_watch(
    emu: Emulator, emoji_bot: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> Iterator[PrivacyWatch]:
    watching = PrivacyWatch(emu, live=lambda: emoji_bot.tables.tables)  # type: ignore[attr-defined]
    watching.install(monkeypatch)
    yield watching


@pytest.mark.parametrize("game", ["classic", "mexican-train"])
async def test_no_one_sees_a_hidden_tile_through_its_emoji(
    emu: Emulator, emoji_watch: PrivacyWatch, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    chosen = next(g for g in GAMES if g.game == game)
    fixed_table_id(f"e{GAMES.index(chosen):02d}privacy", monkeypatch)
    shown: list[str] = []  # the custom emojis of every version of every message

    def note(kind: str, message: Any) -> None:
        for part in walk(getattr(message, "components", None) or []):
            for emoji in [part.get("emoji"), *(o.get("emoji") for o in part.get("options") or [])]:
                if emoji and emoji.get("id"):
                    shown.append(emoji["name"])

    emu.observers.append(note)
    final = await play(emu, chosen)
    assert "won the match" in final.text or "draw" in final.text.lower()
    assert emoji_watch.versions > 10 and not emoji_watch.leaks, "\n" + emoji_watch.report()
    assert shown and all(is_tile_emoji(name) for name in shown), "the watch read words only"


async def test_when_the_emoji_api_fails_the_bot_starts_and_shows_tiles_in_words(
    emu: Emulator, emoji_bot: discord.Client
) -> None:
    emu.fail(lambda method, path: path.endswith("/emojis"), status=503, times=1)
    client = await emu.restart_bot()
    assert await synced(client) is None
    assert tiles.shown() is tiles.NONE
    alice, bob = await start_two_player(emu)
    message = await emu.wait_for(
        lambda: move_message(alice.dm.messages) or move_message(bob.dm.messages)
    )
    moves = [b for b in message.buttons if (b.custom_id or "").startswith("dm:")]
    assert moves and all(b.emoji is None and b.label for b in moves)


def test_the_privacy_watch_reads_a_tile_emoji_as_its_tile() -> None:
    assert tiles_named("alice played <:d_6_4_1f3a:1234567>") == {Tile(6, 4)}
    assert tiles_named("dc_12_5_77b0") == {Tile(12, 5)}
    assert tiles_named("party_parrot d_6_4 <:d_1_0_zzzz:5>") == set()


async def run_by_hand(emu: Emulator, tmp_path: Path, *more: str) -> str:
    """`python -m cogs.common emojis` against the emulator, as a self-hoster runs it."""
    env = dict(os.environ) | {
        "DISCORD_TOKEN": emu.token,
        "DISCORD_API_BASE": emu.api_base,
        "DISCORD_GATEWAY_URL": emu.gateway_url,
        "DATABASE_PATH": str(tmp_path / "unused.sqlite3"),
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cogs.common",
        "emojis",
        *more,
        env=env,
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await process.communicate()
    assert process.returncode == 0, out
    return out.decode()


async def test_a_self_hoster_uploads_them_by_hand_once(emu: Emulator, tmp_path: Path) -> None:
    first = await run_by_hand(emu, tmp_path)
    assert "119 tile emojis in use: 119 uploaded" in first
    assert {e.name for e in emu.world.application_emojis.values()} == set(all_emojis())
    second = await run_by_hand(emu, tmp_path)
    assert "119 tile emojis in use: 0 uploaded, 0 stale ones removed" in second
    assert emu.requests[UPLOADS] == 119
    # Once every process runs the new drawing, the older ones go by hand.
    older = stale_emojis(emu, 3)
    pruned = await run_by_hand(emu, tmp_path, "--prune")
    assert "119 tile emojis in use: 0 uploaded, 3 stale ones removed" in pruned
    owned = {e.name for e in emu.world.application_emojis.values()}
    assert owned == set(all_emojis()) and not owned & set(older)


async def test_two_processes_share_what_one_of_them_uploads(
    emu: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cogs.common.bot import DominoBot, redirect_discord

    monkeypatch.setattr(tiles, "RELIST_SECONDS", 0.2)
    emu.rate_limiter.enabled = False
    runners = []
    for name, syncs in (("one", True), ("two", False)):
        store = f"sqlite:///{tmp_path / f'{name}.sqlite3'}"
        settings = settings_for(emu, store, tile_emojis=True, sync_commands=syncs)
        redirect_discord(settings.api_base, settings.gateway_url)
        runners.append(BotRunner(emu, lambda settings=settings: DominoBot(settings)))
    emu.bot_runner = runners[0]
    try:
        clients = await asyncio.gather(*(runner.start() for runner in runners))
        uploader, lister = await asyncio.gather(*(synced(client) for client in clients))
        assert len(uploader.uploaded) == 119 and lister.uploaded == []
        assert len(uploader.found.ids) == len(lister.found.ids) == 119
        assert emu.requests[UPLOADS] == 119  # each tile once, by one process
    finally:
        for runner in runners:
            await runner.stop()


@pytest.mark.tile_emojis
async def test_the_bot_fixture_shows_tile_emojis_when_asked(
    emu: Emulator, bot: discord.Client
) -> None:
    done = await synced(bot)
    assert len(done.found.ids) == 119 and tiles.shown() == done.found

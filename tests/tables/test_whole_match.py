"""A whole match through the emulator, from `/domino new` to the final score."""

from __future__ import annotations

import discord

from cogs import texts
from tests.emulator.emulator import Emulator
from tests.tables.play import board, play_match, table_channel


async def open_table(emu: Emulator, host: object, game: str, ai: int, **options: object) -> object:
    result = await host.slash("domino new", game=game, **options)  # type: ignore[attr-defined]
    lobby = result.response
    for _ in range(ai):
        await host.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)  # type: ignore[attr-defined]
    return lobby


async def test_partnership_with_three_ai_seats_plays_to_the_final_score(
    emu: Emulator, domino: discord.Client
) -> None:
    emu.rate_limiter.enabled = True  # Discord's real limits: the bot must pace itself
    alice = emu.user("alice")
    lobby = await open_table(emu, alice, "partnership", 3, target=10)
    assert "AI" in lobby.text
    await alice.click(lobby, "Start")
    assert lobby.buttons == []  # the lobby closes; the table moves to its thread
    hand = await emu.wait_for(lambda: emu.dm("alice").last)
    assert hand.files and hand.files[0].is_png
    final = await play_match(emu, [alice])
    assert "won the match" in final.text
    sheets = [m for m in table_channel(emu).messages if m.content.startswith("Hand ")]
    assert sheets and all(m.files[0].is_png for m in sheets)
    assert board(emu) is not None

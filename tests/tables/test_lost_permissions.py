"""A permission taken from the bot mid-match: the table says which one where it still can (in
words where only the picture is refused, else in the thread's parent channel, and to every
clicker), the game stays saved and goes on by DM, and once the permission is back the next
action posts a fresh board."""

from __future__ import annotations

from typing import Any

import discord

from cogs import texts
from cogs.lang.words import words
from tests.emulator.emulator import Emulator
from tests.emulator.permissions import ATTACH_FILES, SEND_MESSAGES_IN_THREADS, VIEW_CHANNEL
from tests.tables.play import board, board_words, table_channel
from tests.tables.test_play_model import the_table
from tests.tables.test_refusals import start_two_player, whose_turn


def notices(channel: Any, permission: str) -> list[Any]:
    return [m for m in channel.messages if f"missing **{permission}**" in m.text]


async def play_a_move(emu: Emulator, people: list[Any]) -> str:
    """The player to move plays their first move from their DM; returns their name."""
    mover, _, message = await whose_turn(emu, people)
    button = next(b for b in message.buttons if (b.custom_id or "").startswith("dm:"))
    await mover.click(message, custom_id=button.custom_id)
    return str(mover.name)


async def test_a_refused_picture_is_named_in_the_thread_and_the_board_returns(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = await start_two_player(emu)
    thread = table_channel(emu)
    assert thread is not emu.channel()  # the table plays in its own thread
    old = board(emu)
    emu.deny_bot(ATTACH_FILES)  # on #domino; its threads follow it
    await play_a_move(emu, [alice, bob])
    await emu.wait_for(lambda: notices(thread, texts.ATTACH_FILES))
    # The next clicker hears it too (their hand still comes, ephemerally).
    result = await bob.click(old, "Your hand")
    assert any("Attach Files" in m.text for m in result.followups if m.ephemeral)
    await play_a_move(emu, [alice, bob])  # the game goes on by DM meanwhile
    await emu.settle()
    assert len(notices(thread, texts.ATTACH_FILES)) == 1  # said once
    emu.allow_bot(ATTACH_FILES)
    old_log = list(the_table(domino).log)
    name = await play_a_move(emu, [alice, bob])
    fresh = await emu.wait_for(lambda: board(emu).id != old.id and board(emu))
    assert thread.messages[-1].id == fresh.id  # posted again at the bottom, under the notice
    # It shows the position after that move: the table's newest lines (the move, or the forced
    # draws that followed it; the deal is random).
    log = the_table(domino).log
    # (The log keeps its last lines only: the new ones are those after what it kept of the old.)
    kept = next(k for k in range(len(old_log) + 1) if log[: len(old_log) - k] == old_log[k:])
    new = log[len(old_log) - kept :]
    assert any(f"{name} played" in words("en").say(line) for line in new)
    assert words("en").say(log[-1]) in board_words(fresh)
    # The board left above keeps its picture and words, without buttons (a layout cannot drop
    # its buttons alone: it is edited to the new board's layout without them).
    await emu.settle()
    assert old.buttons == [] and [f.filename for f in old.files] == ["board.png"]
    assert board_words(old) == board_words(fresh)


async def test_a_thread_the_bot_cannot_post_in_is_named_in_the_parent_channel(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = await start_two_player(emu)
    thread = table_channel(emu)
    old = board(emu)
    emu.deny_bot(ATTACH_FILES | SEND_MESSAGES_IN_THREADS)
    await play_a_move(emu, [alice, bob])
    said = await emu.wait_for(lambda: notices(emu.channel(), texts.SEND_MESSAGES_IN_THREADS))
    assert "thread" in said[0].text and not notices(thread, texts.SEND_MESSAGES_IN_THREADS)
    emu.allow_bot(ATTACH_FILES | SEND_MESSAGES_IN_THREADS)
    await play_a_move(emu, [alice, bob])
    await emu.wait_for(lambda: board(emu).id != old.id and thread.messages[-1].id == board(emu).id)


async def test_a_channel_the_bot_cannot_see_is_named_to_the_next_clicker(
    emu: Emulator, domino: Any
) -> None:
    alice, bob = await start_two_player(emu)
    emu.deny_bot(VIEW_CHANNEL)  # nowhere left to write: neither the thread nor its channel
    await play_a_move(emu, [alice, bob])
    await emu.wait_for(lambda: domino.tables.publisher.blocked)
    mover, _, message = await whose_turn(emu, [alice, bob])
    button = next(b for b in message.buttons if (b.custom_id or "").startswith("dm:"))
    result = await mover.click(message, custom_id=button.custom_id)
    assert any("missing **View Channel**" in m.text for m in result.followups if m.ephemeral)

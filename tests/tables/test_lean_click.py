"""What a move costs the bot, as players cannot see but the machine pays for: the click's own
response carries the edit of the DM it was on, each player's DM channel is opened once, the
bot's own messages echoed back by Discord are not parsed, and pictures come back from their
workers with their descriptions (nothing is drawn or described on the bot's event loop)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

import render
from tests.emulator.emulator import Emulator
from tests.tables.converged import assert_converged, move_ids
from tests.tables.play import board, start_two_player, table_channel, turn_dm

INTERACTION_UPDATE_MESSAGE = 7  # Discord's response type: edit the message clicked on
DEFERRED_UPDATE = 6  # Discord's response type: acknowledged, the message is edited later
OPEN_DM = "POST /users/@me/channels"


async def next_turn(emu: Emulator, people: list[Any]) -> tuple[Any, Any]:
    """The person to move and their DM with the moves, once the bot is quiet."""
    await emu.settle()
    return await turn_dm(emu, people)


async def test_a_move_clicked_on_its_dm_is_answered_by_editing_that_dm(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    people = list(await start_two_player(emu))
    for _ in range(3):
        person, message = await next_turn(emu, people)
        move = next(i for i in move_ids(message) if i.startswith("dm:"))
        edits = emu.requests["PATCH /channels/{channel_id}/messages/{message_id}"]
        result = await person.click(message, custom_id=move)
        # One response: the DM it was on, as the player sees it the moment the click returns:
        # the hand after the move, its buttons gone; not an acknowledgement then an edit.
        assert result.type == INTERACTION_UPDATE_MESSAGE
        assert message.buttons == [] and message.files and message.files[0].is_png
        assert "your turn" not in (message.text or "").lower()
        await emu.settle()
        # The board's edit is the only channel edit the move made (the other player's turn
        # is a new DM): the mover's DM was not edited a second time.
        assert emu.requests["PATCH /channels/{channel_id}/messages/{message_id}"] == edits + 1
    await assert_converged(emu, store)


async def test_a_move_slow_to_store_is_acknowledged_in_time_and_its_dm_edited_after(
    emu: Emulator, domino: discord.Client, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord allows 3 s: a move that takes longer to store is acknowledged first (the
    answer could come too late), and its DM is edited once it is stored."""
    from cogs.tables.messages.hands import ANSWER_SECONDS
    from data import Database

    people = list(await start_two_player(emu))
    person, message = await next_turn(emu, people)
    real = Database.commit_and_take

    async def slow(self: Any, *args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(ANSWER_SECONDS + 0.3)
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(Database, "commit_and_take", slow)
    result = await person.click(message, custom_id=next(i for i in move_ids(message) if "dm:" in i))
    assert result.type == DEFERRED_UPDATE
    monkeypatch.setattr(Database, "commit_and_take", real)
    await emu.wait_for(lambda: message.buttons == [])
    await assert_converged(emu, store)


async def test_a_move_costs_the_store_three_transactions(
    emu: Emulator, domino: discord.Client, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move, claimed for showing in the same transaction; what its messages show and that
    they were shown, in one more at the end of the round; the next player's new DM recorded as
    it is sent (a new message is recorded at once). No claim of its own, no item done alone."""
    from data import Database

    people = list(await start_two_player(emu))
    await next_turn(emu, people)
    writes: list[str] = []
    for name in ("commit", "commit_and_take", "claim_outbox", "outbox_done", "outbox_later",
                 "save_shown", "turn_shown", "delivered", "claim_jobs", "job_done"):  # fmt: skip
        method = getattr(Database, name)

        def counted(*args: Any, _method: Any = method, _name: str = name, **kwargs: Any) -> Any:
            writes.append(_name)
            return _method(*args, **kwargs)

        monkeypatch.setattr(Database, name, counted)
    moves = 4
    for _ in range(moves):
        person, message = await next_turn(emu, people)
        await person.click(message, custom_id=next(i for i in move_ids(message) if "dm:" in i))
    await emu.settle()
    assert writes.count("commit_and_take") == moves
    assert "claim_outbox" not in writes and "outbox_done" not in writes
    assert len(writes) <= 3 * moves + 1, writes  # a round may end twice when a move is quick
    await assert_converged(emu, store)


async def test_a_players_dm_channel_is_opened_once(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    people = list(await start_two_player(emu))
    state: Any = domino._connection  # type: ignore[attr-defined]
    for _ in range(6):
        # discord.py keeps the last 128 DM channels: with more players they are forgotten.
        state._private_channels.clear()
        state._private_channels_by_user.clear()
        person, message = await next_turn(emu, people)
        await person.click(message, custom_id=next(i for i in move_ids(message) if "dm:" in i))
    await assert_converged(emu, store)
    assert emu.requests[OPEN_DM] <= len(people)  # each new turn's DM went straight to it


async def test_the_bots_own_messages_echoed_back_are_not_parsed(
    emu: Emulator, domino: discord.Client
) -> None:
    authors: set[int] = set()

    async def on_message(message: discord.Message) -> None:  # each message parsed, as events
        authors.add(message.author.id)

    domino.add_listener(on_message)
    people = list(await start_two_player(emu))
    carol = emu.user("carol")
    # Other people's messages are still read.
    await carol.at(table_channel(emu).channel).say("good luck")
    for _ in range(2):
        person, message = await next_turn(emu, people)
        await person.click(message, custom_id=next(i for i in move_ids(message) if "dm:" in i))
    await emu.settle()
    assert domino.user is not None
    assert domino.user.id not in authors and carol.user.id in authors
    assert not domino.cached_messages  # and none is kept: nothing reads discord.py's cache


async def test_pictures_are_described_in_their_workers(
    emu: Emulator, domino: discord.Client, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def not_here(*args: Any, **kwargs: Any) -> str:
        raise AssertionError("described on the bot's event loop")

    for name in ("describe", "describe_hand", "describe_sheet", "board_png", "hand_png"):
        monkeypatch.setattr(render, name, not_here)  # the bot's process only: workers import
    people = list(await start_two_player(emu))
    person, message = await next_turn(emu, people)
    await person.click(message, custom_id=next(i for i in move_ids(message) if "dm:" in i))
    await assert_converged(emu, store)
    shown = board(emu)
    alt = shown.files[0].attachment.description or ""
    assert "hand 1" in alt and "to play" in alt  # the board's description, made with it
    assert message.files[0].attachment.description  # the hand's (its tiles, for its owner)

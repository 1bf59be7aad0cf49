"""Nothing unsaved is ever shown: when the database refuses to store an action, the action is
refused with a short answer, the table is exactly as it was (in memory and in the database),
nothing is announced, and the next click (or the next timer) works."""

from __future__ import annotations

import sqlite3
from typing import Any

import discord
import pytest

from cogs import texts
from tests.emulator.emulator import Emulator
from tests.tables.play import board, board_words, private_answer
from tests.tables.test_refusals import refusal, start_two_player, whose_turn


def fail_next_write(monkeypatch: pytest.MonkeyPatch, domino: Any, name: str) -> list[str]:
    """The data layer's `name` raises once (as SQLite does when the disk is full or the file
    is locked), then works again. Returns the list of failures so far."""
    database = domino.db
    real = getattr(database, name)
    failures: list[str] = []

    async def failing_once(*args: Any, **kwargs: Any) -> Any:
        if not failures:
            failures.append(name)
            raise sqlite3.OperationalError("database is locked")
        return await real(*args, **kwargs)

    monkeypatch.setattr(database, name, failing_once)
    return failures


async def live_hand(domino: Any) -> Any:
    """The hand in play at the table, as stored (a change that could not be stored leaves
    nothing in memory either: each look reads the store)."""
    rows = await domino.db.live_tables()
    return (await domino.tables.store.get(rows[-1].id)).match.hand


async def stored(domino: Any) -> list[dict[str, Any]]:
    return [table.state for table in await domino.db.live_tables()]


async def test_a_move_that_cannot_be_saved_is_refused_and_changes_nothing(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = await start_two_player(emu)
    mover, _, message = await whose_turn(emu, [alice, bob])
    await emu.settle()
    before, in_database = board_words(board(emu)), await stored(domino)
    failures = fail_next_write(monkeypatch, domino, "commit_and_take")
    button = next(b for b in message.buttons if (b.custom_id or "").startswith("dm:"))
    answer = await mover.click(message, custom_id=button.custom_id)
    assert failures and refusal(answer) == texts.NOT_SAVED
    await emu.settle()
    assert board_words(board(emu)) == before  # nothing announced
    assert await stored(domino) == in_database
    # The very same button works now: the table is still at the version it was drawn for.
    # (The board's log may already show what followed, e.g. the other seat's forced draws.)
    await mover.click(message, custom_id=button.custom_id)
    await emu.wait_for(lambda: board_words(board(emu)) != before)
    assert await stored(domino) != in_database


async def test_a_start_that_cannot_be_saved_leaves_the_lobby_open(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="two-player")).response
    await bob.click(lobby, "Join")
    failures = fail_next_write(monkeypatch, domino, "commit_and_take")
    assert refusal(await alice.click(lobby, "Start")) == texts.NOT_SAVED
    await emu.settle()
    assert failures and "Start" in lobby.labels and board(emu) is None
    assert not bob.dm.messages  # no hand was dealt to anyone
    await alice.click(lobby, "Start")
    await emu.wait_for(lambda: board(emu) is not None)


async def test_a_timed_out_turn_that_cannot_be_saved_is_tried_again(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = await start_two_player(emu)
    await whose_turn(emu, [alice, bob])
    await emu.settle()
    before = board_words(board(emu))
    hand = await live_hand(domino)
    seat, acted = hand.turn, len(hand.actions)
    failures = fail_next_write(monkeypatch, domino, "commit_and_take")
    emu.advance(10 * 60)  # far past the turn timer
    await emu.wait_for(lambda: failures)
    await emu.settle()
    assert board_words(board(emu)) == before
    assert len((await live_hand(domino)).actions) == acted
    emu.advance(10)  # the timer job is tried again
    await emu.wait_for(lambda: board_words(board(emu)) != before)
    hand = await live_hand(domino)
    # The stand-in moved for the seat that timed out. (The board's log shows the last lines
    # only: the other seat's forced draws that followed may have pushed that line out.)
    assert any(action.seat == seat for action in hand.actions[acted:])


async def test_a_result_that_cannot_be_recorded_leaves_the_match_running(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, bob = await start_two_player(emu)
    await emu.settle()
    failures = fail_next_write(monkeypatch, domino, "commit_and_take")
    question = private_answer(await bob.click(board(emu), "Resign"))  # asking stores nothing
    assert refusal(await bob.click(question, "Resign")) == texts.NOT_SAVED
    await emu.settle()
    assert failures and "Resign" in board(emu).labels and "Rematch" not in board(emu).labels
    await bob.click(question, "Resign")
    final = await emu.wait_for(lambda: "Rematch" in board(emu).labels and board(emu))
    assert str(texts.resigned("bob")) in final.text
    assert len(await domino.db.history(emu.guild.id)) == 1  # recorded once, by the second click


async def test_a_table_that_cannot_be_saved_is_not_opened(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = emu.user("alice")
    failures = fail_next_write(monkeypatch, domino, "commit_and_take")
    answer = await alice.slash("domino new", game="two-player")
    assert failures and refusal(answer) == texts.NOT_SAVED
    await emu.settle()
    assert not [m for m in emu.channel().messages if m.buttons]  # no lobby left to click
    assert await stored(domino) == []
    lobby = (await alice.slash("domino new", game="two-player")).response
    assert "Join" in lobby.labels

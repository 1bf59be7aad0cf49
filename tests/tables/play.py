"""Scripted players for end-to-end tests: open a table, fill it, and play by clicking the move
buttons the bot sends each player (by DM, or in the ephemeral "Your hand" when DMs are closed)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from cogs import texts
from cogs.lang import Words, words
from tests.emulator.emulator import Emulator

MOVE_PREFIXES = ("dm:", "dms:")


def table_channel(emu: Emulator, channel: Any = None) -> Any:
    """Where the table plays: the newest thread of `channel` (default: the home server's
    general channel) if it has one, else the channel."""
    channel = channel if channel is not None else emu.channel()
    threads = channel.threads
    return threads[-1] if threads else channel


def board(emu: Emulator, channel: Any = None) -> Any:
    """The newest board message (the one with "Your hand", or the final one with "Rematch") of
    the table opened in `channel` (see `table_channel`); a turn alert also offers "Your hand",
    but has no picture."""
    for message in reversed(table_channel(emu, channel).messages):
        table_buttons = any(b.custom_id and b.custom_id.startswith("dt:") for b in message.buttons)
        if table_buttons and (message.embeds or message.files):
            return message
    return None


def board_title(message: Any) -> str:
    """The board's title (the game and the hand): the heading of its first text display, or
    the title of a board shown as an embed (before the layouts)."""
    if message.embeds:
        return str(message.embeds[0].get("title") or "")
    return message.text.splitlines()[0].removeprefix("### ") if message.text else ""


def board_footer(message: Any) -> str:
    """The line under the board: who may watch (and what penalty points mean)."""
    if message.embeds:
        return str((message.embeds[0].get("footer") or {}).get("text") or "")
    return str(message.text.splitlines()[-1].removeprefix("-# ")) if message.text else ""


def board_words(message: Any) -> str:
    """Everything the board says in words (its text displays, or an embed board's
    description): the turn, the last moves, how the hand or the match ended, the scores."""
    if message.embeds:
        return str(message.embeds[0].get("description") or "")
    return str(message.text)


def private_answer(result: Any) -> Any:
    """The ephemeral message an interaction answered with (a deferred answer's first followup
    fills its placeholder; later ones are followups)."""
    if result.followups:
        return result.followups[-1]
    return result.response


async def resign(emu: Emulator, person: Any) -> Any:
    """Resign as a person does: Resign on the board asks first ("Resign? ..."), for their eyes
    only; Resign under that question does it. Returns the confirming click's result."""
    asked = await person.click(board(emu), "Resign")
    question = private_answer(asked)
    assert question is not None and question.ephemeral, "Resign must ask first"
    return await person.click(question, "Resign")


def move_message(messages: list[Any]) -> Any:
    for message in reversed(messages):
        ids = [b.custom_id or "" for b in message.buttons] + [s.custom_id for s in message.selects]
        if any(i.startswith(MOVE_PREFIXES) for i in ids):
            return message
    return None


async def start_two_player(emu: Emulator) -> tuple[Any, Any]:
    """alice hosts a two-player table, bob joins, alice starts it: both, once its board is up.
    Both ask to be asked for single moves too, so that each turn is a click (the tests of
    single moves played at once are tests/tables/test_turn_messages.py)."""
    alice, bob = emu.user("alice"), emu.user("bob")
    for person in (alice, bob):  # every turn waits for their click, single moves too
        await person.slash("domino settings", single_moves="ask")
    lobby = (await alice.slash("domino new", game="two-player")).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    await emu.wait_for(lambda: board(emu) is not None)
    return alice, bob


async def turn_dm(emu: Emulator, people: list[Any]) -> tuple[Any, Any]:
    """The person to move and their DM with the moves, waited for."""

    def found() -> tuple[Any, Any] | None:
        for person in people:
            message = move_message(person.dm.messages)
            if message is not None:
                return person, message
        return None

    turn: tuple[Any, Any] = await emu.wait_for(found)
    return turn


async def play_one(person: Any, message: Any, rng: random.Random) -> Any:
    moves = [b for b in message.buttons if (b.custom_id or "").startswith("dm:")]
    if moves:
        return await person.click(message, custom_id=rng.choice(moves).custom_id)
    select = next(s for s in message.selects if s.custom_id.startswith("dms:"))
    return await person.choose(message, rng.choice(select.values), custom_id=select.custom_id)


def latest_version(message: Any) -> int:
    ids = [b.custom_id or "" for b in message.buttons] + [s.custom_id for s in message.selects]
    for custom_id in ids:
        if custom_id.startswith(MOVE_PREFIXES):
            return int(custom_id.split(":")[2])
    return -1


async def play_match(
    emu: Emulator,
    people: list[Any],
    *,
    seed: int = 0,
    seconds: float = 240.0,
    via_hand_button: bool = False,
    board_words: Words | None = None,
) -> Any:
    """Every scripted person plays a random legal move whenever the bot offers them moves,
    until the board shows Rematch (the match is over). Returns the final board. The board's
    buttons are looked for in `board_words` (the server's language; English by default)."""
    w = board_words or words("en")
    rematch, ready, your_hand = w(texts.REMATCH), w(texts.READY), w(texts.YOUR_HAND)
    rng = random.Random(seed)
    played: dict[str, int] = {}  # last version each person played at; Ready pressed per hand
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        final = board(emu)
        if final is not None and rematch in final.labels:
            return final
        acted = False
        if final is not None and ready in final.labels:
            for person in people:
                key = f"ready:{person.name}:{board_title(final)}"
                if key not in played:
                    played[key] = 1
                    await person.click(final, ready)
                    acted = True
        for person in people:
            if via_hand_button:
                current = board(emu)
                if current is None or your_hand not in current.labels:
                    continue
                result = await person.click(current, your_hand)
                message = move_message([private_answer(result)])
            else:
                message = move_message(person.dm.messages)
            if message is None or latest_version(message) == played.get(person.name):
                continue
            played[person.name] = latest_version(message)
            await play_one(person, message, rng)
            acted = True
        if not acted:
            await asyncio.sleep(0.05)  # the bot is busy (AI seats, pictures): look again soon
    shown = board(emu)
    raise AssertionError(
        f"the match did not end; board: {shown.text if shown else None!r}; "
        f"DMs: {[(p.name, [m.text[:60] for m in p.dm.messages[-2:]]) for p in people]}"
    )

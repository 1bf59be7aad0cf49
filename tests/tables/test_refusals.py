"""Every refusal is a short ephemeral answer that changes nothing: the lobby's rules, clicks out
of turn, stale and double clicks, simultaneous clicks, spectators, missing permissions."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from cogs import texts
from tests.emulator.emulator import Emulator
from tests.emulator.world import ATTACH_FILES, Overwrite
from tests.tables.converged import assert_converged, record_moves, refusal_of, stored_table
from tests.tables.play import (
    board,
    board_words,
    move_message,
    private_answer,
    start_two_player,
    table_channel,
    turn_dm,
)


def refusal(result: Any) -> str:
    """The ephemeral answer the clicking person saw."""
    messages = list(result.followups)
    if result.type in (4, 5) and result.response is not None:  # answered with a new message
        messages.append(result.response)
    seen = [m for m in messages if m.ephemeral]
    assert seen, f"no ephemeral answer in {messages}"
    return str(seen[-1].text)


async def four_seat_lobby(emu: Emulator) -> tuple[Any, Any, Any]:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="partnership")).response
    await bob.click(lobby, "Join")
    return alice, bob, lobby


async def test_start_is_refused_with_the_reason_until_the_seats_fit(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, _, lobby = await four_seat_lobby(emu)
    before = lobby.text
    answer = refusal(await alice.click(lobby, "Start"))
    assert "4 players" in answer
    assert lobby.text == before and "Start" in lobby.labels


async def test_only_the_host_starts_cancels_and_adds_ai(
    emu: Emulator, domino: discord.Client
) -> None:
    _, bob, lobby = await four_seat_lobby(emu)
    assert refusal(await bob.click(lobby, "Start")) == texts.NOT_HOST
    assert refusal(await bob.click(lobby, "Cancel")) == texts.NOT_HOST
    answer = await bob.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    assert refusal(answer) == texts.NOT_HOST
    assert "AI" not in lobby.text


async def test_joining_twice_and_leaving_unseated_are_refused(
    emu: Emulator, domino: discord.Client
) -> None:
    _, bob, lobby = await four_seat_lobby(emu)
    assert refusal(await bob.click(lobby, "Join")) == texts.ALREADY_SEATED
    carol = emu.user("carol")
    assert refusal(await carol.click(lobby, "Leave")) == texts.NOT_SEATED
    await bob.click(lobby, "Leave")
    assert "bob" not in lobby.text


async def test_a_player_picks_the_seat_opposite_a_partner(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", game="partnership")).response
    bob = emu.user("bob")
    await bob.choose(lobby, "2", placeholder=texts.SEAT_PICK)
    assert "Seat 3: bob" in lobby.text
    assert "1 & 3" in lobby.text  # seats 1 and 3 play together


async def test_unknown_game_and_bad_options_are_refused(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    answer = refusal(await alice.slash("domino new", game="chess"))
    assert "chess" in answer
    answer = refusal(await alice.slash("domino new", {"game": "partnership", "options": "target"}))
    assert "target" in answer


async def test_missing_permission_is_named_in_the_channel(
    emu: Emulator, domino: discord.Client
) -> None:
    bot_id = emu.world.bot_user.id
    emu.home.overwrites.append(Overwrite(bot_id, 1, deny=ATTACH_FILES))
    answer = refusal(await emu.user("alice").slash("domino new", game="partnership"))
    assert "Attach Files" in answer


async def whose_turn(emu: Emulator, people: list[Any]) -> tuple[Any, Any, Any]:
    person, message = await turn_dm(emu, people)
    other = next(p for p in people if p is not person)
    return person, other, message


async def test_out_of_turn_and_stale_clicks_change_nothing(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = await start_two_player(emu)
    mover, other, message = await whose_turn(emu, [alice, bob])
    # The other player's "Your hand" offers no moves: it is not their turn.
    theirs = private_answer(await other.click(board(emu), "Your hand"))
    assert theirs.ephemeral and not move_message([theirs])
    # The mover keeps an ephemeral hand with buttons, then plays from the DM instead.
    stale = private_answer(await mover.click(board(emu), "Your hand"))
    button = next(b for b in stale.buttons if (b.custom_id or "").startswith("dm:"))
    before = board_words(board(emu))
    await mover.click(message, custom_id=button.custom_id)
    after = await emu.wait_for(lambda: board_words(board(emu)) != before and board(emu))
    # The ephemeral hand, now out of date, loses its moves (a click that raced them is refused:
    # see the double clicks below); nothing else changes.
    await emu.wait_for(lambda: not move_message([stale]))
    await asyncio.sleep(0.3)
    assert board_words(board(emu)) == board_words(after)


async def test_double_and_simultaneous_clicks_play_one_move(
    emu: Emulator, domino: discord.Client, store: str
) -> None:
    alice, bob = await start_two_player(emu)
    mover, _, message = await whose_turn(emu, [alice, bob])
    seat = (await stored_table(store)).turn
    buttons = [b for b in message.buttons if (b.custom_id or "").startswith("dm:")]
    first, second = buttons[0], buttons[-1]
    results = await asyncio.gather(
        mover.click(message, custom_id=first.custom_id),
        mover.click(message, custom_id=second.custom_id),
    )
    refused = [r for r in results if refusal_of(r) is not None]
    assert len(refused) == 1
    # The board shows only the last moves (the other seat may be forced to draw after it):
    # what was played is the stored record, and the board is shown from it.
    stored = await assert_converged(emu, store)
    chosen = [
        move.label
        for move in record_moves(stored.state["record"])
        if move.seat == seat and (not move.forced or move.label in (first.label, second.label))
    ]
    assert len(chosen) == 1 and chosen[0] in (first.label, second.label)


async def test_spectators_see_the_board_but_get_no_hand(
    emu: Emulator, domino: discord.Client
) -> None:
    await start_two_player(emu)
    carol = emu.user("carol")
    assert board(emu).visible_to(carol)
    assert refusal(await carol.click(board(emu), "Your hand")) == texts.NOT_SEATED
    assert refusal(await carol.click(board(emu), "Resign")) == texts.NOT_SEATED


async def test_a_lobby_that_waits_too_long_closes_itself(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", game="partnership")).response
    emu.advance(16 * 60)
    await emu.wait_for(lambda: texts.LOBBY_EXPIRED in lobby.text)
    assert lobby.buttons == [] and lobby.selects == []


async def test_the_host_cancels_a_lobby(emu: Emulator, domino: discord.Client) -> None:
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", game="partnership")).response
    await alice.click(lobby, "Cancel")
    assert texts.LOBBY_CANCELLED in lobby.text and lobby.buttons == []


async def test_the_board_is_posted_again_when_chat_scrolls_it_away(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = await start_two_player(emu)
    first = board(emu)
    thread = table_channel(emu)
    carol = emu.user("carol").at(thread.channel)
    for number in range(6):
        await carol.say(f"nice move {number}")
    mover, _, message = await whose_turn(emu, [alice, bob])
    button = next(b for b in message.buttons if (b.custom_id or "").startswith("dm:"))
    await mover.click(message, custom_id=button.custom_id)
    newest = await emu.wait_for(lambda: board(emu) != first and board(emu))
    assert thread.messages[-1] == newest  # at the bottom again
    # The old board keeps its picture but loses its buttons (edited once the new one is up).
    await emu.wait_for(lambda: first.buttons == [], timeout=5)


async def test_a_deleted_board_comes_back(emu: Emulator, domino: discord.Client) -> None:
    alice, bob = await start_two_player(emu)
    first = board(emu)
    await emu.user("owner").delete(first)
    mover, _, message = await whose_turn(emu, [alice, bob])
    button = next(b for b in message.buttons if (b.custom_id or "").startswith("dm:"))
    await mover.click(message, custom_id=button.custom_id)
    again = await emu.wait_for(lambda: board(emu))
    assert again != first and "Your hand" in again.labels

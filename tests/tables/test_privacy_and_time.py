"""Hands stay private over whole games, closed DMs never stall a game, turn timers hand absent
seats to an AI, and slow pictures never cost an acknowledgement."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Iterator, Sequence
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.common import pictures
from cogs.common.pictures import Picture
from engine import SeatView
from tests.emulator.emulator import Emulator
from tests.tables.play import (
    board,
    latest_version,
    move_message,
    play_match,
    private_answer,
    table_channel,
)


@pytest.fixture
def hand_pictures(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, set[int]]]:
    """Every hand picture the bot draws, by its bytes' digest, with the seats it may show (two
    seats' pictures can be identical, e.g. both finished); and a check that boards and score
    sheets are drawn from views with no hand in them."""
    drawn: dict[str, set[int]] = {}
    hand, table, sheet = pictures.hand, pictures.board, pictures.score_sheet

    async def recording_hand(view: SeatView, names: Sequence[str], language: str) -> Picture:
        picture = await hand(view, names, language)
        drawn.setdefault(hashlib.sha256(picture.png).hexdigest(), set()).add(view.seat)
        return picture

    async def public_board(
        view: SeatView, names: Sequence[str], language: str, table_id: str = ""
    ) -> Picture:
        assert view.hand == () and view.legal == ()
        return await table(view, names, language, table_id)

    async def public_sheet(view: SeatView, names: Sequence[str], language: str) -> Picture:
        assert view.hand == () and view.legal == ()
        return await sheet(view, names, language)

    # Pictures are drawn in worker processes: what is sent to them is what is checked here.
    monkeypatch.setattr(pictures, "hand", recording_hand)
    monkeypatch.setattr(pictures, "board", public_board)
    monkeypatch.setattr(pictures, "score_sheet", public_sheet)
    yield drawn


def seat_users(domino: discord.Client) -> dict[int, int | None]:
    tables = list(domino.tables.tables.values())  # type: ignore[attr-defined]
    return {number: seat.user_id for number, seat in enumerate(tables[-1].seats)}


def assert_hands_private(
    emu: Emulator, drawn: dict[str, set[int]], users: dict[int, int | None]
) -> int:
    """Each hand picture sits only where its owner alone can see it (their DM, or a message
    ephemeral to them); move buttons likewise. Returns how many hand pictures were checked."""
    checked = 0
    for channel in emu.world.channels.values():
        for message in channel.messages:
            moves = [
                c
                for row in message.components
                for c in row.get("components") or []
                if str(c.get("custom_id", "")).startswith(("dm:", "dms:"))
            ]
            pictures = [
                {users[seat] for seat in drawn[digest]}
                for attachment in message.attachments
                if (digest := hashlib.sha256(attachment.data).hexdigest()) in drawn
            ]
            if not pictures and not moves:
                continue
            viewer = (
                message.only_for
                if message.ephemeral
                else (channel.recipient.id if channel.recipient else None)
            )
            assert viewer is not None, f"a hand or moves in a public message: {message.id}"
            for owners in pictures:
                assert viewer in owners, "a hand picture went to someone else"
            checked += len(pictures)
    return checked


@pytest.mark.parametrize(
    ("game", "options", "ai"),
    [
        ("partnership", {"target": 10}, 2),
        ("traditional", {"target": 10}, 1),
        ("two-player", {"target": 10}, 0),
    ],
)
async def test_no_message_anyone_else_sees_carries_a_hand(
    emu: Emulator,
    domino: discord.Client,
    hand_pictures: dict[str, set[int]],
    game: str,
    options: dict[str, Any],
    ai: int,
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game=game, **options)).response
    await bob.click(lobby, "Join")
    for _ in range(ai):
        await alice.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await alice.click(lobby, "Start")
    final = await play_match(emu, [alice, bob])
    assert "won the match" in final.text
    # Some hands were checked (fewer than one per turn: a turn with a single move plays itself,
    # with no new DM; a match to 10 may last one short hand).
    assert assert_hands_private(emu, hand_pictures, seat_users(domino)) > 0


async def test_closed_dms_fall_back_to_your_hand_and_never_stall(
    emu: Emulator, domino: discord.Client, hand_pictures: dict[str, set[int]]
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    bob.close_dms()
    lobby = (await alice.slash("domino new", game="two-player", target=10)).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    # His first turn finds his DMs closed (no DM is sent before a player's turn).
    final = await play_match(emu, [alice, bob], via_hand_button=True)
    assert "won the match" in final.text
    assert any("50007" in refusal for refusal in emu.refusals)
    assert emu.dm("bob").messages == []
    assert any("bob's DMs are closed" in m.text for m in table_channel(emu).messages)
    assert assert_hands_private(emu, hand_pictures, seat_users(domino)) > 0


async def test_the_timer_moves_for_an_absent_player_then_an_ai_takes_the_seat(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    await alice.slash("domino settings", single_moves="ask")  # every turn of hers waits
    lobby = (await alice.slash("domino new", game="partnership", target=10, turn_time=30)).response
    for _ in range(3):
        await alice.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await alice.click(lobby, "Start")
    last = -1
    for timeout in range(2):
        # Wait for a fresh turn of alice's (pressing Ready if a hand ends meanwhile).
        deadline = asyncio.get_running_loop().time() + 60
        while asyncio.get_running_loop().time() < deadline:
            turn = move_message(alice.dm.messages)
            if turn is not None and latest_version(turn) > last:
                break
            shown = board(emu)
            if shown is not None and "Ready" in shown.labels:
                await alice.click(shown, "Ready")
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("no turn of alice's came")
        last = latest_version(turn)
        emu.advance(31)
        # Counted at the table: with AI seats moving at once, the board's last lines may have
        # moved past the timeout's line by the time a person looks.
        await emu.wait_for(lambda n=timeout: alice_timeouts(domino) > n, timeout=20)
    await emu.wait_for(lambda: alice_seat(domino).ai is not None, timeout=20)
    final = await emu.wait_for(lambda: "Rematch" in board(emu).labels and board(emu), timeout=120)
    assert "won the match" in final.text


def alice_seat(domino: Any) -> Any:
    return next(iter(domino.tables.tables.values())).seats[0]


def alice_timeouts(domino: Any) -> int:
    """Her timeouts in a row (2 hand her seat to an AI, for good)."""
    seat = alice_seat(domino)
    return 2 if seat.ai is not None else int(seat.timeouts)


async def test_acknowledgements_come_in_time_while_pictures_are_slow(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    emu.ack_deadline = 3.0  # Discord's own rule, no grace
    hand = pictures.hand

    async def slow_hand(view: SeatView, names: Sequence[str], language: str) -> Picture:
        await asyncio.sleep(3.5)  # drawn in a worker process, so the bot stays responsive
        return await hand(view, names, language)

    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="two-player")).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    await emu.wait_for(lambda: board(emu) is not None)
    monkeypatch.setattr(pictures, "hand", slow_hand)
    result = await alice.click(board(emu), "Your hand")
    assert not result.failed
    answer = await emu.wait_for(lambda: (m := private_answer(result)) and m.files and m, timeout=15)
    assert answer.ephemeral and answer.files[0].is_png

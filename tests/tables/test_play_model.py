"""How a player is told it is their turn and where they play, on a phone: one new message that
pings them on each of their turns (none off their turn), by DM or, as they choose with
`/domino settings` (or when their DMs are closed), in the table's thread with "Your hand"; no
message keeps live move buttons once it is out of date; the last hand DM says how the hand and
the match ended."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import discord

from cogs import texts
from cogs.lang import Command, words
from cogs.tables.table import Phase
from tests.emulator.emulator import Emulator
from tests.emulator.seen import SeenChannel, SeenMessage
from tests.tables.play import (
    MOVE_PREFIXES,
    board,
    board_title,
    latest_version,
    move_message,
    play_one,
    private_answer,
    table_channel,
)
from tests.tables.test_whole_match import open_table


def the_table(domino: Any) -> Any:
    return next(iter(domino.tables.tables.values()))


def to_play(domino: Any, user_id: int) -> bool:
    table = the_table(domino)
    seat = table.seat_of(user_id)
    if seat is None or table.phase is not Phase.PLAYING:
        return False
    view = table.view(seat)
    return bool(view.my_turn and view.legal)


def next_hand(emu: Emulator, domino: Any) -> bool:
    """True, once, when the table is between hands: the emulator's clock runs the pause out
    (a hand may end before a player's next turn, however long the match)."""
    if the_table(domino).phase is not Phase.BETWEEN:
        return False
    emu.advance(31)
    return True


def pings_of(emu: Emulator, domino: Any, person: Any) -> list[tuple[int, bool]]:
    """Every new message that pings `person`, as (the table's version, their turn?) when sent."""
    found: list[tuple[int, bool]] = []

    def observe(kind: str, message: Any) -> None:
        if kind == "create" and person.id in message.pinged:
            found.append((the_table(domino).version, to_play(domino, person.id)))

    emu.observers.append(observe)
    return found


def seen_by(emu: Emulator, person: Any) -> list[SeenMessage]:
    """Every message `person` sees: their DMs, and the table's place (their ephemeral answers
    there included)."""
    place = SeenChannel(emu, table_channel(emu).channel, person.user)
    return [*person.dm.messages, *place.messages]


def with_live_moves(messages: list[SeenMessage]) -> list[SeenMessage]:
    def live(message: SeenMessage) -> bool:
        ids = [b.custom_id or "" for b in message.buttons if not b.disabled]
        ids += [s.custom_id for s in message.selects]
        return any(i.startswith(MOVE_PREFIXES) for i in ids)

    return [message for message in messages if live(message)]


def only_current_moves(emu: Emulator, domino: Any, person: Any) -> bool:
    live = with_live_moves(seen_by(emu, person))
    version = the_table(domino).version
    dms = [message for message in live if not message.ephemeral]
    return len(dms) <= 1 and all(latest_version(message) == version for message in live)


def alert(emu: Emulator, person: Any, after: int = 0) -> SeenMessage | None:
    """The newest message in the table's place that pings `person` with "Your hand"."""
    for message in reversed(table_channel(emu).messages):
        if message.id > after and person.id in message.pinged and texts.YOUR_HAND in message.labels:
            return message
    return None


async def press_ready(emu: Emulator, person: Any, pressed: set[str]) -> None:
    shown = board(emu)
    if shown is not None and texts.READY in shown.labels and board_title(shown) not in pressed:
        pressed.add(board_title(shown))
        await person.click(shown, texts.READY)


def over(emu: Emulator) -> bool:
    shown = board(emu)
    return shown is not None and texts.REMATCH in shown.labels


async def test_each_turn_pings_once_by_dm_and_no_stale_message_keeps_moves(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    pings = pings_of(emu, domino, alice)
    lobby = await open_table(emu, alice, "partnership", 3, target=50)
    await alice.click(lobby, "Start")
    rng, pressed, asked = random.Random(2), set[str](), False
    while not over(emu):
        await emu.settle()
        # Only the newest hand DM (and the "Your hand" she asked for meanwhile) offer moves,
        # and only the current ones (an AI move stored just now is shown within moments).
        await emu.wait_for(lambda: only_current_moves(emu, domino, alice), timeout=5)
        mine = move_message(alice.dm.messages)
        if mine is not None and latest_version(mine) == the_table(domino).version:
            if not asked:  # once, she looks at her hand on the board, then plays from the DM
                asked = True
                answer = private_answer(await alice.click(board(emu), texts.YOUR_HAND))
                assert with_live_moves([answer])
            await play_one(alice, mine, rng)
            continue
        await press_ready(emu, alice, pressed)
        await asyncio.sleep(0.05)
    await emu.settle()
    assert asked and pings and all(on_turn for _, on_turn in pings)
    versions = [version for version, _ in pings]
    assert len(versions) == len(set(versions))  # at most one per turn
    assert not with_live_moves(seen_by(emu, alice))
    # Every ping was a new DM (each pinged her alone: `pings_of`); once her turn is over, a DM
    # no longer says it is her turn.
    dms = alice.dm.messages
    assert len(dms) == len(pings)
    stale = [m for m in dms if not with_live_moves([m]) and "your turn" in m.content]
    assert not stale, [(m.content, m.buttons, m.embed.get("description")) for m in stale]


async def test_the_last_dm_says_her_own_result_and_that_the_match_is_over(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    lobby = await open_table(emu, alice, "partnership", 3, target=1)
    await alice.click(lobby, "Start")
    rng = random.Random(5)
    while not over(emu):
        mine = move_message(alice.dm.messages)
        if mine is not None and latest_version(mine) == the_table(domino).version:
            await play_one(alice, mine, rng)
        await asyncio.sleep(0.05)
    await emu.settle()
    last = alice.dm.last.text
    table = the_table(domino)
    view, names, w = table.public_view(), table.names(), words("en")
    # Her own points and the match's end; how the hand ended is said under its score sheet.
    assert texts.your_hand(w, view, 0, names) in last
    assert texts.match_is_over(w, view, names, table.winners) in last
    assert texts.hand_outcome(w, view, names) not in last
    assert "Waiting for" not in last and not alice.dm.last.buttons


async def test_settings_thread_pings_in_the_thread_and_hands_come_ephemerally(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    answer = (await alice.slash("domino settings", hands="thread")).response
    assert answer.ephemeral
    # Where hands go, then how turns with a single move are played (the answer's two lines).
    where = texts.HANDS_IN_THREAD.format(command=Command("domino settings"))
    assert answer.text.splitlines()[0] == where
    assert await domino.db.hands_place(alice.id) == "thread"
    pings = pings_of(emu, domino, alice)
    lobby = await open_table(emu, alice, "partnership", 3, target=500)
    await alice.click(lobby, "Start")
    rng, seen = random.Random(4), 0
    for _ in range(4):  # four of her turns
        message = await emu.wait_for(
            lambda seen=seen: alert(emu, alice, seen) or next_hand(emu, domino), timeout=30
        )
        if message is True:  # the hand ended before her turn: the next is dealt
            message = await emu.wait_for(lambda seen=seen: alert(emu, alice, seen), timeout=30)
        seen = message.id
        assert message.pinged == {alice.id} and not message.files and not message.embeds
        hand = private_answer(await alice.click(message, texts.YOUR_HAND))
        assert hand.ephemeral and with_live_moves([hand])
        await play_one(alice, hand, rng)
        await emu.settle()
        # Refreshed after her move: moves again only if her turn came back meanwhile.
        assert all(latest_version(m) == the_table(domino).version for m in with_live_moves([hand]))
    assert alice.dm.messages == []  # no DM at all
    assert len(pings) >= 4 and all(on_turn for _, on_turn in pings)
    assert len({version for version, _ in pings}) == len(pings)
    # Back to DMs: her next turn comes by DM again (in the next hand, if hers just ended:
    # the pause between hands runs on the emulator's clock).
    await alice.slash("domino settings", hands="dm")
    await emu.wait_for(lambda: alice.dm.messages or next_hand(emu, domino), timeout=30)
    await emu.wait_for(lambda: alice.dm.messages, timeout=30)


async def test_settings_answer_in_the_players_language(
    emu: Emulator, domino: discord.Client
) -> None:
    ana = emu.user("ana", locale="es-ES")
    answer = (await ana.slash("domino settings")).response
    es = words("es")
    assert answer.text.splitlines() == [
        es(texts.HANDS_BY_DM, command=Command("domino settings")),
        es(texts.ONLY_MOVES_AUTO, command=Command("domino settings")),
    ]
    assert answer.text.splitlines()[0] != texts.HANDS_BY_DM.format(
        command=Command("domino settings")
    )


async def test_closed_dms_ping_the_player_in_the_thread_on_each_turn(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    alice.close_dms()
    pings = pings_of(emu, domino, alice)
    lobby = await open_table(emu, alice, "partnership", 3, target=50)
    await alice.click(lobby, "Start")
    rng, seen = random.Random(6), 0
    for _ in range(3):
        message = await emu.wait_for(
            lambda seen=seen: alert(emu, alice, seen) or next_hand(emu, domino), timeout=30
        )
        if message is True:  # the hand ended before her turn: the next is dealt
            message = await emu.wait_for(lambda seen=seen: alert(emu, alice, seen), timeout=30)
        seen = message.id
        hand = private_answer(await alice.click(message, texts.YOUR_HAND))
        await play_one(alice, hand, rng)
        await emu.settle()
    assert len(pings) >= 3 and all(on_turn for _, on_turn in pings)
    assert emu.dm("alice").messages == []

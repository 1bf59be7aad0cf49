"""A player's turn as a person meets it, through the emulator: the turn DM says which table it
is about (the server, the channel, a link to the board) and what happened since their last
turn; a turn with a single move plays itself (their setting, on by default) and the DM says
what was played for them, and no Hint is offered for a move that is no choice; a player whose
seat an AI took after two timeouts takes it back with "I'm back", after a restart too, and
their timeouts stay on record; in thread mode a turn's ping goes once the turn has passed; "I'll
lead" is offered to people only."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import discord

from cogs import texts
from cogs.lang import words
from cogs.tables.table import MAX_TIMEOUTS, Phase
from tests.emulator.emulator import Emulator
from tests.emulator.seen import SeenMessage
from tests.tables.play import (
    board,
    board_words,
    latest_version,
    move_message,
    play_one,
    private_answer,
    table_channel,
)
from tests.tables.test_play_model import alert, next_hand, the_table
from tests.tables.test_whole_match import open_table


def moves_on(message: SeenMessage) -> int:
    """How many moves a hand message offers (buttons, or options of its menus)."""
    buttons = [b for b in message.buttons if (b.custom_id or "").startswith("dm:")]
    options = [s for s in message.selects if s.custom_id.startswith("dms:")]
    return len(buttons) + sum(len(select.values) for select in options)


def hint_on(message: SeenMessage) -> bool:
    return any((b.custom_id or "").startswith("dh:") for b in message.buttons)


async def my_turn(emu: Emulator, domino: Any, person: Any, played: int) -> SeenMessage:
    """The person's next DM with moves (newer than the version `played`), dealing the next
    hand whenever the table waits between hands."""

    def found() -> SeenMessage | bool | None:
        message = move_message(person.dm.messages)
        version = latest_version(message) if message is not None else -1
        if version > played and version == the_table(domino).version:
            return message
        next_hand(emu, domino)
        return None

    turn: SeenMessage = await emu.wait_for(found, timeout=60)
    return turn


async def test_the_turn_dm_names_its_table_and_the_moves_since_your_last_turn(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="partnership", target=500)).response
    await bob.click(lobby, "Join")
    for _ in range(2):
        await alice.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await alice.click(lobby, "Start")
    rng, checked = random.Random(3), 0
    people = [alice, bob]
    #: where each person's last chosen move is: (hand number, index among the hand's actions)
    chose: dict[int, tuple[int, int]] = {}

    def turn(played: int) -> tuple[Any, SeenMessage] | None:
        for person in people:
            message = move_message(person.dm.messages)
            version = latest_version(message) if message is not None else -1
            if version > played and version == the_table(domino).version:
                return person, message
        next_hand(emu, domino)
        return None

    played = -1
    while checked < 4:
        person, message = await emu.wait_for(lambda played=played: turn(played), timeout=60)
        played = latest_version(message)
        table = the_table(domino)
        # The table it is about, where the notification shows it: server, channel, game and
        # the other players.
        assert "Domino Club" in message.content and "#domino" in message.content
        assert "Partnership" in message.content
        other = bob if person is alice else alice
        assert other.name in message.content
        # Who plays with them, said so.
        seat, names = table.seat_of(person.id), table.names()
        unit = next(unit for unit in table.match.units if seat in unit)
        partner = next(number for number in unit if number != seat)
        assert f"with {names[partner]} (your partner), " in message.content
        # A link to the board's message, in its thread.
        shown = board(emu)
        place = shown.message.channel_id
        link = f"https://discord.com/channels/{emu.guild.id}/{place}/{shown.id}"
        description = message.embed["description"]
        assert link in description
        # The moves since the player last chose one, in order, each by who made it.
        hand = table.match.hand
        number = len(table.match.results)
        last = chose.get(person.id)
        since = hand.actions[last[1] + 1 :] if last and last[0] == number else hand.actions
        bullets = [line[2:] for line in description.splitlines() if line.startswith("• ")]
        if since:
            assert texts.SINCE_YOUR_TURN in description
            told = since[-len(names) :]
            assert len(bullets) == len(told)
            for line, action in zip(bullets, told, strict=True):
                assert line.startswith(names[action.seat] + " ")
            if len(since) > len(names):
                assert f"and {len(since) - len(names)} earlier move" in description
            checked += 1
        chose[person.id] = (number, len(hand.actions))
        await play_one(person, message, rng)


async def test_a_single_move_plays_itself_and_the_dm_says_what_was_played(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    pinged: list[int] = []  # how many moves each DM that pinged her offered when sent

    def observe(kind: str, message: Any) -> None:
        if kind == "create" and alice.id in message.pinged:
            ids = [
                str(c.get("custom_id", ""))
                for row in message.components
                for c in row.get("components") or []
            ]
            menus = [
                len(c.get("options") or [])
                for row in message.components
                for c in row.get("components") or []
                if str(c.get("custom_id", "")).startswith("dms:")
            ]
            pinged.append(sum(i.startswith("dm:") for i in ids) + sum(menus))

    emu.observers.append(observe)
    lobby = await open_table(emu, alice, "partnership", 3, target=500)
    await alice.click(lobby, "Start")
    rng, played = random.Random(8), -1
    for _ in range(60):
        if any("• alice played" in (m.embed.get("description") or "") for m in alice.dm.messages):
            break
        message = await my_turn(emu, domino, alice, played)
        played = latest_version(message)
        await play_one(alice, message, rng)
    await emu.settle()
    # Her DM says what was played for her: the DM of her last turn ("Played for you"), or,
    # when her next turn came first, the new one among the moves since her last turn.
    lines = [
        line
        for m in alice.dm.messages
        for line in (m.embed.get("description") or "").splitlines()
        if line.startswith("• alice played")
    ]
    assert lines and all(line.endswith("(only move)") for line in lines), lines
    # Played as her own move: not a timeout, her seat is hers.
    seat = the_table(domino).seat_of(alice.id)
    assert the_table(domino).seats[seat].missed == 0
    assert the_table(domino).seats[seat].ai is None
    # Every ping was a choice: a DM with more than one move.
    assert pinged and all(moves > 1 for moves in pinged), pinged


async def test_asked_for_single_moves_gets_no_hint_on_them(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    answer = (await alice.slash("domino settings", single_moves="ask")).response
    assert (
        words("en")(texts.ONLY_MOVES_ASK, command="/domino settings").split(".")[0] in answer.text
    )
    lobby = await open_table(emu, alice, "partnership", 3, target=500, hints=True)
    await alice.click(lobby, "Start")
    rng, played, single, several = random.Random(4), -1, 0, 0
    for _ in range(80):
        if single and several:
            break
        message = await my_turn(emu, domino, alice, played)
        played = latest_version(message)
        if moves_on(message) == 1:
            single += 1
            assert not hint_on(message), message.labels  # no choice, no hint
        else:
            several += 1
            assert hint_on(message)
        await play_one(alice, message, rng)
    assert single and several


async def test_two_timeouts_hand_the_seat_to_an_ai_until_im_back(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    lobby = await open_table(emu, alice, "partnership", 3, target=500)
    await alice.click(lobby, "Start")
    played = -1
    for _ in range(MAX_TIMEOUTS):
        message = await my_turn(emu, domino, alice, played)
        played = latest_version(message)
        emu.advance(61)  # her time runs out: an AI moves for her
        await emu.wait_for(lambda played=played: the_table(domino).version > played, timeout=30)
    table = the_table(domino)
    seat = table.seat_of(alice.id)
    assert table.seats[seat].ai is not None and table.seats[seat].missed == MAX_TIMEOUTS
    # Her DM (no moves: the AI plays) says so and offers "I'm back".
    dm = await emu.wait_for(
        lambda: next((m for m in alice.dm.messages if texts.IM_BACK in m.labels), None)
    )
    assert "AI plays your seat" in dm.embed["description"]
    # The bot restarts meanwhile: the seat, and the button, survive it.
    await emu.restart_bot()
    domino = emu.bot_runner.client
    await alice.click(dm, texts.IM_BACK)
    await emu.settle()
    table = the_table(domino)
    assert table.seats[seat].ai is None and table.seats[seat].timeouts == 0
    assert table.seats[seat].missed == MAX_TIMEOUTS  # the timeouts stay on record
    assert any("is back" in str(line) for line in table.log)
    # Her turns are hers again: a DM with moves, which she plays.
    message = await my_turn(emu, domino, alice, the_table(domino).version - 1)
    await play_one(alice, message, random.Random(1))
    await emu.settle()
    assert the_table(domino).seats[seat].ai is None


async def test_a_turn_ping_in_the_thread_goes_once_the_turn_has_passed(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    await alice.slash("domino settings", hands="thread")
    lobby = await open_table(emu, alice, "partnership", 3, target=500)
    await alice.click(lobby, "Start")
    rng, seen, alerts = random.Random(4), 0, []
    for _ in range(4):
        message = await emu.wait_for(
            lambda seen=seen: alert(emu, alice, seen) or (next_hand(emu, domino) and None),
            timeout=30,
        )
        seen = message.id
        alerts.append(message)
        hand = private_answer(await alice.click(message, texts.YOUR_HAND))
        await play_one(alice, hand, rng)
        await emu.settle()
        table = the_table(domino)
        ours = table.turn == table.seat_of(alice.id) and table.phase is Phase.PLAYING
        # Her turn passed: its ping is gone from the thread (unless her turn came back).
        await emu.wait_for(lambda m=message, ours=ours: m.deleted or ours, timeout=10)
    pings = [
        m
        for m in table_channel(emu).messages
        if alice.id in m.pinged and not m.deleted and texts.YOUR_HAND in m.labels
    ]
    assert len(pings) <= 1 and len(alerts) == 4


async def test_ill_lead_is_offered_to_people_only(emu: Emulator, domino: discord.Client) -> None:
    alice = emu.user("alice")
    lobby = await open_table(emu, alice, "partnership", 3, target=500)
    await alice.click(lobby, "Start")
    rng, played, seen = random.Random(2), -1, {"people": False, "ai": False}
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 180  # hands until each pair has won one
    while loop.time() < deadline:
        if all(seen.values()):
            break
        table = the_table(domino)
        if table.phase is Phase.BETWEEN:
            await emu.settle()
            shown = board(emu)
            choosers = table.lead_choosers()
            people = [s for s in choosers if table.seats[s].user_id is not None]
            if choosers and shown is not None and texts.READY in shown.labels:
                offered = texts.CLAIM_LEAD in shown.labels
                said = "I'll lead" in board_words(shown)
                if people:
                    seen["people"] = True
                    assert (
                        offered
                        and said
                        and "AI" not in board_words(shown).split("I'll lead")[0].splitlines()[-1]
                    )
                else:
                    seen["ai"] = True
                    assert not offered and not said  # the AI pair leads as the rules say
                emu.advance(31)
                await emu.wait_for(lambda: the_table(domino).phase is not Phase.BETWEEN)
            continue
        message = move_message(alice.dm.messages)
        version = latest_version(message) if message is not None else -1
        if message is not None and version > played and version == table.version:
            played = version
            await play_one(alice, message, rng)
            continue
        await asyncio.sleep(0.05)
    assert all(seen.values()), seen

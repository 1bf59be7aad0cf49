"""Resigning is one person's decision about their own seat, played through the emulator: Resign
asks first (one click ends nothing); at a 1v1 table the confirmed resignation concedes the
match; at a table of more than two sides the resigner leaves, an AI plays their seat, the others
play on and the stored places put the resigner last; in a pair the partner is asked, and their
consent concedes for both while their refusal keeps the pair playing with an AI in the seat."""

from __future__ import annotations

from typing import Any

import discord

from cogs import texts
from cogs.tables.resigning import ASK_SECONDS
from tests.emulator.emulator import Emulator
from tests.tables.play import board, play_match, private_answer, table_channel


def live(domino: discord.Client) -> Any:
    """The one table in the bot's memory."""
    (table,) = domino.tables.tables.values()  # type: ignore[attr-defined]
    return table


async def open_table(emu: Emulator, people: list[Any], ai: int, game: str, **options: Any) -> None:
    """The first person hosts `game`, the others join, `ai` AI seats are added, it starts."""
    host = people[0]
    lobby = (await host.slash("domino new", game=game, **options)).response
    for person in people[1:]:
        await person.click(lobby, "Join")
    for _ in range(ai):
        await host.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await host.click(lobby, "Start")
    await emu.wait_for(lambda: board(emu) is not None)


async def asked(emu: Emulator, person: Any) -> Any:
    """Resign on the board: the question it asks, for `person`'s eyes only."""
    question = private_answer(await person.click(board(emu), "Resign"))
    assert question is not None and question.ephemeral
    return question


async def test_resign_asks_first_and_a_confirmed_resignation_concedes_a_1v1(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    await open_table(emu, [alice, bob], 0, "two-player", target=50)
    question = await asked(emu, bob)
    assert question.text == texts.RESIGN_CONCEDES
    assert not question.visible_to(alice)
    assert question.labels == [texts.RESIGN, texts.KEEP_PLAYING]
    await emu.settle()
    assert live(domino).phase == "playing" and "Resign" in board(emu).labels  # nothing ended
    await bob.click(question, texts.KEEP_PLAYING)
    assert question.text == texts.KEPT_PLAYING and not question.buttons
    assert live(domino).phase == "playing"
    assert await domino.db.history(emu.guild.id) == []  # type: ignore[attr-defined]

    question = await asked(emu, bob)
    await bob.click(question, texts.RESIGN)
    final = await emu.wait_for(lambda: "Rematch" in board(emu).labels and board(emu))
    assert str(texts.resigned("bob")) in final.text
    (summary,) = await domino.db.history(emu.guild.id)  # type: ignore[attr-defined]
    by_name = {seat.name: seat for seat in summary.seats}
    assert (by_name["alice"].place, by_name["bob"].place) == (1, 2)
    assert by_name["alice"].won and not by_name["bob"].won


async def test_at_a_six_seat_cyprus_table_the_resigner_leaves_and_the_others_play_on(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    await open_table(emu, [alice, bob], 4, "cyprus", target=30)
    question = await asked(emu, alice)
    assert question.text == texts.RESIGN_LEAVES
    await alice.click(question, texts.RESIGN)
    line = str(texts.resigned_left("alice"))
    assert question.text == line  # her answer says what was done
    shown = await emu.wait_for(lambda: line in board(emu).text and board(emu))
    assert live(domino).phase != "over" and "Resign" in shown.labels  # bob may still resign
    assert [s.plays_itself for s in live(domino).seats][:2] == [True, False]
    refused = private_answer(await alice.click(board(emu), "Resign"))
    assert refused is not None and refused.text == texts.ALREADY_RESIGNED
    # Her hand says she watches, whoever's turn it is, and offers no move.
    hand = private_answer(await alice.click(board(emu), texts.YOUR_HAND))
    assert hand is not None and texts.YOU_RESIGNED_WATCH in hand.text and not hand.buttons
    # She left: the table no longer counts for her (her caps, /domino mine); bob still plays.
    db, table_id = domino.db, live(domino).id  # type: ignore[attr-defined]
    assert table_id not in await db.open_tables_of(alice.user.id, "table")
    assert table_id in await db.open_tables_of(bob.user.id, "table")

    await play_match(emu, [bob], seed=3, seconds=600)  # bob plays on to the end
    (summary,) = await domino.db.history(emu.guild.id)  # type: ignore[attr-defined]
    places = {seat.name: seat.place for seat in summary.seats}
    assert places["alice"] == 6 and all(
        place < 6 for name, place in places.items() if name != "alice"
    )
    assert not [seat for seat in summary.seats if seat.name == "alice" and seat.won]
    assert any(seat.won for seat in summary.seats)


async def test_a_partner_is_asked_and_their_consent_concedes_for_the_pair(
    emu: Emulator, domino: discord.Client
) -> None:
    people = [emu.user(name) for name in ("alice", "bob", "carol", "dave")]
    _, bob, carol, dave = people
    await open_table(emu, people, 0, "partnership")
    question = await asked(emu, bob)
    assert question.text == texts.RESIGN_ASKS.format(partners="dave")
    await bob.click(question, texts.RESIGN)
    line = str(texts.resigned_asking("bob", "dave"))
    shown = await emu.wait_for(lambda: line in board(emu).text and board(emu))
    assert texts.CONCEDE in shown.labels and texts.PLAY_ON in shown.labels
    assert live(domino).phase == "playing"  # one partner does not resign for both
    # dave is pinged where the table plays (alone), and told how long he has.
    ping = texts.ASKED_TO_CONCEDE.format(
        mention=f"<@{dave.user.id}>", name="bob", minutes=int(ASK_SECONDS // 60)
    )
    await emu.wait_for(lambda: table_channel(emu).find(ping))
    refused = private_answer(await carol.click(shown, texts.CONCEDE))
    assert refused is not None and refused.text == texts.NOT_ASKED_TO_CONCEDE
    await dave.click(shown, texts.CONCEDE)
    final = await emu.wait_for(lambda: "Rematch" in board(emu).labels and board(emu))
    assert str(texts.resigned("dave")) in final.text  # his consent ended it
    (summary,) = await domino.db.history(emu.guild.id)  # type: ignore[attr-defined]
    places = {seat.name: (seat.place, seat.won) for seat in summary.seats}
    assert places == {"alice": (1, True), "carol": (1, True), "bob": (2, False), "dave": (2, False)}


async def test_a_partner_who_plays_on_keeps_the_pair_in_with_an_ai_in_the_seat(
    emu: Emulator, domino: discord.Client
) -> None:
    people = [emu.user(name) for name in ("alice", "bob", "carol", "dave")]
    alice, bob, carol, dave = people
    await open_table(emu, people, 0, "partnership", target=30)
    await bob.click(await asked(emu, bob), texts.RESIGN)
    shown = await emu.wait_for(lambda: texts.PLAY_ON in board(emu).labels and board(emu))
    await dave.click(shown, texts.PLAY_ON)
    line = str(texts.playing_on("dave", "bob"))
    shown = await emu.wait_for(lambda: line in board(emu).text and board(emu))
    assert texts.CONCEDE not in shown.labels and live(domino).phase != "over"
    await play_match(emu, [alice, carol, dave], seed=2, seconds=600)  # the AI plays bob's seat
    (summary,) = await domino.db.history(emu.guild.id)  # type: ignore[attr-defined]
    assert not [seat for seat in summary.seats if seat.name == "bob" and seat.won]

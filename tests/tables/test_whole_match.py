"""A whole match through the emulator, from `/domino new` to the final score."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from cogs import texts
from render import ENGLISH
from tests.emulator.emulator import Emulator
from tests.tables.play import (
    board,
    board_words,
    latest_version,
    move_message,
    play_match,
    play_one,
    resign,
    table_channel,
)


async def open_table(emu: Emulator, host: Any, game: str, ai: int, **options: Any) -> Any:
    lobby = (await host.slash("domino new", game=game, **options)).response
    for _ in range(ai):
        await host.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
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


async def wait_turn(emu: Emulator, person: Any, after: int = -1, seconds: float = 30) -> Any:
    """A move message of `person` newer than version `after`, pressing Ready between hands.
    Fails at once if the match ends first, and after `seconds` without her turn."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        message = move_message(person.dm.messages)
        if message is not None and latest_version(message) > after:
            return message
        shown = board(emu)
        assert shown is None or "Rematch" not in shown.labels, "the match ended first"
        if shown is not None and "Ready" in shown.labels:
            await person.click(shown, "Ready")
        await asyncio.sleep(0.05)
    pytest.fail(f"{person.name}'s turn did not come in {seconds} s")


async def test_a_restart_mid_match_resumes_buttons_and_timers(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    # To 100: the match lasts hands, so her next turn after the restart comes.
    lobby = await open_table(emu, alice, "partnership", 3, target=100, turn_time=30)
    await alice.click(lobby, "Start")
    message = await wait_turn(emu, alice)
    syncs = len(emu.command_syncs)
    await emu.restart_bot()
    restored = emu.bot_runner.client
    assert restored is not domino and len(restored.tables.tables) == 1
    assert len(emu.command_syncs) == syncs  # the commands did not change: no sync
    # The DM sent before the restart still works.
    before = board_words(board(emu))
    button = next(b for b in message.buttons if (b.custom_id or "").startswith("dm:"))
    result = await alice.click(message, custom_id=button.custom_id)
    assert not any(m.ephemeral for m in result.followups)
    await emu.wait_for(lambda: board_words(board(emu)) != before)
    # The turn timer runs again after the restart.
    await wait_turn(emu, alice, latest_version(message))
    emu.advance(31)
    await emu.wait_for(lambda: "(time ran out)" in board_words(board(emu)), timeout=20)
    final = await play_match(emu, [alice])
    assert "won the match" in final.text


async def test_resign_ends_the_match_and_rematch_keeps_seats_and_options(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="two-player", target=50)).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    await emu.wait_for(lambda: board(emu) is not None)
    await resign(emu, bob)
    final = await emu.wait_for(lambda: "Rematch" in board(emu).labels and board(emu))
    assert str(texts.resigned("bob")) in final.text and "alice won the match" in final.text
    await bob.click(final, "Rematch")
    rematch = await emu.wait_for(lambda: table_channel(emu).find("New table"))
    assert "Seat 1: alice" not in rematch.text and "Seat 2: bob" in rematch.text
    await alice.click(final, "Rematch")  # alice says yes: she gets her seat back
    await emu.wait_for(lambda: "Seat 1: alice" in rematch.text)
    assert "target score: 50" in rematch.text
    await bob.click(rematch, "Start")
    await emu.wait_for(lambda: texts.LOBBY_STARTED in rematch.text)


async def test_a_draw_needs_both_players(emu: Emulator, domino: discord.Client) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="two-player")).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    await emu.wait_for(lambda: board(emu) is not None)
    await alice.click(board(emu), "Offer a draw")
    await emu.wait_for(lambda: "offers a draw" in board(emu).text)
    await bob.click(board(emu), "Offer a draw")
    final = await emu.wait_for(lambda: "Rematch" in board(emu).labels and board(emu))
    assert ENGLISH.outcome_match_drawn in final.text


async def test_a_moderator_ends_a_table(emu: Emulator, domino: discord.Client) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="two-player")).response
    await bob.click(lobby, "Join")
    answer = await bob.slash("domino end")
    assert texts.MODERATOR_ONLY in answer.response.text
    owner = emu.user("owner")
    await owner.slash("domino end")
    await emu.wait_for(lambda: texts.ENDED_BY_MODERATOR in lobby.text)
    assert lobby.buttons == []


async def test_rules_and_help_answer_privately(emu: Emulator, domino: discord.Client) -> None:
    alice = emu.user("alice")
    rules = (await alice.slash("domino rules", game="partnership")).response
    assert rules.ephemeral and "6-6" in rules.text and "Partnership" in rules.text
    offered = await alice.autocomplete("domino rules", "game", "parej")
    assert [choice["value"] for choice in offered] == ["partnership"]
    help_text = (await alice.slash("domino help")).response
    assert help_text.ephemeral and "/domino new" in help_text.text


def one_variant_per_family() -> list[Any]:
    """The first variant of each family, and `pairs` (its own moves come as a menu)."""
    from engine import all_variants

    chosen: dict[str, Any] = {}
    for kind in all_variants():
        chosen.setdefault(kind.family, kind)
        if kind.id == "pairs":
            chosen["pairs"] = kind
    return [pytest.param(kind, id=f"{family}:{kind.id}") for family, kind in chosen.items()]


@pytest.mark.parametrize("kind", one_variant_per_family())
async def test_a_whole_match_of_every_family_with_a_user_and_ai_seats(
    emu: Emulator, domino: discord.Client, kind: Any
) -> None:
    players = min(kind.player_counts)
    options: dict[str, Any] = {}
    for spec in kind.option_specs:
        if spec.name == "target":  # a short match: the smallest target the game takes, or 10
            options["target"] = min(spec.choices) if spec.choices else max(10, spec.minimum or 0)
    alice = emu.user("alice")
    if kind.id == "mexican-train":  # one round of the thirteen
        lobby = (await alice.slash("domino new", {"options": "hands=1"}, game=kind.id)).response
        await alice.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    else:
        lobby = await open_table(emu, alice, kind.id, players - 1, **options)
    await alice.click(lobby, "Start")
    final = await play_match(emu, [alice], seconds=120)
    assert "won the match" in final.text or ENGLISH.outcome_match_drawn in final.text


async def test_the_winning_pair_chooses_who_leads_the_next_hand(
    emu: Emulator, domino: discord.Client
) -> None:
    import random

    people = [emu.user(name) for name in ("alice", "bob", "carol", "dave")]
    alice = people[0]
    lobby = (await alice.slash("domino new", game="partnership")).response
    for person in people[1:]:
        await person.click(lobby, "Join")
    await alice.click(lobby, "Start")
    rng = random.Random(3)
    played: dict[str, int] = {}
    while not (board(emu) and texts.CLAIM_LEAD in board(emu).labels):
        for person in people:
            message = move_message(person.dm.messages)
            if message is not None and latest_version(message) != played.get(person.name):
                played[person.name] = latest_version(message)
                await play_one(person, message, rng)
        await asyncio.sleep(0.02)
    between = board(emu)
    note = next(line for line in between.text.splitlines() if "may press" in line)
    winners = [p for p in people if p.name in note.split(" won the hand")[0]]
    losers = [p for p in people if p not in winners]
    assert len(winners) == 2
    answer = await losers[0].click(between, texts.CLAIM_LEAD)
    assert any(texts.MAY_NOT_LEAD in m.text for m in answer.followups)
    leader = winners[-1]
    await leader.click(between, texts.CLAIM_LEAD)
    for person in people:
        await person.click(between, "Ready")
    await emu.wait_for(lambda: move_message(leader.dm.messages) and "hand 2" in board(emu).text)
    assert f"<@{leader.id}> is to play" in board(emu).text

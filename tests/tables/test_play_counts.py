"""What a player receives per hand, counted as their phone would (`counting`): one scripted
player with AI seats plays a partnership match and a pairs match. Printed (run with `-s`) for
the closing note's before/after, and held to the play model: every notification is a new
message that pings the player, on their own turn."""

from __future__ import annotations

from typing import Any

import discord

from cogs.tables.table import Phase
from tests.emulator.emulator import Emulator
from tests.tables.counting import Received, count_for
from tests.tables.play import play_match, table_channel
from tests.tables.test_whole_match import open_table


def hands_played(emu: Emulator) -> int:
    return sum(1 for m in table_channel(emu).messages if m.content.startswith("Hand "))


def moves_made(emu: Emulator, user_id: int) -> int:
    """How many moves the person clicked (their turns)."""
    return sum(
        1
        for interaction in emu.interactions.values()
        if interaction.user.id == user_id
        and str(interaction.data.get("custom_id", "")).startswith(("dm:", "dms:"))
    )


def to_play(domino: Any, user_id: int) -> bool:
    """Whether it is `user_id`'s turn at the bot's (only) table, as stored in memory now."""
    for table in domino.tables.tables.values():
        seat = table.seat_of(user_id)
        if seat is not None and table.phase is Phase.PLAYING:
            view = table.view(seat)
            return bool(view.my_turn and view.legal)
    return False


async def measure(emu: Emulator, domino: Any, game: str, ai: int, **options: Any) -> Received:
    alice = emu.user("alice")
    received = count_for(emu, alice.id, lambda: to_play(domino, alice.id))
    lobby = await open_table(emu, alice, game, ai, **options)
    await alice.click(lobby, "Start")
    await play_match(emu, [alice], seed=1)
    await emu.settle()
    hands = max(1, hands_played(emu))
    messages, notifications, edits = received.per_hand(hands)
    turns = moves_made(emu, alice.id)
    print(
        f"\n{game}: {hands} hand(s), {turns} turns of alice; per hand for alice: "
        f"{messages:.1f} new messages, "
        f"{notifications:.1f} notifications ({received.off_turn} off her turn, "
        f"{received.pings} real pings in all), "
        f"{edits:.1f} edits"
    )
    return received


async def test_a_partnership_player_is_notified_only_on_their_turn(
    emu: Emulator, domino: discord.Client
) -> None:
    received = await measure(emu, domino, "partnership", 3, target=50)
    assert received.notifications > 0 and received.off_turn == 0
    assert received.pings == received.notifications


async def test_a_pairs_player_is_notified_only_on_their_turn(
    emu: Emulator, domino: discord.Client
) -> None:
    received = await measure(emu, domino, "pairs", 1)
    assert received.notifications > 0 and received.off_turn == 0
    assert received.pings == received.notifications

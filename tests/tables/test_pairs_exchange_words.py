"""The pairs game's exchange turn: a player with no pair reads what to do ("No pair: put one
tile under the stock and draw the top one"), in the hand message and its picture's alt text, in
their own language, and each tile of the hand is a button naming the exchange ("6-4 under the
stock"); pressing one exchanges that tile."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs import texts
from cogs.lang import words
from render.wording import ENGLISH
from tests.emulator.emulator import Emulator
from tests.tables.play import move_message

#: A deal where the first player (seat 1, who leads by lot) holds no pair: an exchange turn.
NO_PAIR_FIRST = "00000000000000000000000000000001"


async def first_turn(emu: Emulator, monkeypatch: pytest.MonkeyPatch, host: Any) -> Any:
    """A pairs table of `host` and bob, started on the deal above: the host's hand message."""
    monkeypatch.setattr("cogs.tables.table.new_seed", lambda: NO_PAIR_FIRST)
    lobby = (await host.slash("domino new", game="pairs")).response
    await emu.user("bob").click(lobby, texts.JOIN)
    await host.click(lobby, texts.START)  # the lobby speaks the server's language
    return await emu.wait_for(lambda: move_message(host.dm.messages))


def exchange_buttons(hand: Any) -> list[Any]:
    return [b for b in hand.buttons if (b.custom_id or "").startswith("dm:")]


async def test_an_exchange_turn_says_what_to_do_and_offers_each_tile(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = emu.user("alice")
    hand = await first_turn(emu, monkeypatch, alice)
    instruction = "No pair: put one tile under the stock and draw the top one."
    assert instruction == ENGLISH.hand_exchange
    assert hand.embed["description"].split("\n\n")[0] == instruction  # then its table
    assert hand.files[0].attachment.description.endswith(instruction)
    buttons = exchange_buttons(hand)
    assert len(buttons) == 6 and not hand.selects
    assert all(b.label.endswith(" under the stock") for b in buttons)
    tiles = [b.label.removesuffix(" under the stock") for b in buttons]
    assert hand.files[0].attachment.description.startswith(f"Your tiles: {', '.join(tiles)}")
    await alice.click(hand, buttons[0].label)
    await emu.settle()
    now = move_message(alice.dm.messages)
    assert now is None or tiles[0] not in [b.label for b in exchange_buttons(now)]


async def test_the_exchange_words_are_in_the_players_language(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana = emu.user("ana", locale="es-ES")
    hand = await first_turn(emu, monkeypatch, ana)
    spanish = words("es").wording()
    said = hand.embed["description"].split("\n\n")[0]  # then its table
    assert said == spanish.hand_exchange != ENGLISH.hand_exchange
    label = spanish.hand_exchange_move.replace("{tile}", "")
    assert all(label.strip() in b.label for b in exchange_buttons(hand))

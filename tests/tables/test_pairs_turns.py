"""The pairs game as its players meet it: on a turn with pairs to lay the hand picture marks the
tiles that make them and its alt text lists them; each choice is a "Lay …" button (no menu) that
lays those pairs; the hand's end is said in the game's words (pairs laid, nobody "goes out"); the
score sheet counts the pairs laid, what the game scores, not the pips left."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import discord
import pytest

from cogs import texts
from engine.tiles import Tile
from engine.variants.pairs import PAIRS_TO_WIN
from render.wording import ENGLISH
from tests.emulator.emulator import Emulator
from tests.tables.play import board, board_words, latest_version, move_message, table_channel

#: A deal where the first player can lay pairs on their first turn.
PAIRS_FIRST = "00000000000000000000000000000000"
CAN_LAY = re.compile(r"Pairs you can lay: (.*)\.")


def move_buttons(message: Any) -> list[tuple[str, str, list[str]]]:
    return [b for b in message.buttons if (b.custom_id or "").startswith("dm:")]


def pairs_in(text: str) -> list[tuple[Tile, Tile]]:
    """`6-1 + 4-3, 5-1 + 4-2` as pairs of tiles."""
    found = []
    for part in text.split(", "):
        first, second = part.split(" + ")
        found.append((Tile.parse(first), Tile.parse(second)))
    return found


async def play_out(
    emu: Emulator, people: list[Any], seed: int, seconds: float = 240.0
) -> list[tuple[str, str, list[str]]]:
    """Every person presses one of the Lay or exchange buttons of each turn until the match is
    over; returns what each turn's hand message showed: its words, its picture's description
    and its buttons' labels (the message is edited once the turn is played)."""
    rng = random.Random(seed)
    played: dict[str, int] = {}
    turns: list[tuple[str, str, list[str]]] = []
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        final = board(emu)
        if final is not None and texts.REMATCH in final.labels:
            return turns
        acted = False
        for person in people:
            message = move_message(person.dm.messages)
            if message is None or latest_version(message) == played.get(person.name):
                continue
            played[person.name] = latest_version(message)
            buttons = move_buttons(message)
            assert buttons and not message.selects  # a pairs turn's choices fit on buttons
            alt = message.files[0].attachment.description
            turns.append((message.embed["description"], alt, [b.label for b in buttons]))
            await person.click(message, custom_id=rng.choice(buttons).custom_id)
            acted = True
        if not acted:
            await asyncio.sleep(0.05)
    raise AssertionError("the pairs match did not end")


async def test_a_pairs_match_marks_the_pairs_and_ends_and_scores_in_its_own_words(
    emu: Emulator, domino: discord.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cogs.tables.table.new_seed", lambda: PAIRS_FIRST)
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="pairs")).response
    await bob.click(lobby, texts.JOIN)
    await alice.click(lobby, texts.START)
    turns = await play_out(emu, [alice, bob], seed=1)
    laying = [(alt, labels) for said, alt, labels in turns if ENGLISH.hand_lay_pairs in said]
    assert laying
    for alt, labels in laying:
        # The picture's description names the pairs the picture marks: each of equal sums,
        # of tiles in the hand, and each a button that lays it.
        held = {Tile.parse(t) for t in alt.split(": ", 1)[1].split(" (")[0].split(", ")}
        listed = CAN_LAY.search(alt)
        assert listed is not None, alt
        pairs = pairs_in(listed.group(1))
        assert all(a.pips == b.pips and {a, b} <= held for a, b in pairs)
        assert all(label.startswith("Lay ") for label in labels)
        singles = [pairs_in(label.removeprefix("Lay ")) for label in labels]
        assert {p[0] for p in singles if len(p) == 1} == set(pairs)
    await emu.settle()
    thread = table_channel(emu)
    sheet = next(
        f.attachment for m in reversed(thread.messages) for f in m.files
        if f.attachment.filename == "scores.png"
    )  # fmt: skip
    final = board(emu)
    counted = re.search(
        r"Pairs laid: alice (\d+), bob (\d+)\.", final.files[0].attachment.description
    )
    assert counted is not None
    alice_pairs, bob_pairs = int(counted.group(1)), int(counted.group(2))
    # The sheet counts what the game counts: the pairs laid, as the board shows them.
    assert f"Pairs laid: alice {alice_pairs}, bob {bob_pairs}." in sheet.description
    assert "Points:" not in sheet.description
    # The hand is won by laying five pairs, or, when no more can be laid, by more pairs: said
    # so, and nobody "went out".
    winner, most = ("alice", alice_pairs) if alice_pairs > bob_pairs else ("bob", bob_pairs)
    if most >= PAIRS_TO_WIN:
        said = f"Hand 1: {winner} laid {most} pairs and won it."
    elif alice_pairs != bob_pairs:
        said = f"Hand 1: no more pairs could be laid; {winner} laid more and won it."
    else:
        said = "Hand 1: no more pairs could be laid, and both laid as many: nobody won it."
    assert said in sheet.description and "went out" not in sheet.description
    # Said once, on the sheet: the board says how the match ended, not the hand again.
    assert said not in board_words(final)
    ended = [line for line in board_words(final).splitlines() if "match" in line]
    assert ended and ended[-1].endswith(("won the match.", "The match ended in a draw.")), ended
    assert said in alice.dm.messages[-1].embed["description"]

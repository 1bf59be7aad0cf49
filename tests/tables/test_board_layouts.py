"""The board's Components V2 layout fits Discord's limits in every game, at its largest player
count, with the longest names and the longest lines of moves it can show: each version of the
board met while a match is played through (every hand, between hands, the end) is checked by
the emulator's validator (40 components nested ones included, 4000 characters of text, what may
nest where, 5 buttons a row), with every button the board can offer at once."""

from __future__ import annotations

import random
import re

import discord
import pytest

from cogs import texts
from cogs.lang import words
from cogs.tables.board import BoardSnapshot
from cogs.tables.clicks import OFFERS
from cogs.tables.layouts import board_layout
from cogs.tables.seating import Lobby, Setup
from cogs.tables.table import Phase, Table
from engine.variants import all_variants, get_variant
from tests.emulator.emulator import Emulator
from tests.emulator.layout import (
    COMPONENTS_MAX,
    CONTAINER,
    IS_COMPONENTS_V2,
    MEDIA_GALLERY,
    TEXT_DISPLAY,
    check_layout_message,
    walk,
)
from tests.emulator.rules import ACTION_ROW
from tests.tables.play import board

#: Discord's longest display name, written so that escaping it for the board doubles it.
LONGEST_NAME = "*_" * 16
#: The longest alt text the pictures are given (render/alt.py cuts at 1000).
LONGEST_ALT = "x" * 1000
GAMES = [variant.id for variant in all_variants()]


def largest_options(game: str) -> dict[str, object]:
    """The option (if any) whose choice seats the most players (a bigger set, more seats)."""
    kind = get_variant(game)
    tried: list[dict[str, object]] = [{}]
    tried += [{spec.name: choice} for spec in kind.option_specs for choice in spec.choices]
    seats: dict[int, dict[str, object]] = {}
    for options in reversed(tried):
        try:
            seats[max(kind.players_for(options))] = options
        except Exception:  # a choice that needs another option to go with it
            continue
    return seats[max(seats)]


def largest_table(game: str) -> Table:
    setup = Setup.create(game, largest_options(game))
    most = max(setup.kind.players_for(setup.options))
    table = Table(id="t1", lobby=Lobby(setup, host_id=1), seed="7")
    for user in range(1, most + 1):
        table.join(user, f"{LONGEST_NAME[:-2]}{user:02d}")
    table.start(1, 0.0)
    return table


def every_verb(table: Table) -> list[str]:
    """Every button the board of `table`'s phase may offer, whether or not it does now."""
    return [verb for verb, _ in OFFERS.get(table.phase, ())]


def check(table: Table, game: str, worst: list[int]) -> None:
    snap = BoardSnapshot.of(table, 1_800_000_000.0, 1_800_000_060.0, paused=True)
    for language in ("en", "de", "pl"):  # (the longest words of the six)
        layout = board_layout(snap, words(language), every_verb(table), alt=LONGEST_ALT)
        payload = {"flags": IS_COMPONENTS_V2, "components": layout.to_components()}
        errors = check_layout_message(payload)
        assert errors == [], (game, table.phase, language, errors)
        every = list(walk(payload["components"]))
        text = sum(len(c["content"]) for c in every if c["type"] == TEXT_DISPLAY)
        worst[0], worst[1] = max(worst[0], len(every)), max(worst[1], text)


@pytest.mark.parametrize("game", GAMES)
def test_every_board_of_a_whole_match_fits_a_layout(game: str) -> None:
    table = largest_table(game)
    rng = random.Random(game)
    worst = [0, 0]  # the most components and characters of text met
    seen: set[Phase] = set()
    for _ in range(3000):
        seen.add(table.phase)
        check(table, game, worst)
        if table.phase is Phase.OVER:
            break
        if table.phase is Phase.BETWEEN:
            table.next_hand(0.0)
            continue
        seat = table.turn
        assert seat is not None
        legal = table.view(seat).legal
        user = table.seats[seat].user_id
        assert user is not None
        table.play(user, table.version, rng.randrange(len(legal)), 0.0)
    assert {Phase.PLAYING, Phase.OVER} <= seen
    assert worst[0] <= COMPONENTS_MAX and worst[1] <= 4000


async def test_the_board_is_one_container_with_its_timer_picture_and_buttons(
    emu: Emulator, domino: discord.Client
) -> None:
    """What a player sees of the board: one frame, whose turn it is with a live timer, the
    picture (its alt text on the gallery as on the attachment), the buttons inside the frame."""
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", game="two-player", turn_time=60)).response
    await alice.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await alice.click(lobby, "Start")
    shown = await emu.wait_for(
        lambda: (
            (found := board(emu)) is not None
            and f"<@{alice.id}> is to play" in found.text
            and found
        )
    )
    (frame,) = shown.components
    assert frame["type"] == CONTAINER and shown.message.flags & IS_COMPONENTS_V2
    inside = [part["type"] for part in frame["components"]]
    assert inside[:2] == [TEXT_DISPLAY, MEDIA_GALLERY] and inside[-1] == ACTION_ROW
    turn = next(line for line in shown.text.splitlines() if "is to play" in line)
    assert re.search(r"<t:\d+:R>", turn)
    (item,) = frame["components"][1]["items"]
    (picture,) = shown.files
    assert item["media"]["url"] == "attachment://board.png" == f"attachment://{picture.filename}"
    assert item["description"] and item["description"] == picture.attachment.description
    assert texts.YOUR_HAND in shown.labels and shown.embeds == []

"""The lobby's seats and options: the host fills the empty seats with AI in one click and
empties an AI's seat; a person who arrives late plays instead of an AI (Join on a table full of
AI, or "replace AI 2" in the seat menu); the host chooses the game's options from a menu (or has
them suggested while typing), and the lobby is redrawn with the choice. Every menu works again
after a restart."""

from __future__ import annotations

from typing import Any

import discord

from cogs import texts
from tests.emulator.emulator import Emulator
from tests.tables.test_refusals import refusal

# The pairs option as the lobby says it.
SEATING = "pairs: partners sit opposite"
RANDOM = "pairs: partners drawn at random"


def fill(level: str) -> str:
    return texts.FILL_WITH_AI.format(level=level)


def seats(lobby: Any) -> list[str]:
    """The lobby's seat lines (`Seat 2: AI 1 (AI, easy)`)."""
    field = next(f for f in lobby.embed["fields"] if f["name"] == texts.SEATS)
    return str(field["value"]).splitlines()


async def full_of_ai(emu: Emulator) -> tuple[Any, Any]:
    """Alice's partnership table, its three other seats filled with easy AI in one choice."""
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", game="partnership")).response
    await alice.choose(lobby, fill("easy"), placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await emu.settle()
    return alice, lobby


async def test_fill_with_ai_takes_every_empty_seat_in_one_choice(
    emu: Emulator, domino: discord.Client
) -> None:
    _, lobby = await full_of_ai(emu)
    assert seats(lobby) == [
        "Seat 1: alice",
        "Seat 2: AI 1 (AI, easy)",
        "Seat 3: AI 2 (AI, easy)",
        "Seat 4: AI 3 (AI, easy)",
    ]


async def test_a_latecomer_who_joins_a_table_full_of_ai_replaces_the_last_ai(
    emu: Emulator, domino: discord.Client
) -> None:
    _, lobby = await full_of_ai(emu)
    await emu.user("bob").click(lobby, "Join")
    await emu.settle()
    assert seats(lobby)[1:] == ["Seat 2: AI 1 (AI, easy)", "Seat 3: AI 2 (AI, easy)", "Seat 4: bob"]


async def test_the_seat_menu_offers_the_ai_seats_to_replace(
    emu: Emulator, domino: discord.Client
) -> None:
    _, lobby = await full_of_ai(emu)
    menu = lobby.select(texts.SEAT_PICK)
    assert "Seat 3: replace AI 2" in [option["label"] for option in menu.options]
    await emu.user("bob").choose(lobby, "Seat 3: replace AI 2", placeholder=texts.SEAT_PICK)
    await emu.settle()
    assert seats(lobby)[1:] == ["Seat 2: AI 1 (AI, easy)", "Seat 3: bob", "Seat 4: AI 3 (AI, easy)"]


async def test_the_host_empties_an_ai_seat_and_nobody_else_can(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, lobby = await full_of_ai(emu)
    answer = await emu.user("bob").choose(
        lobby, "Seat 2: remove AI 1", placeholder=texts.REMOVE_AI_PLACEHOLDER
    )
    assert refusal(answer) == texts.NOT_HOST
    await alice.choose(lobby, "Seat 2: remove AI 1", placeholder=texts.REMOVE_AI_PLACEHOLDER)
    await emu.settle()
    assert seats(lobby)[1] == "Seat 2: — empty —"
    # The next AI takes the free name: two seats never share one.
    await alice.choose(lobby, "easy", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await emu.settle()
    assert seats(lobby)[1] == "Seat 2: AI 1 (AI, easy)"


async def test_filling_a_full_table_is_refused_in_one_line(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, lobby = await full_of_ai(emu)
    answer = await alice.choose(lobby, fill("hard"), placeholder=texts.AI_LEVEL_PLACEHOLDER)
    assert refusal(answer) == texts.TABLE_FULL


async def test_the_host_chooses_an_option_from_the_menu_and_the_lobby_shows_it(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="partnership")).response
    menu = lobby.select(texts.OPTION_PLACEHOLDER)
    labels = [option["label"] for option in menu.options]
    assert RANDOM not in lobby.text  # the host sees the options in words, values as typed
    assert f"{SEATING} (now)" in labels and RANDOM in labels
    answer = await bob.choose(lobby, "pairs=random", placeholder=texts.OPTION_PLACEHOLDER)
    assert refusal(answer) == texts.NOT_HOST
    await alice.choose(lobby, "pairs=random", placeholder=texts.OPTION_PLACEHOLDER)
    await emu.settle()
    assert RANDOM in lobby.text
    labels = [option["label"] for option in lobby.select(texts.OPTION_PLACEHOLDER).options]
    assert f"{RANDOM} (now)" in labels and SEATING in labels
    table = next(iter(domino.tables.tables.values()))  # type: ignore[attr-defined]
    assert table.setup.options == {"pairs": "random"}


async def test_the_lobby_menus_work_after_a_restart(emu: Emulator, domino: discord.Client) -> None:
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", game="partnership")).response
    await emu.restart_bot()
    await alice.choose(lobby, fill("easy"), placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await alice.choose(lobby, "pairs=random", placeholder=texts.OPTION_PLACEHOLDER)
    await emu.settle()
    await emu.restart_bot()
    await alice.choose(lobby, "Seat 4: remove AI 3", placeholder=texts.REMOVE_AI_PLACEHOLDER)
    await emu.user("bob").choose(lobby, "Seat 2: replace AI 1", placeholder=texts.SEAT_PICK)
    await emu.settle()
    assert RANDOM in lobby.text
    assert seats(lobby)[1:] == ["Seat 2: bob", "Seat 3: AI 2 (AI, easy)", "Seat 4: — empty —"]


async def test_new_suggests_the_games_options_and_their_values(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    offered = await alice.autocomplete("domino new", "options", "pai", game="partnership")
    assert [choice["value"] for choice in offered] == ["pairs=seating", "pairs=random"]
    offered = await alice.autocomplete("domino new", "options", "pase", game="partnership")
    assert [choice["value"] for choice in offered] == ["pase-salida=0", "pase-corrido=0", "pase=0"]
    offered = await alice.autocomplete("domino new", "options", "hand", game="partnership")
    assert [choice["value"] for choice in offered] == ["hand-bonus=100/75/50/25"]
    offered = await alice.autocomplete(
        "domino new", "options", "target=150 pai", game="partnership"
    )
    assert [choice["value"] for choice in offered] == [
        "target=150 pairs=seating",
        "target=150 pairs=random",
    ]
    offered = await alice.autocomplete("domino new", "options", "wi", game="sum")
    assert [choice["name"] for choice in offered] == ["wins=3 (1–100)"]
    # Typing stays possible: the chosen text is read as before.
    typed = {"game": "partnership", "options": "pairs=random"}
    lobby = (await alice.slash("domino new", typed)).response
    assert RANDOM in lobby.text

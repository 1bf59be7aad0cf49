"""`/domino new` offers a game's own options and refuses others in player words, in the player's
language: its target, set and teams fields suggest what the chosen game takes (nothing where it
has no such option), and a value it does not take is refused naming the game and the option."""

from __future__ import annotations

import discord

from cogs import texts
from cogs.lang import words
from tests.emulator.emulator import Emulator
from tests.tables.play import private_answer


async def test_the_number_fields_offer_only_what_the_chosen_game_takes(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    sets = await alice.autocomplete("domino new", "set", "", game="gameroom")
    assert [choice["value"] for choice in sets] == [6, 9, 12]
    assert await alice.autocomplete("domino new", "set", "", game="traditional") == []
    assert await alice.autocomplete("domino new", "target", "", game="kids") == []
    target = await alice.autocomplete("domino new", "target", "", game="partnership")
    assert [choice["value"] for choice in target] == [100]
    sums = await alice.autocomplete("domino new", "target", "", game="sum")
    assert [choice["value"] for choice in sums] == [50, 70, 100]
    teams = await alice.autocomplete("domino new", "teams", "", game="classic")
    assert [choice["value"] for choice in teams] == [0, 2]


async def test_an_option_the_game_does_not_take_is_refused_in_the_players_words(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, ana = emu.user("alice"), emu.user("ana", locale="es-ES")
    answer = private_answer(await alice.slash("domino new", game="traditional", set=9))
    assert answer.text == texts.NO_SUCH_OPTION_TAKES.format(
        game="Traditional dominoes", option="tile set", options="target score"
    )
    es = words("es")
    refused = private_answer(
        await ana.slash("domino new", game="partnership", options={"options": "pairs=banana"})
    ).text
    assert refused.startswith("Elige `seating` o `random`") and "banana" in refused
    assert es(texts.OPTION_PAIRS) in refused and "'banana'" not in refused
    assert emu.channel().find("New table") is None  # nothing opened

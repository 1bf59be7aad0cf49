"""The bot speaking each reader's language, end to end through the emulator (issue 8).

A Spanish (`es-ES`) and a Polish (`pl`) client play a whole match in a server set to Spanish:
what only one of them sees (refusals, their "Your hand", their DMs) comes in their own language,
what the table shows everyone (lobby, board, score sheets) in the server's. The catalogues are
pseudo-translations (`«es» ...`: see tests/lang/pseudo.py), so the test can tell languages apart
whatever the real catalogues hold yet; every text is compared with what `words(language)` gives
for the same message, which is what the real catalogues will give too.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from cogs import texts
from cogs.lang import Command, Words, catalogues, words
from tests.emulator.emulator import Emulator
from tests.lang.pseudo import write_pseudo_locales
from tests.standings.helpers import make_moderator
from tests.tables.play import (
    board,
    board_footer,
    board_title,
    move_message,
    play_match,
    private_answer,
    table_channel,
)

GAME = "two-player"


@pytest.fixture(autouse=True)
def pseudo_languages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Spanish and Polish pseudo-catalogues, loaded before the bot starts (autouse fixtures come
    first) and forgotten after the test."""
    folder = tmp_path / "locales"
    write_pseudo_locales(folder, ("es", "pl"))
    monkeypatch.setattr(catalogues, "LOCALES", folder)
    catalogues.forget()
    words.cache_clear()
    yield
    catalogues.forget()
    words.cache_clear()


def hand_title(w: Words) -> str:
    return w(texts.YOUR_TILES, where=w.game_name(GAME))


def lobby_message(emu: Emulator) -> Any:
    """The newest open lobby in the table's channel (the rematch's)."""
    for message in reversed(table_channel(emu).messages):
        if any((b.custom_id or "").startswith("dl:") for b in message.buttons):
            return message
    return None


def ephemeral(result: Any) -> str:
    return str(private_answer(result).text)


async def wait_for_hand(emu: Emulator, person: Any) -> Any:
    return await emu.wait_for(lambda: person.dm.messages and person.dm.messages[-1])


async def test_a_whole_match_speaks_each_players_language_and_the_servers_in_public(
    emu: Emulator, domino: discord.Client
) -> None:
    es, pl = words("es"), words("pl")
    ana = make_moderator(emu, emu.user("ana", locale="es-ES"))
    piotr = emu.user("piotr", locale="pl")
    chosen = await ana.slash("domino config language", language="es")
    assert ephemeral(chosen).startswith("«es»")

    lobby = (await ana.slash("dominó nueva", **{"game-es": GAME, "target-es": 10})).response
    assert lobby.embed["title"] == es(texts.LOBBY_TITLE, game=es.game_name(GAME))
    assert es(texts.JOIN) in lobby.labels and es(texts.START) in lobby.labels
    await piotr.click(lobby, es(texts.JOIN))
    again = await ana.click(lobby, es(texts.JOIN))
    assert ephemeral(again) == es(texts.ALREADY_SEATED)  # the host's own words: Spanish
    refused = await piotr.click(lobby, es(texts.START))
    assert ephemeral(refused) == pl(texts.NOT_HOST)  # his own words, on a Spanish button
    await ana.click(lobby, es(texts.START))

    # The player to play first gets their hand by DM, in their own words.
    await emu.wait_for(lambda: ana.dm.messages or piotr.dm.messages)
    for person, theirs in ((ana, es), (piotr, pl)):
        if person.dm.messages:
            assert person.dm.last.embed["title"] == hand_title(theirs)
    shown = await emu.wait_for(lambda: board(emu))
    assert board_title(shown).startswith("«es»")
    assert es(texts.YOUR_HAND) in shown.labels
    mine = await piotr.click(shown, es(texts.YOUR_HAND))
    assert private_answer(mine).embed["title"] == hand_title(pl)
    if move_message([private_answer(mine)]) is None:  # not his turn: he is told whose it is
        assert private_answer(mine).embed["description"].startswith("«pl»")

    final = await play_match(emu, [ana, piotr], board_words=es)
    said = es.wording()
    endings = [said.say(said.outcome_match_won, names=name) for name in ("ana", "piotr")]
    assert any(ending in final.text for ending in [*endings, said.outcome_match_drawn])
    assert board_footer(final) == es(texts.SPECTATORS)
    sheets = [m for m in table_channel(emu).messages if m.files and m.content]
    assert sheets and all(m.content.startswith("«es»") for m in sheets)

    # The moderator switches the server to Polish: the next public message speaks it.
    await ana.slash("domino config language", language="pl")
    await ana.click(final, es(texts.REMATCH))
    rematch = await emu.wait_for(lambda: lobby_message(emu))
    assert rematch.embed["title"] == pl(texts.LOBBY_TITLE, game=pl.game_name(GAME))


async def test_a_spanish_client_sees_the_slash_commands_in_spanish(
    emu: Emulator, domino: discord.Client
) -> None:
    seen = {command["name"]: command for command in emu.commands_as_seen_by("es-ES")}
    domino_command = seen["dominó"]
    assert domino_command["canonical"] == "domino"
    assert domino_command["description"].startswith("«es»")
    new = next(o for o in domino_command["options"] if o["canonical"] == "new")
    assert new["name"] == "nueva" and new["description"].startswith("«es»")
    assert "domino" in {c["name"] for c in emu.commands_as_seen_by("en-US")}
    assert "domino-pl" in {c["name"] for c in emu.commands_as_seen_by("pl")}


async def test_without_a_chosen_language_a_server_speaks_its_discord_locale(
    emu: Emulator, domino: discord.Client
) -> None:
    emu.guild_locale = "pl"
    en = emu.user("eve")  # an English client
    lobby = (await en.slash("domino new", game=GAME)).response
    assert lobby.embed["title"] == words("pl")(texts.LOBBY_TITLE, game=words("pl").game_name(GAME))
    shown = await en.slash("domino config language")
    assert ephemeral(shown) == words("en")(
        texts.LANGUAGE_FROM_LOCALE, language="Polski", command=Command("domino config language")
    )


async def test_only_a_manager_chooses_the_servers_language_and_english_stays_english(
    emu: Emulator, domino: discord.Client
) -> None:
    eve = emu.user("eve")
    refused = await eve.slash("domino config language", language="es")
    assert ephemeral(refused) == texts.LANGUAGE_MANAGERS_ONLY
    lobby = (await eve.slash("domino new", game=GAME)).response
    assert lobby.embed["title"] == texts.LOBBY_TITLE.format(game="Two-player dominoes")

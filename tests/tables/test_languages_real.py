"""The languages with the real catalogues, end to end through the emulator (issue 8's check).

A Spanish (`es-ES`) and a Polish (`pl`) client play a whole partnership match, with two AI seats,
in a server whose Discord locale is Spanish. Every version of every message is recorded
(`seen_words.Transcript`): no English sentence of the catalogues may show through in what each
person reads in their own language (their DMs and ephemerals) or in the table's public messages
(the server's language); the key texts equal what the translators wrote. The slash commands and
`/domino rules` read as each client's language has them.

The pictures' glyphs in every language are checked in tests/lang/test_glyphs.py; here the board's
alt text and the score sheet as the players receive them.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

import render
from cogs import texts
from cogs.common import pictures
from cogs.common.pictures import worded_view
from cogs.lang import catalogues, words
from engine import Match
from tests.emulator.emulator import Emulator
from tests.tables.play import (
    board,
    board_footer,
    board_words,
    move_message,
    play_match,
    private_answer,
    table_channel,
)
from tests.tables.seen_words import PUBLIC, Transcript, english_leaks, transcript

__all__ = ["transcript"]  # the fixture

GAME = "partnership"
SERVER = pytest.mark.emulator(guild_locale="es-ES")


def translation(language: str, msgid: str, context: str | None = None) -> str:
    """What the translators wrote for `msgid` (not the English fallback: it must be there)."""
    entry = catalogues.catalogue(language, "domino").get(msgid, context=context)
    assert entry is not None and entry.string and not entry.fuzzy, f"{language}: {msgid!r}"
    assert entry.string != msgid, f"{language} keeps {msgid!r} in English"
    return str(entry.string)


def rules_translation(language: str, variant_id: str, part: str) -> str:
    """A game's `name` or `rules` as the rules domain's translators wrote them."""
    english = {"name": words("en").game_name, "rules": words("en").game_rules}[part](variant_id)
    entry = catalogues.catalogue(language, "rules").get(english, context=f"{variant_id}|{part}")
    assert entry is not None and entry.string and entry.string != english
    return str(entry.string)


def ephemeral_text(result: Any) -> str:
    answer = private_answer(result)
    assert answer.ephemeral
    return str(answer.text)


class SheetSpy:
    """Keeps what the bot asked the picture workers to draw as score sheets."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn: list[tuple[Any, list[str], bytes]] = []
        original = pictures.score_sheet

        async def spy(view: Any, names: Any, language: str) -> pictures.Picture:
            picture = await original(view, names, language)
            self.drawn.append((view, list(names), picture.png))
            return picture

        monkeypatch.setattr(pictures, "score_sheet", spy)


async def open_table(emu: Emulator) -> tuple[Any, Any, Any]:
    """Ana (Spanish client) opens a partnership table typed as her client shows the command;
    Piotr (Polish client) joins; two AI seats fill it; she starts it."""
    es = words("es")
    ana = emu.user("ana", locale="es-ES")
    piotr = emu.user("piotr", locale="pl")
    lobby = (await ana.slash("dominó nueva", juego=GAME, meta=30)).response
    assert lobby.embed["title"] == es(texts.LOBBY_TITLE, game="Dominó en parejas")
    await piotr.click(lobby, translation("es", texts.JOIN))
    for _ in range(2):
        menu = next(s for s in lobby.selects if s.custom_id.startswith("dla:"))
        assert menu.placeholder == translation("es", texts.AI_LEVEL_PLACEHOLDER)
        await ana.choose(lobby, menu.values[0], custom_id=menu.custom_id)
    await ana.click(lobby, translation("es", texts.START))
    return ana, piotr, lobby


async def refused_out_of_turn(emu: Emulator, people: list[Any]) -> tuple[str, str]:
    """The player whose turn it is keeps their hand open ("Your hand", ephemeral), plays from
    their DM, then clicks the same move in the open hand before it loses its moves: who it was
    and the refusal they read."""
    mover = await emu.wait_for(
        lambda: next((p for p in people if move_message(p.dm.messages) is not None), None)
    )
    message = move_message(mover.dm.messages)
    kept = private_answer(await mover.click(board(emu), translation("es", texts.YOUR_HAND)))
    button = next(b for b in kept.buttons if (b.custom_id or "").startswith("dm:"))
    # The open hand loses its moves once the DM's move is stored: the late click races that.
    emu.hold(lambda method, path: method == "PATCH" and path.endswith("/messages/@original"))
    await mover.click(message, custom_id=button.custom_id)
    late = ephemeral_text(await mover.click(kept, custom_id=button.custom_id))
    emu.release()
    return str(mover.name), late


@SERVER
async def test_a_spanish_and_a_polish_client_play_a_whole_match_with_no_english_shown(
    emu: Emulator, domino: discord.Client, transcript: Transcript, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheets = SheetSpy(monkeypatch)
    ana, piotr, _ = await open_table(emu)
    language = {ana.name: "es", piotr.name: "pl"}

    shown = await emu.wait_for(lambda: board(emu))
    your_hand = translation("es", texts.YOUR_HAND)
    assert your_hand in shown.labels and texts.YOUR_HAND not in shown.labels
    turn = [part for part in translation("es", texts.TURN_LINE).split("{name}") if part]
    assert all(part in board_words(shown) for part in turn)
    assert " is to play" not in shown.text
    alt = shown.files[0].attachment.description  # the board's alt text, in Spanish
    spanish = words("es").wording()
    assert spanish.describe_heading != render.ENGLISH.describe_heading
    assert alt.startswith(spanish.say(spanish.describe_heading, game="Dominó en parejas", number=1))

    for person in (ana, piotr):  # each one's hand, on the Spanish button, in their language
        mine = private_answer(await person.click(board(emu), your_hand))
        tiles = translation(language[person.name], texts.YOUR_TILES)
        game = words(language[person.name]).game_name(GAME)
        assert mine.embed["title"] == tiles.format(where=game)
        # the hand picture's alt text lists the tiles, in the owner's words: as many as it
        # names, with the count in the owner's grammar (up to 7 of a 4-hand deal; fewer once
        # moves were played, some of them by themselves while the people looked)
        await emu.settle()
        dealt = {"es": "Tus fichas: ", "pl": "Twoje kamienie: "}[language[person.name]]
        # "Your hand", and the DM (sent only to the player to play: a DM is a notification)
        shown = [mine.files[0]] + [m.files[0] for m in person.dm.messages[-1:]]
        for picture in shown:
            assert picture.filename == "hand.png"
            alt = picture.attachment.description
            assert alt.startswith(dealt)
            count = re.search(r" \((\d) (\w+)\)\.", alt)
            assert count is not None, alt
            held = int(count[1])
            listed = alt.removeprefix(dealt).split(" (")[0].split(", ")
            assert 1 <= held <= 7 and len(listed) == held, alt
            assert count[2] == tiles_word(language[person.name], held), alt

    who, refusal = await refused_out_of_turn(emu, [ana, piotr])
    assert refusal in {
        translation(language[who], texts.NOT_YOUR_TURN),
        translation(language[who], texts.STALE_BUTTON),
    }
    final = await play_match(emu, [ana, piotr], board_words=words("es"))
    assert translation("es", texts.REMATCH) in final.labels
    # (A game of penalty points says first what they mean.)
    assert board_footer(final).endswith(translation("es", texts.SPECTATORS))

    # Each one was prompted to play in their own language (by DM).
    for person in (ana, piotr):
        prompt = translation(language[person.name], texts.YOUR_TURN)
        # (the first line of the DM's words: the table and the moves since follow it)
        assert any(text.split("\n")[0] == prompt for text in transcript.texts_for(person.id))

    # Every score sheet was drawn in Spanish: its title as the translators wrote it.
    posted = [m.files[0].data for m in table_channel(emu).messages if m.files and m.content]
    assert sheets.drawn and posted == [data for *_, data in sheets.drawn]
    assert spanish.sheet_title == translation("es", "{game}: score sheet")
    view, seat_names, data = sheets.drawn[-1]
    assert data == render.score_sheet_png(view, names=seat_names, wording=spanish)
    assert data != render.score_sheet_png(view, names=seat_names, wording=render.ENGLISH)
    # ...and described in Spanish for screen readers (the alt text of the posted sheet)
    alts = [
        m.files[0].attachment.description
        for m in table_channel(emu).messages
        if m.files and m.content
    ]
    last = render.describe_sheet(view, names=seat_names, wording=spanish)
    assert alts[-1] == last and last.startswith(
        translation("es", "{game}: score sheet").format(game="Dominó en parejas")
    )

    # No English sentence shows through, for anyone, anywhere.
    readers = [(PUBLIC, "es"), (ana.id, "es"), (piotr.id, "pl")]
    for reader, reader_language in readers:
        seen = transcript.texts_for(reader)
        assert seen, f"nothing recorded for {reader}"
        assert english_leaks(seen, reader_language) == {}


@SERVER
async def test_each_client_sees_the_slash_commands_in_its_language(
    emu: Emulator, domino: discord.Client
) -> None:
    spanish = {c["canonical"]: c for c in emu.commands_as_seen_by("es-ES")}["domino"]
    assert spanish["name"] == "dominó"
    assert spanish["description"] == translation(
        "es", "Domino tables: new games, rules and help", "command"
    )
    polish = {c["canonical"]: c for c in emu.commands_as_seen_by("pl")}["domino"]
    assert polish["description"] == translation(
        "pl", "Domino tables: new games, rules and help", "command"
    )
    for seen, language in ((spanish, "es"), (polish, "pl")):
        new = next(o for o in seen["options"] if o["canonical"] == "new")
        assert new["name"] == translation(language, "new", "command")
        assert new["description"] == translation(
            language, "Open a domino table in this channel", "command"
        )
        game = next(o for o in new["options"] if o["canonical"] == "game")
        assert game["name"] == translation(language, "game", "command")
        assert game["description"] == translation(language, "Which game", "command")


@SERVER
@pytest.mark.parametrize(
    ("locale", "language", "typed", "hungarian"),
    [
        ("pl", "pl", ("domino zasady", "gra"), "Domino węgierskie"),
        ("es-ES", "es", ("dominó reglas", "juego"), "Dominó húngaro"),
    ],
)
async def test_the_rules_are_answered_in_the_readers_language(
    emu: Emulator,
    domino: discord.Client,
    locale: str,
    language: str,
    typed: tuple[str, str],
    hungarian: str,
) -> None:
    reader = emu.user("reader", locale=locale)
    command, option = typed
    answer = private_answer(await reader.slash(command, options={option: "hungarian"}))
    assert answer.ephemeral
    name = rules_translation(language, "hungarian", "name")
    assert name == hungarian
    assert answer.embed["title"] == translation(language, texts.RULES_TITLE).format(name=name)
    assert answer.embed["description"] == rules_translation(language, "hungarian", "rules")[:4000]
    assert english_leaks([answer.text], language) == {}


@pytest.mark.parametrize("language", ["es", "pl"])
def test_the_boards_status_line_is_drawn_and_described_in_the_servers_words(
    language: str,
) -> None:
    match = Match("cross", 4, seed=1)
    match.start_hand()
    match.apply(match.legal_actions()[0])
    view, w, names = match.view_for(0), words(language), ["Ana", "Łukasz", "Zoë", "Jürgen"]
    assert view.status is not None  # the engine's English: "cross: 0 of 4 sides taken"
    status = translation(language, view.status.template).format(**view.status.params)
    worded = worded_view(view, w)
    assert worded.status == status != view.status
    alt = render.describe(worded, names=names, wording=w.wording())
    assert status.rstrip(".") in alt and view.status not in alt
    assert english_leaks([alt], language) == {}
    shown = render.board_png(worded, names=names, wording=w.wording())
    assert shown != render.board_png(view, names=names, wording=w.wording())


def tiles_word(language: str, count: int) -> str:
    """How Spanish and Polish say "tiles" after a count (Polish: 2-4 and 5+ differ)."""
    if language == "es":
        return "ficha" if count == 1 else "fichas"
    return "kamień" if count == 1 else "kamienie" if 2 <= count <= 4 else "kamieni"
